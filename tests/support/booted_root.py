"""A fresh Debian 12 system built during the test run, booted with its own systemd.

debootstrap builds the root from Debian's packages. systemd-nspawn cannot run on a host without
systemd (this machine and CI), so the root boots as nspawn would do it by hand: systemd is PID 1
of new PID, mount, UTS, IPC and cgroup namespaces, chrooted into the root, with /proc, a
read-only /sys (so that no udev inside reacts to the host's devices), its own /run, and a small
/dev. It shares the host's network: apt and pip inside reach Debian and PyPI, and the root's
Mosquitto listens on the host's ports 1883 and 9001.

Cleaning up: everything inside dies with the PID namespace when its systemd is killed, and its
mounts with the mount namespace. The launcher runs under setpriv --pdeathsig and unshare
--kill-child, so even a test run that dies without its finally blocks takes the root's processes
with it. The cgroups systemd makes live in one folder per hierarchy, made for this root and
removed afterwards.
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

from tests.support import kept_roots
from tests.support.as_root import as_root, write_as_root

DEBIAN = "http://deb.debian.org/debian"
# What a Raspberry Pi OS Lite image has that Debian's minimal base lacks, and install.sh uses.
PACKAGES = ["systemd-sysv", "udev", "dbus", "sudo", "git", "ca-certificates"]
# apt's own download cache: debootstrap reuses packages it fetched before, and verifies them.
APT_CACHE = Path("/var/cache/apt/archives")
CGROUP_NAME = "companion-booted-root"
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

# Run before the namespaces are made: into this root's own cgroups, so that the cgroup
# namespace's root is the root's own folder.
LAUNCH = r"""
set -eu
root=$1; shift
for procs in "$@"; do echo $$ > "$procs"; done
exec unshare --pid --mount --uts --ipc --cgroup --fork --kill-child=KILL sh -c "$BOOT_SCRIPT" boot "$root"
"""

# Run inside the new namespaces (as their PID 1, before it becomes systemd): mounts, then init.
BOOT = r"""
set -eu
root=$1
mount --make-rprivate /
mount --bind "$root" "$root"
mount -t proc proc "$root/proc"
mount --bind "$root/proc/sys" "$root/proc/sys"
mount -o remount,bind,ro "$root/proc/sys"
mount -t sysfs -o ro sysfs "$root/sys"
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
cd "$root"
exec chroot . /usr/bin/env -i container=companion-test /lib/systemd/systemd
"""


def debootstrap(path: Path, log: Path, release: str, packages: Sequence[str], timeout: float = 600) -> None:
    """A minimal Debian `release` at `path` with `packages`, in a mount namespace of its own so
    that no mount debootstrap makes outlives it; it trusts what this machine trusts.

    debootstrap's own result is kept for the week (kept_roots.py): a test that needs the same
    release and packages again unpacks it in seconds instead of installing a hundred packages."""
    kept = kept_roots.kept(release, packages)
    if kept is not None:
        with log.open("a") as out:
            out.write(f"debootstrap's {release} root of this week, unpacked from {kept}\n")
        kept_roots.unpack(kept, path)
    else:
        cache = ["--cache-dir", str(APT_CACHE)] if APT_CACHE.is_dir() else []
        with log.open("a") as out:
            subprocess.run(
                as_root("setpriv", "--pdeathsig", "KILL", "--", "unshare", "--mount", "--propagation", "private",
                        "--fork", "--kill-child=KILL", "debootstrap", "--variant=minbase",
                        f"--include={','.join(packages)}", *cache, release, str(path), DEBIAN),
                stdout=out, stderr=subprocess.STDOUT, check=True, timeout=timeout,
            )
        kept_roots.keep(path, release, packages)
    # The root trusts what this machine trusts (a network that inspects TLS has its own authority).
    host_bundle = Path("/etc/ssl/certs/ca-certificates.crt")
    if host_bundle.exists():
        write_as_root(path / "usr/local/share/ca-certificates/this-machine.crt", host_bundle.read_text())
    # A hostname the root's own /etc/hosts knows, as on a Pi (sudo looks it up).
    write_as_root(path / "etc/hostname", "table\n")
    write_as_root(path / "etc/hosts", "127.0.0.1 localhost\n127.0.1.1 table\n")


def why_not() -> str | None:
    """Why this machine cannot build and boot a root, in plain words; None when it can."""
    if os.geteuid() != 0:
        return "building and booting a Debian root needs root"
    for tool in ("debootstrap", "unshare", "nsenter", "setpriv", "chroot"):
        if shutil.which(tool, path=PATH) is None:  # a user's PATH may lack the sbin folders
            return f"{tool} is not installed (deploy/setup.sh test installs debootstrap)"
    for port in (1883, 9001):
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind(("0.0.0.0", port))
            except OSError:
                return f"port {port} is taken on this machine, and the root's Mosquitto needs it"
    return None


def _cgroup_dirs() -> list[Path]:
    """This process's own cgroup in each hierarchy mounted here (v1 and v2)."""
    own: dict[str, str] = {}
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        own[controllers] = path
    dirs = []
    for line in Path("/proc/self/mountinfo").read_text().splitlines():
        fields = line.split()
        sep = fields.index("-")
        fstype, options = fields[sep + 1], fields[sep + 3]
        mount_root, mountpoint = fields[3], fields[4]
        if fstype == "cgroup2":
            key = ""
        elif fstype == "cgroup":  # v1: the hierarchy whose controllers (or name=) the mount carries
            key = next((k for k in own if k and set(k.split(",")) <= set(options.split(","))), None)
            if key is None:
                continue
        else:
            continue
        if key in own and mount_root == "/":
            dirs.append(Path(mountpoint + own[key].rstrip("/")))
    return dirs


def _remove_cgroups(top: Path) -> None:
    if not top.exists():
        return
    for folder, _, _ in sorted(os.walk(top), key=lambda entry: -len(entry[0])):
        for _ in range(50):  # the kernel lets go of a dying process's cgroup a moment later
            try:
                os.rmdir(folder)
                break
            except OSError:
                time.sleep(0.1)


class BootedRoot:
    """A Debian 12 root at `path`, built by `build()` and booted by `boot()`; `close()` ends it."""

    def __init__(self, path: Path, log: Path) -> None:
        self.path = path
        self.log = log
        self.launcher: subprocess.Popen | None = None
        self.cgroups: list[Path] = []

    def build(self, timeout: float = 600) -> None:
        debootstrap(self.path, self.log, "bookworm", PACKAGES, timeout)

    def boot(self, timeout: float = 60) -> None:
        for parent in _cgroup_dirs():
            folder = parent / f"{CGROUP_NAME}-{os.getpid()}"
            folder.mkdir(exist_ok=True)
            for setting in ("cpuset.cpus", "cpuset.mems"):  # v1 cpuset takes no process without them
                if (folder / setting).exists():
                    (folder / setting).write_text((parent / setting).read_text())
            self.cgroups.append(folder)
        with self.log.open("a") as out:
            self.launcher = subprocess.Popen(
                ["setpriv", "--pdeathsig", "KILL", "--", "sh", "-c", LAUNCH, "launch", str(self.path),
                 *(str(c / "cgroup.procs") for c in self.cgroups)],
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                env={"PATH": PATH, "BOOT_SCRIPT": BOOT},
            )
        deadline = time.monotonic() + timeout
        state = "not started"
        while time.monotonic() < deadline:
            if self.launcher.poll() is not None:
                raise RuntimeError(f"the root's systemd stopped at once: see {self.log}")
            if self.init_pid() is not None:
                state = self.run(["systemctl", "is-system-running"], check=False, timeout=timeout).stdout.strip()
                if state in ("running", "degraded"):
                    return
            time.sleep(0.5)
        raise RuntimeError(f"the root did not boot within {timeout} s ({state}; see {self.log})")

    def init_pid(self) -> int | None:
        """The host's PID of the root's systemd (PID 1 inside), once it has started."""
        if self.launcher is None:
            return None
        children = Path(f"/proc/{self.launcher.pid}/task/{self.launcher.pid}/children")
        try:
            (child,) = children.read_text().split()
            comm = Path(f"/proc/{child}/comm").read_text().strip()
        except (OSError, ValueError):
            return None
        return int(child) if comm == "systemd" else None

    def run(self, argv: Sequence[str], *, user: str | None = None, check: bool = True,
            timeout: float = 120, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        """A command inside the booted root, as root or as a user (in a login shell's environment)."""
        pid = self.init_pid()
        assert pid is not None, "the root is not running"
        base = {"PATH": PATH, "HOME": "/root", "LANG": "C.UTF-8", **(env or {})}
        command = ["nsenter", "-t", str(pid), "-m", "-p", "-u", "-i", "-C", "-r", "-w",
                   "env", "-i", *(f"{k}={v}" for k, v in base.items())]
        if user is not None:
            command += ["runuser", "-l", user, "-c", shlex.join(argv)]
        else:
            command += list(argv)
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        with self.log.open("a") as out:
            out.write(f"$ {' '.join(argv)}{f'  (as {user})' if user else ''}\n{done.stdout}{done.stderr}"
                      f"[exit {done.returncode}]\n")
        if check and done.returncode != 0:
            raise AssertionError(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
        return done

    def close(self) -> None:
        """Kill everything in the root, check that none of its mounts is left, and delete it."""
        pid = self.init_pid()
        if pid is not None:
            os.kill(pid, signal.SIGKILL)  # the PID namespace's init: all inside die with it
        if self.launcher is not None:
            try:
                self.launcher.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.launcher.kill()
                self.launcher.wait(timeout=30)
        for folder in self.cgroups:
            _remove_cgroups(folder)
        left = [line.split()[4] for line in Path("/proc/self/mountinfo").read_text().splitlines()
                if line.split()[4].startswith(str(self.path))]
        if left:
            # Never delete through a mount (a bind of /dev would take the host's devices with it).
            raise RuntimeError(f"mounts left under the root, not deleted: {left}")
        shutil.rmtree(self.path, ignore_errors=True)


def remove_stale_cgroups() -> None:
    """Empty cgroup folders of roots from runs that died before cleaning up (their processes are gone)."""
    for parent in _cgroup_dirs():
        for folder in parent.glob(f"{CGROUP_NAME}-*"):
            pid = folder.name.rsplit("-", 1)[-1]
            if not Path(f"/proc/{pid}").exists():
                _remove_cgroups(folder)
