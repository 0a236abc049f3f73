"""deploy/pi/companion.service is a template install.sh fills in: every name in it gets a value."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

PI = Path(__file__).resolve().parents[2] / "deploy" / "pi"


def test_the_service_uses_only_names_install_sh_fills_in():
    script = (PI / "install.sh").read_text()
    names = set(re.findall(r"@([A-Z_]+)@", (PI / "companion.service").read_text()))
    assert names >= {"USER", "REPO", "GROUPS"}
    for name in names:
        assert f"s|@{name}@|" in script, f"companion.service uses @{name}@ but install.sh never fills it in"
    subprocess.run(["bash", "-n", str(PI / "install.sh")], check=True)
