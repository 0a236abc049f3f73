"""Joining a hall: `companion hall-join` writes [hall], the password and the bridge drop-in that
Mosquitto reads, and takes them away again with --leave."""

from __future__ import annotations

import stat
import subprocess
import tomllib

import pytest

from companion import config as companion_config
from companion.hall.bridge import drop_in
from companion.hall.config_text import set_section
from companion.hall.join import main as join, split_venue
from pathlib import Path

from tests.support.hall import ORGANISER_PASSWORD, venue_broker
from tests.support.mosquitto import MOSQUITTO, Broker, free_port


def _config(tmp_path, text: str = ""):
    path = tmp_path / "config.toml"
    path.write_text('[table]\nid = "t7"\nname = "Table 7"\n\n[mqtt]\nport = 1884\n' + text)
    return path


def test_join_writes_hall_section_password_and_drop_in(tmp_path, monkeypatch):
    venue = venue_broker(tmp_path / "venue").start()
    path = _config(tmp_path, f'\n[hall]\npassword_file = "{tmp_path / "hall-password"}"\n')
    monkeypatch.setenv("HALL_PASSWORD", ORGANISER_PASSWORD)
    try:
        # The CA fetched from the venue and checked against the fingerprint its set-up printed.
        assert join([f"127.0.0.1:{venue.tls_port}", "--ca-sha256", venue.fingerprint, "--web-port",
                     str(venue.ws_port), "--config", str(path), "--conf-dir", str(tmp_path / "conf.d"),
                     "--no-restart"]) == 0
    finally:
        venue.stop()
    values = tomllib.loads(path.read_text())
    assert values["table"] == {"id": "t7", "name": "Table 7"} and values["mqtt"] == {"port": 1884}
    assert values["hall"]["host"] == "127.0.0.1" and values["hall"]["port"] == venue.tls_port
    assert values["hall"]["password_file"] == str(tmp_path / "hall-password")
    assert values["hall"]["cafile"] == str(tmp_path / "hall-ca.pem")
    assert (tmp_path / "hall-ca.pem").read_bytes() == Path(venue.cafile).read_bytes()
    own = (tmp_path / "hall-password").read_text().strip()
    assert own and own != ORGANISER_PASSWORD
    assert stat.S_IMODE((tmp_path / "hall-password").stat().st_mode) == 0o600
    bridge = (tmp_path / "conf.d" / "companion-hall.conf").read_text()
    assert f"remote_password {own}" in bridge and f"address 127.0.0.1:{venue.tls_port}" in bridge
    assert f"bridge_cafile {tmp_path / 'hall-ca.pem'}" in bridge
    assert stat.S_IMODE((tmp_path / "conf.d" / "companion-hall.conf").stat().st_mode) == 0o640

    # Run again without a password (the venue gone now): the login kept is used; --leave takes it all away.
    monkeypatch.delenv("HALL_PASSWORD")
    assert join(["--config", str(path), "--conf-dir", str(tmp_path / "conf.d"), "--no-restart"]) == 0
    assert f"remote_password {own}" in (tmp_path / "conf.d" / "companion-hall.conf").read_text()
    assert join(["--leave", "--config", str(path), "--conf-dir", str(tmp_path / "conf.d"), "--no-restart"]) == 0
    assert not (tmp_path / "conf.d" / "companion-hall.conf").exists()
    assert "hall" not in tomllib.loads(path.read_text())
    assert companion_config.load(path)["hall"]["host"] == ""


def test_join_refuses_without_venue_or_password(tmp_path, monkeypatch, capsys):
    path = _config(tmp_path)
    monkeypatch.delenv("HALL_PASSWORD", raising=False)
    args = ["--config", str(path), "--conf-dir", str(tmp_path / "conf.d"), "--no-restart"]
    assert join(args) == 2
    assert "name the venue broker" in capsys.readouterr().err
    path.write_text(path.read_text() + f'\n[hall]\npassword_file = "{tmp_path / "none"}"\n')
    assert join(["venue.local", "--insecure", *args]) == 2
    assert "organiser's venue password" in capsys.readouterr().err
    assert not (tmp_path / "conf.d").exists()


def test_join_refuses_a_password_in_clear_unless_told_insecure(tmp_path, monkeypatch, capsys):
    path = _config(tmp_path, f'\n[hall]\npassword_file = "{tmp_path / "hall-password"}"\n')
    monkeypatch.setenv("HALL_PASSWORD", "s3cret-venue")
    before = path.read_bytes()
    args = ["--config", str(path), "--conf-dir", str(tmp_path / "conf.d"), "--no-restart"]
    assert join([f"127.0.0.1:{free_port()}", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "in clear" in err and "--ca-sha256" in err and "--insecure" in err
    assert path.read_bytes() == before and not (tmp_path / "conf.d").exists()
    # Told so by name, it goes on (here to a venue that is not there: no login can be made).
    assert join([f"127.0.0.1:{free_port()}", "--insecure", *args]) == 2
    assert "cannot make this table's login" in capsys.readouterr().err


def test_a_ca_with_another_fingerprint_is_refused(tmp_path, monkeypatch, capsys):
    venue = venue_broker(tmp_path / "venue")  # its pages are served by the websockets listener
    path = _config(tmp_path, f'\n[hall]\npassword_file = "{tmp_path / "hall-password"}"\n')
    monkeypatch.setenv("HALL_PASSWORD", ORGANISER_PASSWORD)
    args = ["--config", str(path), "--conf-dir", str(tmp_path / "conf.d"), "--no-restart",
            "--web-port", str(venue.ws_port)]
    before = path.read_bytes()
    with venue:
        wrong = "AB" * 32
        assert join([f"127.0.0.1:{venue.tls_port}", "--ca-sha256", wrong, *args]) == 2
        err = capsys.readouterr().err
        assert "not the one the venue's set-up printed" in err and venue.fingerprint in err
        assert join([f"127.0.0.1:{venue.tls_port}", "--ca-sha256", "12:34", *args]) == 2
        assert "64 hexadecimal digits" in capsys.readouterr().err
    assert path.read_bytes() == before and not (tmp_path / "hall-ca.pem").exists()


def test_drop_in_bridges_out_with_mqtt5_and_reads_the_held_plays_back():
    config = companion_config.Config({**companion_config.defaults(), "table": {"id": "t7", "name": "x"},
                                      "hall": {**companion_config.defaults()["hall"], "host": "10.0.0.2",
                                               "port": 8883, "cafile": "/etc/ssl/venue.pem"}}, None)
    text = drop_in(config, "pw")
    out, back = text.split("\nconnection ")[1:]
    assert out.startswith("companion-t7-hall\n") and back.startswith("companion-t7-hall-index\n")
    for part in (out, back):
        assert "bridge_protocol_version mqttv50" in part and "cleansession true" in part
        assert "address 10.0.0.2:8883" in part and "bridge_cafile /etc/ssl/venue.pem" in part
        assert "bridge_insecure false" in part and "remote_password pw" in part
    # Each connection its own login, the table's id (the venue makes it the client id).
    assert "remote_username t7\n" in out and "remote_username t7.index\n" in back
    assert "remote_clientid hall:companion-t7-hall\n" in out
    assert "in clear" not in text
    assert [line for line in out.splitlines() if line.startswith("topic ")] == [
        f"topic {t} out 1 companion/t7/ companion/t7/" for t in ("state", "events", "availability", "plays/#")]
    assert "notification_topic companion/t7/link" in out
    assert "topic plays/# in 1 companion/t7/held/ companion/t7/" in back
    assert "topic state in 1 companion/t7/held/ companion/t7/" in back
    assert "notifications_local_only true" in back


@pytest.mark.skipif(not MOSQUITTO or not __import__("os").path.exists(MOSQUITTO), reason="Mosquitto is not installed")
def test_mosquitto_starts_with_the_drop_in(tmp_path):
    broker = Broker(tmp_path / "b")
    config = broker.companion_config(table={"id": "t7"}, hall={"host": "127.0.0.1", "port": 1})
    broker.set_extra_conf(drop_in(config, "pw"))
    with broker:
        assert "Connecting bridge" in broker.log_text()


def test_set_section_keeps_the_rest_of_the_file():
    text = '# my table\n[table]\nid = "a"\n\n[hall]\nhost = "old"\n\n[mqtt]\nport = 2\n'
    out = set_section(text, "hall", {"host": "new", "port": 3})
    assert tomllib.loads(out) == {"table": {"id": "a"}, "mqtt": {"port": 2}, "hall": {"host": "new", "port": 3}}
    assert out.startswith("# my table\n")


def test_split_venue():
    assert split_venue("venue", 1883) == ("venue", 1883)
    assert split_venue("10.0.0.2:1999", 1883) == ("10.0.0.2", 1999)
    assert split_venue("[fd00::1]:8883", 1883) == ("fd00::1", 8883)
    with pytest.raises(SystemExit):
        split_venue("a b:c", 1883)


def test_venue_setup_script_is_valid_shell():
    assert subprocess.run(["sh", "-n", "deploy/hall/venue.sh"], check=False).returncode == 0
