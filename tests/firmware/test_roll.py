"""The roll logic on CPython: every face equally likely, whatever the random source's bias."""

import os
from collections import Counter

import pytest

from companion.inputs.dicetray.pico import roll

# Chi-square critical values at p = 0.001 (a fair die fails by chance once in 1000 runs).
CHI2_999 = {5: 20.515, 1: 10.828, 19: 43.820}


def chi_square(counts, n, faces):
    expected = n / faces
    return sum((counts.get(i, 0) - expected) ** 2 / expected for i in range(faces))


def test_every_byte_value_maps_to_the_faces_exactly_evenly():
    """Rejection sampling: of the 256 byte values, the accepted ones split evenly over the faces."""
    for faces in (2, 3, 6, 7, 20, 255, 256):
        counts = Counter()
        for byte in range(256):
            source = iter([bytes([byte]), bytes([0] * 8)])
            counts[roll.pick(faces, lambda n: next(source))] += 1 if byte < 256 - 256 % faces else 0
        accepted = 256 - 256 % faces
        assert sum(counts.values()) == accepted
        assert set(counts.values()) == {accepted // faces}


def test_bytes_past_the_last_full_round_are_drawn_again():
    draws = iter([bytes([255, 254, 252, 5, 0, 0, 0, 0])])
    # For 6 faces, 252 = 42 x 6 bytes split evenly; 252 to 255 would favour faces 0-3: drawn again.
    assert roll.pick(6, lambda n: next(draws)) == 5
    with pytest.raises(ValueError):
        roll.pick(1, os.urandom)


@pytest.mark.parametrize("source_name", ["os.urandom", "a badly biased source"])
def test_sixty_thousand_rolls_of_the_six_faced_die_pass_a_chi_square_test(source_name):
    if source_name == "os.urandom":
        source = os.urandom
    else:
        # Three bits in four stuck at 1: on its own this source would favour some faces hugely.
        source = lambda n: bytes(b | 0xEE for b in os.urandom(n))  # noqa: E731
    random_bytes = roll.Conditioned(source)
    n = 60_000
    counts = Counter(roll.pick(6, random_bytes) for _ in range(n))
    assert set(counts) == set(range(6))
    assert chi_square(counts, n, 6) < CHI2_999[5], counts


def test_the_conditioned_source_hands_out_every_byte_once():
    chunks = [bytes([i]) * 32 for i in range(4)]
    source = iter(chunks)
    r = roll.Conditioned(lambda n: next(source))
    out = r(10) + r(30) + r(24)
    assert len(out) == 64 and len(set(out)) > 40


def test_a_shake_is_one_roll_when_the_tray_rests():
    shake = roll.Shake(edges=4, quiet_ms=400)
    for _ in range(10):
        shake.changed()
        assert not shake.tick(30)
    assert not shake.tick(300)
    assert shake.tick(150)  # 450 ms without a rattle
    assert not shake.tick(1000)


def test_a_bump_is_not_a_shake():
    shake = roll.Shake(edges=4, quiet_ms=400, forget_ms=1500)
    shake.changed()
    shake.changed()
    assert not any(shake.tick(100) for _ in range(20))
    shake.changed()
    shake.changed()
    assert not shake.tick(500)  # the first two were forgotten
