"""Configuration keys of the link to a venue's hall ([hall])."""

from companion.config_keys import Key, between


def _host(v: str) -> str | None:
    return None if all(c.isalnum() or c in ".-:[]" for c in v) else "must be a host name or address"


KEYS: tuple[Key, ...] = (
    Key("hall", "host", "", "The venue broker's address; empty: the table is not part of a hall "
        "(`companion hall-join` fills it in).", _host),
    Key("hall", "port", 8883, "The venue broker's port for tables (MQTT over TLS).", between(1, 65535)),
    Key("hall", "username", "", "This table's login at the venue broker; empty: the table's id "
        "(its read-back connection adds `.index`)."),
    Key("hall", "password_file", "/etc/companion/hall-password", "File holding this table's own "
        "password at the venue (`companion hall-join` makes it with the organiser's secret)."),
    Key("hall", "cafile", "", "The venue's certificate authority (`companion hall-join` fetches it and "
        "checks its fingerprint); empty: plain MQTT, written only with hall-join --insecure."),
    Key("hall", "keepalive", 10, "Seconds between the bridge's keep-alive pings; the hall shows the "
        "table offline after 1.5 times this without a word.", between(5, 600)),
    Key("hall", "plays_hours", 24, "Finished plays of the last this many hours go to the hall's "
        "standings (a weekend event: 72).", between(1, 24 * 31)),
)
