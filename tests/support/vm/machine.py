"""One virtual table: QEMU booting the cached image's kernel on a throwaway overlay of its disk.

What the guest has, and why:
- a virtio disk: a qcow2 overlay over the cached base image, so every run starts clean. Killing
  QEMU (SIGKILL) is a pulled plug: what the guest kernel had not yet written is gone, what it
  flushed is on the overlay, and its ext4 replays its journal at the next boot.
- virtio-gpu at the official 7-inch panel's 800x480: the app draws to it through KMSDRM.
- user-mode networking, forwarding the guest's SSH, MQTT (1883) and phone page (9001) to free
  ports on this machine's loopback.
- an xHCI controller, for the dice tray as a USB device (added, removed and added again by QMP).
- a QMP socket (screendump, device_add, device_del), spoken through qemu.qmp, the QEMU
  project's own client, rather than a JSON-over-socket parser of our own.
- the serial console in a file, appended to across reboots and pulled plugs, shown on failure.

QEMU runs under setpriv --pdeathsig: a test process that dies takes its guest with it.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from functools import lru_cache
from pathlib import Path

import logging

from qemu.qmp.legacy import QEMUMonitorProtocol

from tests.support.vm.image import Image

QEMU = "qemu-system-x86_64"
MEMORY = "2048"
SCREEN = (800, 480)  # the official 7-inch panel
GUEST_PORTS = {"ssh": 22, "mqtt": 1883, "phone": 9001}
# qemu.qmp logs every message at DEBUG: hundreds of screendumps would bury a failure's report.
logging.getLogger("qemu.qmp").setLevel(logging.WARNING)


def why_not() -> str | None:
    """Why this machine cannot run the virtual table, in plain words; None when it can."""
    import shutil

    if os.geteuid() != 0:
        return "building the virtual table's image needs root (debootstrap, mkfs.ext4 -d)"
    for tool, package in ((QEMU, "qemu-system-x86"), ("qemu-img", "qemu-utils"), ("debootstrap", "debootstrap"),
                          ("mkfs.ext4", "e2fsprogs"), ("ssh", "openssh-client"), ("zbarimg", "zbar-tools"),
                          ("tesseract", "tesseract-ocr")):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (package {package}; deploy/setup.sh test installs it)"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@lru_cache(maxsize=1)
def accelerator(image_kernel: str, image_initrd: str) -> tuple[str, str]:
    """("kvm"|"tcg", why). KVM only where a guest really boots with it: /dev/kvm can exist on a
    machine that is itself a guest without nested virtualisation (no vmx/svm in its CPU flags),
    and then every guest fails under KVM ("emulation failure", or an abort on MSR 0x10a)."""
    if not os.access("/dev/kvm", os.R_OK | os.W_OK):
        return "tcg", "no usable /dev/kvm"
    flags = Path("/proc/cpuinfo").read_text()
    if " vmx" not in flags and " svm" not in flags:
        return "tcg", "/dev/kvm exists but this CPU has no vmx/svm for a guest"
    # The kernel and initrd alone, to their first lines on the console: a few seconds under KVM.
    try:
        done = subprocess.run(
            ["timeout", "20", QEMU, "-accel", "kvm", "-cpu", "host", "-m", "512", "-nographic", "-no-reboot",
             "-kernel", image_kernel, "-initrd", image_initrd, "-append", "console=ttyS0 panic=-1 root=/dev/null"],
            capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        return "tcg", "a guest did not boot under KVM"
    if "Linux version" in done.stdout and "emulation failure" not in done.stdout + done.stderr:
        return "kvm", "a guest boots under KVM here"
    return "tcg", "a guest did not boot under KVM (" + (done.stderr.strip().splitlines() or ["?"])[-1] + ")"


class VirtualTable:
    def __init__(self, image: Image, folder: Path, start_from: Path | None = None) -> None:
        """A machine whose disk starts as `start_from` (a kept disk of this image: the table as
        installed, tests/support/vm/installed.py), else as the image's own fresh Debian."""
        self.image = image
        self.folder = folder
        self.start_from = start_from
        folder.mkdir(parents=True, exist_ok=True)
        self.disk = folder / "disk.qcow2"
        self.console = folder / "console.log"
        self.qmp_socket = folder / "qmp.sock"
        self.ports = {name: free_port() for name in GUEST_PORTS}
        self.accel, self.accel_reason = accelerator(str(image.kernel), str(image.initrd))
        self.process: subprocess.Popen | None = None
        self.qmp: QEMUMonitorProtocol | None = None
        self.tray_chardev: str | None = None
        self.gpu = ["-device", f"virtio-gpu-pci,xres={SCREEN[0]},yres={SCREEN[1]}"]
        self.powered_on_at = 0.0
        self.new_disk(start_from)

    # -- power ---------------------------------------------------------------------------------

    def hardware(self, tray: bool) -> list[str]:
        """QEMU's machine without this run's ports and files, with or without the tray plugged in:
        what a saved running machine (tests/support/vm/running.py) must have had, tray unplugged
        (QEMU cannot save a machine with a USB serial adapter in it), to be resumed here."""
        if self.accel == "kvm":
            accel = ["-accel", "kvm", "-cpu", "host", "-smp", "2"]
        else:
            # One vCPU under TCG: with two, QEMU's multi-threaded TCG can run a stale translation of
            # kernel code that the other vCPU has just re-patched (static keys flip when systemd
            # attaches its device policies), and the guest dies of "Oops: int3" early in boot.
            accel = ["-accel", "tcg", "-smp", "1"]
        tray = ["-device", "usb-serial,bus=xhci.0,chardev=tray,id=tray0"] if tray else []
        return [*accel, "-m", MEMORY, "-nodefaults", "-no-user-config",
                "-append", "root=/dev/vda rw console=ttyS0,115200 loglevel=4 systemd.show_status=auto",
                *self.gpu, "-display", "none", "-device", "virtio-net-pci,netdev=net0", "-device", "virtio-rng-pci",
                "-device", "qemu-xhci,id=xhci", *tray]

    def power_on(self, resume: Path | None = None) -> None:
        """Start QEMU (the Pi's power switch); returns once QMP answers. `resume`: a running
        machine's saved state (tests/support/vm/running.py) to go on from instead of a boot; the
        disk must be the one it was saved with; the tray is plugged in once it runs (resumed())."""
        assert self.process is None, "already on"
        forwards = ",".join(f"hostfwd=tcp:127.0.0.1:{self.ports[n]}-:{p}" for n, p in GUEST_PORTS.items())
        hardware = self.hardware(tray=bool(self.tray_chardev) and resume is None)
        tray = ["-chardev", f"serial,id=tray,path={self.tray_chardev}"] if self.tray_chardev else []
        incoming = ["-incoming", f"exec:cat {resume}"] if resume else []
        self.qmp_socket.unlink(missing_ok=True)
        argv = [
            "setpriv", "--pdeathsig", "KILL", "--", QEMU, *hardware,
            "-kernel", str(self.image.kernel), "-initrd", str(self.image.initrd),
            "-drive", f"file={self.disk},if=virtio,format=qcow2",
            "-netdev", f"user,id=net0,{forwards}", *tray,
            "-chardev", f"file,id=console,path={self.console},append=on", "-serial", "chardev:console",
            "-qmp", f"unix:{self.qmp_socket},server=on,wait=off", *incoming,
        ]
        with (self.folder / "qemu.log").open("a") as out:
            self.process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
        self.powered_on_at = time.monotonic()
        deadline = time.monotonic() + 30
        while not self.qmp_socket.exists():
            if self.process.poll() is not None:
                raise RuntimeError(f"QEMU stopped at once:\n{(self.folder / 'qemu.log').read_text()[-2000:]}")
            assert time.monotonic() < deadline, "QEMU never opened its QMP socket"
            time.sleep(0.05)
        self.qmp = QEMUMonitorProtocol(str(self.qmp_socket))
        self.qmp.connect()

    def resumed(self, timeout: float = 120) -> None:
        """Once a machine powered on with `resume` runs again; RuntimeError when its state would
        not load (QEMU stops: another QEMU, or a saved state that no longer fits)."""
        deadline = time.monotonic() + timeout
        status: object = None
        while True:
            if not self.running:
                self._forget()
                raise RuntimeError(f"the saved machine did not resume:\n{(self.folder / 'qemu.log').read_text()[-2000:]}")
            try:
                status = self.qmp.cmd("query-status")["status"]
            except Exception as exc:  # noqa: BLE001 - QEMU ending while it is asked
                status = exc
            if status == "running":
                if self.tray_chardev:
                    self.plug_tray()
                return
            if status == "paused":  # loaded ("inmigrate" until then) as it was saved: stopped
                self.qmp.cmd("cont")
                continue
            assert time.monotonic() < deadline, f"the saved machine did not resume within {timeout} s: {status}"
            time.sleep(0.2)

    def save_running(self, state: Path, disk: Path, timeout: float = 300) -> None:
        """The running machine saved as it is (QEMU's migration to a file) with its disk as of that
        moment, then running on: a later run goes on from there (power_on(resume=...))."""
        assert self.qmp is not None
        self._end_shared_connection()  # a connection the saved machine would hold half-open
        if self.tray_chardev:
            self.unplug_tray()  # QEMU cannot save a USB serial adapter (plugged back in below)
            deadline = time.monotonic() + 30
            while any(p["name"] == "tray0" for p in self.qmp.cmd("qom-list", path="/machine/peripheral")):
                assert time.monotonic() < deadline, "the tray stayed plugged in"
                time.sleep(0.1)
        # Stopped first: one pass over its memory, at the disk's speed (a running guest's pages
        # would be sent again as it dirties them, at QEMU's default 32 MiB/s).
        self.qmp.cmd("stop")
        self.qmp.cmd("migrate-set-parameters", **{"max-bandwidth": 8 << 30})
        self.qmp.cmd("migrate", uri=f"exec:cat > {state}")
        deadline = time.monotonic() + timeout
        while (status := self.qmp.cmd("query-migrate").get("status")) not in ("completed", "failed", "cancelled"):
            assert time.monotonic() < deadline, f"saving the machine took over {timeout} s"
            time.sleep(0.2)
        assert status == "completed", f"saving the machine {status}"
        # Its disk as it was saved, copied before the machine runs on.
        shutil.copyfile(self.disk, disk)
        self.qmp.cmd("cont")
        if self.tray_chardev:
            self.plug_tray()
        self._share_connection()

    def new_disk(self, start_from: Path | None) -> None:
        """A fresh overlay of `start_from` (as at __init__), for a machine that is off."""
        assert self.process is None, "the machine is on"
        self.start_from = start_from
        self.disk.unlink(missing_ok=True)
        subprocess.run(["qemu-img", "create", "-q", "-f", "qcow2", "-b", str(start_from or self.image.disk),
                        "-F", "qcow2", str(self.disk)], check=True)

    def pull_plug(self) -> None:
        """SIGKILL to QEMU: the guest gets no shutdown, and its unwritten pages are lost."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        self._forget()

    def power_off(self, timeout: float = 180) -> None:
        """`sudo poweroff` in the guest: systemd stops everything and QEMU ends by itself."""
        assert self.process is not None
        self.ssh("sudo systemctl poweroff", check=False, timeout=30)
        self._end_shared_connection()
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"the guest did not power off within {timeout} s:\n{self.console_tail()}") from None
        self._forget()

    def _forget(self) -> None:
        self._end_shared_connection()
        if self.qmp is not None:
            try:
                self.qmp.close()
            except Exception:  # noqa: BLE001 - the other end is gone
                pass
        self.qmp = None
        self.process = None

    def close(self) -> None:
        if self.process is not None:
            if self.process.poll() is None:
                self.pull_plug()
            else:
                self._forget()
        self.disk.unlink(missing_ok=True)

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    # -- the guest -----------------------------------------------------------------------------

    def ssh_argv(self, command: str, user: str = "pi") -> list[str]:
        return ["ssh", "-i", str(self.image.key), "-p", str(self.ports["ssh"]), "-o", "BatchMode=yes",
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                "-o", "ConnectTimeout=10", "-o", "ServerAliveInterval=5",
                # One connection (see _share_connection) reused by every command: a new SSH handshake
                # costs seconds on an emulated CPU. Without it, ssh connects on its own.
                "-o", "ControlMaster=no", "-o", f"ControlPath={self.control_path}",
                f"{user}@127.0.0.1", command]

    @property
    def control_path(self) -> Path:
        return self.folder / "ssh-control"

    def _share_connection(self) -> None:
        """A background SSH connection for the others to share, once the guest answers. Its output
        goes nowhere: a master holding a captured pipe would keep every later call waiting."""
        if self.control_path.exists():
            return
        argv = self.ssh_argv("true")
        argv[argv.index("ControlMaster=no")] = "ControlMaster=yes"
        subprocess.run(argv[:-1] + ["-N", "-f"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=60, check=False)

    def _end_shared_connection(self) -> None:
        if self.control_path.exists():
            subprocess.run(["ssh", "-o", f"ControlPath={self.control_path}", "-O", "exit", "pi@127.0.0.1"],
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=10, check=False)
            self.control_path.unlink(missing_ok=True)

    def ssh(self, command: str, *, check: bool = True, timeout: float = 120,
            input: str | None = None) -> subprocess.CompletedProcess:
        """A shell command in the guest, as the owner ("pi"), over the forwarded SSH port."""
        done = subprocess.run(self.ssh_argv(command), capture_output=True, text=True, timeout=timeout, input=input)
        with (self.folder / "ssh.log").open("a") as out:
            out.write(f"$ {command}\n{done.stdout}{done.stderr}[exit {done.returncode}]\n")
        if check and done.returncode != 0:
            raise AssertionError(f"in the guest: {command} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
        return done

    def wait_for_ssh(self, timeout: float = 180) -> float:
        """Seconds from power-on until the guest's SSH answers."""
        deadline = time.monotonic() + timeout
        while True:
            assert self.running, f"QEMU stopped:\n{self.console_tail()}"
            try:
                if self.ssh("true", check=False, timeout=20).returncode == 0:
                    seconds = round(time.monotonic() - self.powered_on_at, 1)
                    self._share_connection()
                    return seconds
            except subprocess.TimeoutExpired:
                pass
            assert time.monotonic() < deadline, f"the guest's SSH never answered:\n{self.console_tail()}"
            time.sleep(1)

    def reboot(self, timeout: float = 360) -> None:
        """`sudo reboot` in the guest (the same QEMU, a new boot); returns once SSH answers again."""
        first = self.boot_id_or_none()
        assert first is not None, "the guest is not answering before its reboot"
        self.ssh("sudo reboot", check=False, timeout=30)
        self._end_shared_connection()
        deadline = time.monotonic() + timeout
        while True:
            assert time.monotonic() < deadline, f"the guest did not come back from its reboot:\n{self.console_tail()}"
            now = self.boot_id_or_none()
            if now is not None and now != first:
                self._share_connection()
                return
            time.sleep(1)

    def boot_id_or_none(self) -> str | None:
        try:
            done = self.ssh("cat /proc/sys/kernel/random/boot_id", check=False, timeout=15)
        except subprocess.TimeoutExpired:
            return None
        return done.stdout.strip() if done.returncode == 0 else None

    def tap(self, x: int, y: int) -> None:
        """One finger down and up on the guest's touch panel (tests/support/vm/panel.py), in pixels
        from the top left."""
        self.ssh(f"echo 'tap {x} {y}' > /run/companion-test-panel", timeout=30)

    def two_finger_tap(self, first: tuple[int, int], second: tuple[int, int]) -> None:
        """Two fingers down together and lifted together on the guest's touch panel."""
        self.ssh(f"echo 'tap2 {first[0]} {first[1]} {second[0]} {second[1]}' > /run/companion-test-panel", timeout=30)

    # -- QMP -------------------------------------------------------------------------------------

    def screendump(self, path: Path) -> Path:
        """The guest's screen as a PNG, taken by QEMU from the virtual GPU's scanout."""
        assert self.qmp is not None
        self.qmp.cmd("screendump", filename=str(path), format="png")
        return path

    def unplug_tray(self) -> None:
        assert self.qmp is not None
        self.qmp.cmd("device_del", id="tray0")

    def plug_tray(self) -> None:
        assert self.qmp is not None
        self.qmp.cmd("device_add", driver="usb-serial", bus="xhci.0", chardev="tray", id="tray0")

    def console_tail(self, chars: int = 6000) -> str:
        try:
            return self.console.read_text(errors="replace")[-chars:]
        except OSError:
            return "(no console output)"
