"""Entry by touch, offering only what the rules accept now: a roll, a capture, Done, a battle, a removal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.boards.bondcones import words
from companion.ui.widgets import BigButton, Chip, Panel, Text

Act = Callable[[dict[str, Any]], Any]


class EntryPanel(Panel):
    """Buttons built from expected()["legal"]; every touch becomes one action through `act`."""

    def __init__(self, act: Act, **kwargs) -> None:
        super().__init__(orientation="vertical", padding=(theme.PAD, 6), **kwargs)
        self.act = act
        self.kinds: dict[str, str] = {}
        self.rows: dict[str, BoxLayout] = {}  # "with" and "cone": the kind choices on screen now
        self.body = BoxLayout(orientation="vertical", spacing=6)
        self.add_widget(self.body)

    def show(self, view: dict[str, Any]) -> None:
        expected = view["expected"]
        legal = {spec["type"]: spec for spec in expected["legal"]}
        who = expected["turn"]
        self.body.clear_widgets()
        self.kinds = {"with": "ordinary", "cone": "ordinary"}
        self.rows = {}
        if "roll" in legal:
            self._roll(who, legal["roll"], legal.get("battle"))
        elif "capture" in legal:
            self._capture(legal["capture"], "done" in legal)
        elif "remove" in legal:
            self._remove(who, legal["remove"])
        else:
            self._heading("Nothing to enter: the game is over.")
            self.body.add_widget(Widget())

    def _heading(self, text: str) -> None:
        self.body.add_widget(Text(text=text, markup=True, bold=True))

    # -- rolls and battles ---------------------------------------------------

    def _roll(self, who: str, roll: dict[str, Any], battle: dict[str, Any] | None) -> None:
        self._heading(f"{who}: {roll['label'].lower()}")
        faces = BoxLayout(size_hint_y=None, height=theme.TOUCH * 1.6, spacing=theme.GAP)
        for face in roll["fields"]["face"]:
            button = BigButton(text=words.face(face), bold=True, height=faces.height,
                               font_size=theme.FONT_BIG if len(face) == 1 else theme.FONT_SMALL)
            button.bind(on_release=lambda _b, f=face: self.act({"type": "roll", "face": f}))
            faces.add_widget(button)
        self.body.add_widget(faces)
        if battle:
            left = battle["fields"]["turns_left"]
            declare = BigButton(
                text=f"{words.symbol('⚔')} Declare a BondO Battle against {battle['fields']['against']} "
                f"({left} turn{'s' if left != 1 else ''} left)",
                markup=True, color=theme.WARNING,
            )
            declare.bind(on_release=lambda *_: self.act({"type": "battle"}))
            self.body.add_widget(declare)
        self.body.add_widget(Widget())

    # -- captures ------------------------------------------------------------

    def _capture(self, capture: dict[str, Any], can_finish: bool) -> None:
        fields = capture["fields"]
        victim = fields["victim"]
        # No heading: the row captions say it, and the three rows need the height.
        row = BoxLayout(spacing=theme.GAP)
        rows = BoxLayout(orientation="vertical", spacing=6)
        # The kinds matter only when a BondO Cone is involved: ordinary is chosen already, so the
        # common capture is one touch on the value.
        if len(fields["with"]) > 1:
            rows.add_widget(self._kind_row("Captured with", "with", fields["with"]))
        if len(fields["cone"]) > 1:
            rows.add_widget(self._kind_row(f"{victim}'s cone", "cone", fields["cone"]))
        rows.add_widget(self._value_row(_worth(victim), fields["value"], self._captured))
        rows.add_widget(Widget())
        row.add_widget(rows)
        if can_finish:
            done = BigButton(text=f"[b]Done[/b]\n[size={int(theme.FONT_SMALL)}]no capture[/size]", markup=True,
                             primary=True, size_hint_x=None, size_hint_y=1, width=112)
            done.bind(on_release=lambda *_: self.act({"type": "done"}))
            row.add_widget(done)
        self.body.add_widget(row)

    def _captured(self, value: int) -> None:
        self.act({"type": "capture", "value": value, "with": self.kinds["with"], "cone": self.kinds["cone"]})

    def _kind_row(self, label: str, field: str, kinds: list[str]) -> BoxLayout:
        row = _row(label)
        for kind in kinds:
            chip = Chip(text=words.KINDS[kind], group=f"bondcones-{field}-{id(self)}", allow_no_selection=False,
                        font_size=theme.FONT_SMALL, halign="center", valign="middle",
                        state="down" if kind == self.kinds[field] else "normal")
            chip.bind(size=lambda c, *_: setattr(c, "text_size", (c.width - theme.GAP, None)))
            chip.bind(state=lambda c, state, f=field, k=kind: state == "down" and self.kinds.__setitem__(f, k))
            row.add_widget(chip)
        # Keep chips as wide as in a three-choice row, so a two-choice row does not stretch.
        for _ in range(3 - len(kinds)):
            row.add_widget(Widget())
        self.rows[field] = row
        return row

    def _value_row(self, label: str, values: list[int], choose: Callable[[int], None]) -> BoxLayout:
        row = _row(label)
        for value in values:
            button = BigButton(text=str(value), bold=True, font_size=theme.FONT_TITLE)
            button.bind(on_release=lambda _b, v=value: choose(v))
            row.add_widget(button)
        for _ in range(5 - len(values)):
            row.add_widget(Widget())
        return row

    # -- a battle lost against a Double BondO --------------------------------

    def _remove(self, who: str, remove: dict[str, Any]) -> None:
        loser = remove["fields"]["victim"]
        self._heading(f"{who} removes one of {loser}'s cones: tap the value it shows")
        self.body.add_widget(self._value_row(_worth(loser), remove["fields"]["value"],
                                             lambda v: self.act({"type": "remove", "value": v})))
        self.body.add_widget(Widget())


def _row(label: str) -> BoxLayout:
    row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=6)
    caption = Label(text=label, font_size=theme.FONT_SMALL, color=theme.MUTED, size_hint_x=None, width=110,
                    halign="left", valign="middle")
    caption.bind(size=lambda c, *_: setattr(c, "text_size", c.size))  # wraps to two lines when needed
    row.add_widget(caption)
    return row


def _worth(owner: str) -> str:
    """The value row's caption; a long name would not fit two lines."""
    return f"{owner}'s cone is worth" if len(owner) <= 8 else "The cone is worth"
