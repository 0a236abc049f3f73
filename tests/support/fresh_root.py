"""A fresh Debian 12 or 13 system as a new user meets it in a container: no systemd running.

debootstrap builds the root from Debian's packages (tests/support/booted_root.py's debootstrap).
Each command then runs in new PID, mount, UTS and IPC namespaces, chrooted into the root, with
/proc, a read-only /sys, its own /run and a small /dev: what a container gives. Whatever the
command leaves running (the Mosquitto that ./start.sh starts) dies with its PID namespace when
the command ends, so nothing outlives a call. The root shares this machine's network: apt and
pip reach Debian and PyPI, and a broker inside takes this machine's ports.

`pi=True` makes the root look like a Raspberry Pi to the scripts: the firmware's board name in
/sys/firmware/devicetree/base/model (on a Pi, /proc/device-tree links there), on a tmpfs laid
over /sys/firmware for that call only.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from tests.support.as_root import as_root, remove_as_root, why_not_root, write_as_root
from tests.support.booted_root import PATH, debootstrap

# What a new user's Debian has beyond the minimal base: sudo to install, git to clone.
PACKAGES = ["sudo", "git", "ca-certificates"]
PI_MODEL = "Raspberry Pi 5 Model B Rev 1.0"

ENTER = r"""
set -eu
root=$1 pi=$2; shift 2
mount --make-rprivate /
mount -t proc proc "$root/proc"
mount -t sysfs -o ro sysfs "$root/sys"
if [ "$pi" = yes ]; then
    mount -t tmpfs -o mode=755 tmpfs "$root/sys/firmware"
    mkdir -p "$root/sys/firmware/devicetree/base"
    printf '%s\0' "$PI_MODEL" > "$root/sys/firmware/devicetree/base/model"
fi
mount -t tmpfs -o mode=755 tmpfs "$root/run"
mount -t tmpfs -o mode=755 tmpfs "$root/dev"
for node in null zero full random urandom tty; do
    touch "$root/dev/$node"; mount --bind "/dev/$node" "$root/dev/$node"
done
mkdir "$root/dev/pts" "$root/dev/shm"
mount -t devpts -o newinstance,ptmxmode=0666,mode=620 devpts "$root/dev/pts"
ln -s pts/ptmx "$root/dev/ptmx"
mount -t tmpfs -o mode=1777 tmpfs "$root/dev/shm"
ln -s /proc/self/fd "$root/dev/fd"
hostname table
exec chroot "$root" /usr/bin/env -i "PATH=$ROOT_PATH" HOME=/root LANG=C.UTF-8 "$@"
"""


def why_not() -> str | None:
    """Why this machine cannot build and enter a root, in plain words; None when it can."""
    if (reason := why_not_root()) is not None:  # a user runs the root's parts through sudo -n
        return f"building and entering a Debian root {reason}"
    for tool in ("debootstrap", "unshare", "setpriv", "chroot"):
        if shutil.which(tool, path=PATH) is None:  # a user's PATH may lack the sbin folders
            return f"{tool} is not installed (deploy/setup.sh test installs debootstrap)"
    return None


class FreshRoot:
    """A Debian `release` root at `path`, built by `build()`; `run()` a command in it; `close()`."""

    def __init__(self, path: Path, log: Path, release: str) -> None:
        self.path, self.log, self.release = path, log, release

    def build(self, timeout: float = 600) -> None:
        debootstrap(self.path, self.log, self.release, PACKAGES, timeout)
        self.run(["update-ca-certificates"])

    def add_user(self, name: str) -> None:
        """A normal user who may use sudo (without a password: nobody types it in a test)."""
        self.run(["useradd", "--create-home", "--shell", "/bin/bash", "--groups", "sudo", name])
        write_as_root(self.path / "etc/sudoers.d" / name, f"{name} ALL=(ALL) NOPASSWD: ALL\n", 0o440)

    def run(self, argv: Sequence[str], *, user: str | None = None, pi: bool = False, check: bool = True,
            timeout: float = 600, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        """A command in the root, as root or as a user in a login shell's environment."""
        command = list(argv)
        if user is not None:
            settings = [f"{k}={shlex.quote(v)}" for k, v in (env or {}).items()]
            command = ["runuser", "-l", user, "-c", " ".join([*settings, shlex.join(argv)])]
        done = subprocess.run(  # the settings through env: sudo passes on no variables of its own accord
            as_root("env", "-i", f"PATH={PATH}", f"ROOT_PATH={PATH}", f"PI_MODEL={PI_MODEL}",
                    "setpriv", "--pdeathsig", "KILL", "--", "unshare", "--pid", "--mount", "--uts", "--ipc",
                    "--fork", "--kill-child=KILL", "sh", "-c", ENTER, "enter", str(self.path),
                    "yes" if pi else "no", *command),
            capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL, env={"PATH": PATH},
        )
        with self.log.open("a") as out:
            out.write(f"$ {' '.join(argv)}{f'  (as {user})' if user else ''}\n{done.stdout}{done.stderr}"
                      f"[exit {done.returncode}]\n")
        if check and done.returncode != 0:
            raise AssertionError(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
        return done

    def close(self) -> None:
        """Delete the root, never through a mount (none outlives a call, but a bind of /dev would
        take the host's devices with it)."""
        left = [line.split()[4] for line in Path("/proc/self/mountinfo").read_text().splitlines()
                if line.split()[4].startswith(str(self.path))]
        if left:
            raise RuntimeError(f"mounts left under the root, not deleted: {left}")
        remove_as_root(self.path)
