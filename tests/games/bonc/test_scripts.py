"""The rulebook's examples and each card's paragraph as replay scripts, checked against their .expect.json.

Each script is a plain `companion replay` file. Its sidecar names the rulebook sentence it
checks, the part of the public view it must end in, the legal actions then, and actions that
must be refused there (with the message players see) without changing anything.
"""

import copy
import json
import re
from pathlib import Path

import pytest

from companion.core import RuleError
from companion.replay import replay
from tests.support.contains import contains

SCRIPTS = Path(__file__).parent / "scripts"
NAMES = sorted(p.stem for p in SCRIPTS.glob("*.jsonl"))


def test_every_card_and_example_has_a_script():
    assert {"rulebook_chain_example", "wild_card_breaks_a_chain", "bonc_card", "blitz_with_a_bulletproof_player",
            "sneak_hits_the_player_after", "borrowed_time", "band_aid", "bulletproof_cycle",
            "bulletproof_carries_over_a_redeal", "block_out_of_turn", "full_game_to_one_winner"} <= set(NAMES)
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
    if "result" in expect:
        contains(view["result"], expect["result"], "result")
    else:
        assert view["result"] is None
    for refusal in expect["refuse"]:
        state, revision = copy.deepcopy(session.state), session.revision
        with pytest.raises(RuleError, match=re.escape(refusal["message"])):
            session.dispatch(refusal["action"])
        assert session.state == state and session.revision == revision
