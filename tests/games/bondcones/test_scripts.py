"""Scenario replays: one JSON-lines script per rulebook paragraph, checked against its .expect.json.

Each script is a plain `companion replay` file. Its sidecar names the rule it checks,
the part of the public view it must end in, the legal actions then, and actions that
must be refused there (with the message players see) without changing anything.
"""

import copy
import json
from pathlib import Path

import pytest

from companion.core import RuleError
from companion.replay import replay
from tests.support.contains import contains

SCRIPTS = Path(__file__).parent / "scripts"
NAMES = sorted(p.stem for p in SCRIPTS.glob("*.jsonl"))


def test_every_rulebook_paragraph_has_a_script():
    assert len(NAMES) >= 13
    for name in NAMES:
        assert (SCRIPTS / f"{name}.expect.json").exists(), f"{name} has no .expect.json"


@pytest.mark.parametrize("name", NAMES)
def test_script(name):
    expect = json.loads((SCRIPTS / f"{name}.expect.json").read_text())
    assert expect["rule"], "say which rulebook sentence the script checks"
    session = replay((SCRIPTS / f"{name}.jsonl").read_text().splitlines())
    view = session.view()
    contains(view["view"], expect["view"])
    assert [spec["type"] for spec in view["expected"]["legal"]] == expect["legal"]
    for kind, fields in expect.get("legal_fields", {}).items():
        spec = next(s for s in view["expected"]["legal"] if s["type"] == kind)
        contains(spec["fields"], fields, f"legal {kind}")
    for kind, label in expect.get("legal_labels", {}).items():
        assert next(s for s in view["expected"]["legal"] if s["type"] == kind)["label"] == label
    if "result" in expect:
        contains(view["result"], expect["result"], "result")
    else:
        assert view["result"] is None
    for refusal in expect["refuse"]:
        state, revision = copy.deepcopy(session.state), session.revision
        with pytest.raises(RuleError, match=refusal["message"].replace("(", r"\(").replace(")", r"\)")):
            session.dispatch(refusal["action"])
        assert session.state == state and session.revision == revision
