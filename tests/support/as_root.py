"""Commands that need real root, run directly as root and through `sudo -n` for a user who has
sudo (./test.sh's users do, as the README says), so a user's run skips only what this machine lacks."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess


def as_root(*command: str) -> list[str]:
    """`command` as root: itself when this is root, else through sudo without asking for a password."""
    return list(command) if os.geteuid() == 0 else ["sudo", "-n", *command]


@functools.cache
def why_not_root() -> str | None:
    """None when commands can run as root here, else why not in a tester's words."""
    if os.geteuid() == 0:
        return None
    if shutil.which("sudo") is None:
        return "needs root, and sudo is not installed"
    done = subprocess.run(["sudo", "-n", "true"], capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        return f"needs root: sudo asks for a password here (run `sudo -v` first): {done.stderr.strip()}"
    return None
