"""A board for any game: players with their scores, and a button for every legal action."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView
from kivy.utils import get_color_from_hex

from companion.ui import theme
from companion.ui.boards.base import Board
from companion.ui.kit.weighty import action_button
from companion.ui.styling import symbol
from companion.ui.widgets import Panel, Text


def action_buttons(legal: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """One (label, action, spec) per legal action, one per option where its one field offers a few.

    Read from the typed fields alone (companion/core/fields.py), so any game can be played here:
    a choice or a player gives a button per enabled option, a short range a button per number.
    """
    out = []
    for spec in legal:
        fields = spec["fields"]
        asked = [(name, f) for name, f in fields.items() if not f.get("when") and not f.get("optional")]
        if len(asked) == 1 and asked[0][1].get("count", 1) == 1:
            name, field = asked[0]
            options = [(o["label"], o["value"]) for o in field.get("options", []) if o.get("enabled", True)]
            if field["kind"] == "range" and field["maximum"] - field["minimum"] < 20:
                options = [(str(v), v) for v in range(field["minimum"], field["maximum"] + 1)]
            out += [(f"{spec['label']} {label}", {"type": spec["type"], name: value}, spec) for label, value in options]
        elif not asked:
            out.append((spec["label"], {"type": spec["type"]}, spec))
    return out


class GenericBoard(Board):
    def __init__(self, act, say, **kwargs) -> None:
        super().__init__(act, say, spacing=theme.PAD, **kwargs)
        self.table = Panel(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)
        self.add_widget(self.table)
        right = BoxLayout(orientation="vertical", size_hint_x=None, width=260, spacing=theme.GAP)
        self.actions = GridLayout(cols=1, spacing=theme.GAP, size_hint_y=None)
        self.actions.bind(minimum_height=self.actions.setter("height"))
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(self.actions)
        right.add_widget(scroll)
        self.add_widget(right)

    def refresh(self, view: dict[str, Any]) -> None:
        scores = view.get("scores") or {}
        self.table.clear_widgets()
        header = BoxLayout(size_hint_y=None, height=theme.TOUCH * 0.7)
        header.add_widget(Text(text="", wrap=False))
        if scores:
            header.add_widget(Text(text=view["score_label"].capitalize(), color=theme.MUTED, wrap=False,
                                   halign="right"))
        self.table.add_widget(header)
        for player in view["players"]:
            row = BoxLayout(size_hint_y=None, height=theme.TOUCH)
            turn = view["expected"]["turn"] == player["name"]
            marker = symbol("▶") + " " if turn else ""
            row.add_widget(Text(text=marker + player["name"], wrap=False, bold=turn, markup=True,
                                color=get_color_from_hex(player["colour"])))
            if scores:
                row.add_widget(Text(text=str(scores.get(player["name"], "")), wrap=False, halign="right",
                                    font_size=theme.FONT_TITLE))
            self.table.add_widget(row)
        self.table.add_widget(BoxLayout())
        self.actions.clear_widgets()
        for label, action, spec in action_buttons(view["expected"]["legal"]):
            # A weighty action (a pass that ends one's round) takes two touches, as on every board.
            self.actions.add_widget(action_button(spec, lambda a=action: self.act(a), text=label))
