"""Every table's id at the venue: `companion hall-join` sets it and the name, refuses the id every
table ships with unless it is given, an empty id, the placeholder the venue's set-up prints, an id
another table is linked to the venue with (not this Pi itself, moving to another address of the
venue), and an organiser's password the venue refuses."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import tomllib

import pytest

from companion.hall.config_text import set_keys
from companion.hall.enrol import login_works
from companion.hall.join import main as join
from companion.config import load
from tests.broadcast.conftest import Watcher
from tests.support.cut_link import CutLink
from tests.support.hall import HALL_DEPLOY, ORGANISER_PASSWORD, venue_broker
from tests.support.mosquitto import ROOT, Broker, free_port

SHIPPED = (ROOT / "deploy" / "pi" / "config.toml").read_text()


def _args(tmp_path, venue: str, *more: str) -> list[str]:
    return [venue, "--config", str(tmp_path / "config.toml"), "--conf-dir", str(tmp_path / "conf.d"),
            "--no-restart", *more]


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    """The Pi's configuration as installed, its hall password kept in the test folder."""
    path = tmp_path / "config.toml"
    path.write_text(SHIPPED + f'\n[hall]\npassword_file = "{tmp_path / "hall-password"}"\n')
    monkeypatch.setenv("HALL_PASSWORD", ORGANISER_PASSWORD)
    return path


def test_the_shipped_id_is_refused_and_nothing_changes(tmp_path, shipped, capsys):
    before = shipped.read_bytes()
    assert join(_args(tmp_path, f"127.0.0.1:{free_port()}")) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "table1" in err and "--id" in err
    assert shipped.read_bytes() == before
    assert not (tmp_path / "conf.d").exists() and not (tmp_path / "hall-password").exists()
    assert join(_args(tmp_path, "127.0.0.1", "--id", "table 7")) == 2  # not a topic level
    assert "letters, digits" in capsys.readouterr().err and shipped.read_bytes() == before


def test_an_empty_id_is_refused_and_nothing_changes(tmp_path, shipped, capsys):
    before = shipped.read_bytes()
    for empty in ("", "  "):
        assert join(_args(tmp_path, f"127.0.0.1:{free_port()}", "--id", empty, "--name", "Table 7")) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--id may not be empty" in err and "its own id" in err
    assert shipped.read_bytes() == before
    assert not (tmp_path / "conf.d").exists() and not (tmp_path / "hall-password").exists()


def _printed_join_line(tmp_path) -> str:
    """The command deploy/hall/venue.sh prints for the tables: run into a scratch root when this
    is root, else read from the script (its here-document expands only the $ names)."""
    script = HALL_DEPLOY / "venue.sh"
    port = free_port()
    if os.geteuid() == 0:
        out = subprocess.run(["sh", str(script)], env={**os.environ, "ROOT": str(tmp_path / "root"),
                                                       "TLS_PORT": str(port), "MQTT_PORT": str(free_port()),
                                                       "WS_PORT": str(free_port())},
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        text = out.stdout
    else:
        text = script.read_text().replace("$address:$TLS_PORT", f"127.0.0.1:{port}")
    line = re.search(r"\.venv/bin/companion hall-join (\S+:\d+ .*)$", text, re.M)
    assert line, text
    return line.group(1)


def test_the_line_the_venue_prints_is_refused_until_the_table_s_own_id_is_filled_in(tmp_path, shipped, capsys):
    venue, *rest = shlex.split(_printed_join_line(tmp_path))
    assert "--id" in rest and "--name" in rest
    before = shipped.read_bytes()
    assert join(_args(tmp_path, venue, *rest)) == 2  # pasted as printed, on any table
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "its own id" in err and "--id table7" in err
    assert shipped.read_bytes() == before and not (tmp_path / "conf.d").exists()
    # Only the id filled in: the name is still the placeholder.
    filled = [{"--id": "table7"}.get(prev, arg) for prev, arg in zip(["", *rest], rest)]
    assert join(_args(tmp_path, venue, *filled)) == 2
    assert "its own id and name" in capsys.readouterr().err and shipped.read_bytes() == before


def test_a_password_the_venue_refuses_stops_the_join(tmp_path, shipped, capsys, monkeypatch):
    venue = venue_broker(tmp_path / "venue").start()
    at, tls = f"127.0.0.1:{venue.tls_port}", ("--cafile", venue.cafile)
    try:
        monkeypatch.setenv("HALL_PASSWORD", "not-the-venue-password")
        before = shipped.read_bytes()
        assert join(_args(tmp_path, at, *tls, "--id", "table7", "--name", "Table 7")) == 2
        out, err = capsys.readouterr()
        assert err.count("\n") == 1 and "refused the organiser's login" in err and "password given by the organiser" in err
        assert shipped.read_bytes() == before
        assert not (tmp_path / "conf.d").exists() and not (tmp_path / "hall-password").exists()

        # With the organiser's password it joins with a login of its own; the organiser's password
        # stays nowhere on the table. Joining again with a wrong one is refused too.
        monkeypatch.setenv("HALL_PASSWORD", ORGANISER_PASSWORD)
        assert join(_args(tmp_path, at, *tls, "--id", "table7", "--name", "Table 7")) == 0
        joined, bridge = shipped.read_bytes(), (tmp_path / "conf.d" / "companion-hall.conf").read_bytes()
        own = (tmp_path / "hall-password").read_text().strip()
        assert len(own) >= 32 and own != ORGANISER_PASSWORD
        assert ORGANISER_PASSWORD.encode() not in joined + bridge and f"remote_password {own}".encode() in bridge
        assert login_works(venue.hall, "table7", own) and login_works(venue.hall, "table7.index", own)
        capsys.readouterr()
        monkeypatch.setenv("HALL_PASSWORD", "not-the-venue-password")
        assert join(_args(tmp_path, at)) == 2
        assert "refused the organiser's login" in capsys.readouterr().err
        assert shipped.read_bytes() == joined and (tmp_path / "conf.d" / "companion-hall.conf").read_bytes() == bridge
        assert (tmp_path / "hall-password").read_text() == own + "\n"
    finally:
        venue.stop()


def test_id_and_name_are_written_in_place_keeping_the_rest(tmp_path, shipped, capsys, monkeypatch):
    venue = venue_broker(tmp_path / "venue").start()
    at = f"127.0.0.1:{venue.tls_port}"
    try:
        assert join(_args(tmp_path, at, "--cafile", venue.cafile, "--id", "table7", "--name", 'Table "7"')) == 0
    finally:
        venue.stop()
    text = shipped.read_text()
    values = tomllib.loads(text)
    assert values["table"] == {"id": "table7", "name": 'Table "7"'}
    assert text.startswith(SHIPPED.split("[table]")[0] + "[table]\n")  # comments and place kept
    assert values["display"] == tomllib.loads(SHIPPED)["display"]
    bridge = (tmp_path / "conf.d" / "companion-hall.conf").read_text()
    assert "connection companion-table7-hall\n" in bridge and "companion/table1/" not in bridge
    # Again with the id it has now, the venue out of reach: with its own login kept, no --id and
    # no organiser's password needed, it joins all the same; the organiser's password needs the venue.
    assert join(_args(tmp_path, at)) == 2
    assert "cannot make this table's login" in capsys.readouterr().err
    monkeypatch.delenv("HALL_PASSWORD")
    assert join(_args(tmp_path, at)) == 0
    assert "joining anyway" in capsys.readouterr().out


def test_an_id_linked_at_the_venue_is_refused_unless_replaced(tmp_path, shipped, capsys):
    venue = venue_broker(tmp_path / "venue").start()
    at, tls = f"127.0.0.1:{venue.tls_port}", ("--cafile", venue.cafile)
    try:
        with venue.as_table("table2") as other:  # a table's bridge, as far as the venue can tell
            state = {"table": {"id": "table2", "name": "Corner"}, "version": 5}
            for topic, payload in (("link", b"1"), ("state", json.dumps(state).encode())):
                other.publish(f"companion/table2/{topic}", payload, qos=1, retain=True).wait_for_publish(5)
        with venue.as_table("table3") as gone:
            gone.publish("companion/table3/link", b"0", qos=1, retain=True).wait_for_publish(5)
        before = shipped.read_bytes()
        assert join(_args(tmp_path, at, *tls, "--id", "table2")) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and '"Corner"' in err and "--replace" in err
        assert shipped.read_bytes() == before and not (tmp_path / "conf.d").exists()
        # A table the venue knows but that is not linked now (its Pi replaced): this one takes its card.
        assert join(_args(tmp_path, at, *tls, "--id", "table3")) == 0
        assert "offline" in capsys.readouterr().out
        # --replace: this Pi takes table2's place, and the old Pi's login stops working there.
        old = venue._logins["table2"]
        assert login_works(venue.hall, "table2", old)
        assert join(_args(tmp_path, at, *tls, "--id", "table2", "--replace")) == 0
        assert tomllib.loads(shipped.read_text())["table"]["id"] == "table2"
        assert not login_works(venue.hall, "table2", old)
        assert login_works(venue.hall, "table2", (tmp_path / "hall-password").read_text().strip())
    finally:
        venue.stop()


def test_a_linked_table_moves_to_another_address_of_its_venue(tmp_path, shipped, capsys, monkeypatch):
    """Another port of the same venue (here a relay in front of the tables' port): the table is
    linked there as itself, so hall-join moves it rather than refusing "another table"."""
    venue = venue_broker(tmp_path / "venue").start()
    relay = CutLink(venue.tls_port)
    table = Broker(tmp_path / "table")
    watcher = Watcher(venue.mqtt_port, "companion/table7/link")
    try:
        assert join(_args(tmp_path, f"127.0.0.1:{venue.tls_port}", "--cafile", venue.cafile,
                          "--id", "table7", "--name", "Table 7")) == 0
        table.set_extra_conf((tmp_path / "conf.d" / "companion-hall.conf").read_text())
        table.start()
        watcher.wait_for(lambda w: any(m.payload == b"1" for m in w.messages), 15)
        capsys.readouterr()
        # With the organiser's password, as the venue printed it, and without: it moves either way.
        assert join(_args(tmp_path, f"127.0.0.1:{relay.port}")) == 0, capsys.readouterr().err
        monkeypatch.delenv("HALL_PASSWORD")
        assert join(_args(tmp_path, f"127.0.0.1:{relay.port}")) == 0, capsys.readouterr().err
        bridge = (tmp_path / "conf.d" / "companion-hall.conf").read_text()
        assert f"address 127.0.0.1:{relay.port}" in bridge and "bridge_cafile" in bridge
        assert load(shipped)["hall"]["port"] == relay.port
        # Mosquitto restarted with the new bridge: the table links through the new address.
        table.stop()
        table.set_extra_conf(bridge)
        links = len(watcher.messages)
        table.start()
        watcher.wait_for(lambda w: any(m.payload == b"1" for m in w.messages[links:]), 15)
        assert relay.sent[:1] == b"\x16"

        # Another Pi given the same id while this one is linked is still refused.
        other = tmp_path / "other"
        other.mkdir()
        (other / "config.toml").write_text(SHIPPED + f'\n[hall]\npassword_file = "{other / "hall-password"}"\n')
        monkeypatch.setenv("HALL_PASSWORD", ORGANISER_PASSWORD)
        assert join(_args(other, f"127.0.0.1:{venue.tls_port}", "--cafile", venue.cafile, "--id", "table7",
                          "--name", "Table 7 too")) == 2
        assert "another table" in capsys.readouterr().err
    finally:
        watcher.close()
        table.stop()
        relay.close()
        venue.stop()


def test_set_keys_edits_a_section_in_place():
    text = '# top\n[table]\nname = "x"  # shown\n\n[data]\ndir = "/d"\n'
    out = set_keys(text, "table", {"name": "Bar", "id": "t2"})
    assert out == '# top\n[table]\nname = "Bar"  # shown\nid = "t2"\n\n[data]\ndir = "/d"\n'
    assert tomllib.loads(set_keys("[data]\ndir = \"/d\"\n", "table", {"id": "t3"}))["table"] == {"id": "t3"}


def test_over_a_slow_venue_network_a_linked_table_is_still_seen(tmp_path, shipped, capsys):
    """A venue's crowded Wi-Fi: a table's state still on its way when the venue has answered the
    subscription. hall-join waits for what the venue holds, not for a guessed moment, and names
    the table already there."""
    venue = venue_broker(tmp_path / "venue").start()
    slow = CutLink(venue.tls_port, rate=6000)
    try:
        with venue.as_table("table2") as other:
            # A state as a table publishes it mid-game: a few kilobytes, a second over this link.
            state = {"table": {"id": "table2", "name": "Corner"}, "version": 5,
                     "game": {"story": ["a move of the game"] * 300}}
            for topic, payload in (("link", b"1"), ("state", json.dumps(state).encode())):
                other.publish(f"companion/table2/{topic}", payload, qos=1, retain=True).wait_for_publish(5)
        before = shipped.read_bytes()
        assert join(_args(tmp_path, f"127.0.0.1:{slow.port}", "--cafile", venue.cafile, "--id", "table2")) == 2
        err = capsys.readouterr().err
        assert '"Corner"' in err and "--replace" in err, err
        assert shipped.read_bytes() == before and not (tmp_path / "conf.d").exists()
    finally:
        slow.close()
        venue.stop()
