"""The Dice Cone's part of the board: the last roll as large as it fits, what it demands, roll-offs."""

from __future__ import annotations

import re
from typing import Any

from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.stencilview import StencilView
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.boards.bondcones import words
from companion.ui.widgets import Panel, Text


MARKUP = re.compile(r"\[[^\]]*\]")


class FitLabel(Label):
    """A die face that grows to fill its box: a digit gets bigger than a word."""

    def __init__(self, max_size: float = 400, **kwargs) -> None:
        kwargs.setdefault("bold", True)
        kwargs.setdefault("halign", "center")
        kwargs.setdefault("valign", "middle")
        super().__init__(**kwargs)
        self.max_size = max_size
        self.bind(size=self._fit, text=self._fit)

    def _fit(self, *_) -> None:
        self.text_size = self.size
        chars = max(1, len(MARKUP.sub("", self.text)))
        # Roboto Bold capitals are about 0.7 em wide, its line about 1.2 em tall.
        self.font_size = max(10, min(self.max_size, self.height / 1.2, self.width / (0.72 * chars + 0.2)))


class ClipColumn(BoxLayout, StencilView):
    """A column whose text never draws outside it, whatever a long name does to the wrapping."""


class FaceBox(BoxLayout):
    """One die: whose it is above, the face below."""

    def __init__(self, caption: str, face: str, colour: list[float], markup_caption: bool = False,
                 **kwargs) -> None:
        super().__init__(orientation="vertical", **kwargs)
        self.caption = Text(text=caption, wrap=False, markup=markup_caption, font_size=theme.FONT_SMALL,
                            bold=True, color=colour, halign="center", size_hint_y=None,
                            height=theme.FONT_SMALL * 1.5)
        self.face = FitLabel(text=face, color=colour, markup=True)
        self.add_widget(self.caption)
        self.add_widget(self.face)


class RollPanel(Panel):
    """The last roll (or the opening roll-off, or an open battle) with its demand and what just happened."""

    def __init__(self, **kwargs) -> None:
        super().__init__(padding=(theme.PAD, 6), spacing=theme.PAD, **kwargs)
        self.faces = BoxLayout(size_hint_x=0.3, spacing=theme.GAP)
        self.add_widget(self.faces)
        self.column = ClipColumn(orientation="vertical", spacing=2)
        self.header = Text(text="", markup=True, bold=True)
        self.headline = Text(text="", markup=True, font_size=theme.FONT_TITLE, bold=True)
        self.detail = Text(text="", font_size=theme.FONT_SMALL, color=theme.MUTED)
        self.news = Text(text="", font_size=theme.FONT_SMALL)
        for widget in (self.header, self.headline, self.detail, self.news, Widget()):
            self.column.add_widget(widget)
        self.add_widget(self.column)
        self._detail = ""
        self._notes: list[str] = []
        self._fit = Clock.create_trigger(self._fit_text)
        self.column.bind(size=self._fit)
        self.news.bind(width=self._fit)  # the wrapping follows the layout, which comes a frame later

    def show(self, view: dict[str, Any], colours: dict[str, list[float]]) -> None:
        game = view["view"]
        self.faces.clear_widgets()
        if game["phase"] == "opening":
            self._opening(game, colours)
        elif game["step"] == "battle":
            self._battle(game, colours)
        elif game["step"] == "remove":
            self._removal(game, colours)
        elif game["last_roll"] is None:
            self._started(game, colours)
        else:
            self._last_roll(game, colours)
        if game["phase"] == "over":
            winner = game["winner"]
            self.header.text = "Game over"
            self.header.color = theme.TEXT
            self.headline.text = f"{winner} wins with {game['sides'][winner]['points']} points"
            self.headline.color = colours[winner]
            self.detail.text = "Undo takes back the last move."
        duel = len(self.faces.children) == 2
        # Two dice need the width; their news ("Leo rolled bondo ...") is what the faces show.
        self.faces.size_hint_x = 0.44 if duel else 0.3
        notes = [] if duel else [t for t in game["last"] if not _repeats_demand(t, game)
                                 and t != self.headline.text]
        if game["aside"]:
            notes.append("A BondO is set aside: the next player to roll BONDO places it.")
        self._notes = notes
        self._detail = self.detail.text
        # A long headline (a peek's or a BondO's demand) steps down a size to stay inside the panel.
        self.headline.font_size = theme.FONT_TITLE if len(MARKUP.sub("", self.headline.text)) <= 30 else theme.FONT
        self._fit_text()

    def _fit_text(self, *_) -> None:
        """What happened last, as much as fits: the oldest news line goes first, then the reminder."""
        texts = [self.header, self.headline, self.detail, self.news]
        for keep_detail in (True, False):
            self.detail.text = self._detail if keep_detail else ""
            for start in range(len(self._notes) + 1):
                self.news.text = "\n".join(self._notes[start:])
                for label in texts:
                    label.texture_update()
                used = sum(label.texture_size[1] for label in texts) + self.column.spacing * len(texts)
                if used <= self.column.height:
                    return

    # -- the five things this panel can show ---------------------------------

    def _duel(self, players: list[str], rolls: dict[str, str | None], colours: dict[str, list[float]]) -> None:
        for name in players:
            self.faces.add_widget(FaceBox(name, words.face(rolls[name]), colours[name]))

    def _opening(self, game: dict[str, Any], colours: dict[str, list[float]]) -> None:
        opening = game["opening"]
        self._duel(list(opening["rolls"]), opening["rolls"], colours)
        self.header.text = "Opening roll" + (f", round {opening['rounds']}" if opening["rounds"] > 1 else "")
        self.header.color = theme.TEXT
        self.headline.text = f"{game['to_act']} rolls"
        self.headline.color = colours[game["to_act"]]
        ties = opening["ties"]
        again = f"Both rolled {words.face(ties[-1][0])}: both roll again. " if ties else ""
        self.detail.text = again + "The highest starts: BONDO, PEEK, 4, 3, 2, 1."

    def _battle(self, game: dict[str, Any], colours: dict[str, list[float]]) -> None:
        fight = game["battle"]
        self._duel([fight["challenger"], fight["defender"]], fight["rolls"], colours)
        prize = "the Double BondO" if fight["against_double"] else "a BondO"
        self.header.text = f"{words.symbol('⚔')} BondO Battle, round {fight['rounds']}"
        self.header.color = theme.WARNING
        self.headline.text = f"{fight['challenger']} challenges {fight['defender']}"
        self.headline.color = theme.TEXT
        self.detail.text = f"For {prize}. {fight['next']} rolls next; the highest face wins, equal faces roll again."

    def _removal(self, game: dict[str, Any], colours: dict[str, list[float]]) -> None:
        loser = game["turn"]
        remover = game["to_act"]
        self.faces.add_widget(FaceBox("battle lost", words.symbol("⚔"), colours[remover]))
        self.header.text = f"{loser} lost the battle"
        self.header.color = colours[loser]
        self.headline.text = f"{remover} removes a cone"
        self.headline.color = colours[remover]
        self.detail.text = f"Any one of {loser}'s cones: {remover} scores its value."

    def _started(self, game: dict[str, Any], colours: dict[str, list[float]]) -> None:
        opening = game["opening"]
        self._duel(list(opening["rolls"]), opening["rolls"], colours)
        self.header.text = "Opening roll"
        self.header.color = theme.TEXT
        self.headline.text = f"{game['starter']} starts"
        self.headline.color = colours[game["starter"]]
        self.detail.text = ""

    def _last_roll(self, game: dict[str, Any], colours: dict[str, list[float]]) -> None:
        roll = game["last_roll"]
        roller = roll["player"]
        colour = colours[roller]
        self.faces.add_widget(FaceBox(f"turn {roll['turn_number']}", words.face(roll["face"]), colour))
        self.header.text = f"{roller} rolled {words.face(roll['face'])}"
        self.header.color = colour
        head, rest = words.demand_parts(roll["demand"])
        self.headline.text = head
        self.headline.color = theme.TEXT
        # The rulebook's reminder while the roller moves; once the turn passed, the news says more.
        self.detail.text = rest if game["step"] == "move" else ""


def _repeats_demand(text: str, game: dict[str, Any]) -> bool:
    """The roll's own news line says what the headline already says."""
    roll = game["last_roll"]
    return bool(roll) and roll["demand"]["text"] in text
