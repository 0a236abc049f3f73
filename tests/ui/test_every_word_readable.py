"""Bonbon and BondCones at 800x480, the smallest screen the table has: in every state their rulebook
scripts pass through, nothing on the play screen is under 20 px or cut short, drawn over anything
else or partly off the screen. The other games'
boards have their own walk (tests/games/<game>/test_readable.py, test_board_reads.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.ui.conftest import make_app, window  # noqa: F401,I001 (fixtures: the one headless window)
from tests.support.placement import misplaced, under_scroll_bars
from tests.support.readable import unreadable

GAMES = Path(__file__).resolve().parent.parent / "games"
SCRIPTS = sorted(p for game in ("bonbon", "bondcones") for p in (GAMES / game / "scripts").glob("*.jsonl"))


def script(path: Path) -> tuple[dict, list[dict]]:
    found = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    return found[0], found[1:]


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_every_state_reads_whole_at_800x480(make_app, path):  # noqa: F811
    header, actions = script(path)
    app = make_app(size=(800, 480)).start()
    assert app.app.start_game(header["game"], header["players"], header.get("options", {}))
    play = app.app.screen("play")
    found: dict[str, str] = {}  # each problem, with the first state it was seen in

    def look(when: str) -> None:
        app.frames(2)
        for problem in (unreadable(app.visible(play)) + misplaced([list(app.visible(play))], app.window.size)
                        + under_scroll_bars([list(app.visible(play))])):
            found.setdefault(problem, when)

    look("at the start")
    for number, action in enumerate(actions, 1):
        app.app.act(action)
        look(f"after action {number} {action}")
    app.screenshot(f"readable-{header['game']}-{path.stem}")
    assert not found, "\n".join(f"{problem} ({when})" for problem, when in found.items())


# Seven letters, as long as most names at a table. Longer ones end in "..." where room is
# shortest at 800x480 (a tile's holder, the scoring table, the battle's dice); the rows and frames
# take eight ("Johannes", tests/ui/test_bondcones_board.py) and step down to 20 px for more.
LONG_NAMES = ("Johanna", "Matthew", "Isabela", "Fernand", "Gabriel", "Theresa")


def renamed(value, names: dict[str, str]):
    """An action with every player's name swapped for a long one."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {k: renamed(v, names) for k, v in value.items()}
    return value


@pytest.mark.parametrize("game, name", [("bonbon", "scoring_lucy_nick_sophie"), ("bondcones", "bondo_battle_won")])
def test_names_of_seven_letters_read_whole(make_app, game, name):  # noqa: F811
    """Names of seven letters read whole everywhere the board names a player: rows, tiles, the
    scoring table, frames and the roll panel."""
    header, actions = script(GAMES / game / "scripts" / f"{name}.jsonl")
    names = dict(zip(header["players"], LONG_NAMES))
    app = make_app(size=(800, 480)).start()
    assert app.app.start_game(game, [names[p] for p in header["players"]], header.get("options", {}))
    play = app.app.screen("play")
    found: dict[str, str] = {}
    for number, action in enumerate(actions, 1):
        app.app.act(renamed(action, names))
        app.frames(2)
        for problem in unreadable(app.visible(play)):
            found.setdefault(problem, f"after action {number}")
    app.screenshot(f"readable-{game}-long-names")
    assert not found, "\n".join(f"{problem} ({when})" for problem, when in found.items())
