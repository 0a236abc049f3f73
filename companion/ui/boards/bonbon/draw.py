"""Entering a drawn card: one touch for a face-up value or a face-down card, two for any other kind.

The kind chips only change what the value buttons send; "0" is always the zero card. A zero
played next to face-down cards the table has not seen asks for their values, left to right.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.boards.bonbon import words
from companion.ui.boards.bonbon.parts import Act, Focus
from companion.ui.boards.bonbon.tilechoice import TakeTile
from companion.ui.kit import fields as f
from companion.ui.kit.layout import Prompt, button, grid, spacer
from companion.ui.kit.pad import ValueGrid, ValuePad, value_button
from companion.ui.kit.toggle import toggle
from companion.ui.kit.weighty import action_button
from companion.ui.widgets import Text

PLAIN = "face_up"  # the kind of a card entered by its value alone (no chip chosen)
TIGHT = 4  # px between the draw panel's rows and buttons
HINT = round(theme.FONT_SMALL * 1.25)  # the one line of words under the kind chips
# How far below the panel's top the values' pad starts: two rows of kind chips and the hint. The
# reveal at the round's end puts its pad there too, so a value is where the draw pad had it.
VALUES_TOP = 2 * theme.TOUCH + TIGHT + TIGHT + HINT + TIGHT


class DrawPanel(BoxLayout):
    """Built from the legal draw (and pass / end_turn) of this moment: made empty, then shown for
    each draw by again(); its buttons may be made before the first draw (stock)."""

    def __init__(self, act: Act, focus: Focus, **kwargs) -> None:
        # Closer than the other panels: five rows of finger-sized buttons and a line of words share the
        # height left under the tiles at 800x480 (see the test of every draw state).
        super().__init__(orientation="vertical", spacing=TIGHT, **kwargs)
        self.who = ""
        self.legal: dict[str, dict[str, Any]] = {}
        self.act = act
        self.focus = focus
        self.fields: dict[str, Any] = {}
        self.face_up_only: set[str] = set()
        self.kind = PLAIN
        self.revealed: list[int] = []  # values entered so far for the cards a zero turns over
        self.zeroing = False
        self.zero_pad: ValuePad | None = None
        self.passing: Any = None  # a first pass being entered: its tile is chosen next (TakeTile)
        self.face_down: Any = None  # the Face down button of the draw shown (see _actions)
        # The panel's own widgets, kept for the whole game and shown again at every draw (see again):
        # the kind chips by kind, the value buttons by value, the actions by their look.
        self.chips: dict[str, Any] = {}
        self.cells: dict[int, Any] = {}
        self.kept_actions: dict[tuple[Any, ...], Any] = {}
        self.hint = Text(text="", wrap=False, font_size=theme.FONT_SMALL, color=theme.MUTED,
                         size_hint_y=None, height=HINT)
        self.painting = False
        self.chip_grid: Any = None
        self.values: Any = None
        self.action_grid: Any = None

    def stock(self, values: Sequence[int] = (), chips: Mapping[str, str] | None = None) -> None:
        """Value buttons and kind chips (kind: its words) made before the first draw, while the
        tiles are chosen (the board's made-ahead jobs): the first draw then only shows them, where
        making its two dozen buttons took most of the frame after the touch that started round 1.
        Only a guess at what the first draw offers: again() shows what the legal draw asks, making
        any button it needs that is not here and leaving the others unused."""
        for value in values:
            if value not in self.cells:  # one kept is left as it is (greyed beside a kind, say)
                self.cells[value] = value_button(value, self._value)
        self._face_down_button(theme.FONT)  # in the size it has beside a Pass, at a round's start
        for kind, label in (chips or {}).items():
            if _has_chip(kind):
                self._kept_chip(kind, label)

    def again(self, who: str, legal: dict[str, dict[str, Any]]) -> None:
        """This panel, shown for the next draw (any player's, any legal draw), exactly as a new one
        would show: no kind chosen, no zero or pass halfway, its buttons disarmed. Its chips, value
        buttons and actions are the same widgets, given the new values and actions: a new panel at
        every draw (forty a game) left the old one's twenty-odd buttons to the garbage collector,
        whose passes made the frames after a touch late, and drew all their words afresh (a few ms a
        word, the most of a touch's frame). The face-down cards a zero would turn over are the
        player's own: the panel takes the new ones."""
        self.who, self.legal, self.fields = who, legal, legal["draw"]["fields"]
        self.face_up_only = _face_up_only(self.fields)
        # Plain first: a chip let go below then changes nothing (see _chip).
        self.kind, self.revealed, self.zeroing, self.zero_pad = PLAIN, [], False, None
        for chip in self.chips.values():
            chip.state = "normal"
        for widget in self.kept_actions.values():
            if hasattr(widget, "disarm"):
                widget.disarm()
        self.build()

    # -- the common case -----------------------------------------------------

    def build(self) -> None:
        self.clear_widgets()
        self.passing = None
        if self.zeroing:
            self._zero_reveals()
            return
        self.focus([])
        kinds = [k for k in f.values(self.fields["kind"]) if _has_chip(k)]
        chips = [self._chip_of(k) for k in kinds]
        self.painting = True
        for chip in chips:
            chip.state = "down" if chip.kind == self.kind else "normal"
        self.painting = False
        self.chip_grid = _regrid(self.chip_grid, chips, 4)
        self.add_widget(self.chip_grid)
        # One line whatever the kind: its words are short enough, and it is shortened rather than wrapped.
        self.hint.text = self._hint()
        self.add_widget(self.hint)
        values = ([0] if words.ZERO in f.values(self.fields["kind"]) else []) + f.values(self.fields["value"])
        cells = [self._cell_of(v) for v in values]
        if self.values is None or self.values.children[::-1] != cells:
            if self.values is not None:
                self.values.clear_widgets()
            self.values = ValueGrid(cells, 5, TIGHT, 2)
        self.add_widget(self.values)
        self._zero_with_kind()
        actions = self._actions()
        self.action_grid = _regrid(self.action_grid, actions, len(actions))
        self.add_widget(self.action_grid)
        self.add_widget(spacer())

    def _chip_of(self, kind: str) -> Any:
        return self._kept_chip(kind, f.label(self.fields["kind"], kind))

    def _kept_chip(self, kind: str, label: str) -> Any:
        """The chip of this kind saying `label`: the one kept, else a new one."""
        chip = self.chips.get(kind)
        if chip is None or chip.text != label:
            chip = toggle(label, False, lambda on, k=kind: self._chip(k, on),
                          group=f"bonbon-kind-{id(self)}")
            chip.kind = kind
            chip.allow_no_selection = True  # a kind chosen by mistake: touched again, it lets go
            self.chips[kind] = chip
        return chip

    def _cell_of(self, value: int) -> Any:
        cell = self.cells.get(value)
        if cell is None:
            cell = self.cells[value] = value_button(value, self._value)
        cell.disabled = False
        return cell

    def _hint(self) -> str:
        return words.KIND_HINTS[self.kind]

    def _chip(self, kind: str, on: bool) -> None:
        if self.painting:
            return  # build() showing the kind already chosen, not a touch
        if on:
            self._kind(kind)
        elif self.kind == kind:  # let go, not replaced by another kind: a plain face-up card again
            self._kind(PLAIN)

    def _kind(self, kind: str) -> None:
        self.kind = kind
        self.hint.text = self._hint()
        self.face_down.disabled = kind in self.face_up_only
        self._zero_with_kind()

    def _zero_with_kind(self) -> None:
        # "0" is the zero card, a kind of its own: beside another kind it would quietly enter a zero
        # instead of the card chosen, so it is greyed and the hint says why (the kinds' values start at 1).
        for cell in self.values.children:
            if getattr(cell, "value", None) == 0:
                cell.disabled = self.kind != PLAIN

    def _actions(self) -> list[Any]:
        three = "pass" in self.legal and "end_turn" in self.legal
        size = theme.FONT_SMALL if three else theme.FONT  # three buttons share the width
        self.face_down = self._face_down_button(size)
        self.face_down.disabled = self.kind in self.face_up_only
        out = [self.face_down]
        if "end_turn" in self.legal:
            label = self.legal["end_turn"]["label"]
            out.append(self._action(("end_turn", label), lambda: button(
                label, lambda: self.act({"type": "end_turn"}), font_size=theme.FONT_SMALL)))
        if "pass" in self.legal:
            # Passing ends the player's round (a weighty action): the kit's quiet, two-touch button,
            # never the brightest on the pad, where the common entry is a card's value.
            spec = self.legal["pass"]
            earns = "tile" in spec["fields"]
            look = ("pass", spec["label"], earns, bool(spec.get("weighty")), size)
            if earns:
                # A pass that earns a tile: one touch, then the tile, sent together as one move
                # (one Undo takes back both). The tile choice is the confirmation the two-touch
                # button gave: until a tile is touched nothing is recorded.
                label = f"[b]{spec['label']}[/b]\n[size={int(theme.FONT_SMALL)}]takes a tile[/size]"
                out.append(self._action(look, lambda: action_button(
                    {**spec, "weighty": False}, self._pass_for_tile, text=label, font_size=size)))
            else:
                out.append(self._action(look, lambda: action_button(
                    spec, lambda: self.act({"type": "pass"}), text=spec["label"], font_size=size)))
        return out

    def _face_down_button(self, size: float) -> Any:
        return self._action(("face down", size), lambda: button("Face down", self._face_down, font_size=size))

    def _action(self, look: tuple[Any, ...], make: Any) -> Any:
        """The action button of this look, made the first time (its action reads the legal draw of
        the moment, so the button serves every draw with the same look)."""
        if look not in self.kept_actions:
            self.kept_actions[look] = make()
        return self.kept_actions[look]

    def _pass_for_tile(self) -> None:
        """The tiles on display, each a one-touch pass with it; Cancel (or Undo) lets go."""
        spec = {**self.legal["pass"], "weighty": False}
        self.clear_widgets()
        self.passing = TakeTile(self.who, spec, None, self.act, lambda words: None)
        self.add_widget(self.passing)
        self.add_widget(button("Cancel: not passing", self.build, font_size=theme.FONT_SMALL))

    def tile_touched(self, tile: str) -> bool:
        """A tile on the strip above while a pass waits for its tile: the same as its button."""
        return bool(self.passing is not None and self.passing.tile_touched(tile))

    def _face_down(self) -> None:
        # Only "face": the kind of a face-down card is as secret as its value.
        self.act({"type": "draw", "face": "down"})

    def _value(self, value: int) -> None:
        if value == 0 and self.kind != PLAIN:
            return  # greyed: the hint says what to do (see _zero_with_kind)
        if value == 0:
            if "revealed" in self.fields:
                self.zeroing = True
                self.revealed = []
                self.build()
                return
            self.act({"type": "draw", "face": "up", "kind": "zero"})
            return
        self.act({"type": "draw", "face": "up", "kind": self.kind, "value": value})

    def cancel_entry(self) -> str | None:
        if self.passing is not None:
            self.build()
            return "Cleared the pass being entered"
        if self.zeroing:
            self.zeroing, self.revealed = False, []
            self.build()
            return "Cleared the zero being entered"
        if self.kind != PLAIN:
            # A kind chosen is the first of a card's two touches: half entered too.
            chosen, self.kind = f.label(self.fields["kind"], self.kind), PLAIN
            self.build()
            return f"Cleared the card kind chosen ({chosen})"
        return None

    # -- a zero turning cards over -------------------------------------------

    def _positions(self) -> list[int]:
        """The cards the zero turns over that need a value, from 1 on the left."""
        return [path[-1] + 1 for path in f.slots(self.fields["revealed"])]

    def _caption(self, entered: list[int]) -> str:
        positions = self._positions()
        said = f" Entered: {', '.join(str(v) for v in entered)}." if entered else ""
        return (f"The zero turns over {self.who}'s face-down card{'s' if len(positions) > 1 else ''}, "
                f"left to right.{said} Card {positions[len(entered)]} (from the left) shows:")

    def _zero_reveals(self) -> None:
        field = self.fields["revealed"]
        # Every step's words reserve their room above the pad, so the pad never moves between cards.
        top = f.values(field)[-1]
        reserve = [self._caption([top] * done) for done in range(f.count(field))]
        prompt = Prompt(self._caption(self.revealed), reserve, bold=True)
        self.add_widget(prompt)
        # Each value where the draw pad had it, the "0" just touched included (greyed): the pad
        # stood 1-5 over 6-9 against the draw pad's 0-4 over 5-9, a row higher, so the "4" of
        # the card turned over was not where the "4" of every draw is.
        lift = Widget(size_hint_y=None, height=0)

        def align(*_) -> None:
            lift.height = max(0, VALUES_TOP - prompt.height - self.spacing)

        prompt.bind(height=align)
        align()
        self.add_widget(lift)
        zero = {"kind": "choice", "label": "", "options": [{"value": 0, "label": "0"}]}
        self.zero_pad = ValuePad([zero, field], self._revealed, back=self._back, rows=3, spacing=TIGHT)
        self.zero_pad.offer(field)
        self.add_widget(self.zero_pad)
        self.add_widget(spacer())
        self.focus([(self.who, self._positions()[len(self.revealed)])])

    def _revealed(self, value: int) -> None:
        self.revealed.append(value)
        if len(self.revealed) < f.count(self.fields["revealed"]):
            self.build()
            return
        values, self.revealed, self.zeroing = self.revealed, [], False
        if self.act({"type": "draw", "face": "up", "kind": "zero", "revealed": values}) is None:
            self.build()  # refused: the toast says why; start the zero again

    def _back(self) -> None:
        if self.revealed:
            self.revealed.pop()
        else:
            self.zeroing = False
        self.build()


def _has_chip(kind: str) -> bool:
    # No chip for a plain face-up card: its value alone enters it (nor for "Regular", which would
    # only say again what the value says); the zero has its own "0".
    return kind not in (words.ZERO, PLAIN, "regular")


def _face_up_only(fields: dict[str, Any]) -> set[str]:
    """The kinds that may not be played face-down: the face-down option is ruled out beside them."""
    down = f.option(fields["face"], "down")
    return {k for k in f.values(fields["kind"]) if down is None or not f.allowed(down, {"face": "down", "kind": k})}


def _regrid(old: Any, items: list[Any], cols: int) -> Any:
    """A grid of these widgets in rows of `cols`: the one shown before when it holds them already,
    else a new grid (a grid has no words to draw) around the same widgets."""
    if old is not None:
        if [w for w in old.children[::-1] if w in items] == items and old.cols == cols:
            return old
        old.clear_widgets()
    return grid(items, cols, spacing=TIGHT)
