"""The broker's limits (deploy/mosquitto/companion.conf, docs/mqtt.md): an anonymous client on the
LAN announcing a 64 MB publish is cut off without the broker's memory growing, over plain MQTT and
over websockets, and the table's largest state still fits with room to spare."""

from __future__ import annotations

import base64
import os
import re
import socket
import struct
import threading
import time

import pytest

from tests.broadcast.conftest import Watcher
from tests.support.mosquitto import DEPLOY

STATE = "companion/table1/state"
HUGE = 64 << 20


def configured(name: str) -> int:
    return int(re.search(rf"^{name} (\d+)$", (DEPLOY / "companion.conf").read_text(), re.M).group(1))


def remaining_length(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n % 128, n // 128
        out.append(byte | (128 if n else 0))
        if not n:
            return bytes(out)


def connect_packet(client_id: bytes) -> bytes:
    body = b"\x00\x04MQTT\x04\x02\x00\x3c" + struct.pack(">H", len(client_id)) + client_id
    return b"\x10" + remaining_length(len(body)) + body


def publish_header(topic: bytes, size: int) -> bytes:
    """A retained QoS 0 PUBLISH announcing `size` bytes of payload; the payload follows separately."""
    return b"\x31" + remaining_length(2 + len(topic) + size) + struct.pack(">H", len(topic)) + topic


def ws_frame_header(size: int) -> bytes:
    """A binary websocket frame from a client, masked with the key 0 (so the bytes go as they are)."""
    if size < 126:
        return bytes([0x82, 0x80 | size]) + b"\0\0\0\0"
    if size < 65536:
        return bytes([0x82, 0x80 | 126]) + struct.pack(">H", size) + b"\0\0\0\0"
    return bytes([0x82, 0x80 | 127]) + struct.pack(">Q", size) + b"\0\0\0\0"


class Attacker:
    """An anonymous client that says it will publish 64 MB and then streams it.

    Raw sockets, as an attacker's own tool would be: paho (like any well-behaved client) builds
    the whole payload in memory first and masks websocket frames in Python at a few MB/s, so it
    could not show what the broker does with a packet whose body is still arriving.
    """

    def __init__(self, port: int, websockets: bool) -> None:
        self.ws = websockets
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        if websockets:
            key = base64.b64encode(os.urandom(16)).decode()
            self.sock.sendall((
                f"GET /mqtt HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: mqtt\r\n\r\n"
            ).encode())
            answer = b""
            while b"\r\n\r\n" not in answer:
                answer += self.sock.recv(4096)
            assert answer.startswith(b"HTTP/1.1 101"), answer
        self.send(connect_packet(b"phone-on-the-lan"))
        assert b"\x20\x02\x00\x00" in self.sock.recv(64), "the broker lets anyone connect (to read)"

    def send(self, packet: bytes, announced: int = 0) -> None:
        size = len(packet) + announced
        self.sock.sendall((ws_frame_header(size) if self.ws else b"") + packet)

    def publish_huge(self) -> int:
        """Announce 64 MB and stream it; how many payload bytes the connection took before it closed."""
        header = publish_header(STATE.encode(), HUGE)
        self.send(header, announced=HUGE)
        sent, chunk = 0, b"x" * 65536
        try:
            while sent < HUGE:
                sent += self.sock.send(chunk)
        except OSError:
            pass
        self.sock.close()
        return sent


def memory_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


class PeakMemory:
    """The broker's resident memory, sampled every few milliseconds while an attack runs."""

    def __init__(self, pid: int) -> None:
        self.pid, self.before, self.peak = pid, memory_kb(pid), 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, memory_kb(self.pid))
            time.sleep(0.002)

    def stop(self) -> int:
        """Growth in kB, the peak over the start."""
        time.sleep(0.3)  # what the broker does after the connection closed counts too
        self._stop.set()
        self._thread.join()
        return max(self.peak, memory_kb(self.pid)) - self.before


@pytest.mark.parametrize("listener", ["tcp", "websockets"])
def test_an_oversized_anonymous_publish_is_refused_without_the_broker_growing(broker, table, broadcaster, listener):
    session = table.start("tally", ["Ann", "Ben"], {})
    phone = Watcher(broker.ws_port, "companion/table1/#", transport="websockets")
    try:
        phone.wait_for(lambda w: w.last_state(STATE))
        attacker = Attacker(broker.ws_port if listener == "websockets" else broker.mqtt_port,
                            websockets=listener == "websockets")
        memory = PeakMemory(broker.proc.pid)
        sent = attacker.publish_huge()
        grown = memory.stop()
        print(f"\n  {listener}: the broker took {sent / 1e6:.1f} MB of 64 MB; its memory grew {grown} kB")
        assert grown < 4096, f"the broker grew {grown} kB holding the publish"
        assert sent < HUGE // 4, "the connection was cut off long before the publish was whole"
        assert broker.proc.poll() is None, "the broker is still running"
        # The table's own states still go through, and nobody saw anything of the attack.
        session.dispatch({"type": "add", "points": 2})
        phone.wait_for(lambda w: (w.last_state(STATE) or {}).get("revision") == 1)
        assert all(len(m.payload) < 65536 for m in phone.messages)
    finally:
        phone.close()


def test_the_largest_state_fits_the_packet_limit_with_room(broker):
    """Six players with the longest names four-byte characters allow, deep into Bonbon games: the
    largest state is far under the limit, and one eight times its size still reaches a phone."""
    import random

    import paho.mqtt.client as paho
    from paho.mqtt.enums import CallbackAPIVersion

    from companion.broadcast.topics import encode, state_payload
    from companion.core.session import Session
    from tests.games.bonbon import test_properties as bonbon
    from tests.support.mosquitto import PASSWORD, USER

    names = ["😀" * 15 + str(i) for i in range(6)]
    largest = b""
    for seed in range(30):
        rng = random.Random(seed)
        session = Session(bonbon.GAME, names, {"max_value": 9})
        for _ in range(300):
            if session.result() is not None:
                break
            session.dispatch(bonbon.legal_action(rng, session.expected()))
            payload = encode(state_payload(session.view(), game_number=10**6, table_id="t" * 32,
                                           table_name="n" * 64))
            largest = max(largest, payload, key=len)
    limit = configured("max_packet_size")
    print(f"\n  largest state: {len(largest)} bytes; the broker's packet limit: {limit} bytes")
    assert len(largest) * 8 <= limit, "room for bigger games than today's"

    phone = Watcher(broker.ws_port, "companion/table1/#", transport="websockets")
    table = paho.Client(CallbackAPIVersion.VERSION2)
    table.username_pw_set(USER, PASSWORD)
    table.connect("127.0.0.1", broker.mqtt_port)
    table.loop_start()
    try:
        big = largest + b" " * (7 * len(largest))  # JSON allows trailing spaces
        table.publish(STATE, big, qos=1, retain=True).wait_for_publish(5)
        phone.wait_for(lambda w: any(m.payload == big for m in w.on(STATE)))
    finally:
        table.disconnect()
        table.loop_stop()
        phone.close()
