"""deploy/setup.sh runs pip only when what a part of the install depends on changed
(deploy/install_key.py): an update of the code alone installs nothing on a table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
KEY = REPO / "deploy/install_key.py"


def keys(pyproject: Path) -> dict[str, str]:
    # As setup.sh runs it: the system's Python, from the command line.
    out = subprocess.run([sys.executable, str(KEY), str(pyproject)], check=True, capture_output=True, text=True)
    return dict(line.split() for line in out.stdout.splitlines())


def changed(tmp_path: Path, old: str, new: str) -> dict[str, str]:
    text = (REPO / "pyproject.toml").read_text()
    assert old in text, old
    path = tmp_path / "pyproject.toml"
    path.write_text(text.replace(old, new, 1))
    return keys(path)


def test_every_extra_of_the_project_has_its_own_key_beside_the_package():
    found = keys(REPO / "pyproject.toml")
    assert set(found) == {"base", "pi", "tray", "test"}
    assert len(set(found.values())) == 4


def test_a_change_of_the_tests_pins_leaves_a_tables_install_as_it_is(tmp_path):
    before = keys(REPO / "pyproject.toml")
    after = changed(tmp_path, '"pytest-timeout==2.4.0",', '"pytest-timeout==2.4.1",')
    assert after["test"] != before["test"]
    assert {k: v for k, v in after.items() if k != "test"} == {k: v for k, v in before.items() if k != "test"}


def test_the_apps_pins_its_command_and_its_build_each_change_the_packages_key(tmp_path):
    before = keys(REPO / "pyproject.toml")
    for old, new in (('"paho-mqtt==2.2.0"', '"paho-mqtt==2.2.1"'),
                     ('companion = "companion.cli:main"', 'companion = "companion.cli:run"'),
                     ('requires = ["setuptools>=77"]', 'requires = ["setuptools>=78"]'),
                     ('include = ["companion*"]', 'include = ["companion", "companion.*"]')):
        after = changed(tmp_path, old, new)
        assert after["base"] != before["base"], old
        assert after["pi"] == before["pi"], old


def test_words_about_the_project_change_no_key(tmp_path):
    assert changed(tmp_path, 'description = "Scores', 'description = "Points') == keys(REPO / "pyproject.toml")
