"""The trick on the table: who played what, round from the leader; the last trick and who took it
once a new one waits for its lead; a failure to follow in the title's place while it is the news."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.boards.bon.colours import FILL, INK, NAME, of_card
from companion.ui.boards.bon.text import SMALL, caption, line_height
from companion.ui.kit.kept import in_place
from companion.ui.styling import symbol
from companion.ui.widgets import Panel, Text

SPACING = 2


class PlayLine(BoxLayout):
    """A player's name and the card they played (or what is awaited)."""

    def __init__(self) -> None:
        super().__init__(spacing=theme.GAP, size_hint_y=None, height=line_height(theme.FONT))
        self.name = Text(text="", wrap=False, bold=True, size_hint_x=0.5, shorten=True, markup=True)
        self.card = Panel(radius=6, size_hint_x=0.5)
        self.card_text = Text(text="", wrap=False, bold=True, halign="center", markup=True)
        self.card.add_widget(self.card_text)
        self.add_widget(self.name)
        self.add_widget(self.card)

    def show(self, name: str, colour: list[float], card: str | None, label: str, acting: bool, won: bool) -> None:
        self.name.text = (symbol("▶") + " " if acting else "") + name
        self.name.color = colour
        key = of_card(card) if card else None
        self.card.background = FILL[key] if key else theme.PANEL
        self.card_text.color = INK[key] if key else theme.MUTED
        self.card_text.text = (label + ("  " + symbol("★") if won else "")) if card else ("to play" if acting else "")

    def fit(self, height: float) -> None:
        """As tall as the panel allows, up to the normal size; the words never under 20 px."""
        self.height = height
        size = theme.FONT if height >= line_height(theme.FONT) else SMALL
        self.name.font_size = self.card_text.font_size = size


class TrickPanel(Panel):
    def __init__(self, **kwargs) -> None:
        super().__init__(orientation="vertical", padding=(theme.PAD, theme.GAP), spacing=SPACING, **kwargs)
        # One line of title, or two of a failure to follow; the card lines share what is left.
        self.title = caption("", bold=True)
        self.title.max_lines = 2
        self.add_widget(self.title)
        self.lines = BoxLayout(orientation="vertical", spacing=SPACING, size_hint_y=None)
        self._pool: list[PlayLine] = []
        self.add_widget(self.lines)
        self.add_widget(Widget())  # what room is left stays under the lines, not between them and the title
        self.notice = self.title  # the words of a failure to follow stand where the title stands
        self.bind(height=self._fit)
        self.title.bind(height=self._fit)

    def show(self, game: dict[str, Any], names: list[str], colours: dict[str, list[float]]) -> None:
        trick, last = game["trick"], game["last_trick"]
        shown = trick if trick and trick["plays"] else (last or trick)
        if shown is None:
            self._lines(0)
            self._title("Cards are entered as they are played, face up")
            return
        done = "winner" in shown
        # A failure to follow is the news while the trick that proved it is on screen; after that the
        # players' panel marks who failed (the title's trick number and Prime are in the prompt above).
        news = [r["short"] for r in game["revokes"] if r["proved_in"] == shown["number"]]
        prime = shown["prime"]
        if news:
            self._title(news[-1], theme.DANGER)
        elif done:
            card = next(p["label"] for p in shown["plays"] if p["card"] == shown["card"])
            self._title(f"Trick {shown['number']}: {shown['winner']} takes it with {card}")
        else:
            said = f"Prime: {NAME[prime]}" if prime else ("no Prime yet" if shown["plays"] else "")
            self._title(f"Trick {shown['number']} of 7" + (f"  ·  {said}" if said else ""))
        start = names.index(shown["leader"])
        played = {p["player"]: p for p in shown["plays"]}
        for i, line in enumerate(self._lines(len(names))):
            name = names[(start + i) % len(names)]
            play = played.get(name)
            line.show(name, colours[name], play["card"] if play else None, play["label"] if play else "",
                      acting=not done and game["turn"] == name, won=done and shown["winner"] == name)
        self._fit()

    def _lines(self, count: int) -> list[PlayLine]:
        """`count` lines, top first: the same lines from move to move, their words changed in place.
        New lines at every move left the old ones to the garbage collector, whose passes made the
        frames after a touch late, and each new line laid out and drew its words afresh."""
        return in_place(self.lines, self._pool, count, PlayLine)

    def _title(self, text: str, colour: list[float] = theme.TEXT) -> None:
        self.title.text = text
        self.title.color = colour

    def _fit(self, *_) -> None:
        lines = self.lines.children
        if not lines:
            return
        room = self.height - 2 * self.padding[1] - self.title.height - SPACING
        each = min(line_height(theme.FONT), (room - SPACING * (len(lines) - 1)) / len(lines))
        for line in lines:
            line.fit(max(each, line_height(SMALL) * 0.9))
        self.lines.height = sum(line.height for line in lines) + SPACING * (len(lines) - 1)
