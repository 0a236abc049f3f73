"""The Bonbon board: the collective total and the tiles on top, the players' rows, entry by touch.

After a round the rows give way to the scoring table; in board mode the whole board is the
collective limit board.
"""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.boards.base import Board
from companion.ui.boards.bonbon import words
from companion.ui.boards.bonbon.boardmode import BoardMode
from companion.ui.boards.bonbon.collective import CollectiveStrip
from companion.ui.boards.bonbon.entry import EntryPanel
from companion.ui.boards.bonbon.players import PlayerList
from companion.ui.boards.bonbon.scoring import ScoringTable
from companion.ui.boards.bonbon.tiles import TileStrip
from companion.ui.kit.made_ahead import ahead
from companion.ui.widgets import Text

TOP = 46  # the strip with the collective total and the tiles
# The rows' share of the width while cards are played: the cards take what the rows can spare, and the
# entry panel keeps five value buttons in a row at 800x480 wide enough for "Back" on one line in 20 px
# words (0.44 of 768 px, less the panel's padding: 5 x 60.8 + gaps), and the kind hint whole on one line.
LEFT = 0.56


class BonbonBoard(Board):
    """Reads only the session's public view; every touch goes through act()."""

    def __init__(self, act, say, **kwargs) -> None:
        super().__init__(act, say, orientation="vertical", spacing=theme.GAP, **kwargs)
        self.mode: str | None = None

    def refresh(self, view: dict[str, Any]) -> None:
        mode = view["view"]["mode"]
        if mode != self.mode:
            self.clear_widgets()
            self._board_mode() if mode == "board" else self._game_mode()
            self.mode = mode
            if mode == "game":
                # Each player's row, the draw panel's buttons and each scoring line, one a frame
                # while the tiles are being chosen: the touches that start round 1 and end it then
                # only fill them in. The draw's buttons: a value for each value the game's cards
                # show (its options), a chip for each kind.
                count = len(view["players"])
                # 9: the deck's, for a table saved without the option (as games/bonbon/board.py reads it).
                values = range(view["options"].get("max_value", 9) + 1)
                ahead(self, [*(lambda board, n=n: board.players.make(n) for n in range(1, count + 1)),
                             lambda board: board.entry.make_draw(values=values),
                             lambda board: board.entry.make_draw(chips=words.KIND_CHIPS),
                             *(lambda board, n=n: board.scoring.make(n) for n in range(1, count + 1))])
        if mode == "board":
            self.board.show(view)
        else:
            self._show_game(view)

    # -- building ------------------------------------------------------------

    def _board_mode(self) -> None:
        self.board = BoardMode(act=self.act)
        self.add_widget(self.board)

    def _game_mode(self) -> None:
        self.strip = top = BoxLayout(size_hint_y=None, height=TOP, spacing=theme.GAP)
        self.collective = CollectiveStrip(size_hint_x=LEFT)
        self.tiles = TileStrip(size_hint_x=1 - LEFT, touched=lambda tile: self.entry.tile_touched(tile))
        top.add_widget(self.collective)
        top.add_widget(self.tiles)
        self.add_widget(top)
        self.main = BoxLayout(spacing=theme.GAP)
        self.left = BoxLayout(orientation="vertical", spacing=4)
        self.players = PlayerList(touched=lambda name, position: self.entry.card_touched(name, position))
        self.warnings = Text(text="", font_size=theme.FONT_SMALL, color=theme.WARNING)
        # What the last touch's card did that the rows do not show (a reveal card with nothing to
        # reveal), under the rows until the next change: as a message over the bottom of the screen
        # it covered Face down and Pass for the next player.
        self.news = Text(text="", font_size=theme.FONT_SMALL, color=theme.TEXT)
        self._news_at: int | None = None
        self._scoring: ScoringTable | None = None  # made ahead, not in Start game's touch (see scoring)
        self.entry = EntryPanel(act=self._act, focus=self.players.mark,
                                say=self.say)
        self.main.add_widget(self.left)
        self.main.add_widget(self.entry)
        self.add_widget(self.main)

    @property
    def scoring(self) -> ScoringTable:
        """The round's scoring table, made the first time it is asked for: by the jobs made ahead
        while round 1 is played (in Start game's touch it was a tenth of the touch), or at once by
        a game resumed into its scoring."""
        if self._scoring is None:
            self._scoring = ScoringTable()
        return self._scoring

    def cancel_entry(self) -> str | None:
        # Board mode has no entry panel (a touch there is a whole move): nothing is ever halfway.
        return self.entry.cancel_entry() if self.mode == "game" else None

    def _act(self, action: dict[str, Any]) -> Any:
        """A touch's action, and what the game announces about it that the board would not show."""
        change = self.act(action)
        said = [m for m in (words.event_message(e) for e in (change.events if change else [])) if m]
        if said:
            self.news.text = "\n".join(said)
            self._news_at = change.revision
            self._show_game(change.view)
        return change

    # -- showing -------------------------------------------------------------

    def _show_game(self, view: dict[str, Any]) -> None:
        game = view["view"]
        colours = {p["name"]: words.readable(p["colour"]) for p in view["players"]}
        phase = game["phase"]
        scored = phase in ("scored", "over") and game["scoring"]
        # The columns' shares before anything else changes: their layout then runs first, and the
        # left column's own (the scoring table's cells, each drawn at its width) once, at its new
        # width, not first at the old one and again.
        if scored:
            # The scoring table takes the top strip's height too: the board no longer moves.
            self.left.size_hint_x, self.entry.size_hint_x = 0.62, 0.38
        elif phase != "setup":
            self.left.size_hint_x, self.entry.size_hint_x = LEFT, 1 - LEFT
        self.collective.show(game["collective"])
        self.tiles.show(game["tiles"], colours)
        self.left.clear_widgets()
        self._top(phase not in ("setup", "scored", "over"))
        self._left(phase != "setup")
        if scored:
            self.left.add_widget(self.scoring)
            tokens = {p["name"]: p["tokens"] for p in game["players"]}
            self.scoring.show(game["scoring"], colours, tokens, game["tokens_to_win"])
        elif phase != "setup":
            self.players.show(game["players"], colours, view["expected"]["turn"], game["tokens_to_win"],
                              playing=phase == "play")
            self.left.add_widget(self.players)
        if phase == "play" and self._news_at == view["revision"] and self.news.text:
            self.left.add_widget(self.news)
        if phase != "setup" and game["warnings"]:
            # Under the scoring table too: a value entered at the last reveal, a card turned face-down
            # that counts once it is turned over, or a variety count may be what needs checking.
            self.warnings.text = "Check the cards entered: " + "; ".join(game["warnings"])
            self.left.add_widget(self.warnings)
        self.entry.show(view, colours)

    def _left(self, shown: bool) -> None:
        """Before the first round the tile and starter choice takes the whole width."""
        if shown and not self.left.parent:
            self.main.add_widget(self.left, index=1)
        elif not shown and self.left.parent:
            self.main.remove_widget(self.left)

    def _top(self, shown: bool) -> None:
        if shown and not self.strip.parent:
            self.add_widget(self.strip, index=1)
        elif not shown and self.strip.parent:
            self.remove_widget(self.strip)
