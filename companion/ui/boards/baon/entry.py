"""Entering a move by touch: a menu of what is legal now, then the few touches each move needs.

Modes: the menu; take (sources in order); baon (cards on the pad, the container a free one unless a
food is touched before the first card); add (a baon, from the menu or touched in its owner's line,
then cards); favourite (a row of the foods under the menu, one touch each); claim (the menu names
the only token to claim, one touch). Discards are offered straight from the menu; a take, discard,
claim or favourite that leaves nothing but ending the turn ends it too (two moves, two Undos).
Nothing is sent until the move is complete, so a half-entered move is let go without a trace.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.kit import fields as kit_fields
from companion.ui.kit.kept import Kept, on_release
from companion.ui.boards.baon import words
from companion.ui.boards.baon.pad import KEY, CardPad
from companion.ui.boards.baon.sheet import ScoreSheet
from companion.ui.widgets import BigButton, Text

MENU = ("take", "baon", "add", "favourite", "claim", "lola", "end_turn",
        "generosity", "remove", "score")
# Where each move's button stands on the menu, the same for every turn and every player, so a
# button never moves under a finger: "End turn" once landed where the next player's "Favourite
# food" appeared. A move not offered now leaves its place empty.
# Drop last, Add (or Pack baon), the same + end turn, Cancel: the widths their words need at 800x480.
ADD_SHARES = (0.22, 0.18, 0.36, 0.24)
PACK_SHARES = (0.2, 0.25, 0.31, 0.24)  # "Pack baon" on two lines needs more than "Add"
# "Lola shows" comes only after a take, when "2 from the pile" is gone: the two share a place. The
# favourite food is a row of its own below (each food one touch), never a slot.
SLOTS = ("take", "baon", "add", "claim", "pile2", "end_turn")
IN_PLACE = (*SLOTS, "lola", "favourite")  # the kinds the turn's menu shows in their places
# What may follow a move without keeping the turn open: Lola shows is a correction of the pile's
# count, still there after one Undo.
NOT_A_NEXT_MOVE = ("end_turn", "lola")
LABELS = {"take": "Take food", "baon": "Play a baon", "add": "Add to a baon", "favourite": "Favourite food",
          "claim": "Claim a token", "lola": "Lola shows", "end_turn": "End turn",
          "generosity": "Generosity", "remove": "Take off a baon", "score": "Score the game"}


class Entry(BoxLayout):
    def __init__(self, act: Callable[[dict[str, Any]], Any], **kwargs) -> None:
        super().__init__(orientation="vertical", spacing=theme.GAP // 2, **kwargs)
        self.act = act
        self.view: dict[str, Any] | None = None
        self.mode = "menu"
        self.draft: dict[str, Any] = {}
        self.armed = False  # a weighty button waits for its second touch
        self._kept = Kept()
        # One line each, so the pad below keeps its place whatever they say.
        self.title = Text(text="", markup=True, font_size=theme.FONT, bold=True, wrap=False,
                          size_hint_y=None, height=theme.FONT * 1.3)
        self.note = Text(text="", markup=True, font_size=theme.FONT, wrap=False,
                         size_hint_y=None, height=theme.FONT * 1.3)
        self.note.shorten_from = "left"  # a long entry keeps its newest cards in sight
        self.buttons = GridLayout(cols=2, spacing=theme.GAP, size_hint_y=None)
        self.buttons.bind(minimum_height=self.buttons.setter("height"))
        self.pad = CardPad(on_card=self._card)
        self.sheet = ScoreSheet()
        # The favourite food, each one touch, under the menu while the player has none: its words
        # and its row keep their place (height 0 when not offered), so the menu above never moves.
        self.favourite_words = Text(text="", font_size=theme.FONT_SMALL, color=theme.MUTED, wrap=False,
                                    size_hint_y=None, height=0)
        self.favourites = GridLayout(rows=1, spacing=theme.GAP, size_hint_y=None, height=0)
        self.footer = GridLayout(cols=3, spacing=theme.GAP, size_hint_y=None, height=KEY)
        self.shares: tuple[float, ...] | None = None  # the footer's columns, as parts of its width
        self.footer.bind(width=self._widths)
        for part in (self.title, self.note, self.buttons, self.favourite_words, self.favourites):
            self.add_widget(part)
        self.add_widget(BoxLayout())  # room, so the pad and footer keep their place at the bottom

    # -- reading the view ------------------------------------------------------------

    def spec(self, kind: str) -> dict[str, Any] | None:
        legal = self.view["expected"]["legal"] if self.view else []
        return next((s for s in legal if s["type"] == kind), None)

    def show(self, view: dict[str, Any]) -> None:
        if self.view is None or view.get("revision") != self.view.get("revision"):
            self.armed = False  # a two-touch button never stays armed across an Undo or a turn
        self.view = view
        if self.mode != "menu" and self.spec(self.mode) is None:
            self.reset()
        self._draw()

    def reset(self) -> None:
        self.mode, self.draft, self.armed = "menu", {}, False

    def cancel(self) -> str | None:
        """Let go of a half-entered move; what was let go, or None."""
        if self.mode == "menu":
            return None
        what = LABELS[self.mode].lower()
        self.reset()
        self._draw()
        return f"Cleared the {what} being entered"

    # -- drawing -------------------------------------------------------------------

    def _button(self, text: str, action: Callable[[], None], *, primary: bool = False, enabled: bool = True,
                colour: str | None = None, into: GridLayout | None = None, font_size: float | None = None) -> BigButton:
        kw: dict[str, Any] = {"font_size": font_size} if font_size else {}
        if colour:
            from kivy.utils import get_color_from_hex
            kw.update(background_color=list(get_color_from_hex(colour)), color=words.on_colour(colour))
        height = KEY if into is self.footer else theme.TOUCH
        # The same button as at the last drawing when it looks the same (see kit/kept.py).
        button = self._kept.take((text, primary, colour, font_size, height),
                                 lambda: BigButton(text=text, primary=primary, markup=True, height=height, **kw))
        button.disabled = not enabled
        on_release(button, action)
        (into or self.buttons).add_widget(button)
        return button

    def _draw(self) -> None:
        self.buttons.clear_widgets()
        self.footer.clear_widgets()
        self.favourites.clear_widgets()
        self.favourite_words.text, self.favourite_words.height, self.favourites.height = "", 0, 0
        self._kept.start()
        self.footer.cols, self.shares = 3, None  # the adding of cards sets its own
        self.pad.on_suit = None  # a baon's sets its own
        self.title.text = self.note.text = ""
        self.title.height = self.note.height = 0
        # The pad and the footer are on screen only while a move is entered (there is no room
        # for them beside the menu); through one entry they stay where they are.
        for part in (self.pad, self.footer):
            if part.parent is not None:
                self.remove_widget(part)
        if self.sheet.parent is not None:
            self.remove_widget(self.sheet)
        if not self.view:
            return
        if self.view["result"]:
            self.sheet.show(self.view)
            self.add_widget(self.sheet, index=len(self.children))  # at the top
            return
        spec = self.spec(self.mode)
        if spec and "player" in spec["fields"] and "player" not in self.draft:
            self._draw_player(spec)  # scoring only: whose baon, cubes or token first
        else:
            getattr(self, f"_draw_{self.mode}")()
        for line in (self.title, self.note):
            line.height = theme.FONT * 1.3 if line.text else 0
        if self.mode != "menu":
            self._button("Cancel", self._cancel_touch, into=self.footer)
            self._widths()
            if self.mode in ("baon", "add"):
                self.add_widget(self.pad)
            self.add_widget(self.footer)

    def _widths(self, *_) -> None:
        room = self.footer.width - theme.GAP * (self.footer.cols - 1)
        self.footer.cols_minimum = {i: room * part for i, part in enumerate(self.shares)} if self.shares else {}

    def _draw_player(self, spec: dict[str, Any]) -> None:
        self.title.text = f"{LABELS[self.mode]}: whose?"
        for o in spec["fields"]["player"]["options"]:
            self._button(o["label"], lambda v=o["value"]: self._set("player", v), enabled=o.get("enabled", True))

    def _mine(self, action: dict[str, Any]) -> dict[str, Any]:
        """The action with the player chosen first (scoring only), if any."""
        return {**action, "player": self.draft["player"]} if "player" in self.draft else action

    def _cancel_touch(self) -> None:
        self.reset()
        self._draw()

    def _send(self, action: dict[str, Any], follow: bool = False) -> None:
        """Send the move; with `follow`, the end of the turn after it when nothing else can follow."""
        change = self.act(action)
        if change is not None:
            self.reset()
            if follow:
                self._end_if_nothing_follows(getattr(change, "view", None))
        if self.view:
            self._draw()

    def _end_if_nothing_follows(self, view: dict[str, Any] | None) -> None:
        """The turn's end, a move of its own (one Undo gives the turn back, the move made), when the
        move just made (`view`: the table after it) leaves nothing but ending the turn. Only a touch
        does this, never a view shown: after that Undo the turn stays open until the player ends it."""
        legal = {s["type"]: s for s in view["expected"]["legal"]} if view else {}
        lola = (view or {}).get("view", {}).get("lola") or {}
        if lola.get("state") == "revealed" and lola.get("last_round") is None:
            return  # Lola just showed: the table sees her moment; the turn's end starts the last round
        end = legal.get("end_turn")
        if end is None or end.get("weighty") or any(kind not in NOT_A_NEXT_MOVE for kind in legal):
            return
        self.act({"type": "end_turn"})

    def _draw_menu(self) -> None:
        discard = self.spec("discard")
        if discard:
            # No line of words above: the top bar says how many to discard, and "Lola shows" keeps
            # its place on the turn's menu (below), where it stood a row higher once discarding.
            for o in discard["fields"]["space"]["options"]:
                self._button(f"Onto {o['label'].lower()}",
                             lambda v=o["value"]: self._send({"type": "discard", "space": v}, follow=True))
            if self.spec("lola") is not None:
                while len(self.buttons.children) < SLOTS.index("pile2"):
                    self.buttons.add_widget(Widget(size_hint_y=None, height=theme.TOUCH))
        take = self.spec("take")
        if take and take["fields"]["sources"].get("count_max") == 1:
            self._draw_take()  # the last round's one card comes first
        kinds = MENU
        if discard:  # Lola shows first, in its place on the turn's menu; the favourite and a token after it
            kinds = ("lola", *[k for k in MENU if k != "lola"])
        last_draw = bool(take and take["fields"]["sources"].get("count_max") == 1)
        if not discard and not last_draw and all(self.spec(kind) is None for kind in MENU if kind not in IN_PLACE):
            kinds = SLOTS  # a turn's moves, each in its own place (the last round's draw has its own)
        favourite = self.spec("favourite")
        if favourite and "player" not in favourite["fields"]:
            self._favourite_row(favourite)
            if kinds is not SLOTS:  # the turn's places have none for it
                kinds = tuple(k for k in kinds if k != "favourite")
        for kind in kinds:
            if kind == "pile2":
                if self.spec("lola") is not None:
                    self._button(LABELS["lola"], lambda: self._send({"type": "lola"}))
                else:
                    self._pile_two(take)
                continue
            spec = self.spec(kind) if kind else None
            if spec is None:
                if kinds is SLOTS:
                    self.buttons.add_widget(Widget(size_hint_y=None, height=theme.TOUCH))
                continue
            if kind == "end_turn":
                if spec.get("weighty"):
                    # Said as the rules have it (after a claimed token the turn ends at one touch).
                    text = "Tap again to end turn" if self.armed else "End turn, no take or play"
                    self._button(text, self._weighty_end)
                else:
                    self._button(LABELS[kind], lambda: self._send({"type": "end_turn"}), primary=True)
            elif kind in ("lola",):
                self._button(LABELS[kind], lambda: self._send({"type": "lola"}))
            elif kind == "claim" and len(claimable := self._claimable(spec)) == 1:
                token = claimable[0]
                claim = self._mine({"type": "claim", "token": token["value"]})
                self._button(f"Claim {token['label']}", lambda a=claim: self._send(a, follow=True))
            elif kind == "score":
                text = "Tap again to score" if self.armed else LABELS[kind]
                self._button(text, self._weighty_score, primary=True)
            elif kind == "take" and spec["fields"]["sources"].get("count_max") == 1:
                if kinds is SLOTS:
                    self.buttons.add_widget(Widget(size_hint_y=None, height=theme.TOUCH))
                continue  # the last round's one card: its spaces are offered right here, below
            else:
                self._button(spec["label"] if kind == "take" else LABELS[kind], lambda k=kind: self._start(k))

    @staticmethod
    def _claimable(spec: dict[str, Any]) -> list[dict[str, Any]]:
        return [o for o in spec["fields"]["token"]["options"] if o.get("enabled", True)]

    def _favourite_row(self, spec: dict[str, Any]) -> None:
        """Every favourite food on one row, each one touch (another player's greyed in its place)."""
        table = self._table()
        self.favourite_words.text, self.favourite_words.height = "Favourite food:", theme.FONT * 1.3
        self.favourites.height = theme.TOUCH
        for o in kit_fields.options(kit_fields.resolve(spec["fields"]["suit"], self.draft) or {}):
            chip = self._button(table[o["value"]]["name"][:3], lambda v=o["value"]: self._send(
                {"type": "favourite", "suit": v}, follow=True), enabled=o.get("enabled", True),
                colour=table[o["value"]]["hex"], into=self.favourites)
            # On one line, as the pad's suit keys: a chip is narrower than a button's usual margins.
            chip.bind(size=lambda c, *_: setattr(c, "text_size", (None, None)))

    def _pile_two(self, take: dict[str, Any] | None) -> None:
        """The most common take in one touch: two cards from the pile (a place left empty when
        the pile cannot give two, or the turn has no take)."""
        field = take["fields"]["sources"] if take else None
        pile = next((o for o in field["options"] if o["value"] == "pile"), None) if field else None
        left = int((pile or {}).get("detail", "0").split()[0] or 0)
        if field is None or field.get("count_max", 1) < 2 or left < 2 or not (pile or {}).get("enabled", True):
            self.buttons.add_widget(Widget(size_hint_y=None, height=theme.TOUCH))
            return
        self._button("2 from the pile", lambda: self._send({"type": "take", "sources": ["pile", "pile"]}, follow=True))

    def _weighty_end(self) -> None:
        if self.armed:
            self._send({"type": "end_turn"})
        else:
            self.armed = True
            self._draw()

    def _weighty_score(self) -> None:
        if self.armed:
            self._send({"type": "score"})
        else:
            self.armed = True
            self._draw()

    def _start(self, kind: str) -> None:
        self.mode, self.draft, self.armed = kind, {}, False
        if kind in ("baon", "add"):
            self.draft["cards"] = []
        self._draw()

    # -- take ----------------------------------------------------------------------

    def _draw_take(self) -> None:
        field = self.spec("take")["fields"]["sources"]
        most = field.get("count_max", 1)
        chosen = self.draft.setdefault("sources", [])
        left = {o["value"]: int(o.get("detail", "0").split()[0] or 0) for o in field["options"]}
        for s in chosen:
            left[s] -= 1
        self.title.text = "Draw 1 card: from which space?" if most == 1 else "Take food: where from?"
        if most > 1:
            # The line is there from the first touch on, so the buttons below never move.
            self.note.text = ("Taking: " + ", ".join(words_source(s) for s in chosen) if chosen
                              else "Tap 1 or 2, in the order taken")
        for o in field["options"]:
            v = o["value"]
            self._button(f"{o['label']} ({left[v]})", lambda v=v: self._source(v, most),
                         enabled=o.get("enabled", True) and left[v] > 0)
        if most >= 3 and not chosen:
            self._button("3 from the pile", lambda: self._send({"type": "take", "sources": ["pile"] * 3}, follow=True),
                         enabled=left["pile"] >= 3)
        if most > 1:
            # Greyed until a source is chosen, so Cancel beside it never moves under a finger.
            self._button(f"Take {len(chosen)}" if chosen else "Take", lambda: self._send(
                {"type": "take", "sources": list(chosen)}, follow=True), primary=True, enabled=bool(chosen),
                into=self.footer)

    def _source(self, source: Any, most: int) -> None:
        chosen = self.draft.setdefault("sources", [])
        chosen.append(source)
        if len(chosen) >= min(most, 2):
            self._send({"type": "take", "sources": list(chosen)}, follow=True)
        else:
            if self.mode == "menu":
                self.mode = "take"
            self._draw()

    # -- baon ----------------------------------------------------------------------

    def _table(self) -> dict[str, dict[str, Any]]:
        return words.suits(self.view["view"])

    def _draw_baon(self) -> None:
        spec, table = self.spec("baon"), self._table()
        free = self._free_containers(spec)
        if "container" not in self.draft:
            # The container is taken to be the player's favourite food if it is free, else the
            # first free one: its suit is framed and its values are live at once; a food touched
            # before the first card is the container instead (the container is no touch of its own).
            who = self.draft.get("player") or self.view["view"]["turn"]
            record = next((p for p in self.view["view"]["players"] if p["name"] == who), {})
            favourite = record.get("favourite")
            self.draft["container"] = favourite if favourite in free else free[0]
            self.pad.suit = self.draft["container"]
        name = table[self.draft["container"]]["name"]
        self.title.text = f"{name} container: cards low to high"
        self._show_pad(spec)
        if not self.draft["cards"] and not self.draft.get("container_chosen"):
            self.note.text = "Other container: touch its food"
        self.pad.on_suit = self._container_follows
        cards = self.draft["cards"]
        self._button("Drop last", self._remove_last, enabled=bool(cards), into=self.footer)
        self._button("Pack baon", lambda: self._pack(), primary=True, enabled=len(cards) >= 3, into=self.footer)
        if self.spec("end_turn") is not None:  # a game played, not a score entered
            self.footer.cols, self.shares = 4, PACK_SHARES
            # A baon is most often the turn's last move: both in one touch (two moves, two Undos).
            self._button("Pack +\nend turn", lambda: self._pack(end_turn=True), enabled=len(cards) >= 3,
                         into=self.footer, font_size=theme.FONT_SMALL)

    def _free_containers(self, spec: dict[str, Any]) -> list[str]:
        # Scoring only: the containers of the player chosen first (those still free for a baon).
        return kit_fields.values(kit_fields.resolve(spec["fields"]["container"], self.draft))

    def _container_follows(self, sid: str) -> None:
        """The first food touched before the baon's first card: that container, when it is free (the
        same one too: then the next food touched is a card's suit, as after the container step)."""
        if self.mode != "baon" or self.draft.get("cards") or self.draft.get("container_chosen"):
            return
        if sid in self._free_containers(self.spec("baon")):
            self.draft.update(container=sid, container_chosen=True)
            self._draw()

    def _pack(self, end_turn: bool = False) -> None:
        action = self._mine({"type": "baon", "container": self.draft["container"], "cards": list(self.draft["cards"])})
        self._play(action, end_turn)

    def _play(self, action: dict[str, Any], end_turn: bool) -> None:
        """Send the entered cards; with `end_turn`, the turn's end right after, once they were taken."""
        if not end_turn:
            self._send(action)
            return
        if self.act(action) is None:
            self._draw()  # refused: the message says why, the cards stay to be corrected
            return
        self.reset()
        self._send({"type": "end_turn"})

    def _show_pad(self, spec: dict[str, Any]) -> None:
        self.note.text = words.entry_markup(self.draft["cards"], self._table())
        self.pad.offer(spec["fields"]["cards"], self._table())

    def _set(self, key: str, value: Any) -> None:
        self.draft[key] = value
        if key == "container" and self.mode == "baon":
            self.pad.suit = value  # cards of the container's suit score more: the likeliest first card
        self._draw()

    def _card(self, card: str) -> None:
        self.draft.setdefault("cards", []).append(card)
        self._draw()

    def _remove_last(self) -> None:
        if self.draft.get("cards"):
            self.draft["cards"].pop()
        self._draw()

    # -- add -----------------------------------------------------------------------

    def _draw_add(self) -> None:
        spec, table = self.spec("add"), self._table()
        if "owner" not in self.draft:
            self.title.text = "Add to which baon?"
            for p in self.view["view"]["players"]:
                # A baon no card can extend (1 to 12, or every card next to it laid) is shown greyed.
                room = kit_fields.values(kit_fields.resolve(spec["fields"]["container"], {"owner": p["name"]}))
                for b in p["baons"]:
                    suit = table[b["container"]]
                    self._button(f"{p['name']}: {suit['name']} {b['low']}-{b['high']}",
                                 lambda o=p["name"], c=b["container"]: self._pick_baon(o, c), colour=suit["hex"],
                                 enabled=b["container"] in room)
            self.buttons.cols = 1
            return
        self.buttons.cols = 2
        owner, container = self.draft["owner"], self.draft["container"]
        baon = next(b for p in self.view["view"]["players"] if p["name"] == owner
                    for b in p["baons"] if b["container"] == container)
        self.title.text = f"{owner}'s {table[container]['name']} baon, {baon['low']} to {baon['high']}"
        self._show_pad(spec)
        cards = self.draft["cards"]
        self._button("Drop last", self._remove_last, enabled=bool(cards), into=self.footer)
        if cards and all(c == "w" for c in cards) and baon["low"] > len(cards) and baon["high"] + len(cards) <= 12:
            self.footer.cols = 4
            self._button("Below", lambda: self._add("low"), primary=True, into=self.footer)
            self._button("Above", lambda: self._add("high"), primary=True, into=self.footer)
        else:
            self.footer.cols = 4
            self.shares = ADD_SHARES  # the two-line button takes the room its words need
            self._button("Add", lambda: self._add(None), primary=True, enabled=bool(cards), into=self.footer)
            # Sharing a card is most often the turn's last move: both in one touch (two moves, two Undos).
            self._button("Add +\nend turn", lambda: self._add(None, end_turn=True), enabled=bool(cards),
                         into=self.footer, font_size=theme.FONT_SMALL)

    def add_to(self, owner: str, container: str) -> str | None:
        """Start adding to this baon (touched in its owner's line); why not, when cards cannot be added now."""
        if self.spec("add") is None:
            return "No card can be added to a baon now"
        if self.mode not in ("menu", "add"):
            return f"Finish or cancel the {LABELS[self.mode].lower()} being entered first"
        room = kit_fields.values(kit_fields.resolve(self.spec("add")["fields"]["container"], {"owner": owner}))
        if container not in room:
            return f"No card is left that could go next to {owner}'s {self._table()[container]['name']} baon"
        # Cards already entered for another baon go with the player's change of mind.
        cards = list(self.draft.get("cards", [])) if self.mode == "add" else []
        self.mode, self.draft, self.armed = "add", {"cards": cards}, False
        self._pick_baon(owner, container)
        return None

    def claim(self, token: str) -> str | None:
        """Claim this token (its box touched above the board), the turn's end after it when nothing
        else can follow; why not, when it cannot be claimed now."""
        spec = self.spec("claim")
        option = next((o for o in spec["fields"]["token"]["options"] if o["value"] == token), None) if spec else None
        if option is None:
            return "No token can be claimed now: a clear majority claims one, on its player's turn, one a turn"
        if not option.get("enabled", True):
            return option.get("why") or f"{option['label']} cannot be claimed now"
        if self.mode != "menu":
            return f"Finish or cancel the {LABELS[self.mode].lower()} being entered first"
        self._send({"type": "claim", "token": token}, follow=True)
        return None

    def _pick_baon(self, owner: str, container: str) -> None:
        self.draft.update(owner=owner, container=container)
        self.pad.suit = container  # as for a new baon: the container's suit is framed to start with
        self._draw()

    def _add(self, end: str | None, end_turn: bool = False) -> None:
        action = {"type": "add", "owner": self.draft["owner"], "container": self.draft["container"],
                  "cards": list(self.draft["cards"])}
        if end:
            action["end"] = end
        self._play(action, end_turn)

    # -- favourite and claim --------------------------------------------------------

    def _draw_favourite(self) -> None:
        spec, table = self.spec("favourite"), self._table()
        self.title.text = "Favourite food"
        for o in kit_fields.options(kit_fields.resolve(spec["fields"]["suit"], self.draft) or {}):
            action = self._mine({"type": "favourite", "suit": o["value"]})
            self._button(o["label"], lambda a=action: self._send(a, follow=True), enabled=o.get("enabled", True),
                         colour=table[o["value"]]["hex"])

    def _draw_claim(self) -> None:
        spec = self.spec("claim")
        self.title.text = "Claim a bonus token"
        for o in spec["fields"]["token"]["options"]:
            self._button(f"{o['label']} ({o.get('detail', '')})",
                         lambda v=o["value"]: self._send(self._mine({"type": "claim", "token": v}), follow=True),
                         enabled=o.get("enabled", True))



    def _draw_generosity(self) -> None:
        cubes = self.draft.setdefault("cubes", 0)
        self.title.text = f"{self.draft['player']}'s generosity cubes: {cubes}"
        self._button("- 1", lambda: self._set("cubes", max(0, cubes - 1)))
        self._button("+ 1", lambda: self._set("cubes", cubes + 1))
        self._button("+ 5", lambda: self._set("cubes", cubes + 5))
        self._button("Set", lambda: self._send({"type": "generosity", "player": self.draft["player"], "cubes": cubes}),
                     primary=True, into=self.footer)

    def _draw_remove(self) -> None:
        player, table = self.draft["player"], self._table()
        self.title.text = f"Take off which of {player}'s baons?"
        record = next(p for p in self.view["view"]["players"] if p["name"] == player)
        for b in record["baons"]:
            suit = table[b["container"]]
            self._button(f"{suit['name']} {b['low']}-{b['high']}", colour=suit["hex"],
                         action=lambda c=b["container"]: self._send(
                             {"type": "remove", "player": player, "container": c}))


def words_source(source: Any) -> str:
    return "pile" if source == "pile" else f"space {source}"
