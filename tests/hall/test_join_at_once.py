"""Many tables joining the hall at the same moment (a tournament's tables switched on together,
the organiser's line typed on each): every `companion hall-join` gets its table's own login,
although each logs in at the venue as the organiser and the tables' port makes a login its
client id, so every organiser's session takes the one before it over."""

from __future__ import annotations

import os
import threading
import tomllib

import paho.mqtt.client as paho
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from companion.hall.enrol import login_works, logins, session
from companion.hall.join import main as join
from tests.broadcast.conftest import Watcher
from tests.support.hall import DYNSEC, ORGANISER_PASSWORD, venue_broker
from tests.support.mosquitto import MOSQUITTO

pytestmark = pytest.mark.skipif(not os.path.exists(MOSQUITTO) or not os.path.exists(DYNSEC),
                                reason="needs Mosquitto 2.0 with its dynamic-security plugin")

AT_ONCE = 6


def test_tables_joining_at_the_same_moment_each_get_their_own_working_login(tmp_path, capsys):
    organiser = tmp_path / "organiser-password"
    organiser.write_text(ORGANISER_PASSWORD + "\n")
    ids = [f"t{n}" for n in range(1, AT_ONCE + 1)]
    for tid in ids:
        (tmp_path / tid).mkdir()
        (tmp_path / tid / "config.toml").write_text(
            f'[table]\nid = "{tid}"\nname = "Table {tid[1:]}"\n\n'
            f'[hall]\npassword_file = "{tmp_path / tid / "hall-password"}"\n')
    start = threading.Barrier(AT_ONCE)
    codes: dict[str, int] = {}

    with venue_broker(tmp_path / "venue") as venue:
        def join_table(tid: str) -> None:
            args = [f"127.0.0.1:{venue.tls_port}", "--cafile", venue.cafile, "--password-file", str(organiser),
                    "--config", str(tmp_path / tid / "config.toml"), "--conf-dir", str(tmp_path / tid / "conf.d"),
                    "--no-restart"]
            start.wait()  # every table's organiser's session opened in the same moment
            codes[tid] = join(args)

        runs = [threading.Thread(target=join_table, args=(tid,)) for tid in ids]
        for run in runs:
            run.start()
        for run in runs:
            run.join(180)
        err = capsys.readouterr().err
        assert codes == {tid: 0 for tid in ids}, err

        # Each table's own password, its two logins taken by the venue, each writing its own table.
        watcher = Watcher(venue.mqtt_port, "companion/#")
        try:
            passwords = set()
            for tid in ids:
                hall = tomllib.loads((tmp_path / tid / "config.toml").read_text())["hall"]
                assert hall["port"] == venue.tls_port
                password = (tmp_path / tid / "hall-password").read_text().strip()
                passwords.add(password)
                assert f"remote_password {password}" in (tmp_path / tid / "conf.d" / "companion-hall.conf").read_text()
                assert all(login_works(venue.hall, login, password) for login in logins(tid)), tid
                with session(venue.hall, tid, password) as table:
                    table.publish(f"companion/{tid}/events", f"{tid} joined".encode(), qos=1).wait_for_publish(5)
            assert len(passwords) == AT_ONCE
            watcher.wait_for(lambda w: all(any(m.payload == f"{tid} joined".encode()
                                               for m in w.on(f"companion/{tid}/events")) for tid in ids), 10)
        finally:
            watcher.close()


def test_a_join_that_never_gets_the_organisers_session_says_so_and_changes_nothing(tmp_path, capsys, monkeypatch):
    from companion.hall import organiser
    from companion.hall.enrol import ORGANISER

    monkeypatch.setattr(organiser, "DEADLINE", 3.0)
    path = tmp_path / "config.toml"
    path.write_text(f'[table]\nid = "t9"\nname = "Table 9"\n\n[hall]\npassword_file = "{tmp_path / "hall-password"}"\n')
    before = path.read_bytes()
    (tmp_path / "organiser").write_text(ORGANISER_PASSWORD)
    with venue_broker(tmp_path / "venue") as venue:
        # Another organiser's session that takes the session back the moment it is taken from it.
        taker = paho.Client(CallbackAPIVersion.VERSION2, client_id="hall:taker", protocol=paho.MQTTv5)
        taker.username_pw_set(ORGANISER, ORGANISER_PASSWORD)
        taker.tls_set(ca_certs=venue.cafile)
        taker.reconnect_delay_set(0, 0)
        held = threading.Event()
        taker.on_connect = lambda *a: held.set()
        taker.connect("127.0.0.1", venue.tls_port, keepalive=10)
        taker.loop_start()
        try:
            assert held.wait(5)
            code = join([f"127.0.0.1:{venue.tls_port}", "--cafile", venue.cafile, "--password-file",
                         str(tmp_path / "organiser"), "--config", str(path), "--conf-dir", str(tmp_path / "conf.d"),
                         "--no-restart"])
        finally:
            taker.disconnect()
            taker.loop_stop()
    out, err = capsys.readouterr()
    assert code == 2
    assert "waits its turn" in out
    assert err.count("\n") == 1 and "did not make this table's login" in err and "run the same command again" in err
    assert path.read_bytes() == before and not (tmp_path / "conf.d").exists()
    assert not (tmp_path / "hall-password").exists()
