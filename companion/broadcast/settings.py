"""Configuration keys of the broadcast to phones ([mqtt], [phone])."""

from companion.config_keys import Key, between, topic_word

KEYS: tuple[Key, ...] = (
    Key("mqtt", "enabled", True, "Publish the game to the MQTT broker for phones and dashboards."),
    Key("mqtt", "host", "localhost", "The broker's address (the Pi's own Mosquitto: localhost)."),
    Key("mqtt", "port", 1883, "The broker's plain MQTT port (the listener with a password).", between(1, 65535)),
    Key("mqtt", "username", "companion", "The name the table logs in with; empty for none."),
    Key(
        "mqtt",
        "password_file",
        "/etc/companion/mqtt-password",
        "File holding the broker password (deploy/mosquitto/install.sh writes it); empty for none.",
    ),
    Key(
        "mqtt",
        "topic_prefix",
        "companion",
        "First level of every topic: tables sharing one broker use the same prefix and different "
        "[table] ids.",
        topic_word,
    ),
    Key("mqtt", "keepalive", 30, "Seconds between keep-alive pings; the broker declares the table "
        "offline after 1.5 times this without a word.", between(5, 3600)),
    Key("mqtt", "retry_max", 4.0, "Longest wait in seconds between two tries to reach a missing broker "
        "(tries start at 0.5 s and double).", between(0.5, 300)),
    Key("mqtt", "homeassistant", False, "Announce one sensor per player's score to Home Assistant "
        "(MQTT discovery)."),
    Key("mqtt", "homeassistant_prefix", "homeassistant", "Home Assistant's discovery prefix.", topic_word),
    Key("phone", "port", 9001, "Port of the broker's websockets listener, which also serves the phone "
        "page.", between(1, 65535)),
    Key("phone", "address", "", "Address phones use to reach the Pi; empty: the Pi's own LAN address."),
    Key("phone", "url", "", "The whole phone page address, when phones reach it some other way "
        "(a proxy, a name); empty: built from address and port."),
)
