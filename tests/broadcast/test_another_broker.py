"""Port 1883 held by another broker (a Mosquitto for Home Assistant, a second copy): the app says
so once, in one line with what to do, not "refused the login" at every retry; start.sh's check
says the same and names who holds the port. The other broker is a real Mosquitto of its own
configuration (logins only, as Home Assistant's add-on and a default Mosquitto 2 are)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.broadcast.mqtt import Broadcaster
from tests.support.mosquitto import MOSQUITTO, PASSWD, RUNNING, free_port

ROOT = Path(__file__).resolve().parents[2]


class OtherBroker:
    """A Mosquitto that is not the table's: one listener, its own logins, no anonymous clients."""

    def __init__(self, workdir: Path) -> None:
        workdir.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.log = workdir / "mosquitto.log"
        passwd = workdir / "passwd"
        passwd.write_text("homeassistant:ha-secret\n")
        subprocess.run([PASSWD, "-U", str(passwd)], check=True, capture_output=True)
        self.conf = workdir / "mosquitto.conf"
        self.conf.write_text(f"listener {self.port} 127.0.0.1\nallow_anonymous false\npassword_file {passwd}\n"
                             f"log_dest file {self.log}\nlog_type all\npersistence false\nuser root\n")
        self.proc = subprocess.Popen([MOSQUITTO, "-c", str(self.conf)], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        self.wait_for(lambda text: RUNNING in text, "running")

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def wait_for(self, seen, what: str, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while not seen(self.text()):
            assert self.proc.poll() is None, self.text()
            assert time.monotonic() < deadline, f"the other broker's log never said {what}:\n{self.text()}"
            time.sleep(0.02)

    def refusals(self, text: str) -> int:
        return text.count("not authorised")

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(5)


@pytest.fixture
def other(tmp_path):
    if not (os.path.exists(MOSQUITTO) and os.path.exists(PASSWD)):
        pytest.skip("Mosquitto is not installed")
    b = OtherBroker(tmp_path / "other")
    yield b
    b.close()


def table_config_at(broker_port: int, tmp_path: Path, broker=None):
    """The table's own configuration and password, pointed at `broker_port`."""
    from companion import config

    password = tmp_path / "mqtt-password"
    password.write_text("the-tables-own-password\n")
    path = tmp_path / "config.toml"
    path.write_text(f'[mqtt]\nhost = "127.0.0.1"\nport = {broker_port}\npassword_file = "{password}"\n'
                    f'retry_max = 1\n[data]\ndir = "{tmp_path / "data"}"\n')
    return config.load(path), path


def test_the_app_says_once_that_the_port_is_another_brokers_and_what_to_do(other, tmp_path, caplog):
    config, path = table_config_at(other.port, tmp_path)
    b = Broadcaster(config)
    caplog.set_level(logging.INFO, logger="companion.broadcast.mqtt")
    b.start()
    try:
        # The table tries again and again (it may be fixed meanwhile): three refusals at the broker.
        other.wait_for(lambda text: other.refusals(text) >= 4, "four refused logins (the table's, and a check's)")
        deadline = time.monotonic() + 10
        while not any("another broker" in r.getMessage() for r in caplog.records):
            assert time.monotonic() < deadline, [r.getMessage() for r in caplog.records]
            time.sleep(0.02)
        status = b.status()
    finally:
        b.close()
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(said) == 1, said
    line = said[0]
    assert "\n" not in line
    assert line.startswith(f"MQTT: 127.0.0.1:{other.port} is another broker, not the table's: it refused the "
                           "table's login (Not authorized) and lets no phone in."), line
    assert "sudo deploy/mosquitto/install.sh" in line and f"[mqtt] port in {path}" in line, line
    assert status.level == "error" and status.detail == line.removeprefix("MQTT: ")


def test_start_sh_s_check_names_who_holds_the_port_in_one_line(other, tmp_path):
    _, path = table_config_at(other.port, tmp_path)
    holder = subprocess.run([str(ROOT / "deploy/port-holder.sh"), str(other.port)],
                            capture_output=True, text=True, check=True).stdout.strip()
    assert holder == f"pid {other.proc.pid}: {MOSQUITTO} -c {other.conf}", holder
    done = subprocess.run([sys.executable, "-m", "companion.broadcast.broker_check", "--config", str(path),
                           "--holder", holder, "--sim"],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 1 and done.stdout == "", done
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"Warning: MQTT: 127.0.0.1:{other.port} is another broker ({holder}), not the table's"), line
    assert f"[mqtt] port in {path}" in line


def test_the_table_s_own_broker_passes_the_check_and_a_wrong_password_is_not_called_another_broker(broker, tmp_path):
    _, path = table_config_at(broker.mqtt_port, tmp_path)  # its password is not the broker's
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    check = [sys.executable, "-m", "companion.broadcast.broker_check", "--config", str(path)]
    wrong = subprocess.run(check, capture_output=True, text=True, timeout=60, env=env)
    assert (wrong.returncode, wrong.stdout, wrong.stderr) == (0, "", "")  # the status screen names the password
    path.write_text(path.read_text().replace(str(tmp_path / "mqtt-password"), str(broker.password_file)))
    right = subprocess.run(check, capture_output=True, text=True, timeout=60, env=env)
    assert (right.returncode, right.stdout, right.stderr) == (0, "", "")
    port = subprocess.run([*check, "--port"], capture_output=True, text=True, timeout=60, env=env)
    assert port.stdout.strip() == str(broker.mqtt_port)
