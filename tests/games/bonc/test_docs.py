"""The docs name every action, option, control and event the game knows."""

from pathlib import Path

from companion.core import controls
from companion.games.bonc import Bonc
from companion.games.bonc.words import NEWS

ROOT = Path(__file__).parents[3]
ACTIONS = (ROOT / "docs/actions/bonc.md").read_text()
RULES = (ROOT / "docs/rules/bonc.md").read_text()


def test_every_action_option_and_event_is_documented():
    for kind in Bonc.actions:
        assert f"## `{kind}`" in ACTIONS
    for option in Bonc.options:
        assert f"`{option.name}`" in ACTIONS
    for event in NEWS:
        assert f"`{event}`" in ACTIONS


def test_every_control_is_in_the_bindings_table():
    for control in controls.ALL:
        assert f"| {controls.LABELS[control]}" in ACTIONS


def test_the_rulings_the_issue_names_are_written_down():
    for topic in ("After a wild card", "BLOCK played out of turn does not change what the next number matches",
                  "Bulletproof, or blocks", "elimination in the middle of a chain", "BLITZ ends any chain"):
        assert topic in RULES
