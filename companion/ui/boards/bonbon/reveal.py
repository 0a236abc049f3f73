"""The end of a round: each player turns their face-down cards over and the table enters the values.

One player at a time (the first still waiting, or the one tapped), values left to right,
then the variety tile's count of illustrations if that player holds it. One pad serves the
whole of a player's entry, every value and count in the same place from the first card to the
count, so a quick second tap never lands on another number.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.ui.boards.bonbon import words
from companion.ui.boards.bonbon.parts import Act, Focus, Say
from companion.ui.kit import fields as f
from companion.ui.kit.layout import GAP, Prompt, grid, spacer
from companion.ui.boards.bonbon.draw import TIGHT, VALUES_TOP
from companion.ui.kit.pad import ValuePad, pad_buttons
from companion.ui.kit.toggle import name_chip


class RevealPanel(BoxLayout):
    def __init__(self, spec: dict[str, Any], players: list[dict[str, Any]], act: Act, focus: Focus, say: Say,
                 **kwargs) -> None:
        super().__init__(orientation="vertical", spacing=GAP, **kwargs)
        self.say = say
        self.act = act
        self.focus = focus
        self.aligned = False
        self.lift_aligned = 0.0  # the spacer's height that puts the pad in the draw pad's place
        self.short_at = 0.0  # the panel's height when the pad last took its smaller shape
        self.pad: ValuePad | None = None
        # Each pad built, by its buttons and shape (see _pad_for): mostly one, and the smaller
        # shape beside it when the first to reveal has a row of names over the pad.
        self._pads: dict[str, ValuePad] = {}
        self._check_room = Clock.create_trigger(self._fits, 0)
        self.bind(height=self._check_room)
        self.again(spec, players)

    def again(self, spec: dict[str, Any], players: list[dict[str, Any]]) -> None:
        """Shown as a new panel would show for this reveal (the next player's, the next round's),
        keeping the pad's buttons where the next entry's pad would be the same."""
        self.fields = spec["fields"]
        self.waiting = f.values(self.fields["player"])
        self.rows = {p["name"]: p.get("cards", []) for p in players}
        self.player = self.waiting[0]
        self.values: list[int] = []
        self.room = True  # for the pad in the draw pad's place (see build and _fits)
        self.build()
        # Checked again on the next frame even when the panel keeps its height (a kept panel does).
        self._check_room()

    # -- what the chosen player has to enter -----------------------------------

    def _field(self, name: str) -> dict[str, Any] | None:
        return f.resolve(self.fields[name], {"player": self.player})

    def _positions(self) -> list[int]:
        """The cards to enter, from 1 on the left, in the order of the values."""
        values = self._field("values")
        return [path[-1] + 1 for path in f.slots(values)] if values else []

    def _counting(self, entered: list[int]) -> bool:
        return len(entered) >= len(self._positions())

    def _caption(self, entered: list[int]) -> str:
        so_far = f" Entered: {', '.join(str(v) for v in entered)}." if entered else ""
        if self._counting(entered):
            return (f"{self.player} holds the {words.TILE_SHORT['variety']} tile: how many different "
                    f"illustrations among their cards (not zeros)?{so_far}")
        positions = self._positions()
        # Every back in the row, as the table counts them, the ones the app knows too.
        count = max(len(positions), len(self._down()))
        # Named by its place in the row, as the zero and the reveal card name theirs, and framed on
        # the board: counting only the cards still to enter named another card than the table saw.
        return (f"{self.player} turns over {count} face-down card{'s' if count > 1 else ''}, left to right"
                f"{self._known(positions)}.{so_far} Card {positions[len(entered)]} (from the left) shows:")

    # -- building ----------------------------------------------------------------

    def build(self) -> None:
        """The panel for the chosen player: built once per player, then only the words and the pad's
        live buttons change from step to step."""
        self.clear_widgets()
        steps = len(self._positions()) + (1 if self._field("variety") else 0)
        shown = {0, *f.values(self._field("values")), *f.values(self._field("variety"))}
        top = max([9, *shown])
        # The pad where the draw pad has its values, each value in the same place as during the
        # round (it stood a row higher and a place to the left, so a practised touch on 5 entered
        # another number), whoever reveals and whatever is entered: the values and the count of
        # illustrations, with the names of the players still to reveal (up to three, one row) in
        # the place of the draw pad's kinds. Two rows of names, or counts past 14 (a fourth row of
        # buttons), leave no room for that at 800x480: the pad keeps its own, smaller shape then.
        names_rows = math.ceil(len(self.waiting) / 3) if len(self.waiting) > 1 else 0
        aligned = self.aligned = self.room and names_rows <= 1 and max(shown) <= 14
        self.spacing = TIGHT if aligned else GAP  # the draw panel's spacing, where it stands in for it
        if len(self.waiting) > 1:
            chips = [name_chip(name, name == self.player, self._choose, f"bonbon-reveal-{id(self)}")
                     for name in self.waiting]
            self.add_widget(grid(chips, min(3, len(chips)), spacing=self.spacing))
        self.prompt = Prompt(self._caption(self.values), [self._caption([top] * done) for done in range(steps)],
                             bold=True)
        self.add_widget(self.prompt)
        if aligned:
            lift = self.lift = Widget(size_hint_y=None, height=0)
            above = list(self.children)  # the prompt, and the names above it

            def align(*_) -> None:
                used = sum(w.height for w in above) + self.spacing * len(above)
                self.lift_aligned = lift.height = max(0, VALUES_TOP - used)

            for w in above:
                w.bind(height=align)
                w.bind(height=self._check_room)
            align()
            self.add_widget(lift)
        # A 0 first, greyed unless a step takes it: the values then stand in the draw pad's columns.
        zero = {"kind": "choice", "label": "", "options": [{"value": 0, "label": "0"}]} if aligned else None
        fields = [field for field in (zero, self._field("values"), self._field("variety")) if field]
        # With the count of illustrations too, 0 and the counts join the values: a third row keeps
        # every button a finger wide (and the draw pad's five columns, when aligned with it).
        self.pad = self._pad_for(fields, rows=3 if aligned or self._field("variety") else 2)
        self.add_widget(self.pad)
        self.add_widget(spacer())
        self._step()

    def _pad_for(self, fields: list[dict[str, Any]], rows: int) -> ValuePad:
        """The pad for these fields: one built before when it has the same buttons in the same
        shape, whoever reveals and however many cards (its buttons were a dozen new widgets, their
        words drawn again, in the frame after the touch that ended a round or a player's entry);
        offer() sets its live buttons."""
        key = repr((pad_buttons(fields), rows, self.spacing))
        if key not in self._pads:
            self._pads[key] = ValuePad(fields, self._entered, back=self._back, rows=rows, spacing=self.spacing)
        return self._pads[key]

    def _fits(self, *_) -> None:
        """Where the panel is too short for the pad in the draw pad's place (the top bar a line
        taller, naming everyone still to reveal, or showing a long notice), the pad stands a little
        higher, in the same columns; or, with no room even so, takes its own smaller shape. Checked
        on the frame after the layout has settled, and again whenever the panel grows back (a
        notice gone): the pad returns to the draw pad's place as soon as there is room for it, so
        a practised touch finds the same number again."""
        if self.get_root_window() is None or self.height <= 1:
            return
        if not self.room:
            if self.height > self.short_at + 1:  # taller than when the room ran out: try again
                self.room = True
                self.build()
            return
        if not self.aligned:
            return
        # The spacer at the foot only fills what is left: it and the spacing before it may go.
        # Measured with the pad in the draw pad's place, whatever a shorter panel made of it before.
        fixed = [w for w in self.children if w.size_hint_y is None]
        over = sum(w.height for w in fixed) - self.lift.height + self.lift_aligned \
            + self.spacing * (len(fixed) - 1) + self.padding[1] + self.padding[3] - self.height
        if over <= 1:
            self.lift.height = self.lift_aligned
        elif over <= self.lift_aligned:
            self.lift.height = self.lift_aligned - over
        else:
            self.room, self.short_at = False, self.height
            self.build()

    def _step(self) -> None:
        """The words, the live buttons and the framed card for the step the entry is at."""
        self.prompt.text = self._caption(self.values)
        counting = self._counting(self.values)
        self.pad.offer(self._field("variety") if counting else self._field("values"), back=bool(self.values))
        self.focus([] if counting else [(self.player, self._positions()[len(self.values)])])

    def _known(self, positions: list[int]) -> str:
        """The player's other face-down cards: turned face-down in play, so the table saw them and the app
        remembers them; said, so that nobody wonders why the count skips them."""
        known = [str(p) for p in self._down() if p not in positions]
        if not known:
            return ""
        return f" (card{'s' if len(known) > 1 else ''} {', '.join(known)} seen face-up: not asked)"

    def _down(self) -> list[int]:
        return [i + 1 for i, card in enumerate(self.rows.get(self.player, [])) if card["face"] == "down"]

    # -- touches -----------------------------------------------------------------

    def card_touched(self, player: str, position: int | None) -> bool:
        """A player's row: choose that player, as their name here does (values still go left to right)."""
        if player in self.waiting:
            self._choose(player)
        else:
            self.say(f"{player} has nothing left to turn over")
        return True

    def cancel_entry(self) -> str | None:
        if not self.values:
            return None
        self.values = []
        self._step()
        return f"Cleared the values {self.player} was entering"

    def _choose(self, name: str) -> None:
        if name != self.player:
            self.player, self.values = name, []
            self.build()

    def _entered(self, value: int) -> None:
        if self._counting(self.values):
            self._send(value)
            return
        self.values.append(value)
        if self._counting(self.values) and not self._field("variety"):
            self._send(None)
        else:
            self._step()

    def _send(self, variety: int | None) -> None:
        action: dict[str, Any] = {"type": "reveal", "player": self.player, "values": list(self.values)}
        if variety is not None:
            action["variety"] = variety
        if self.act(action) is None:
            self.values = []  # refused: the toast says why; enter this player's cards again
            self._step()

    def _back(self) -> None:
        if self.values:
            self.values.pop()
            self._step()
