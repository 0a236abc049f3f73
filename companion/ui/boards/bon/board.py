"""The B.O.N board: the rank stack, the trick, tricks against the goal and the track above; below,
the card pad while cards are entered, the stack and leader at a start, the scoring after a round."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.boards.base import Board
from companion.ui.boards.bon.pad import CardPad
from companion.ui.boards.bon.players import PlayersPanel
from companion.ui.boards.bon.ranks import RankStack
from companion.ui.boards.bon.scoring import ScoringPanel
from companion.ui.boards.bon.setup import SetupPanel
from companion.ui.boards.bon.trick import TrickPanel
from companion.ui.kit import fields as f
from companion.ui.kit.dial import NOTHING_HIGHLIGHTED, STEPPED, DialCursor
from companion.ui.styling import readable

CARD_ACTIONS = ("play", "leftover")
NO_CARD_ON_THE_DIAL = "Turn the dial to a card first: Confirm then plays the card it shows"
UPPER = 0.52  # of the board's height: the stack, the trick and the players over the card pad
UPPER_SCORING = 0.58  # over the round's scoring, which is shorter than the pad
UPPER_ASKING = 0.50  # over the scoring with the next round's stack or leader to enter under it


class BonBoard(Board):
    """Reads only the session's view; every touch goes through act()."""

    def __init__(self, act, say, **kwargs) -> None:
        super().__init__(act, say, orientation="vertical", spacing=theme.GAP, **kwargs)
        self.upper = top = BoxLayout(spacing=theme.GAP, size_hint_y=0.52)
        self.ranks = RankStack(size_hint_x=0.24)
        self.trick = TrickPanel(size_hint_x=0.40)
        self.players = PlayersPanel(size_hint_x=0.36)
        for part in (self.ranks, self.trick, self.players):
            top.add_widget(part)
        self.add_widget(top)
        self.lower = BoxLayout(size_hint_y=0.48)
        self.add_widget(self.lower)
        self.pad: CardPad | None = None
        self.dial = DialCursor()  # where the table's dial rests on the pad: the board's own, never a move
        self.setup = SetupPanel(self.act)
        self.scoring = ScoringPanel(self.act)
        self._last_view: dict[str, Any] | None = None

    def refresh(self, view: dict[str, Any]) -> None:
        self._last_view = view
        game = view["view"]
        names = [p["name"] for p in view["players"]]
        colours = {p["name"]: readable(p["colour"]) for p in view["players"]}
        legal = {spec["type"]: spec for spec in view["expected"]["legal"]}
        last = game["last_trick"]
        moved = last["colour"] if last and game["trick"] and not game["trick"]["plays"] else None
        if game["phase"] in ("scored", "over") and last:
            moved = last["colour"]
        self.ranks.show(game["ranks"], moved)
        self.trick.show(game, names, colours)
        self.players.show(game, colours, view["expected"]["turn"])
        self._lower(game, legal)

    def _lower(self, game: dict[str, Any], legal: dict[str, Any]) -> None:
        kind = next((k for k in CARD_ACTIONS if k in legal), None)
        if kind:
            field = legal[kind]["fields"]["card"]
            if self.pad is None or self.pad.signature != tuple(o["value"] for o in field["options"]):
                self.pad = CardPad(field, self._card)
            self.pad.kind = kind
            self.dial.offer(f.every_value(field), f.values(field))
            self.pad.show(field, self.dial.highlighted)
            self._place(self.pad)
            return
        # No card awaited (a round scored): the dial starts afresh at the next deal, rather than
        # lighting up, untouched, the card it last rested on once that card is possible again.
        self.dial.clear()
        if "start" in legal:
            self.setup.under_scoring = False
            self.setup.show(legal["start"])
            self._place(self.setup)
        elif game["scoring"]:
            deal = legal.get("next_round")
            plain = {"type": "next_round"} if deal and not deal["fields"] else None
            # A next round that asks for a stack or a leader is entered under the scoring: its
            # last touch deals the round, with no touch spent to open the entry.
            asks = len(deal["fields"]) if deal else 0
            if asks:
                self.setup.under_scoring, self.setup.deals = True, game["round"] + 1
                self.setup.show(deal)
            self.scoring.show(game, plain, self.setup if asks else None)
            # Both a stack and a leader: the scoring and the entry take the board, as a start's entry.
            self._place(self.scoring, asks)

    def _place(self, widget, asks: int = 0) -> None:
        # Entering the stack and the leader takes the whole board: above it there is nothing yet to
        # show at a start, and a next round's entry is short-lived. The scoring needs less room than
        # the pad: the players' tricks and track above it get more (five players, under the result bar).
        entering = widget is self.setup or asks > 1
        upper = UPPER_SCORING if widget is self.scoring else UPPER
        if asks:
            upper = UPPER_ASKING
        # Out of the board while the entry takes it whole: a hidden part left in place kept its
        # rows' sizes above the board, and, disabled, took the touches meant for the top bar's
        # prompt (What now? did not open at a game's start).
        if entering and self.upper.parent is self:
            self.remove_widget(self.upper)
        elif not entering and self.upper.parent is None:
            self.add_widget(self.upper, index=len(self.children))
        self.upper.size_hint_y = upper
        self.lower.size_hint_y = 1 if entering else 1 - upper
        if widget.parent is not self.lower:
            self.lower.clear_widgets()
            self.lower.add_widget(widget)

    def _card(self, card: str) -> None:
        self.dial.rest(card)  # a touch takes over from the dial: its next step starts from here
        self.act({"type": self.pad.kind, "card": card})

    def control(self, control: str) -> dict[str, Any] | str | None:
        """The dial and Confirm while the card pad shows; the game's bindings otherwise."""
        if self.pad is None or self.pad.parent is None or self._last_view is None:
            return None
        said = self.dial.answer(control)
        if said is None:
            return None
        if said is STEPPED:
            self.pad.show(self._field(), self.dial.highlighted)
            return ""
        if said is NOTHING_HIGHLIGHTED:
            return NO_CARD_ON_THE_DIAL
        return {"type": self.pad.kind, "card": said}

    def _field(self) -> dict[str, Any]:
        legal = {spec["type"]: spec for spec in self._last_view["expected"]["legal"]}
        return legal[self.pad.kind]["fields"]["card"]

    def act_refresh(self) -> None:
        """Open the next round's entry now (no action is sent until it is complete)."""
        if self._last_view is not None:
            self.refresh(self._last_view)

    def cancel_entry(self) -> str | None:
        return self.setup.cancel() if self.setup.parent is not None else None
