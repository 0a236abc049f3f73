"""A board for any game: players with their numbers, and a button for every legal action."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView
from kivy.utils import get_color_from_hex

from companion.ui import theme
from companion.ui.boards.base import Board
from companion.ui.styling import symbol
from companion.ui.widgets import BigButton, Panel, Text


def per_player_columns(view: dict[str, Any], names: list[str]) -> dict[str, dict[str, Any]]:
    """The parts of a view that are keyed by player name, e.g. {"scores": {"Ann": 3}}."""
    return {k: v for k, v in view.items() if isinstance(v, dict) and v and set(v) <= set(names)}


def describe_event(event: dict[str, Any]) -> str:
    """An event of a game with no words of its own: its text if it has one, else its fields
    ("Ann passed", "Ann added points 3"), as the phone's neutral view says it."""
    for key in ("text", "message"):
        if isinstance(event.get(key), str) and event[key]:
            return event[key]
    who = event.get("player") or event.get("by") or ""
    rest = [f"{k.replace('_', ' ')} {v}" for k, v in event.items()
            if k not in ("type", "player", "by") and isinstance(v, (str, int, float, bool))]
    return " ".join([str(who), str(event.get("type", "something happened")).replace("_", " "), *rest]).strip()


def action_buttons(legal: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """One (label, action) per legal action, one per choice where a field lists its choices."""
    out = []
    for spec in legal:
        choices = [(f, c) for f, c in spec["fields"].items() if isinstance(c, list)]
        if choices:
            field, values = choices[0]
            out += [(f"{spec['label']} {v}", {"type": spec["type"], field: v}) for v in values]
        else:
            out.append((spec["label"], {"type": spec["type"]}))
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
        names = [p["name"] for p in view["players"]]
        columns = per_player_columns(view["view"], names)
        self.table.clear_widgets()
        header = BoxLayout(size_hint_y=None, height=theme.TOUCH * 0.7)
        header.add_widget(Text(text="", wrap=False))
        for column in columns:
            header.add_widget(Text(text=column.capitalize(), color=theme.MUTED, wrap=False, halign="right"))
        self.table.add_widget(header)
        for player in view["players"]:
            row = BoxLayout(size_hint_y=None, height=theme.TOUCH)
            turn = view["expected"]["turn"] == player["name"]
            marker = symbol("▶") + " " if turn else ""
            row.add_widget(Text(text=marker + player["name"], wrap=False, bold=turn, markup=True,
                                color=get_color_from_hex(player["colour"])))
            for values in columns.values():
                row.add_widget(Text(text=str(values.get(player["name"], "")), wrap=False, halign="right",
                                    font_size=theme.FONT_TITLE))
            self.table.add_widget(row)
        others = {k: v for k, v in view["view"].items() if k not in columns}
        if others:
            summary = "   ".join(f"{k}: {v}" for k, v in others.items() if not isinstance(v, (dict, list)))
            self.table.add_widget(Text(text=summary, color=theme.MUTED, font_size=theme.FONT_SMALL))
        self.table.add_widget(BoxLayout())
        self.actions.clear_widgets()
        for label, action in action_buttons(view["expected"]["legal"]):
            button = BigButton(text=label)
            button.bind(on_release=lambda _b, a=action: self.act(a))
            self.actions.add_widget(button)
