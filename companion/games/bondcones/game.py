"""BondCones as a game plug-in: the turn flow, captures, the BondO ledger and battles."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import controls
from companion.core.errors import RuleError
from companion.core.envelope import unknown_field
from companion.core.game import Action, Expected, Game, GameResult, State
from companion.core.options import Option
from companion.games.bondcones import battle, dice, frames, ledger, view

FIELDS = {
    "roll": {"face"},
    "capture": {"value", "with", "cone"},
    "done": set(),
    "battle": set(),
    "remove": {"value"},
}


class BondCones(Game):
    """Referee and counting frames for BondCones; the board itself stays on the table."""

    id = "bondcones"
    title = "BondCones"
    min_players = 2
    max_players = 2
    score_label = "points"
    seat_hint = "In seat order. An opening roll decides who starts: the first name rolls first."
    actions = {kind: frozenset(f) for kind, f in FIELDS.items()}
    options = (
        Option(
            "target",
            28,
            "captured points that win (the rulebook: 28)",
            minimum=1,
            maximum=frames.TOTAL_POINTS,
        ),
    )

    # -- setup ---------------------------------------------------------------

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Both sides with a full set of cones and one BondO Cone each, before the opening roll."""
        names = list(players)
        return {
            "players": names,
            "target": options["target"],
            "phase": "opening",  # opening -> play -> over
            "step": "roll",  # in play: roll, move, battle or remove
            "turn": 0,  # index of the player whose turn it is (in the opening: who rolls next)
            "turn_number": 0,
            "opening": {"rolls": [None, None], "rounds": 1, "ties": []},
            "starter": None,
            "cones": {p: frames.full_set() for p in names},
            "captures": [],  # {"by", "from", "value", "how", "cone", "bondos"} in order
            # "Each player starts the game by having a BondO at their disposal. It is placed
            # on top of one of the two cones on the red fields": one BondO Cone each.
            "bondos": {p: [1] for p in names},
            "aside": 0,
            "windows": {},  # player -> turns left to declare a BondO Battle
            "battle": None,
            # The battle decided since the last turn roll, with the deciding pair: the table saw
            # both faces, and the screens show them with the outcome until the next roll.
            "last_battle": None,
            "last_roll": None,
            "peeks": [],  # {"player", "of", "reason"}: that a peek happened, never its value
            "winner": None,
            "news": [],
        }

    # -- applying actions ----------------------------------------------------

    def apply(self, state: State, action: Action) -> State:
        """Check and apply one action; refusals raise before anything a caller keeps changes."""
        kind = action["type"]
        if kind not in FIELDS:
            raise RuleError(f"BondCones has no action {kind!r} (actions: {', '.join(FIELDS)}, undo, redo)")
        _check_fields(kind, action)
        if state["phase"] == "over":
            raise RuleError(f"The game is over: {state['winner']} won. Undo to change the last move.")
        actor = view.actor(state)
        by = action.get("by")
        if by is not None and by != actor:
            if by not in state["players"]:
                raise RuleError(f"{by} is not playing in this game")
            doing = " to roll" if kind == "roll" else ""
            raise RuleError(f"It is {actor}'s turn{doing}, not {by}'s")
        last_news, state["news"] = state["news"], []
        try:
            if kind == "roll":
                self._roll(state, dice.parse_face(action.get("face")))
            elif kind == "capture":
                self._capture(state, action)
            elif kind == "done":
                self._done(state)
            elif kind == "battle":
                self._declare(state)
            else:
                self._remove(state, action)
        except RuleError:
            # Every handler checks before it changes anything; only the news list is new.
            state["news"] = last_news
            raise
        return state

    def _roll(self, state: State, face: str) -> None:
        if state["phase"] == "opening":
            self._opening_roll(state, face)
            return
        step, player = state["step"], view.current(state)
        if step == "battle":
            self._battle_roll(state, face)
        elif step == "move":
            raise RuleError(f"{player} is still moving: enter a capture or tap Done before the next roll")
        elif step == "remove":
            other = view.other(state, player)
            raise RuleError(f"{other} first removes one of {player}'s cones: enter its value")
        else:
            self._turn_roll(state, face)

    def _opening_roll(self, state: State, face: str) -> None:
        # "The game starts by the player that rolls the highest value with the Dice Cone."
        opening = state["opening"]
        i = state["turn"]
        opening["rolls"][i] = face
        _say(state, "roll", f"{state['players'][i]} rolled {_face(face)} for the opening", player=state["players"][i],
             face=face, purpose="opening")
        if i == 0:
            state["turn"] = 1
            return
        first, second = opening["rolls"]
        winner = dice.settle(first, second)
        if winner is None:
            # RULINGS: equal faces roll again.
            opening["ties"].append([first, second])
            opening["rolls"] = [None, None]
            opening["rounds"] += 1
            state["turn"] = 0
            _say(state, "opening_tie", f"Both rolled {_face(face)}: roll again")
            return
        starter = state["players"][winner]
        state.update(phase="play", step="roll", turn=winner, turn_number=1, starter=starter)
        _say(state, "starts", f"{starter} starts", player=starter)

    def _turn_roll(self, state: State, face: str) -> None:
        player = view.current(state)
        windows = state["windows"]
        if player in windows:
            # "within three turns": each turn begun with a roll instead of a battle uses one.
            windows[player] -= 1
            if windows[player] <= 0:
                del windows[player]
                _say(state, "window_closed", f"{player} can no longer declare a BondO Battle", player=player)
        carriers = state["bondos"][player]
        demand = dice.demand(face, carriers, state["aside"])
        state["last_battle"] = None  # this roll is now what the table looks at
        state["last_roll"] = {"player": player, "face": face, "demand": demand, "turn_number": state["turn_number"]}
        # What the roller must do, when they must do something; a roll the table settles at once (a
        # peek, the set-aside BondO, a lost turn) is told by the line that follows, in the third person:
        # "You have no BondO" read as if said to whoever looks at the screen, on the next player's turn.
        must = f": {demand['text']}" if demand["kind"] in ("move", "bondo") else ""
        _say(state, "roll", f"{player} rolled {_face(face)}{must}", player=player, face=face, purpose="turn",
             demand=demand["kind"])
        if demand["kind"] == "move":
            state["step"] = "move"
            return
        if demand["kind"] == "peek":
            # "you must lift one of your own cones, look at its value and put it back"
            state["peeks"].append({"player": player, "of": player, "reason": "roll"})
            _say(state, "peek", f"{player} looks at one of their own cones", player=player, of=player)
        elif demand["kind"] == "bondo_aside":
            state["aside"] -= 1
            ledger.place_new(carriers)
            _say(state, "bondo_placed", f"{player} places the set-aside BondO on an ordinary cone", player=player)
        elif demand["kind"] == "lost":
            _say(state, "turn_lost", f"{player} has no BondO and loses the turn", player=player)
        # A peek or a BondO move needs nothing entered: the Dice Cone passes at once.
        _end_turn(state)

    def _capture(self, state: State, action: Action) -> None:
        player = self._need_move(state, "capture")
        victim = view.other(state, player)
        value = frames.parse_value(action.get("value"))
        with_kind = ledger.parse_kind(action.get("with"), "with")
        cone_kind = ledger.parse_kind(action.get("cone"), "cone")
        _check_kind(state, player, with_kind, "to capture with")
        _check_kind(state, victim, cone_kind, "to capture")
        frames.take(state["cones"][victim], victim, value, "capture")
        bondos = state["bondos"]
        moved = ledger.transfer_on_capture(bondos[player], bondos[victim], with_kind, cone_kind)
        state["captures"].append(
            {"by": player, "from": victim, "value": value, "how": "capture", "cone": cone_kind, "bondos": moved}
        )
        _say(state, "capture", f"{player} captured {_a(value)} from {victim}", player=player, victim=victim,
             value=value, cone=cone_kind, bondos=moved)
        if moved:
            taken = "the Double BondO" if moved == 2 else "a BondO"
            becomes = ledger.FORM_NAMES[ledger.form(bondos[player])]
            _say(state, "bondo_taken", f"{player} took {taken} from {victim} and now has {becomes}",
                 player=player, victim=victim, count=moved, form=ledger.form(bondos[player]))
            # "you can get it back by capturing it in the ordinary game": the capturer's own
            # window closes; the victim gets three turns to declare a BondO Battle.
            state["windows"].pop(player, None)
            state["windows"][victim] = ledger.WINDOW_TURNS
            _say(state, "battle_window", f"{victim} may declare a BondO Battle within {ledger.WINDOW_TURNS} turns",
                 player=victim, turns=ledger.WINDOW_TURNS)
        if not self._check_win(state, player):
            _end_turn(state)

    def _done(self, state: State) -> None:
        player = self._need_move(state, "done")
        _say(state, "turn_end", f"{player} ends the turn", player=player)
        _end_turn(state)

    def _need_move(self, state: State, kind: str) -> str:
        """Captures and Done belong after a roll of 1 to 4, while the roller moves."""
        if state["phase"] == "opening":
            raise RuleError("First the opening roll decides who starts")
        player, step = view.current(state), state["step"]
        if step == "move":
            return player
        what = "enter a capture" if kind == "capture" else "end the turn"
        if step == "roll":
            raise RuleError(f"{player} has to roll before they can {what}")
        if step == "battle":
            raise RuleError(f"Finish the BondO Battle before you {what}")
        raise RuleError(f"{view.other(state, player)} first removes one of {player}'s cones: enter its value")

    def _declare(self, state: State) -> None:
        if state["phase"] == "opening":
            raise RuleError("First the opening roll decides who starts")
        player = view.current(state)
        if state["step"] != "roll":
            raise RuleError(f"{player} can declare a BondO Battle only at the start of a turn, before rolling")
        reason = view.why_no_battle(state, player)
        if reason:
            raise RuleError(reason)
        defender = view.other(state, player)
        del state["windows"][player]
        state["last_battle"] = None
        state["battle"] = battle.new(player, defender, state["bondos"][defender])
        state["step"] = "battle"
        against = "a Double BondO" if state["battle"]["against_double"] else "a BondO"
        _say(state, "battle_declared", f"{player} declares a BondO Battle against {defender} for {against}",
             player=player, against=defender, against_double=state["battle"]["against_double"])

    def _battle_roll(self, state: State, face: str) -> None:
        fight = state["battle"]
        who = battle.roller(fight)
        _say(state, "roll", f"{who} rolled {_face(face)} in the BondO Battle", player=who, face=face, purpose="battle")
        outcome = battle.record(fight, face)
        if outcome is None:
            return
        challenger, defender = fight["challenger"], fight["defender"]
        if outcome == "again":
            _say(state, "battle_tie", f"Both rolled {_face(face)}: roll again")
            return
        state["battle"] = None
        state["last_battle"] = {
            "challenger": challenger,
            "defender": defender,
            "against_double": fight["against_double"],
            "rolls": list(fight["rolls"]),
            "rounds": fight["rounds"],
            "winner": challenger if outcome == "challenger" else defender,
        }
        if outcome == "challenger":
            split = battle.win(state["bondos"], fight)
            text = f"{challenger} wins the BondO Battle and takes a BondO back from {defender}"
            if split:
                state["aside"] += 1
                text += "; the other BondO is set aside until someone rolls bondo"
            _say(state, "battle_won", text, player=challenger, against=defender, aside=split)
            # "as a consequence of loosing, you have not only lost your turn": only a lost
            # battle costs the turn, so the winner now rolls (docs/rules/bondcones.md).
            state["step"] = "roll"
            return
        # "Every time you loose a BondO Battle, you have three new rounds"
        state["windows"][challenger] = ledger.WINDOW_TURNS
        _say(state, "battle_lost", f"{challenger} loses the BondO Battle and the turn", player=challenger,
             against=defender)
        _say(state, "battle_window",
             f"{challenger} may declare a new BondO Battle within {ledger.WINDOW_TURNS} turns",
             player=challenger, turns=ledger.WINDOW_TURNS)
        if fight["against_double"]:
            # "the opponent is allowed to remove any cone in your position and take the points
            # to the counting frame": the defender enters the removed cone's value next.
            state["step"] = "remove"
            return
        # "your opponent is allowed to lift any one of your cones to secretly unveil it's value"
        state["peeks"].append({"player": defender, "of": challenger, "reason": "battle"})
        _say(state, "peek", f"{defender} may lift one of {challenger}'s cones and look", player=defender,
             of=challenger)
        _end_turn(state)

    def _remove(self, state: State, action: Action) -> None:
        if state["phase"] != "play" or state["step"] != "remove":
            raise RuleError("A cone is removed only after a BondO Battle lost against a Double BondO")
        loser = view.current(state)
        remover = view.other(state, loser)
        value = frames.parse_value(action.get("value"))
        frames.take(state["cones"][loser], loser, value, "remove")
        state["captures"].append(
            {"by": remover, "from": loser, "value": value, "how": "removal", "cone": ledger.ORDINARY, "bondos": 0}
        )
        _say(state, "cone_removed", f"{remover} removed {_a(value)} from {loser}", player=remover, victim=loser,
             value=value)
        if not self._check_win(state, remover):
            _end_turn(state)

    def _check_win(self, state: State, player: str) -> bool:
        """'the player who steals 28 points from the opponent wins the game': play stops there."""
        score = view.points(state, player)
        if score < state["target"]:
            return False
        state.update(phase="over", winner=player, step=None, battle=None)
        _say(state, "game_won", f"{player} wins with {score} points", player=player, points=score)
        return True

    # -- reading -------------------------------------------------------------

    def public_view(self, state: State) -> dict[str, Any]:
        """Scores, turn, last roll, BondO ledger and battle: only what the table has seen revealed."""
        return view.public(state)

    def expected(self, state: State) -> Expected:
        """Who acts now and the actions and values the rules accept, for screens and buttons."""
        return view.expected(state)

    def result(self, state: State) -> GameResult | None:
        """The winner once someone has captured the target."""
        winner = state["winner"]
        if winner is None:
            return None
        scores = {p: view.points(state, p) for p in state["players"]}
        return GameResult((winner,), f"{winner} captured {scores[winner]} points", scores)

    def events(self, before: State, after: State, action: Action) -> list[dict[str, Any]]:
        """What the last action caused, as recorded by apply; values only once revealed."""
        return [dict(e) for e in after.get("news", [])]

    def scores(self, state: State) -> dict[str, int]:
        """Points captured into each counting frame."""
        return {p: view.points(state, p) for p in state["players"]}

    def control(self, state: State, control: str) -> Action | None:
        """Confirm or Pass end a move; the Roll button's face comes from the input adapter."""
        # The rules never draw a random face, so the roll control maps to nothing here: the
        # input adapter rolls (or reads the tray) and sends {"type": "roll", "face": ...}.
        if control in (controls.CONFIRM, controls.PASS) and state["phase"] == "play" and state["step"] == "move":
            return {"type": "done"}
        return None


def _check_fields(kind: str, action: Action) -> None:
    name = unknown_field(action, FIELDS[kind])
    if name == "value":
        # RULINGS: a hidden value is entered only when a capture or removal reveals it.
        raise RuleError("Only a capture or a removal enters a cone's value: a peek stays private")
    if name is not None:
        raise RuleError(f"A {kind} takes no field {name!r}")


def _check_kind(state: State, owner: str, kind: str, purpose: str) -> None:
    carriers = state["bondos"][owner]
    if kind in ledger.kinds_available(carriers, frames.cones_left(state["cones"][owner])):
        return
    names = {ledger.ORDINARY: "ordinary cone", ledger.BONDO: "BondO Cone", ledger.DOUBLE: "Double BondO"}
    raise RuleError(f"{owner} has no {names[kind]} {purpose}")


def _end_turn(state: State) -> None:
    """'You always pass the Dice Cone after one roll.'"""
    state["turn"] = 1 - state["turn"]
    state["step"] = "roll"
    state["turn_number"] += 1


def _a(value: int) -> str:
    """A cone's value with its article, as said aloud: "an 8", "a 4"."""
    return f"an {value}" if value == 8 else f"a {value}"


def _face(face: str) -> str:
    """A die face in a sentence, as the Dice Cone shows it: 1-4, PEEK, BONDO (the data keeps ids)."""
    return face.upper()


def _say(state: State, kind: str, text: str, **fields: Any) -> None:
    state["news"].append({"type": kind, "text": text, **fields})
