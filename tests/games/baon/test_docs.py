"""The action docs keep up with the code: every action has a JSON example, every control and
option is documented, and the rulings give their reasons."""

import json
import re
from pathlib import Path

from companion.core import controls
from companion.games.baon import Baon
from companion.games.baon.legal import FIELDS

DOCS = Path(__file__).resolve().parents[3] / "docs"
ACTIONS = (DOCS / "actions" / "baon.md").read_text()


def test_every_action_has_a_json_example_with_known_fields():
    examples = [json.loads(m) for m in re.findall(r'^\{"type": .*\}$', ACTIONS, flags=re.M)]
    assert set(FIELDS) <= {e["type"] for e in examples}
    for example in examples:
        assert set(example) - {"type", "by", "source"} <= FIELDS[example["type"]], example


def test_every_control_and_option_is_documented():
    for control in controls.ALL:
        assert f"`{control}`" in ACTIONS
    for option in Baon.options:
        assert f"`{option.name}`" in ACTIONS


def test_the_rulings_give_their_reasons():
    rulings = (DOCS / "rules" / "baon.md").read_text()
    lines = [line for line in rulings.splitlines() if line.startswith("- ")]
    assert len(lines) >= 30 and all("Reason:" in line for line in lines)
