"""The phone page's address and its QR code for the touchscreen."""

from __future__ import annotations

from companion import config
from companion.broadcast import phone_url as phone_url_module
from companion.broadcast.phone_url import lan_address, phone_url, qr_matrix, reachable_page_url, reachable_url


def cfg(**sections):
    values = config.defaults()
    for section, overrides in sections.items():
        values[section].update(overrides)
    return config.Config(values, None)


def test_the_address_names_the_pi_the_port_and_the_table():
    assert phone_url(cfg(), "192.168.1.20") == "http://192.168.1.20:9001/#table=table1&prefix=companion"
    custom = cfg(table={"id": "cafe_3"}, mqtt={"topic_prefix": "games"}, phone={"port": 8080})
    assert phone_url(custom, "10.0.0.5") == "http://10.0.0.5:8080/#table=cafe_3&prefix=games"


def test_a_configured_address_or_url_wins():
    assert phone_url(cfg(phone={"address": "table.local"}), "192.168.1.20").startswith("http://table.local:9001/")
    assert phone_url(cfg(phone={"url": "https://games.example/t1"}), "192.168.1.20") == "https://games.example/t1"
    assert phone_url(cfg(), "fd00::5").startswith("http://[fd00::5]:9001/")
    assert phone_url(cfg(), None).startswith("http://localhost:9001/")


def test_without_a_lan_address_there_is_no_address_a_phone_could_use():
    # localhost on a phone is the phone itself: better no code than one that cannot work.
    assert reachable_url(cfg(), None) is None
    assert reachable_url(cfg(), "127.0.0.1") is None
    assert reachable_url(cfg(), "::1") is None
    assert reachable_url(cfg(), "localhost") is None
    assert reachable_url(cfg(), "192.168.1.20") == phone_url(cfg(), "192.168.1.20")
    assert reachable_url(cfg(), "fd00::5") == phone_url(cfg(), "fd00::5")


def test_a_configured_address_or_url_is_usable_without_a_lan_address():
    named = cfg(phone={"address": "table.local"})
    assert reachable_url(named, None) == "http://table.local:9001/#table=table1&prefix=companion"
    assert reachable_url(named, "192.168.1.20").startswith("http://table.local:9001/")
    assert reachable_url(cfg(phone={"url": "https://games.example/t1"}), None) == "https://games.example/t1"


def test_the_page_url_follows_the_lan_address_as_it_changes(monkeypatch):
    address = [None]
    monkeypatch.setattr(phone_url_module, "lan_address", lambda: address[0])
    assert reachable_page_url(cfg()) is None
    address[0] = "192.168.1.57"
    assert reachable_page_url(cfg()) == "http://192.168.1.57:9001/#table=table1&prefix=companion"


def test_the_lan_address_is_an_address_of_this_machine_and_never_loopback():
    address = lan_address()
    assert address is None or not address.startswith("127.")
    assert phone_url(cfg(), address).endswith(":9001/#table=table1&prefix=companion")


def test_the_qr_matrix_is_square_with_a_quiet_zone():
    m = qr_matrix("http://192.168.1.20:9001/#table=table1&prefix=companion", border=2)
    assert len(m) == len(m[0]) and len(m) >= 25
    assert not any(m[0]) and not any(row[0] for row in m)
