"""Entry by touch, offering only what the rules accept now: a roll, a capture, Done, a battle, a removal.

Everything offered is read from the typed fields of expected()["legal"] (companion/core/fields.py):
the faces, the values and the kinds with their labels, greyed when not possible now.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.boards.bondcones import words
from companion.ui.kit.kept import Kept, on_release
from companion.ui.kit.measure import drawn_size, drawn_width
from companion.ui.kit.pad import ValuePad
from companion.ui.kit.toggle import toggle
from companion.ui.widgets import BigButton, Panel, Text

Act = Callable[[dict[str, Any]], Any]

KEPT_CAPTURES = 4  # capture layouts kept, one per shape of the choices (two a game: the cone row names its owner)
CAPTION_WIDTH = 110  # the row captions' column: two lines of "Captured with"
# A new kind of entry (a roll's faces, then the capture's values) puts other buttons where the last
# touch was: the second touch of a double tap there goes nowhere, as on every screen
# (companion/ui/kit/touch_guard.py; a double tap on the roll's "4" once captured the "2").


@dataclass
class CaptureLayout:
    """A capture's layout, kept for the game's next captures (see EntryPanel._capture)."""

    row: BoxLayout
    kinds: dict[str, BoxLayout]
    caption: Label
    pad: ValuePad
    finish: BigButton


class EntryPanel(Panel):
    """Buttons built from expected()["legal"]; every touch becomes one action through `act`."""

    def __init__(self, act: Act, **kwargs) -> None:
        super().__init__(orientation="vertical", padding=(theme.PAD, 6), **kwargs)
        self.act = act
        self.kinds: dict[str, str] = {}
        self.rows: dict[str, BoxLayout] = {}  # "with" and "cone": the kind choices on screen now
        self.body = BoxLayout(orientation="vertical", spacing=6)
        self.add_widget(self.body)
        self.entry = ""  # the kind of entry on screen: "roll", "capture", "remove" or "over"
        # The heading and the faces are kept from turn to turn, given their new words (see kit/kept.py).
        self._kept = Kept()
        self._head = Text(text="", markup=True, bold=True)
        self._faces = BoxLayout(spacing=theme.GAP)
        self._captures: dict[str, CaptureLayout] = {}  # see _capture

    def show(self, view: dict[str, Any]) -> None:
        expected = view["expected"]
        legal = {spec["type"]: spec for spec in expected["legal"]}
        who = expected["turn"]
        self.body.clear_widgets()
        self._kept.start()
        self.kinds = {"with": "ordinary", "cone": "ordinary"}
        self.rows = {}
        entry = next((kind for kind in ("roll", "capture", "remove") if kind in legal), "over")
        self.entry = entry
        if "roll" in legal:
            self._roll(who, legal["roll"], legal.get("battle"))
        elif "capture" in legal:
            self._capture(legal["capture"], legal.get("done"))
        elif "remove" in legal:
            self._remove(who, view["view"]["turn"], legal["remove"])
        else:
            self._heading("Nothing to enter: the game is over.")
            self.body.add_widget(Widget())

    def _heading(self, text: str) -> None:
        self._head.text = text
        self.body.add_widget(self._head)

    # -- rolls and battles ---------------------------------------------------

    def _roll(self, who: str, roll: dict[str, Any], battle: dict[str, Any] | None) -> None:
        self._heading(f"{who}: {roll['label'].lower()}")
        # The faces take the height left by the heading and the battle's row, which is kept on
        # every turn (empty when no battle is offered): they stand in one place whether a battle
        # is offered or not (they sat 12 px higher on battle turns, the panel overflowing).
        # One row of faces for the whole game: a kept face is found again only once its row has let
        # it go, and a new row at every roll had kept the last roll's faces in the old one, so every
        # face was built and its word drawn anew at every roll.
        faces = self._faces
        faces.clear_widgets()
        for option in roll["fields"]["face"]["options"]:
            # PEEK and BONDO get wider buttons than the digits: a word in one line, a size to read.
            label = option["label"]
            button = self._kept.take(("face", label), lambda: FaceButton(
                text=label, bold=True, size_hint_y=1, size_hint_x=1 if len(label) <= 1 else 1.4))
            button.disabled = not option.get("enabled", True)
            on_release(button, lambda f=option["value"]: self.act({"type": "roll", "face": f}))
            faces.add_widget(button)
        self.body.add_widget(faces)
        if battle:
            text = f"{words.symbol('⚔')} {battle['label']}"
            declare = self._kept.take(("battle", text), lambda: BigButton(text=text, markup=True, color=theme.WARNING))
            on_release(declare, lambda: self.act({"type": "battle"}))
            self.body.add_widget(declare)
        else:
            self.body.add_widget(Widget(size_hint_y=None, height=theme.TOUCH))  # the battle's row, kept

    # -- captures ------------------------------------------------------------

    def _capture(self, capture: dict[str, Any], done: dict[str, Any] | None) -> None:
        # One capture layout for every capture of the game (per shape of its choices, which stays
        # the same): the values left, the kinds open now, whose cone it is and Done are shown in
        # it again. A new layout at every capture drew all its words afresh (the frame after a
        # roll ~60 ms of the app's CPU here) and left the old buttons to the garbage collector.
        fields = capture["fields"]
        look = _shape(fields)
        kept = self._captures.get(look)
        if kept is None:
            kept = self._capture_layout(fields)
            if len(self._captures) >= KEPT_CAPTURES:
                self._captures.pop(next(iter(self._captures)))  # the oldest goes
            self._captures[look] = kept
        self.rows = dict(kept.kinds)
        for name, row in self.rows.items():
            open_now = {o["value"]: o.get("enabled", True) for o in fields[name]["options"]}
            chips = [c for c in row.children if hasattr(c, "kind")]
            # Ordinary is chosen again: the common capture is one touch on the value.
            for chip in sorted(chips, key=lambda c: c.kind == self.kinds[name]):  # up first, then down
                chip.disabled = not open_now.get(chip.kind, False)
                chip.state = "down" if chip.kind == self.kinds[name] else "normal"
        kept.caption.text = _value_caption(fields["value"]["label"])
        kept.pad.offer(fields["value"])
        if done and kept.finish.parent is None:
            kept.row.add_widget(kept.finish)
        elif not done and kept.finish.parent is not None:
            kept.row.remove_widget(kept.finish)
        self.body.add_widget(kept.row)

    def _capture_layout(self, fields: dict[str, Any]) -> CaptureLayout:
        # No heading: the row captions say it, and the three rows need the height.
        row = BoxLayout(spacing=theme.GAP)
        rows = BoxLayout(orientation="vertical", spacing=6)
        # Both kind rows always stand above the values, their impossible kinds greyed: the values
        # stay in one place from capture to capture, so a practised touch lands on the same value.
        self.rows = {}
        rows.add_widget(self._kind_row("with", fields["with"]))
        rows.add_widget(self._kind_row("cone", fields["cone"]))
        values, caption, pad = self._value_row(fields["value"], self._captured)
        rows.add_widget(values)
        rows.add_widget(Widget())
        row.add_widget(rows)
        finish = BigButton(text=f"[b]Done[/b]\n[size={int(theme.FONT_SMALL)}]no capture[/size]", markup=True,
                           primary=True, size_hint_x=None, size_hint_y=1, width=104)
        finish.bind(on_release=lambda *_: self.act({"type": "done"}))
        return CaptureLayout(row, dict(self.rows), caption, pad, finish)

    def _captured(self, value: int) -> None:
        self.act({"type": "capture", "value": value, "with": self.kinds["with"], "cone": self.kinds["cone"]})

    def _kind_row(self, name: str, field: dict[str, Any]) -> BoxLayout:
        row, _caption = _row(field["label"])
        for option in field["options"]:
            kind = option["value"]
            chip = toggle(option["label"], kind == self.kinds[name],
                          lambda down, n=name, k=kind: down and self.kinds.__setitem__(n, k),
                          group=f"bondcones-{name}-{id(self)}", disabled=not option.get("enabled", True))
            chip.allow_no_selection = False
            chip.kind = kind
            row.add_widget(chip)
        self.rows[name] = row
        return row

    def _value_row(self, field: dict[str, Any], choose: Callable[[int], None]) -> tuple[BoxLayout, Label, ValuePad]:
        """Every value a cone can show, in the same places always; the ones gone greyed."""
        row, caption = _row(_value_caption(field["label"]))
        # The kit's pad: a button for every value, those gone greyed (never removed).
        pad = ValuePad([field], choose, cols=len(field["options"]), rows=1)
        pad.offer(field)
        row.add_widget(pad)
        return row, caption, pad

    # -- a battle lost against a Double BondO --------------------------------

    def _remove(self, who: str, loser: str, remove: dict[str, Any]) -> None:
        self._heading(f"{who} removes one of {loser}'s cones: tap the value it shows")
        self.body.add_widget(self._value_row(remove["fields"]["value"],
                                             lambda v: self.act({"type": "remove", "value": v}))[0])
        self.body.add_widget(Widget())


class FaceButton(BigButton):
    """A die face to tap: a digit large, PEEK and BONDO as large as their button allows, on one
    line and never under MIN_WORD px (at 800x480 "BONDO" in the body size broke into "BOND / O")."""

    MIN_WORD = 20

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(size=self._fit, text=self._fit)

    def _fit(self, *_) -> None:
        if len(self.text) <= 1:
            self.font_size = theme.FONT_BIG
            return
        # The word as drawn at the title size, scaled to the button's width inside its margins.
        fits = theme.FONT_TITLE * (self.width - 2 * theme.GAP) / max(drawn_width(self.text, theme.FONT_TITLE, bold=True), 1)
        self.font_size = max(self.MIN_WORD, min(theme.FONT_TITLE, fits))


def _caption_fits(label: str) -> bool:
    """Whether a caption ("Leo's cone is worth") fits two lines of the caption column; a long
    name's does not ("Mohammed's cone is worth")."""
    return drawn_size(label, theme.FONT_SMALL, width=CAPTION_WIDTH)[1] <= 2 * theme.FONT_SMALL * 1.3


def _value_caption(label: str) -> str:
    return label if _caption_fits(label) else "The cone is worth"


def _shape(fields: dict[str, Any]) -> str:
    """What a capture's layout is built from: its kinds and values and their words, not which are
    open now nor whose cone it is (shown in the layout again at each capture)."""
    return repr([(name, fields[name]["label"] if name != "value" else "",
                  [(o["value"], o.get("label")) for o in fields[name]["options"]]) for name in ("with", "cone", "value")])


def _row(label: str) -> tuple[BoxLayout, Label]:
    row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=6)
    caption = Label(text=label, font_size=theme.FONT_SMALL, color=theme.MUTED, size_hint_x=None, width=CAPTION_WIDTH,
                    halign="left", valign="middle")
    caption.bind(size=lambda c, *_: setattr(c, "text_size", c.size))  # wraps to two lines when needed
    row.add_widget(caption)
    return row, caption
