"""Commands that need real root, run directly as root and through `sudo -n` for a user who has
sudo (./test.sh's users do, as the README says), so a user's run skips only what this machine lacks."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from pathlib import Path


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


def write_as_root(path: Path, text: str, mode: int = 0o644) -> None:
    """Write a file where only root may (a root built by debootstrap belongs to root)."""
    if os.geteuid() == 0:
        path.write_text(text)
        path.chmod(mode)
        return
    subprocess.run(as_root("tee", str(path)), input=text, text=True, stdout=subprocess.DEVNULL, check=True)
    subprocess.run(as_root("chmod", f"{mode:o}", str(path)), check=True)


def copy_as_root(source: Path, target: Path) -> None:
    """Copy a file or folder into a place only root may write, keeping its modes."""
    if os.geteuid() == 0:
        (shutil.copytree if source.is_dir() else shutil.copyfile)(source, target)
        return
    subprocess.run(as_root("cp", "-a", str(source), str(target)), check=True)


def remove_as_root(path: Path) -> None:
    """Delete a folder of root's files, never crossing into a mount."""
    if os.geteuid() == 0:
        shutil.rmtree(path, ignore_errors=True)
    else:
        subprocess.run(as_root("rm", "-rf", "--one-file-system", str(path)), capture_output=True)


def rerun_as_root(request) -> bool:
    """For a test that needs real root from start to end (an install into a scratch root, a booted
    Debian, the virtual machine): where this is not root, run this very test as root through
    `sudo -n`, and say whether it was run there (then the caller returns: its outcome is that run's).
    A test the root run skips is skipped here with the same reason; a failure fails here, with its output."""
    import sys
    import tempfile

    import pytest

    if os.geteuid() == 0:
        return False
    if (reason := why_not_root()) is not None:
        pytest.skip(reason)
    root = Path(str(request.config.rootpath))
    keep = [f"{k}={v}" for k, v in os.environ.items()
            if k.startswith(("SDL_", "KIVY_", "GPIOZERO_", "COMPANION_")) or k in ("PYTHONPATH",)]
    base = Path(tempfile.mkdtemp(prefix="companion-as-root-"))
    try:
        done = subprocess.run(
            as_root("env", *keep, "PYTHONDONTWRITEBYTECODE=1", sys.executable, "-m", "pytest", "-q", "-rs",
                    "-n", "0", "-p", "no:cacheprovider", f"--basetemp={base / 'tmp'}", request.node.nodeid),
            cwd=root, capture_output=True, text=True, stdin=subprocess.DEVNULL,
        )
    finally:
        remove_as_root(base)
    out = done.stdout + done.stderr
    if done.returncode == 0 and " passed" not in out and " skipped" in out:
        said = [line for line in out.splitlines() if line.startswith("SKIPPED")]
        pytest.skip(f"as root through sudo: {said[0] if said else 'skipped'}")
    if done.returncode != 0:
        pytest.fail(f"run as root through sudo -n, it failed:\n{out[-6000:]}", pytrace=False)
    return True
