"""A TCP link between a table's broker and the venue's that a test can cut and heal, as a
venue network outage would: every connection through it is closed at once, and new ones are
refused (the port closed) until it is healed. Given `rate`, what the venue sends comes at that
many bytes a second, as over a venue's crowded Wi-Fi."""

from __future__ import annotations

import socket
import threading
import time

from tests.support.mosquitto import free_port


class CutLink:
    """Listens on 127.0.0.1:`port` and forwards to `target_port`; cut() and heal()."""

    def __init__(self, target_port: int, rate: int | None = None) -> None:
        self.target_port = target_port
        self.rate = rate  # bytes a second from the venue's side, None: as fast as it comes
        self.sent = bytearray()  # every byte the dialling side sent through, as on the wire
        self.port = free_port()
        self._open = True
        self._lock = threading.Lock()
        self._live: list[socket.socket] = []
        self._closed = False
        self._server: socket.socket | None = None
        self.heal()

    def cut(self) -> None:
        with self._lock:
            self._open = False
            live, self._live = self._live, []
            server, self._server = self._server, None
        if server is not None:
            _close(server)
        for s in live:
            _close(s)

    def heal(self) -> None:
        with self._lock:
            if self._server is not None or self._closed:
                return
            self._open = True
            self._server = socket.create_server(("127.0.0.1", self.port))
            threading.Thread(target=self._accept, args=(self._server,), name="cut-link", daemon=True).start()

    def close(self) -> None:
        self._closed = True
        self.cut()

    def _accept(self, server: socket.socket) -> None:
        while not self._closed:
            try:
                inside, _ = server.accept()
            except OSError:
                return
            with self._lock:
                if not self._open:
                    _close(inside)
                    continue
            try:
                outside = socket.create_connection(("127.0.0.1", self.target_port), timeout=2)
            except OSError:
                _close(inside)  # the venue is down: the bridge sees a refused connection
                continue
            outside.settimeout(None)
            with self._lock:
                self._live += [inside, outside]
            for a, b, seen, rate in ((inside, outside, self.sent, None), (outside, inside, None, self.rate)):
                threading.Thread(target=_pump, args=(a, b, seen, self._lock, rate), daemon=True).start()


def _pump(src: socket.socket, dst: socket.socket, seen: bytearray | None = None,
          lock: threading.Lock | None = None, rate: int | None = None) -> None:
    piece = max(1, (rate or 0) // 20)  # a slow link delivers in pieces, 20 a second
    try:
        while data := src.recv(65536):
            if seen is not None and lock is not None:
                with lock:
                    seen += data
            if rate is None:
                dst.sendall(data)
                continue
            for at in range(0, len(data), piece):
                dst.sendall(data[at:at + piece])
                time.sleep(piece / rate)  # the link's own pace, not a wait for anything
    except OSError:
        pass
    _close(src)
    _close(dst)


def _close(s: socket.socket) -> None:
    try:
        s.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    try:
        s.close()
    except OSError:
        pass
