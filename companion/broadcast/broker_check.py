"""Whose broker answers on the table's MQTT port: the table's own, or another one.

A Pi may already run a Mosquitto of its own (for Home Assistant, say), or a second copy may hold
port 1883. That broker does not know the table's login, and "refused the login: Not authorized"
said again and again tells nobody what to do. The table's broker always lets phones in without a
login (they only read), so a broker that refuses the table's login and phones alike is another one:
then one line says so, names who holds the port where it can, and what to do.
"""

from __future__ import annotations

import argparse
import sys
import threading
from pathlib import Path

import paho.mqtt.client as paho
from paho.mqtt.enums import CallbackAPIVersion

TIMEOUT = 3.0


def login_answer(host: str, port: int, username: str | None = None, password: str | None = None,
                 timeout: float = TIMEOUT) -> str | None:
    """The broker's answer to a login: None when it let the client in, else its refusal in words
    ("no broker" when nothing answers)."""
    answer: list[str | None] = []
    done = threading.Event()

    def on_connect(client, userdata, flags, reason_code, properties) -> None:
        answer.append(str(reason_code) if reason_code.is_failure else None)
        done.set()

    client = paho.Client(CallbackAPIVersion.VERSION2, protocol=paho.MQTTv311)
    client.connect_timeout = timeout
    if username:
        client.username_pw_set(username, password)
    client.on_connect = on_connect
    try:
        client.connect(host, port, keepalive=10)
    except OSError:
        return "no broker"
    client.loop_start()
    try:
        if not done.wait(timeout):
            return "no answer"
        return answer[0]
    finally:
        client.disconnect()
        client.loop_stop()


def another_broker(host: str, port: int, refusal: str, holder: str | None = None,
                   config_file: str | None = None) -> str | None:
    """One line saying that `host:port` is another broker and what to do; None when the broker
    that refused the table's login lets phones in (the table's own, with a password it does not
    take: the status screen says to check the password)."""
    if login_answer(host, port) is None:
        return None
    held = f" ({holder})" if holder else ""
    where = f"[mqtt] port in {config_file}" if config_file else "[mqtt] port in the table's config"
    return (f"MQTT: {host}:{port} is another broker{held}, not the table's: it refused the table's login "
            f"({refusal}) and lets no phone in. Either add the table's drop-in to that Mosquitto "
            f"(sudo deploy/mosquitto/install.sh, then restart it), or give the table a port of its own "
            f"({where}, and MQTT_PORT=<port> for install.sh)")


def main(argv: list[str] | None = None) -> int:
    """For start.sh: exit 1 and print one line when the configured port is another broker's."""
    from companion.config import ConfigError, default_path, load

    parser = argparse.ArgumentParser(prog="python -m companion.broadcast.broker_check")
    parser.add_argument("--config", type=Path)
    parser.add_argument("--holder", help="who holds the port, as start.sh found it")
    parser.add_argument("--port", action="store_true", help="only print the configured MQTT port")
    args, _ = parser.parse_known_args(argv)  # start.sh passes on what it was given for `companion run`
    try:
        config = load(args.config)
    except ConfigError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    mqtt = config["mqtt"]
    if args.port:
        print(mqtt["port"])
        return 0
    if not mqtt["enabled"]:
        return 0
    password = None
    if mqtt["password_file"]:
        try:
            password = Path(mqtt["password_file"]).expanduser().read_text(encoding="utf-8").strip()
        except OSError:
            return 0  # the app names the missing file itself
    refusal = login_answer(mqtt["host"], mqtt["port"], mqtt["username"], password)
    if refusal is None or refusal in ("no broker", "no answer"):
        return 0
    config_file = str(args.config or default_path())
    said = another_broker(mqtt["host"], mqtt["port"], refusal, args.holder, config_file)
    if said is None:
        return 0
    print(f"Warning: {said}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
