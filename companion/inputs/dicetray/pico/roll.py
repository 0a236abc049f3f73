"""Turning random bytes into a fair face, and a shake of the tray into one roll.

Runs on the tray (MicroPython) and in the table's simulator (CPython); no hardware imports.
"""

try:
    import hashlib
except ImportError:  # a MicroPython build without hashlib: use the raw source unconditioned
    hashlib = None


def pick(count, random_bytes):
    """A uniform index in range(count) (2 <= count <= 256), by rejection sampling.

    Taking `byte % count` alone would favour the low faces whenever 256 is not a multiple
    of `count` (a six-sided die: faces 0-3 would come up 43 times in 256, faces 4-5 only 42).
    Bytes at or above the largest multiple of `count` are thrown away and drawn again.
    """
    if count < 2 or count > 256:
        raise ValueError("a die has 2 to 256 faces")
    limit = 256 - 256 % count
    while True:
        for byte in random_bytes(8):
            if byte < limit:
                return byte % count


class Conditioned:
    """Random bytes hashed from a hardware source, so a biased source still gives even bytes.

    The Pico's ring-oscillator random bit (behind os.urandom in MicroPython's rp2 port) is
    a physical source but not a perfectly balanced one; SHA-256 over 32 source bytes per
    32 output bytes evens it out without trusting a software generator.
    """

    def __init__(self, source):
        self._source = source
        self._pool = b""
        self._counter = 0

    def __call__(self, n):
        out = b""
        while len(out) < n:
            if not self._pool:
                self._refill()
            take = min(n - len(out), len(self._pool))
            out += self._pool[:take]
            self._pool = self._pool[take:]
        return out

    def _refill(self):
        raw = self._source(32)
        if hashlib is None:
            self._pool = raw
            return
        self._counter += 1
        self._pool = hashlib.sha256(raw + self._counter.to_bytes(4, "little")).digest()


class Shake:
    """A tilt switch rattles while the tray is shaken: one roll when the shaking stops.

    At least `edges` changes of the switch, then `quiet_ms` without any, make one shake.
    A few stray changes (a bump) are forgotten after `forget_ms`.
    """

    def __init__(self, edges=4, quiet_ms=400, forget_ms=1500):
        self.edges = edges
        self.quiet_ms = quiet_ms
        self.forget_ms = forget_ms
        self._count = 0
        self._since = 0  # ms since the last change

    def changed(self):
        self._count += 1
        self._since = 0

    def tick(self, elapsed_ms):
        """True once, when a shake has just ended."""
        if self._count == 0:
            return False
        self._since += elapsed_ms
        if self._count >= self.edges and self._since >= self.quiet_ms:
            self._count = 0
            return True
        if self._since >= self.forget_ms:
            self._count = 0
        return False
