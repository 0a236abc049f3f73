"""The docs keep up with the code: every action has a JSON example, every control and option is
documented, and every ruling has its reason."""

import json
import re
from pathlib import Path

from companion.core import controls
from companion.games.bon import Bon
from companion.games.bon.bindings import BINDINGS
from companion.games.bon.legal import FIELDS

DOCS = Path(__file__).resolve().parents[3] / "docs"
ACTIONS = (DOCS / "actions" / "bon.md").read_text()
RULINGS = (DOCS / "rules" / "bon.md").read_text()


def test_every_action_has_a_json_example_with_only_its_own_fields():
    examples = [json.loads(m) for m in re.findall(r'^\{"type": .*\}$', ACTIONS, flags=re.M)]
    assert set(FIELDS) <= {e["type"] for e in examples}
    for example in examples:
        assert set(example) - {"type", "by", "source"} <= FIELDS[example["type"]], example


def test_every_control_and_option_is_documented():
    assert set(BINDINGS) == set(controls.ALL)
    for control in controls.ALL:
        assert f"| `{control}`" in ACTIONS or f"`{control}` /" in ACTIONS or f"/ `{control}`" in ACTIONS
    for option in Bon.options:
        assert f"`{option.name}`" in ACTIONS and f"`{option.name}`" in RULINGS


def test_every_ruling_gives_its_reason():
    rulings = [ln for ln in RULINGS.splitlines() if ln.startswith("- ")]
    assert len(rulings) >= 20
    unexplained = [ln for ln in rulings if "Reason:" not in ln]
    assert unexplained == []
    assert "what \"Prime\" means" in RULINGS or "\"Prime\" is read as" in RULINGS
