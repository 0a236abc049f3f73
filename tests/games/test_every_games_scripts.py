"""Every game's scenario scripts replay through its rules, each with a sidecar saying what it checks.

A script is a `companion replay` file in tests/games/<id>/scripts/; its `.expect.json` names the
rule it checks ("rule" or "about"). Sidecars in the common form (a part of the final public view
under "view" and the legal action types under "legal") are checked here; a game whose sidecars
say more checks them in its own tests/games/<id>/. A new game is covered by adding its scripts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import games
from companion.replay import replay
from tests.support.contains import contains

GAMES = Path(__file__).parent


def scripts() -> list[Path]:
    return sorted(p for g in games.known() for p in (GAMES / g / "scripts").glob("*.jsonl"))


@pytest.mark.parametrize("game_id", games.known())
def test_every_game_has_scripts_with_what_they_must_end_in(game_id):
    found = sorted((GAMES / game_id / "scripts").glob("*.jsonl"))
    assert found, f"tests/games/{game_id}/scripts/ has no script"
    for script in found:
        assert script.with_suffix(".expect.json").exists(), f"{script.name} has no .expect.json"


@pytest.mark.parametrize("script", scripts(), ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_the_script_ends_where_its_sidecar_says(script):
    expect = json.loads(script.with_suffix(".expect.json").read_text())
    assert expect.get("rule") or expect.get("about"), "say which rule the script checks"
    view = replay(script.read_text().splitlines()).view()  # raises on a refused line
    checked = 0
    if isinstance(expect.get("view"), dict) and not any("." in key for key in expect["view"]):
        contains(view["view"], expect["view"])
        checked += 1
    if isinstance(expect.get("legal"), list) and all(isinstance(t, str) for t in expect["legal"]):
        assert [spec["type"] for spec in view["expected"]["legal"]] == expect["legal"]
        checked += 1
    if "result" in expect and isinstance(expect["result"], dict):
        contains(view["result"], expect["result"], "result")
        checked += 1
    own = script.parent.parent / "test_scripts.py"
    assert checked or own.exists(), f"{script.name}: its sidecar checks nothing this test or its game's reads"
