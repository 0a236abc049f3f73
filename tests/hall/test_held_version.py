"""The table reads the version of the state the venue holds without parsing the whole state."""

from companion.broadcast.hall_link import held_version
from companion.broadcast.topics import GAME_SPAN, encode, state_payload


def test_the_envelopes_version_not_one_inside_the_view():
    view = {"revision": 3, "players": [], "actions_version": 1, "view": {"log": [{"version": 99}]}}
    payload = encode(state_payload(view, game_number=2, table_id="t", table_name="T", changed_at="2026-11-27T19:00",
                                   epoch=1795000000))
    assert held_version(payload) == (1795000000, 2 * GAME_SPAN + 3)
    idle = encode(state_payload(None, game_number=4, table_id="t", table_name="T"))
    assert held_version(idle) == (0, 5 * GAME_SPAN - 1)  # a table before epochs
    inside = {**view, "view": {"log": [{"epoch": 7, "version": 99}]}}
    assert held_version(encode(state_payload(inside, game_number=2, table_id="t", table_name="T", epoch=5))) == (
        5, 2 * GAME_SPAN + 3)
    assert held_version(b"") is None and held_version(b'{"version":"x"}') is None
