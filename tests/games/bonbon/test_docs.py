"""The action docs keep up with the code: every action has a JSON example, every control a binding."""

import json
import re
from pathlib import Path

from companion.core import controls
from companion.games.bonbon import Bonbon
from companion.games.bonbon.legal import BOARD_FIELDS, FIELDS

DOCS = Path(__file__).resolve().parents[3] / "docs"
ACTIONS = (DOCS / "actions" / "bonbon.md").read_text()


def test_every_action_has_a_json_example_that_is_valid_json():
    examples = [json.loads(m) for m in re.findall(r'^\{"type": .*\}$', ACTIONS, flags=re.M)]
    documented = {e["type"] for e in examples}
    assert set(FIELDS) | set(BOARD_FIELDS) <= documented
    for example in examples:
        if example["type"] in FIELDS:
            assert set(example) - {"type", "by", "source"} <= FIELDS[example["type"]], example


def test_every_control_and_option_is_documented():
    for control in controls.ALL:
        assert f"`{control}`" in ACTIONS
    for option in Bonbon.options:
        assert f"`{option.name}`" in ACTIONS


def test_the_contract_links_the_bonbon_actions_and_the_rulings_exist():
    assert (DOCS / "actions" / "bonbon.md").exists()
    assert (DOCS / "rules" / "bonbon.md").read_text().count("Reason:") >= 30
