"""A real Mosquitto for tests and benchmarks, started from deploy/mosquitto/ on free ports.

No system service is needed or touched: the broker runs as a child process with
the same drop-in configuration and ACL the Pi installs, filled in the way
deploy/mosquitto/install.sh fills them in.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

from companion import config as companion_config

ROOT = Path(__file__).resolve().parent.parent.parent
DEPLOY = ROOT / "deploy" / "mosquitto"
WEB = ROOT / "companion" / "web"
MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
PASSWD = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
USER = "companion"
PASSWORD = "table-password-for-tests"
RUNNING = " running\n"  # Mosquitto's log line once every listener is open


def free_port() -> int:
    """A TCP port free on every address (a websockets listener binds them all)."""
    return free_ports(1)[0]


def free_ports(count: int) -> list[int]:
    """`count` different free ports. All are held open until all are chosen: one at a time,
    the system may hand out the port it just took back, and a broker given the same port for
    both listeners serves MQTT for a moment, then exits."""
    held = []
    try:
        for _ in range(count):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            held.append(s)
            s.bind(("", 0))
        return [s.getsockname()[1] for s in held]
    finally:
        for s in held:
            s.close()


class Broker:
    """One Mosquitto process; start(), kill() and start() again keep the same ports."""

    def __init__(
        self,
        workdir: Path,
        *,
        prefix: str = "companion",
        ha_prefix: str = "homeassistant",
        web_dir: Path = WEB,
        extra_users: dict[str, str] | None = None,
        extra_acl: str = "",
        debian_persistence: bool = False,
        conf_template: Path = DEPLOY / "companion.conf",
        acl_template: Path = DEPLOY / "acl",
        user: str = USER,
        values: dict[str, str] | None = None,
        ports: list[int] | None = None,
    ) -> None:
        if not Path(MOSQUITTO).exists():
            raise RuntimeError("Mosquitto is not installed: apt-get install mosquitto (deploy/apt-packages.txt)")
        self.dir = Path(workdir)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.mqtt_port, self.ws_port = ports[:2] if ports else free_ports(2)
        self.values = dict(values or {})  # more @NAME@ values for the templates
        self.prefix = prefix
        self.ha_prefix = ha_prefix
        self.web_dir = Path(web_dir)
        self.password_file = self.dir / "mqtt-password"
        self.password_file.write_text(PASSWORD + "\n")
        self.log = self.dir / "mosquitto.log"
        self.proc: subprocess.Popen | None = None
        # Debian's own mosquitto.conf turns persistence on before it includes the drop-in.
        self.debian_persistence = debian_persistence
        self.conf_template, self.acl_template, self.user = Path(conf_template), Path(acl_template), user
        self.extra_conf = ""  # appended after the drop-in (a bridge): set_extra_conf()
        self._write_files(extra_users or {}, extra_acl)

    def _render(self, text: str) -> str:
        values = {
            "MQTT_PORT": str(self.mqtt_port),
            "WS_PORT": str(self.ws_port),
            "CONF_DIR": str(self.dir),
            "WEB_DIR": str(self.web_dir),
            "PREFIX": self.prefix,
            "HA_PREFIX": self.ha_prefix,
            "USER": self.user,
            **self.values,
        }
        for name, value in values.items():
            text = text.replace(f"@{name}@", value)
        assert "@" not in "".join(line for line in text.splitlines() if not line.startswith("#")), text
        return text

    def _write_files(self, extra_users: dict[str, str], extra_acl: str) -> None:
        users = {self.user: PASSWORD, **extra_users}
        passwd = self.dir / "passwd"
        passwd.write_text("".join(f"{u}:{p}\n" for u, p in users.items()))
        subprocess.run([PASSWD, "-U", str(passwd)], check=True, capture_output=True)
        (self.dir / "acl").write_text(self._render(self.acl_template.read_text()) + extra_acl)
        saved = self.dir / "saved"
        saved.mkdir(exist_ok=True)
        persistence = (
            f"persistence true\npersistence_location {saved}/\n" if self.debian_persistence else "persistence false\n"
        )
        header = (
            "# Test broker: the Pi's drop-in below, after Debian's persistence setting (on, or off here)\n"
            "# and with the log in the test folder.\n"
            + persistence +
            f"log_dest file {self.log}\n"
            "log_type error\nlog_type warning\nlog_type notice\nlog_type information\n"
            "user root\n\n"
        )
        self.conf = self.dir / "mosquitto.conf"
        self._conf_text = header + self._render(self.conf_template.read_text())
        self.conf.write_text(self._conf_text)

    def set_extra_conf(self, text: str) -> None:
        """More configuration after the drop-in (a bridge's), read at the next start()."""
        self.extra_conf = text
        self.conf.write_text(self._conf_text + "\n" + text)

    def start(self, timeout: float = 5.0) -> Broker:
        """Start Mosquitto and return once it says it is running with every listener open."""
        runs_before = self.log_text().count(RUNNING)
        self.proc = subprocess.Popen(
            [MOSQUITTO, "-c", str(self.conf)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        deadline = time.monotonic() + timeout
        # Its own word, not a port that answers: a port can answer for a moment before a later
        # listener fails and Mosquitto exits, and a connection to a port in the system's own
        # range can even connect to itself while nothing listens there.
        while self.log_text().count(RUNNING) == runs_before:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"mosquitto exited: {err}\n{self.log_text()}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"mosquitto did not start within {timeout} s\n{self.log_text()}")
            time.sleep(0.02)
        return self

    def kill(self) -> None:
        """Stop the broker the hard way, as a crash or a pulled plug would."""
        self._end(signal.SIGKILL)

    def stop(self) -> None:
        self._end(signal.SIGTERM)

    def _end(self, sig: int) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if self.proc is not None and self.proc.stderr:
            self.proc.stderr.close()
        self.proc = None

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    @property
    def phone_url(self) -> str:
        return f"http://127.0.0.1:{self.ws_port}/"

    def settings(self, **sections: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """The table's configuration values that point it at this broker, plus `sections`."""
        values: dict[str, dict[str, Any]] = {
            "mqtt": {
                "host": "127.0.0.1",
                "port": self.mqtt_port,
                "username": USER,
                "password_file": str(self.password_file),
                "topic_prefix": self.prefix,
                "homeassistant_prefix": self.ha_prefix,
            },
            "phone": {"port": self.ws_port, "address": "127.0.0.1"},
        }
        for section, overrides in sections.items():
            values.setdefault(section, {}).update(overrides)
        return values

    def companion_config(self, **sections: dict[str, Any]) -> companion_config.Config:
        """The table's configuration pointing at this broker; `mqtt={"keepalive": 5}` overrides."""
        values = companion_config.defaults()
        for section, overrides in self.settings(**sections).items():
            values[section].update(overrides)
        return companion_config.Config(values, None)

    def __enter__(self) -> Broker:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


if __name__ == "__main__":  # a broker to poke at by hand: python -m tests.support.mosquitto
    import tempfile

    with Broker(Path(tempfile.mkdtemp(prefix="broker-"))) as b:
        print(f"mqtt://127.0.0.1:{b.mqtt_port}  {b.phone_url}  (user {USER}, password {PASSWORD})")
        print(f"config {b.conf}; Ctrl-C to stop")
        try:
            signal.pause()
        except KeyboardInterrupt:
            pass
    os._exit(0)
