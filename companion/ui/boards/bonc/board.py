"""The BONC! board: a tile per player on the left; on the right the last card (or what the table is
asked) over the card pad, which stays in its place from the first card to the last.

Entries of two touches: a card that needs a player (whom BORROWED TIME robs, whom a BAND-AID
helps) names the players on their tiles. A BLOCK is one touch, and there is one way to it: the
BLOCK on the attacked player's own tile (a BLOCK is not a turn: nobody else plays it by accident
from the pad, whose BLOCK card is greyed while the player on turn could block with it, and
drawn as a plain card of the player on turn while someone else may).
Reads only the session's view; every finished entry is one action through act().
"""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.ui import theme
from companion.ui.boards.base import Board
from companion.ui.boards.bonc.pad import CardPad
from companion.ui.boards.bonc.status import Choice, LastCard
from companion.ui.boards.bonc.tiles import PlayerTile
from companion.ui.kit import fields as f
from companion.ui.styling import readable

# The word on a player's tile while a card asks for a player, by the field asking.
CHOOSE = {"target": "Take", "gift": "Give"}


class BoncBoard(Board):
    def __init__(self, act, say, **kwargs) -> None:
        super().__init__(act, say, spacing=theme.GAP, **kwargs)
        self.grid = GridLayout(cols=2, rows=2, spacing=theme.GAP, size_hint_x=0.45)
        self.add_widget(self.grid)
        self.tiles: list[PlayerTile] = []
        right = BoxLayout(orientation="vertical", spacing=theme.GAP, size_hint_x=0.55)
        self.side = right
        self.status = LastCard()
        self.pad = CardPad(choose=self.card)
        right.add_widget(self.status)
        right.add_widget(self.pad)
        self.add_widget(right)
        self.view: dict[str, Any] | None = None
        # A card waiting for its player ({"card", "field"}).
        self.entry: dict[str, Any] | None = None

    # -- what is shown ---------------------------------------------------------------------------

    def refresh(self, view: dict[str, Any]) -> None:
        self.view = view
        self.entry = None
        self._draw()

    def _legal(self) -> dict[str, dict[str, Any]]:
        return {spec["type"]: spec for spec in (self.view or {}).get("expected", {}).get("legal", [])}

    def _tiles(self, count: int) -> None:
        """As many tiles as players, always in two rows: a tile keeps the height for its big number."""
        if len(self.tiles) == count:
            return
        self.grid.clear_widgets()
        self.grid.cols = (count + 1) // 2
        self.tiles = [PlayerTile(on_block=self.block, on_choose=self._finish) for _ in range(count)]
        for tile in self.tiles:
            self.grid.add_widget(tile)

    def _draw(self) -> None:
        assert self.view is not None
        game, legal = self.view["view"], self._legal()
        play = legal.get("play")
        if play is not None:
            self.pad.build(play["fields"]["card"])
        choosing = self._choosing(play)
        self._tiles(len(game["players"]))
        for tile, seat, player in zip(self.tiles, self.view["players"], game["players"]):
            # A tile showing BLOCK keeps it while a card waits for a player: that player is named
            # above the pad instead (John's "BLOCK −1" once became "Take" under his finger).
            choice = "" if player["can_block"] else choosing.get(player["name"], "")
            tile.show(seat, player, choice=choice, over=game["phase"] == "over")
        self.pad.offer(self._cards(play, game) if play is not None and self.entry is None else None)
        self.pad.show_block(self._turn_colour_while_a_block_waits(game))
        self.status.show(game)
        self._ask(game, legal)

    def _cards(self, play: dict[str, Any], game: dict[str, Any]) -> dict[str, Any]:
        """The card field as the pad offers it: the BLOCK card greyed while the player on turn was
        hit and may block, since their tile's BLOCK is the one way to block."""
        field = play["fields"]["card"]
        blockers = set(self._legal().get("block", {}).get("by") or ())
        if game.get("turn") not in blockers:
            return field
        options = [{**o, "enabled": False} if o["value"] == "block" else o for o in field.get("options", [])]
        return {**field, "options": options}

    def _turn_colour_while_a_block_waits(self, game: dict[str, Any]) -> list[float] | None:
        """The colour of the player on turn while someone else may BLOCK (the pad's BLOCK card is
        then plainly theirs to play as a card); None otherwise."""
        blockers = set(self._legal().get("block", {}).get("by") or ())
        turn = game.get("turn")
        if not blockers or turn is None or turn in blockers:
            return None
        names = [p["name"] for p in game["players"]]
        if turn not in names:
            return None
        return readable(self.view["players"][names.index(turn)]["colour"])

    def _choosing(self, play: dict[str, Any] | None) -> dict[str, str]:
        """While a card waits for a player: the players it may name, with the word on their tiles."""
        if not self.entry or "field" not in self.entry or play is None:
            return {}
        field = play["fields"][self.entry["field"]]
        word = CHOOSE.get(self.entry["field"], "Choose")
        return {name: word for name in f.values(field, {"card": self.entry["card"]})}

    def _ask(self, game: dict[str, Any], legal: dict[str, dict[str, Any]]) -> None:
        """What the table is asked now, in the status panel's place (nothing: the last card shows)."""
        cancel = Choice("Cancel", self.cancel)
        if self.entry:
            field = legal["play"]["fields"][self.entry["field"]]
            label = f.label(legal["play"]["fields"]["card"], self.entry["card"])
            nobody = [Choice("Nobody", lambda: self._finish(None))] if field.get("optional") else []
            blocking = {p["name"] for p in game["players"] if p["can_block"]}
            named = [Choice(f"{word} {name}", lambda n=name: self._finish(n))
                     for name, word in self._choosing(legal.get("play")).items() if name in blocking]
            self.status.ask(f"{label}: {field['label'].lower()}? Touch a player.", [*named, *nobody, cancel])
        elif "deal" in legal:
            self.status.ask("Everyone is out of cards",
                            [Choice(legal["deal"]["label"], lambda: self.act({"type": "deal"}), primary=True)])
        elif "no_block" in legal:
            self.status.ask(game["said"]["last"],
                            [Choice(legal["no_block"]["label"], lambda: self.act({"type": "no_block"}),
                                    primary=True)])

    # -- touches ---------------------------------------------------------------------------------

    def card(self, card: Any) -> None:
        """A card touched: played at once, unless it needs a player (asked on the tiles)."""
        spec = self._legal().get("play")
        if spec is None or self.entry is not None:
            return
        needs = [name for name, field in spec["fields"].items()
                 if name != "card" and f.resolve(field, {"card": card}) is not None]
        if not needs:
            self.act({"type": "play", "card": card})
            return
        self.entry = {"card": card, "field": needs[0]}
        self._draw()

    def _finish(self, who: Any) -> None:
        entry = self.entry or {}
        if "field" not in entry:
            return
        action = {"type": "play", "card": entry["card"]}
        if who is not None:
            action[entry["field"]] = who
        self.entry = None
        if self.act(action) is None:
            self._draw()  # refused: the board comes back as it was, the refusal is on screen

    def block(self, player: str) -> None:
        """The BLOCK on a player's own tile: one touch, and the BLOCK is made (a card being entered
        meanwhile is let go: the table has moved on, and it is entered again)."""
        self.act({"type": "block", "by": player})

    def cancel(self) -> str | None:
        """Let go of a half-made entry; what was let go, or None."""
        if not self.entry:
            return None
        self.entry = None
        self._draw()
        return "Cleared the card being entered"

    def cancel_entry(self) -> str | None:
        return self.cancel()
