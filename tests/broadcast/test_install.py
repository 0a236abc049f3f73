"""deploy/mosquitto/install.sh, run into a scratch root: it makes the table's password, and the
broker it configures lets the table in with it and lets phones read."""

from __future__ import annotations

import grp
import os
import re
import subprocess
import time

import pytest

from companion import config
from companion.broadcast.mqtt import Broadcaster
from tests.broadcast.conftest import Watcher
from tests.support.mosquitto import DEPLOY, MOSQUITTO, free_port

INSTALL = DEPLOY / "install.sh"


def _has_group(name: str) -> bool:
    try:
        grp.getgrnam(name)
        return True
    except KeyError:
        return False


def test_the_drop_in_uses_only_names_install_sh_fills_in():
    script = INSTALL.read_text()
    for template in ("companion.conf", "acl"):
        for name in set(re.findall(r"@([A-Z_]+)@", (DEPLOY / template).read_text())):
            assert f"s|@{name}@|" in script, f"{template} uses @{name}@ but install.sh never fills it in"
    subprocess.run(["sh", "-n", str(INSTALL)], check=True)


@pytest.mark.skipif(os.geteuid() != 0 or not _has_group("mosquitto"), reason="needs root and Mosquitto's group")
def test_install_makes_a_password_the_table_logs_in_with(tmp_path, table):
    root = tmp_path / "root"
    mqtt_port, ws_port = free_port(), free_port()
    env = {**os.environ, "ROOT": str(root), "MQTT_PORT": str(mqtt_port), "WS_PORT": str(ws_port),
           "COMPANION_USER": "root"}
    out = subprocess.run(["sh", str(INSTALL)], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    password_file = root / "etc/companion/mqtt-password"
    password = password_file.read_text().strip()
    assert len(password) >= 20 and oct(password_file.stat().st_mode & 0o777) == "0o600"
    hashed = (root / "etc/mosquitto/companion/passwd").read_text()
    assert hashed.startswith("companion:$7$") and password not in hashed
    assert (root / "usr/local/share/companion/web/index.html").exists()
    # Run again: the password is kept.
    assert subprocess.run(["sh", str(INSTALL)], env=env, capture_output=True, timeout=60).returncode == 0
    assert password_file.read_text().strip() == password

    main = tmp_path / "mosquitto.conf"  # Debian's main file, in short, with the drop-in folder
    main.write_text(f"persistence false\nuser root\nlog_dest file {tmp_path}/log\n"
                    f"include_dir {root}/etc/mosquitto/conf.d\n")
    broker = subprocess.Popen([MOSQUITTO, "-c", str(main)], stderr=subprocess.PIPE)
    try:
        phone = None
        deadline = time.monotonic() + 5
        while phone is None:
            try:
                phone = Watcher(ws_port, "companion/table1/#", transport="websockets")
            except (OSError, AssertionError):
                assert time.monotonic() < deadline, (tmp_path / "log").read_text()
                time.sleep(0.05)
        values = config.defaults()
        values["mqtt"].update(host="127.0.0.1", port=mqtt_port, password_file=str(password_file))
        b = Broadcaster(config.Config(values, None), table)
        b.start()
        try:
            table.start("tally", ["Ann", "Ben"], {}).dispatch({"type": "add", "points": 1})
            phone.wait_for(lambda w: (w.last_state("companion/table1/state") or {}).get("revision") == 1)
        finally:
            b.close()
            phone.close()
    finally:
        broker.terminate()
        broker.wait(5)
