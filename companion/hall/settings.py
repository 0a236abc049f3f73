"""Configuration keys of the link to a venue's hall ([hall])."""

from companion.config_keys import Key, between


def _host(v: str) -> str | None:
    return None if all(c.isalnum() or c in ".-:[]" for c in v) else "must be a host name or address"


KEYS: tuple[Key, ...] = (
    Key("hall", "host", "", "The venue broker's address; empty: the table is not part of a hall "
        "(`companion hall-join` fills it in).", _host),
    Key("hall", "port", 1883, "The venue broker's MQTT port (8883 is usual with TLS).", between(1, 65535)),
    Key("hall", "username", "table", "The login every table of the venue uses at the venue broker."),
    Key("hall", "password_file", "/etc/companion/hall-password", "File holding the venue's table "
        "password (`companion hall-join` writes it)."),
    Key("hall", "cafile", "", "CA certificate of the venue broker, for TLS; empty: plain MQTT."),
    Key("hall", "keepalive", 10, "Seconds between the bridge's keep-alive pings; the hall shows the "
        "table offline after 1.5 times this without a word.", between(5, 600)),
    Key("hall", "plays_hours", 24, "Finished plays of the last this many hours go to the hall's "
        "standings (a weekend event: 72).", between(1, 24 * 31)),
)
