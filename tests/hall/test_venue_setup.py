"""The two set-up commands of docs/hall.md, end to end: deploy/hall/venue.sh into a scratch root
makes a venue broker (started here from what it wrote) that serves the hall page and its CA, lets
tables in over TLS each with the login hall-join made with the organiser's password it printed,
and lets anyone else only read; `companion hall-join` with the line it printed bridges a table's
Mosquitto into it."""

from __future__ import annotations

import os
import re
import subprocess
import time
import urllib.request

import pytest

from companion.cli import main as companion
from tests.broadcast.conftest import Watcher
from tests.support.as_root import rerun_as_root
from tests.support.hall import HALL_DEPLOY
from tests.support.mosquitto import MOSQUITTO, Broker, free_ports

VENUE = HALL_DEPLOY / "venue.sh"


def test_the_venue_files_use_only_names_venue_sh_fills_in():
    script = VENUE.read_text()
    for template in ("venue.conf", "acl"):
        for name in set(re.findall(r"@([A-Z_]+)@", (HALL_DEPLOY / template).read_text())):
            assert f"s|@{name}@|" in script, f"{template} uses @{name}@ but venue.sh never fills it in"


@pytest.mark.skipif(not os.path.exists(MOSQUITTO), reason="Mosquitto is not installed")
def test_venue_sh_then_hall_join_bridge_a_table_into_the_venue(tmp_path, monkeypatch, request):
    if rerun_as_root(request):  # venue.sh runs as root
        return
    root = tmp_path / "root"
    tls_port, mqtt_port, ws_port = free_ports(3)
    env = {**os.environ, "ROOT": str(root), "TLS_PORT": str(tls_port), "MQTT_PORT": str(mqtt_port),
           "WS_PORT": str(ws_port)}
    out = subprocess.run(["sh", str(VENUE)], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    printed = re.search(r"sudo HALL_PASSWORD=(\S+) \.venv/bin/companion hall-join (\S+):(\d+) (--ca-sha256 \S+ "
                        r"--web-port \d+) ", out.stdout)
    assert printed and printed.group(3) == str(tls_port), out.stdout
    assert f":{ws_port}/hall.html" in out.stdout
    password = printed.group(1)
    conf_dir = root / "etc/mosquitto/companion-venue"
    assert (root / "etc/companion/hall-tables-password").read_text().strip() == password
    assert password not in (conf_dir / "logins" / "dynamic-security.json").read_text()
    ca = (conf_dir / "ca.pem").read_bytes()
    # Run again (an update, a new address): the CA and the organiser's password are kept.
    again = subprocess.run(["sh", str(VENUE)], env=env, capture_output=True, text=True, timeout=60)
    assert again.returncode == 0 and printed.group(0) in again.stdout, again.stderr
    assert (conf_dir / "ca.pem").read_bytes() == ca

    # The venue broker, from the drop-in venue.sh wrote (saving into the test's folder).
    conf = tmp_path / "venue.conf"
    conf.write_text(f"persistence_location {tmp_path}/\nlog_dest file {tmp_path}/venue.log\nuser root\n"
                    + (root / "etc/mosquitto/conf.d/companion-venue.conf").read_text())
    venue = subprocess.Popen([MOSQUITTO, "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    table = Broker(tmp_path / "table")
    try:
        deadline = time.monotonic() + 5
        while " running" not in ((tmp_path / "venue.log").read_text() if (tmp_path / "venue.log").exists() else ""):
            assert time.monotonic() < deadline and venue.poll() is None, "the venue broker did not start"
            time.sleep(0.05)
        page = urllib.request.urlopen(f"http://127.0.0.1:{ws_port}/hall.html", timeout=5).read().decode()
        assert "standings.js" in page and "hall.js" in page

        # The table joins with the printed line (its venue address: this machine).
        config = tmp_path / "config.toml"
        config.write_text(f'[table]\nid = "t1"\nname = "Window"\n\n[hall]\npassword_file = "{tmp_path}/hall-pw"\n')
        monkeypatch.setenv("HALL_PASSWORD", password)
        assert companion(["hall-join", f"127.0.0.1:{tls_port}", *printed.group(4).split(), "--config", str(config),
                          "--conf-dir", str(tmp_path / "conf.d"), "--no-restart"]) == 0
        assert (tmp_path / "hall-ca.pem").read_bytes() == ca
        table.set_extra_conf((tmp_path / "conf.d/companion-hall.conf").read_text())
        table.start()
        hall = Watcher(mqtt_port, "companion/#")  # anonymous, as the hall page
        hall.wait_for(lambda w: any(m.payload == b"1" for m in w.on("companion/t1/link")), 15)
        publisher = Watcher(table.mqtt_port, "x", username="companion", password="table-password-for-tests")
        publisher.client.publish("companion/t1/state", b'{"version": 5}', qos=1, retain=True).wait_for_publish(5)
        hall.wait_for(lambda w: w.on("companion/t1/state"), 10)
        # Anyone else may only read: an anonymous write is dropped.
        intruder = Watcher(mqtt_port, "y")
        intruder.client.publish("companion/t1/state", b'{"version": 99}', qos=1, retain=True).wait_for_publish(5)
        time.sleep(0.5)
        assert [m.payload for m in hall.on("companion/t1/state")] == [b'{"version": 5}']
        for w in (hall, publisher, intruder):
            w.close()
    finally:
        table.stop()
        venue.kill()
        venue.wait(5)
