"""The trick on the table: who played what, round from the leader; the last trick and who took it
once a new one waits for its lead; a failure to follow once proved."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.boards.bon.colours import FILL, INK, NAME, of_card
from companion.ui.kit.layout import caption
from companion.ui.styling import symbol
from companion.ui.widgets import Panel, Text


class PlayLine(BoxLayout):
    """A player's name and the card they played (or what is awaited)."""

    def __init__(self) -> None:
        super().__init__(spacing=theme.GAP, size_hint_y=None, height=theme.FONT * 1.45)
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


class TrickPanel(Panel):
    def __init__(self, **kwargs) -> None:
        super().__init__(orientation="vertical", padding=(theme.PAD, theme.GAP), spacing=2, **kwargs)
        self.title = caption("", bold=True)
        self.add_widget(self.title)
        self.lines = BoxLayout(orientation="vertical", spacing=2)
        self.add_widget(self.lines)
        self.notice = caption("", colour=theme.DANGER)
        self.add_widget(self.notice)

    def show(self, game: dict[str, Any], names: list[str], colours: dict[str, list[float]]) -> None:
        trick, last = game["trick"], game["last_trick"]
        shown = trick if trick and trick["plays"] else (last or trick)
        self.lines.clear_widgets()
        notices = [r["text"] for r in game["revokes"]]
        self.notice.text = notices[-1] if notices else ""
        if shown is None:
            self.title.text = "Cards are entered as they are played, face up"
            return
        done = "winner" in shown
        prime = shown["prime"]
        if done:
            card = next(p["label"] for p in shown["plays"] if p["card"] == shown["card"])
            self.title.text = f"Trick {shown['number']}: {shown['winner']} takes it with {card}"
        else:
            said = f"Prime: {NAME[prime]}" if prime else ("no Prime yet" if shown["plays"] else "")
            self.title.text = f"Trick {shown['number']} of 7" + (f"  ·  {said}" if said else "")
        start = names.index(shown["leader"])
        played = {p["player"]: p for p in shown["plays"]}
        for i in range(len(names)):
            name = names[(start + i) % len(names)]
            play = played.get(name)
            line = PlayLine()
            line.show(name, colours[name], play["card"] if play else None, play["label"] if play else "",
                      acting=not done and game["turn"] == name, won=done and shown["winner"] == name)
            self.lines.add_widget(line)
