"""A player's finger on the Baon board: touches by the words on a button, counted, and the
card pad used as a player uses it (a suit key only when the suit framed is not the one wanted)."""

from __future__ import annotations

from typing import Any

from kivy.uix.button import Button

from companion.games.baon.cards import is_wild
from tests.support.finger import tap as finger_tap
from tests.ui.driver import AppDriver


class Finger:
    """Touches the app's buttons by their words and counts every touch."""

    def __init__(self, app: AppDriver) -> None:
        self.app = app
        self.touches = 0

    @property
    def board(self):
        return self.app.app.screen("play").board

    @property
    def session(self):
        return self.app.table.session

    def view(self) -> dict[str, Any]:
        return self.session.view()["view"]

    def _touch(self, widget) -> None:
        assert not widget.disabled, f"{widget.text!r} is greyed"
        x, y = widget.to_window(*widget.center)
        finger_tap(self.app, x, y)  # waits, as a player does, to see what is there
        self.touches += 1
        self.app.frames(1)  # one frame runs every layout the touch set off

    def press(self, *texts: str) -> None:
        """Touch the board's buttons showing these words, one after the other."""
        self.app.frames(1)  # whatever changed since the last touch is laid out, as a person sees it
        for text in texts:
            self._touch(self.app.find(text, root=self.board.entry))

    def bar(self, text: str) -> None:
        """Touch a button of the bar above the board (Undo, Redo)."""
        self._touch(self.app.find(text, root=self.app.app.screen("play")))

    def offered(self) -> list[str]:
        return [w.text for w in self.board.entry.walk()
                if isinstance(w, Button) and w.opacity > 0 and not w.disabled and w.get_root_window()]

    def cards(self, cards: list[str]) -> None:
        """Enter cards on the pad: a suit's key when another suit is framed, then the value."""
        pad = self.board.entry.pad
        for card in cards:
            if is_wild(card):
                self._touch(pad.suit_buttons["w"])
                continue
            if pad.suit != card[0]:
                self._touch(pad.suit_buttons[card[0]])
            self._touch(next(b for b in pad.value_buttons if b.text == card[1:]))

    # -- whole moves, as a player enters them ------------------------------------------

    def take(self, *sources: Any) -> None:
        """Take Food from these sources, in order ("pile" or a space's number)."""
        self.press("Take food")
        field = next(s for s in self.session.view()["expected"]["legal"] if s["type"] == "take")["fields"]["sources"]
        left = {o["value"]: int(o["detail"].split()[0]) for o in field["options"]}
        if len(sources) == 3:
            self.press("3 from the pile")
            return
        for source in sources:
            label = "Pile" if source == "pile" else f"Space {source}"
            self.press(f"{label} ({left[source]})")
            left[source] -= 1
        if len(sources) == 1:
            self.press("Take 1")

    def baon(self, container_name: str, cards: list[str], end_turn: bool = False) -> None:
        """Play a baon; the container's key only when the one the pad starts on is another."""
        self.press("Play a baon")
        container = next(s["id"] for s in self.view()["suits"] if s["name"] == container_name)
        # The first food touched before a card is the container: needed for another container, or
        # before a first card of another suit (else that card's key would be taken as the container).
        if self.board.entry.draft["container"] != container or cards[0][0] != container:
            self.press(container_name[:3])
        self.cards(cards)
        self.press("Pack +\nend turn" if end_turn else "Pack baon")

    def add(self, owner: str, container: str, cards: list[str], end: str | None = None) -> None:
        """Add cards to a baon, chosen by its owner and container letter."""
        self.press("Add to a baon")
        self._touch(self._baon_button(owner, container))
        self.cards(cards)
        self.press({"low": "Below", "high": "Above"}[end] if end else "Add")

    def share(self, owner: str, container: str, cards: list[str]) -> None:
        """Add cards to a baon touched in its owner's line, and end the turn with the same touch."""
        self.touch_baon(owner, container)
        self.cards(cards)
        self.press("Add +\nend turn")

    def touch_baon(self, owner: str, container: str) -> None:
        """A finger on the baon's words in its owner's line on the left."""
        self.app.frames(1)
        panel = next(p for p in self.board.players.panels if p.name == owner)
        label = panel.baons
        label.texture_update()
        x1, y1, x2, y2 = label.refs[container][0]
        tw, th = label.texture_size
        left, top = label.center_x - tw / 2, label.center_y + th / 2  # the texture, centred in the label
        x, y = label.to_window(left + (x1 + x2) / 2, top - (y1 + y2) / 2)
        finger_tap(self.app, x, y)  # waits, as a player does, to see what is there
        self.touches += 1
        self.app.frames(1)

    def _baon_button(self, owner: str, container: str):
        view = self.view()
        name = next(s["name"] for s in view["suits"] if s["id"] == container)
        baon = next(b for p in view["players"] if p["name"] == owner for b in p["baons"]
                    if b["container"] == container)
        return self.app.find(f"{owner}: {name} {baon['low']}-{baon['high']}", root=self.board.entry)

    def favourite(self, name: str) -> None:
        """A favourite food: its chip under the menu, one touch."""
        self.press(name[:3])

    def claim(self, name: str) -> None:
        """A bonus token: the menu's "Claim <token>" when it is the only one to claim, else Claim a
        token, then the token."""
        self.app.frames(1)
        if f"Claim {name}" in self.offered():
            self.press(f"Claim {name}")
            return
        points = next(m["points"] for m in self.view()["majorities"] if m["name"] == name)
        self.press("Claim a token", f"{name} ({points} points)")

    def end_turn(self) -> None:
        self.press("End turn")
