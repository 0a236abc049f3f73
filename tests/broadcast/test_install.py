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
from tests.support.as_root import rerun_as_root
from tests.support.mosquitto import DEPLOY, MOSQUITTO, free_ports

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


@pytest.mark.skipif(not _has_group("mosquitto"), reason="needs Mosquitto's group (apt-get install mosquitto)")
def test_install_makes_a_password_the_table_logs_in_with(tmp_path, table, request):
    if rerun_as_root(request):  # install.sh runs as root
        return
    root = tmp_path / "root"
    mqtt_port, ws_port = free_ports(2)
    env = {**os.environ, "ROOT": str(root), "MQTT_PORT": str(mqtt_port), "WS_PORT": str(ws_port),
           "COMPANION_USER": "root"}
    out = subprocess.run(["sh", str(INSTALL)], env={**env, "HA_PASSWORD": "ha-secret"},
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    password_file = root / "etc/companion/mqtt-password"
    password = password_file.read_text().strip()
    assert len(password) >= 20 and oct(password_file.stat().st_mode & 0o777) == "0o600"
    hashed = (root / "etc/mosquitto/companion/passwd").read_text()
    assert hashed.startswith("companion:$7$") and password not in hashed
    ha_login = [line for line in hashed.splitlines() if line.startswith("homeassistant:$7$")]
    assert len(ha_login) == 1 and "ha-secret" not in hashed
    assert (root / "usr/local/share/companion/web/index.html").exists()
    fingerprint = subprocess.run([str(DEPLOY / "fingerprint.sh")], capture_output=True, text=True, check=True)
    assert (root / "etc/companion/broker-setup").read_text() == fingerprint.stdout  # start.sh compares these
    # Run again, as an update does (no HA_PASSWORD): both logins are kept.
    assert subprocess.run(["sh", str(INSTALL)], env=env, capture_output=True, timeout=60).returncode == 0
    assert password_file.read_text().strip() == password
    again = (root / "etc/mosquitto/companion/passwd").read_text().splitlines()
    assert [line for line in again if line.startswith("homeassistant:")] == ha_login

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


def test_the_set_up_fingerprint_changes_with_the_phone_page_and_the_acl(tmp_path):
    """start.sh runs install.sh again when this changes: an update reaches the broker by itself."""
    import shutil

    repo = tmp_path / "repo"
    shutil.copytree(DEPLOY, repo / "deploy" / "mosquitto")
    shutil.copytree(DEPLOY.parent.parent / "companion" / "web", repo / "companion" / "web")
    script = repo / "deploy" / "mosquitto" / "fingerprint.sh"

    def fingerprint() -> str:
        return subprocess.run([str(script)], capture_output=True, text=True, check=True).stdout.strip()

    first = fingerprint()
    assert re.fullmatch(r"[0-9a-f]{16}", first) and fingerprint() == first
    with open(repo / "companion" / "web" / "app.js", "a") as page:
        page.write("\n// a newer phone page\n")
    second = fingerprint()
    assert second != first
    with open(repo / "deploy" / "mosquitto" / "acl", "a") as acl:
        acl.write("\n# a newer rule\n")
    assert fingerprint() not in (first, second)
