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
from companion.ui.kit.measure import drawn_size, drawn_width
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
        # Two dice side by side at 800x480 leave a name of seven letters no room in bold.
        self.caption.bind(width=self._fit_caption)
        self.face = FitLabel(text=face, color=colour, markup=True)
        self.add_widget(self.caption)
        self.add_widget(self.face)

    def show(self, caption: str, face: str, colour: list[float]) -> FaceBox:
        """Another die in this box (the panel keeps its boxes from move to move)."""
        self.caption.text, self.caption.color = caption, colour
        self.face.text, self.face.color = face, colour
        self._fit_caption()
        return self


    def _fit_caption(self, *_) -> None:
        self.caption.bold = drawn_width(self.caption.text, theme.FONT_SMALL, bold=True, markup=True) <= self.caption.width - 3  # Kivy shortens a few px early


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
        self._boxes: list[FaceBox] = []
        self._faces_used = 0
        self._fit = Clock.create_trigger(self._fit_text)
        self.column.bind(size=self._fit)
        self.news.bind(width=self._fit)  # the wrapping follows the layout, which comes a frame later

    def show(self, view: dict[str, Any], colours: dict[str, list[float]]) -> None:
        game = view["view"]
        self.faces.clear_widgets()
        self._faces_used = 0
        # Each state says which of the last action's news lines add to what it shows: the
        # panel only ever shows what is current, never a roll from an earlier turn.
        if game["phase"] == "opening":
            notes = self._opening(game, colours)
        elif game["step"] == "battle":
            notes = self._battle(game, colours)
        elif game["step"] == "remove":
            notes = self._removal(game, colours)
        elif game["step"] == "move":
            notes = self._last_roll(game, colours)
        elif game["phase"] == "over":
            notes = self._over(game, colours)
        elif game.get("last_battle"):
            notes = self._decided(game, colours)
        elif game["last_roll"] is None:
            notes = self._started(game, colours)
        else:
            notes = self._waiting(game, colours)
        duel = len(self.faces.children) == 2
        # Two dice need the width.
        self.faces.size_hint_x = 0.5 if duel else 0.3  # two dice, each under a name of seven letters
        notes = [t for t in notes if t != self.headline.text]
        if game["aside"]:
            notes.append("A BondO is set aside: the next player to roll BONDO places it.")
        self._notes = notes
        self._detail = self.detail.text
        # A long headline (a peek's or a BondO's demand) steps down a size to stay inside the panel.
        self.headline.font_size = theme.FONT_TITLE if len(MARKUP.sub("", self.headline.text)) <= 30 else theme.FONT
        self._fit_text()

    def _fit_text(self, *_) -> None:
        """What happened last, as much as fits: the oldest news line goes first, then the reminder."""
        # Measured, not drawn: only the texts that fit are given to the labels to draw.
        fixed = _height(self.header, self.header.text) + _height(self.headline, self.headline.text)
        room = self.column.height - self.column.spacing * 4  # four lines of text: header to news
        detail = news = ""
        for detail in (self._detail, ""):
            for start in range(len(self._notes) + 1):
                news = "\n".join(self._notes[start:])
                if fixed + _height(self.detail, detail) + _height(self.news, news) <= room:
                    self.detail.text, self.news.text = detail, news
                    return
        self.detail.text, self.news.text = detail, news

    def _face(self, caption: str, face: str, colour: list[float]) -> FaceBox:
        """The next die of this move: the boxes are kept from move to move and shown the new roll,
        as new boxes at every move were left to the garbage collector, whose passes made the frames
        after a touch late, and drew their words afresh."""
        if self._faces_used == len(self._boxes):
            self._boxes.append(FaceBox("", "", theme.TEXT))
        box = self._boxes[self._faces_used]
        self._faces_used += 1
        return box.show(caption, face, colour)

    def _say(self, header: str, header_colour: list[float], headline: str, headline_colour: list[float],
             detail: str = "") -> None:
        self.header.text, self.header.color = header, header_colour
        self.headline.text, self.headline.color = headline, headline_colour
        self.detail.text = detail

    # -- what this panel can show --------------------------------------------

    def _duel(self, players: list[str], rolls: dict[str, str | None], colours: dict[str, list[float]],
              dim: str | None = None) -> None:
        for name in players:
            colour = colours[name]
            face_colour = colour[:3] + [0.45] if name == dim else colour  # the loser's die steps back
            box = self._face(name, words.face(rolls[name]), colour)
            box.face.color = face_colour
            self.faces.add_widget(box)

    def _opening(self, game: dict[str, Any], colours: dict[str, list[float]]) -> list[str]:
        opening = game["opening"]
        self._duel(list(opening["rolls"]), opening["rolls"], colours)
        ties = opening["ties"]
        again = f"Both rolled {words.face(ties[-1][0])}: both roll again. " if ties else ""
        self._say("Opening roll" + (f", round {opening['rounds']}" if opening["rounds"] > 1 else ""), theme.TEXT,
                  f"{game['to_act']} rolls", colours[game["to_act"]],
                  again + "The highest starts: BONDO, PEEK, 4, 3, 2, 1.")
        return []  # the dice and the detail say it all

    def _battle(self, game: dict[str, Any], colours: dict[str, list[float]]) -> list[str]:
        fight = game["battle"]
        names = [fight["challenger"], fight["defender"]]
        prize = "the Double BondO" if fight["against_double"] else "a BondO"
        rules = f"For {prize}. {fight['next']} rolls next; the highest face wins, equal faces roll again."
        ties = fight.get("ties") or []
        header = f"{words.symbol('⚔')} BondO Battle, round {fight['rounds']}"
        if ties and all(fight["rolls"][n] is None for n in names):
            # The equal pair stays on the dice until the new round's first roll, as the table saw it.
            tied = ties[-1]
            self._duel(names, dict(zip(names, tied)), colours)
            self._say(header, theme.WARNING, f"Both rolled {words.face(tied[0])}: roll again", theme.TEXT, rules)
            return []
        self._duel(names, fight["rolls"], colours)
        self._say(header, theme.WARNING, f"{fight['challenger']} challenges {fight['defender']}", theme.TEXT, rules)
        return []  # the dice show the battle's rolls

    def _decided(self, game: dict[str, Any], colours: dict[str, list[float]]) -> list[str]:
        """The deciding pair, who won and what follows, until the next roll."""
        fight = game["last_battle"]
        challenger, defender, winner = fight["challenger"], fight["defender"], fight["winner"]
        loser = defender if winner == challenger else challenger
        self._duel([challenger, defender], fight["rolls"], colours, dim=loser)
        header = f"{words.symbol('⚔')} {winner} wins the BondO Battle"
        if winner == challenger:
            # Against a Double BondO the other BondO is set aside: the aside note below says so.
            taken = f"one BondO of {defender}'s Double BondO" if fight["against_double"] else \
                f"a BondO back from {defender}"
            detail = f"{winner} takes {taken} and keeps the turn."
        elif fight["against_double"]:  # the removal came instead of a look ("more damaging")
            detail = f"{challenger} loses the turn. {defender} removed one of {challenger}'s cones."
        else:
            detail = f"{challenger} loses the turn. {defender} may look at one of {challenger}'s cones."
        self._say(header, colours[winner], f"{game['to_act']} rolls", colours[game["to_act"]], detail)
        # The rolls and the outcome are on the dice and above; a removal's value is news.
        return words.news(game)

    def _removal(self, game: dict[str, Any], colours: dict[str, list[float]]) -> list[str]:
        loser = game["turn"]
        remover = game["to_act"]
        fight = game.get("last_battle")
        if fight:
            self._duel([fight["challenger"], fight["defender"]], fight["rolls"], colours, dim=loser)
        else:  # a game saved before battles were kept: no pair to show
            self.faces.add_widget(self._face("battle lost", words.symbol("⚔"), colours[remover]))
        self._say(f"{words.symbol('⚔')} {remover} wins the BondO Battle", colours[remover],
                  f"{remover} removes a cone", colours[remover],
                  f"Any one of {loser}'s cones: {remover} scores its value.")
        return []  # the dice and the words above say it all

    def _started(self, game: dict[str, Any], colours: dict[str, list[float]]) -> list[str]:
        opening = game["opening"]
        self._duel(list(opening["rolls"]), opening["rolls"], colours)
        self._say("Opening roll", theme.TEXT, f"{game['starter']} starts", colours[game["starter"]])
        return []

    def _waiting(self, game: dict[str, Any], colours: dict[str, list[float]]) -> list[str]:
        """A new turn with no roll yet: the die waits; the last action's news says what came before."""
        player = game["turn"]
        self.faces.add_widget(self._face(player, "?", colours[player]))
        detail = ""
        roll = game["last_roll"]
        if roll["turn_number"] == game["turn_number"] - 1 and roll["demand"]["kind"] in ("peek", "bondo"):
            # That roll just passed the Dice Cone, but its roller still carries out its demand: said
            # once, here (the view's recent events leave it out).
            demand = roll["demand"]["text"]
            detail = f"{roll['player']} rolled {words.face(roll['face'])}: {demand[:1].lower()}{demand[1:]}"
        self._say(f"Turn {game['turn_number']}", colours[player], f"{player} rolls", colours[player], detail)
        return words.news(game)

    def _last_roll(self, game: dict[str, Any], colours: dict[str, list[float]]) -> list[str]:
        """The current turn's roll, large, with what it demands while the roller moves."""
        roll = game["last_roll"]
        roller = roll["player"]
        colour = colours[roller]
        self.faces.add_widget(self._face(f"turn {roll['turn_number']}", words.face(roll["face"]), colour))
        head, rest = words.demand_parts(roll["demand"])
        self._say(f"{roller} rolled {words.face(roll['face'])}", colour, head, theme.TEXT, rest)
        return words.news(game)

    def _over(self, game: dict[str, Any], colours: dict[str, list[float]]) -> list[str]:
        """The winner, with the dice that led to the last capture or removal."""
        winner = game["winner"]
        fight, roll = game.get("last_battle"), game["last_roll"]
        if fight:
            loser = fight["defender"] if fight["winner"] == fight["challenger"] else fight["challenger"]
            self._duel([fight["challenger"], fight["defender"]], fight["rolls"], colours, dim=loser)
        elif roll:
            self.faces.add_widget(self._face(f"turn {roll['turn_number']}", words.face(roll["face"]),
                                          colours[roll["player"]]))
        self._say("Game over", theme.TEXT, f"{winner} wins with {game['sides'][winner]['points']} points",
                  colours[winner], "Undo takes back the last move.")
        return words.news(game)


def _height(label: Label, text: str) -> float:
    """How tall `label` would draw `text` at its width and settings now."""
    return drawn_size(text, label.font_size, bold=label.bold, markup=label.markup, width=label.text_size[0])[1]
