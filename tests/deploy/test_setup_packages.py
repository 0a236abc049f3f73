"""deploy/setup.sh asks apt only for what is missing, and a package installed under a new name
that provides the old one counts as installed (Debian 13's libmtdev1t64 for libmtdev1): else every
second ./start.sh on Debian 13 ran apt-get and asked for sudo again."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

SETUP = Path(__file__).parent.parent.parent / "deploy" / "setup.sh"

# What dpkg-query prints on a Debian 13 table, as setup.sh asks it (status|package|provides).
DPKG = """ii |libmtdev1t64|libmtdev1 (= 1.1.6-1.2+b1)
ii |mosquitto|
ii |libsdl2-2.0-0|libsdl2-2.0-0t64, libsdl2-dev-virtual
rc |chromium|
un |e2fsprogs|
"""


def missing(tmp_path: Path, *wanted: str) -> list[str]:
    """setup.sh's own functions, run against a dpkg-query that prints DPKG."""
    functions = re.search(r"^installed_names\(\) \{.*?^\}\n\nmissing_of\(\) \{.*?^\}\n", SETUP.read_text(),
                          re.S | re.M)
    assert functions, "setup.sh's installed_names and missing_of were not found"
    fake = tmp_path / "bin" / "dpkg-query"
    fake.parent.mkdir()
    fake.write_text(f"#!/bin/sh\ncat <<'EOF'\n{DPKG}EOF\n")
    fake.chmod(0o755)
    script = functions.group(0) + 'missing_of "$@"\n'
    done = subprocess.run(["bash", "-c", script, "setup", *wanted], capture_output=True, text=True, check=True,
                          env={"PATH": f"{fake.parent}:/usr/bin:/bin"})
    return done.stdout.split()


def test_a_package_provided_under_a_new_name_counts_as_installed(tmp_path):
    assert missing(tmp_path, "libmtdev1", "mosquitto", "libsdl2-dev-virtual") == []


def test_removed_or_never_installed_packages_are_missing_and_nothing_else(tmp_path):
    assert missing(tmp_path, "chromium", "mosquitto", "e2fsprogs", "swig") == ["chromium", "e2fsprogs", "swig"]
