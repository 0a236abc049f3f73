"""What happened, as data: events found by comparing the state before and after an action.

Nothing about news is kept in the state; words.describe says each event in words. A value
appears only in `capture` and `cone_removed`, once the capture or removal revealed it.
"""

from __future__ import annotations

from typing import Any

from companion.games.bondcones import ledger
from companion.games.bondcones.standing import current, points, roller

State = dict[str, Any]
Event = dict[str, Any]


def events(before: State, after: State, action: dict[str, Any] | None = None) -> list[Event]:
    """The events of one accepted action, in the order the table saw them happen."""
    if before["phase"] == "opening":
        return _opening(before, after)
    step = before["step"]
    if step == "battle":
        return _battle_roll(before, after)
    if step == "roll" and after["battle"] is not None:
        fight = after["battle"]
        return [{"type": "battle_declared", "player": fight["challenger"], "against": fight["defender"],
                 "against_double": fight["against_double"]}]
    if step == "roll":
        return _turn_roll(after["last_roll"])
    new = after["captures"][len(before["captures"]):]
    if not new:
        return [{"type": "turn_end", "player": current(before)}]
    return _taken(after, new[-1], windows=True)


def _roll(player: str, face: str, purpose: str, **more: Any) -> Event:
    return {"type": "roll", "player": player, "face": face, "purpose": purpose, **more}


def _opening(before: State, after: State) -> list[Event]:
    i = before["turn"]
    player = before["players"][i]
    if i == 0:
        return [_roll(player, after["opening"]["rolls"][0], "opening")]
    ties = after["opening"]["ties"]
    if len(ties) > len(before["opening"]["ties"]):
        face = ties[-1][1]
        return [_roll(player, face, "opening"), {"type": "opening_tie", "face": face}]
    face = after["opening"]["rolls"][1]
    return [_roll(player, face, "opening"), {"type": "starts", "player": after["starter"]}]


def _turn_roll(roll: dict[str, Any]) -> list[Event]:
    """A turn's roll and what it settled at once (a peek, the set-aside BondO, a lost turn)."""
    player, demand = roll["player"], roll["demand"]
    out: list[Event] = []
    if roll.get("window_closed"):
        out.append({"type": "window_closed", "player": player})
    # The roll carries what its words need: the steps, or what the roller's BondOs sit on.
    detail = {k: demand[k] for k in ("steps", "double_steps", "holds") if k in demand}
    out.append(_roll(player, roll["face"], "turn", demand=demand["kind"], **detail))
    kind = demand["kind"]
    if kind == "peek":
        out.append({"type": "peek", "player": player, "of": player})
    elif kind == "bondo_aside":
        out.append({"type": "bondo_placed", "player": player})
    elif kind == "lost":
        out.append({"type": "turn_lost", "player": player})
    return out


def _battle_roll(before: State, after: State) -> list[Event]:
    fight = before["battle"]
    who = roller(fight)
    going = after["battle"]
    if going is not None:
        if going["rolls"][0] is not None:  # the challenger's roll: the defender's is awaited
            return [_roll(who, going["rolls"][0], "battle")]
        face = going["ties"][-1][1]
        return [_roll(who, face, "battle"), {"type": "battle_tie", "face": face}]
    decided = after["last_battle"]
    challenger, defender = decided["challenger"], decided["defender"]
    out = [_roll(who, decided["rolls"][1], "battle")]
    if decided["winner"] == challenger:
        out.append({"type": "battle_won", "player": challenger, "against": defender,
                    "aside": after["aside"] > before["aside"]})
        return out
    out.append({"type": "battle_lost", "player": challenger, "against": defender})
    out.append({"type": "battle_window", "player": challenger, "turns": ledger.WINDOW_TURNS, "after": "battle"})
    if not decided["against_double"]:
        out.append({"type": "peek", "player": defender, "of": challenger})
    return out


def _taken(state: State, taken: dict[str, Any], windows: bool) -> list[Event]:
    """A capture or removal with what followed from it: BondOs changing hands, the game won."""
    player, victim = taken["by"], taken["from"]
    # The counting frame after it and the points that win (Why?): captured values are face up.
    frame = {"points": points(state, player), "target": state["target"]}
    if taken["how"] == "removal":
        out: list[Event] = [{"type": "cone_removed", "player": player, "victim": victim, "value": taken["value"],
                             **frame}]
    else:
        out = [{"type": "capture", "player": player, "victim": victim, "value": taken["value"],
                "cone": taken["cone"], "bondos": taken["bondos"], **frame}]
    if taken["bondos"]:
        out.append({"type": "bondo_taken", "player": player, "victim": victim, "count": taken["bondos"],
                    "form": ledger.form(state["bondos"][player])})
        if windows:
            out.append({"type": "battle_window", "player": victim, "turns": ledger.WINDOW_TURNS,
                        "after": "capture"})
    if state["winner"] == player:
        out.append({"type": "game_won", "player": player, "points": points(state, player),
                    "target": state["target"], "captures": sum(1 for c in state["captures"] if c["by"] == player)})
    return out


def recent(state: State) -> list[Event]:
    """What the last turn did that the rest of the view does not show, for the table to read
    beside the dice: a capture or Done, a window that ran out, what a PEEK or BONDO settled.

    Found from the state alone (the captures say in which turn they were made), so a screen
    that comes late, or a game taken back to this point, reads the same as one that watched.
    """
    phase, step = state["phase"], state["step"]
    roll, fight = state["last_roll"], state.get("last_battle")
    if phase == "over":
        # The move that ended the game; no window to promise any more.
        return [e for e in _taken(state, state["captures"][-1], windows=False) if e["type"] != "game_won"]
    if phase != "play" or step in ("battle", "remove"):
        return []
    if fight:
        # A removal came instead of a look: its value is the news (the dice show the rest).
        removed = fight["against_double"] and fight["winner"] == fight["defender"]
        return _taken(state, state["captures"][-1], windows=False) if removed else []
    if roll is None:
        return []
    closed = [{"type": "window_closed", "player": roll["player"]}] if roll.get("window_closed") else []
    if step == "move":
        return closed
    if roll["turn_number"] != state["turn_number"] - 1:
        return []
    kind = roll["demand"]["kind"]
    if kind == "move":
        made = [c for c in state["captures"] if c.get("turn") == roll["turn_number"]]
        if made:
            return closed + _taken(state, made[-1], windows=True)
        return closed + [{"type": "turn_end", "player": roll["player"]}]
    if kind in ("peek", "bondo"):
        # Told once, with its demand, beside the waiting die: the roller still carries it out.
        return closed
    # The set-aside BondO placed, or the turn lost: the roll and what it settled.
    return closed + [e for e in _turn_roll(roll) if e["type"] != "window_closed"]

