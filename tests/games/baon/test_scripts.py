"""Every replay script in scripts/ reaches the view its .expect.json states, and each refusal
listed there is refused with its words and changes nothing."""

from __future__ import annotations

import pytest

from tests.games.baon.support import SCRIPTS, at, expectations, refused, run_script

NAMES = sorted(p.name[: -len(".jsonl")] for p in SCRIPTS.glob("*.jsonl"))


def test_every_script_has_its_expectations():
    assert NAMES and all((SCRIPTS / f"{n}.expect.json").exists() for n in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_the_script_ends_as_expected(name):
    s = run_script(name)
    expect = expectations(name)
    shown = s.view()
    for path, value in expect["view"].items():
        assert at(shown, path) == value, path
    for refusal in expect.get("refused", []):
        refused(s, refusal["action"], refusal["message"])
