"""Entry by touch: the panel for whatever the rules wait for now, built only from expected()["legal"]."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.boards.bonbon.draw import DrawPanel
from companion.ui.boards.bonbon.effects import TargetPanel
from companion.ui.boards.bonbon.parts import Act, Focus, Say
from companion.ui.boards.bonbon.reveal import RevealPanel
from companion.ui.boards.bonbon.start import StartPanel
from companion.ui.boards.bonbon.summary import GameOver
from companion.ui.boards.bonbon.tilechoice import TakeTile, next_round
from companion.ui.widgets import Panel


class EntryPanel(Panel):
    """Rebuilt on every change, but for the draw panel and the reveal panel: one of each for the
    whole game, shown again for every draw (see DrawPanel.again) and every player's reveal (see
    RevealPanel.again); choices made on the way (a kind, a first card) live until then."""

    def __init__(self, act: Act, focus: Focus, say: Say, **kwargs) -> None:
        # Little above and below: the draw panel needs all the height it can get at 800x480; little at the
        # sides too, for five value buttons with "Back" whole in 20 px words (see board.LEFT).
        super().__init__(orientation="vertical", padding=(5, 4), **kwargs)
        self.act = act
        self.focus = focus
        self.say = say
        self.panel: Widget | None = None
        self.draw: DrawPanel | None = None  # kept while other panels come and go
        self.reveal: RevealPanel | None = None  # the same

    def make_draw(self, values: Sequence[int] = (), chips: Mapping[str, str] | None = None) -> None:
        """These buttons made in the game's draw panel (see DrawPanel.stock): the board asks for
        them ahead of the first draw."""
        self._draw_panel().stock(values, chips)

    def _draw_panel(self) -> DrawPanel:
        """The game's one draw panel, made now if not yet."""
        if self.draw is None:
            self.draw = DrawPanel(self.act, self.focus)
        return self.draw

    # -- touches on the board itself: the same choice as the panel's button --------------------

    def card_touched(self, player: str, position: int | None) -> bool:
        """A player's row was touched (on the card at `position`, or beside the cards: None)."""
        handler = getattr(self.panel, "card_touched", None)
        return bool(handler and handler(player, position))

    def cancel_entry(self) -> str | None:
        """The panel's move entered halfway, let go (see Board.cancel_entry)."""
        handler = getattr(self.panel, "cancel_entry", None)
        return handler() if handler else None

    def tile_touched(self, tile: str) -> bool:
        """A tile on the strip above was touched."""
        handler = getattr(self.panel, "tile_touched", None)
        return bool(handler and handler(tile))

    def show(self, view: dict[str, Any], colours: dict[str, list[float]]) -> None:
        expected = view["expected"]
        legal = {spec["type"]: spec for spec in expected["legal"]}
        who = expected["turn"] or ""
        players = view["view"]["players"]
        decline = legal.get("end_turn")
        self.focus([])  # a panel asking about a card frames it on the board again
        if "start" not in legal and "draw" in legal:
            # Shown as a new panel would show, whatever was entered halfway on it before.
            self._draw_panel().again(who, legal)
            if self.panel is self.draw and self.draw.parent is self:
                return
        self.clear_widgets()
        if "start" in legal:
            panel: Widget = StartPanel(legal["start"], self.act)
        elif "draw" in legal:
            panel = self._draw_panel()
        elif "take_tile" in legal:
            panel = TakeTile(who, legal["take_tile"], None, self.act, self.say)
        elif view["view"].get("effect") == "pass_tile" and "pass" in legal:
            panel = TakeTile(who, legal["pass"], decline, self.act, self.say)
        elif legal.keys() & {"peek", "swap", "hide"}:
            kind = next(k for k in ("peek", "swap", "hide") if k in legal)
            panel = TargetPanel(legal[kind], decline, players, colours, self.act, self.focus, self.say, who=who)
        elif "reveal" in legal:
            if self.reveal is None:
                self.reveal = RevealPanel(legal["reveal"], players, self.act, self.focus, self.say)
            else:
                self.reveal.again(legal["reveal"], players)
            panel = self.reveal
        elif "next_round" in legal:
            panel = next_round(legal["next_round"], self.act)
        else:
            panel = GameOver(view["view"])
        self.panel = panel
        self.add_widget(panel)
