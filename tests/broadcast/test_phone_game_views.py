"""What the phone page shows of a game's own view: Bonbon's revealed cards, its round's scoring and the
limit a round was played at; BondCones' roll only while it is current. Headless Chromium, a real broker."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.broadcast.test_phone_page import browser  # noqa: F401 (fixture)
from tests.support.phone_page import card_of, errors, info, news, open_page, shown, stat, text

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPTS = ROOT / "tests" / "games"

pytestmark = pytest.mark.slow


def script(game: str, name: str) -> tuple[dict, list[dict]]:
    lines = [json.loads(x) for x in (SCRIPTS / game / "scripts" / f"{name}.jsonl").read_text().splitlines() if x.strip()]
    return lines[0], lines[1:]


def played(table, browser, broker, game: str, name: str, until: int | None = None):
    """A script's game played at the table (its first `until` actions) with a phone watching, once
    the phone shows it; the session and the script's actions."""
    header, actions = script(game, name)
    session = table.start(header["game"], header["players"], header.get("options", {}))
    open_page(browser, broker)
    for action in actions[:until]:
        session.dispatch(action)
    shown(browser, session)
    return session, actions


# --- Bonbon ------------------------------------------------------------------------------------

def test_a_revealed_face_down_card_shows_its_value_and_a_hidden_one_stays_blank(broker, table, broadcaster, browser):
    _, actions = script("bonbon", "scoring_lucy_nick_sophie")
    first_reveal = next(i for i, a in enumerate(actions) if a["type"] == "reveal")
    # The round is over; Lucy turns hers over.
    session, _ = played(table, browser, broker, "bonbon", "scoring_lucy_nick_sophie", until=first_reveal + 1)
    players = {p["name"]: p for p in session.view()["view"]["players"]}
    assert players["Lucy"]["cards"][2] == {"face": "down", "value": 4}  # in the public view now
    assert all("value" not in c for c in players["Nick"]["cards"])  # Nick's are still face-down, unknown
    # Lucy's back shows its value, marked as played face-down; her face-up cards stay plain.
    assert stat(browser, "Lucy", "cards") == "3 3 ▢4"
    # Nick's two backs stay blank: nothing of them is known on the phone either.
    assert stat(browser, "Nick", "cards") == "▢ ▢"
    assert errors(browser) == []


def test_the_rounds_scoring_shows_each_total_and_who_takes_a_token_and_why(broker, table, broadcaster, browser):
    from companion.ui.boards.bonbon.words import decided

    session, _ = played(table, browser, broker, "bonbon", "scoring_lucy_nick_sophie")
    scoring = session.view()["view"]["scoring"]
    assert scoring["winners"] == ["Sophie"] and scoring["decided_by"] == "cards played"
    # Each player's total, and what it is made of, as the touchscreen's scoring table has it.
    assert stat(browser, "Lucy", "scored") == "10 (sets 0 + values 10)"
    assert stat(browser, "Nick", "scored") == "13 (sets 1 + values 9 + tile 3)"
    assert stat(browser, "Sophie", "scored") == "13 (sets 2 + values 11)"
    # The tie on points went to the most cards played: the tie-breaks are there to check.
    assert (stat(browser, "Nick", "played (not 0s)"), stat(browser, "Nick", "face-down")) == ("2", "2")
    assert (stat(browser, "Sophie", "played (not 0s)"), stat(browser, "Sophie", "face-down")) == ("4", "3")
    # Who takes the token and why, in the touchscreen's words.
    assert f"round 1 {decided(scoring)}" in info(browser), info(browser)
    assert "Sophie takes a bonbon token (tied on points: most cards played, zeros not counted)." in info(browser)
    assert "takes a token" in card_of(browser, "Sophie") and "takes a token" not in card_of(browser, "Nick")
    assert errors(browser) == []


def test_a_scored_round_shows_the_limit_it_was_played_at(broker, table, broadcaster, browser):
    session, _ = played(table, browser, broker, "bonbon", "scoring_lucy_nick_sophie")
    sophie = next(p for p in session.view()["view"]["players"] if p["name"] == "Sophie")
    assert sophie["tokens"] == 1 and sophie["limit"] == 9  # her limit from the next round on
    assert stat(browser, "Sophie", "face-up") == "2 / 10"  # this round she played at 10
    assert stat(browser, "Nick", "face-up") == "0 / 10"
    # The next round is played at her new limit.
    session.dispatch({"type": "next_round", "new_tiles": ["face_up"]})
    shown(browser, session)
    assert stat(browser, "Sophie", "face-up") == "0 / 9"
    assert errors(browser) == []


# Ann wins three rounds in a row with a face-up 5; Ben plays a 1.
ANN_WINS = [
    {"type": "start", "tiles": ["three", "zeros", "ones"]},
    {"type": "draw", "face": "up", "kind": "regular", "value": 5},
    {"type": "draw", "face": "up", "kind": "regular", "value": 1},
    {"type": "pass"}, {"type": "take_tile", "tile": "three"}, {"type": "pass"},
    {"type": "next_round", "new_tiles": ["face_up"]},
    {"type": "draw", "face": "up", "kind": "regular", "value": 1},
    {"type": "draw", "face": "up", "kind": "regular", "value": 5},
    {"type": "pass"}, {"type": "take_tile", "tile": "zeros"}, {"type": "pass"},
    {"type": "next_round", "new_tiles": ["three"]},
    {"type": "draw", "face": "up", "kind": "regular", "value": 5},
    {"type": "draw", "face": "up", "kind": "regular", "value": 1},
    {"type": "pass"}, {"type": "take_tile", "tile": "ones"}, {"type": "pass"},
]


def test_at_the_end_of_the_game_the_last_round_shows_the_limit_it_was_played_at(broker, table, broadcaster, browser):
    session = table.start("bonbon", ["Ann", "Ben"], {})
    open_page(browser, broker)
    for action in ANN_WINS:
        session.dispatch(action)
    shown(browser, session)
    assert session.result() is not None and list(session.result().winners) == ["Ann"]
    ann = next(p for p in session.view()["view"]["players"] if p["name"] == "Ann")
    assert ann["tokens"] == 3 and ann["limit"] == 7
    assert stat(browser, "Ann", "face-up") == "5 / 8"  # two tokens when she played it: 10 less 2
    assert stat(browser, "Ben", "face-up") == "1 / 10"
    assert "Ann takes a bonbon token (most points)." in info(browser)
    assert errors(browser) == []


def test_the_phone_names_tiles_by_their_words_and_says_what_is_going_on_not_what_to_tap(
        broker, table, broadcaster, browser):
    """The trial: the phone showed "bonus tiles sets, zeros", "tile three", and the touchscreen's
    "Round 1: a token for Sophie; replace the taken tile"; and no card played was ever news."""
    session, _ = played(table, browser, broker, "bonbon", "scoring_lucy_nick_sophie")
    assert "replace the taken tile" in session.expected().prompt  # the touchscreen's instruction
    said = text(browser, "prompt")
    assert "replace" not in said and "Check" not in said, said
    assert said == "Round 1 is scored: a token for Sophie", said
    assert stat(browser, "Nick", "tile") == "+3 points"
    assert "bonus tiles +1 per zero, +2 per set" in info(browser).replace("\u00a0", " "), info(browser)
    assert errors(browser) == []


def test_cards_played_are_news_on_the_phone_and_a_face_down_one_says_nothing_more(broker, table, broadcaster, browser):
    header, actions = script("bonbon", "scoring_lucy_nick_sophie")
    session = table.start(header["game"], header["players"], header.get("options", {}))
    open_page(browser, broker)
    shown(browser, session)  # listening: events are not kept for later
    for action in actions[:4]:
        session.dispatch(action)
    told = news(browser, "Lucy played a 3 face-up", "Nick played a card face-down", "Sophie played a 2 face-up")
    assert "Nick played a card face-down" in told.splitlines(), told  # the whole line: nothing more
    assert text(browser, "prompt") == session.expected().prompt == "Lucy: draw a card or pass"
    assert errors(browser) == []


def test_the_phone_keeps_no_copy_of_bonbons_words():
    """One wording: the tiles', the tie-breaks' and the events' words come from the game (the view's
    "words" and each event's text), so the phone cannot drift from the touchscreen."""
    from companion.games.bonbon.words import DECIDED, TILE_LONG, TILE_SHORT

    page = (ROOT / "companion" / "web" / "games" / "bonbon.js").read_text()
    for wording in [*TILE_SHORT.values(), *TILE_LONG.values(), *DECIDED.values(), "won round", "is out:"]:
        assert wording not in page, wording


# --- BondCones -----------------------------------------------------------------------------------


def test_the_bondcones_roll_shows_only_while_it_is_current(broker, table, broadcaster, browser):
    header, actions = script("bondcones", "bondo_battle_won")
    session = table.start(header["game"], header["players"], header.get("options", {}))
    open_page(browser, broker)
    shown(browser, session)

    def step(action: dict) -> str:
        session.dispatch(action)
        shown(browser, session)
        return info(browser)

    opening, starter_roll, mia_rolls, capture, battle, *battle_rolls = actions
    step(opening)
    step(starter_roll)
    assert "last roll Mia: 3" in step(mia_rolls)  # her turn's roll while she moves
    waiting = step(capture)  # Leo's turn: his die waits
    assert "last roll" not in waiting, waiting
    declared = step(battle)
    assert "BondO Battle Leo against Mia" in declared and "last roll" not in declared, declared
    first = step(battle_rolls[0])
    assert "battle roll Leo 4" in first and "last roll" not in first, first
    tied = step(battle_rolls[1])
    assert "battle roll both rolled 4: roll again" in tied and "last roll" not in tied, tied
    assert errors(browser) == []


def test_a_peek_or_bondo_roll_stays_while_its_roller_carries_it_out(broker, table, broadcaster, browser):
    session, _ = played(table, browser, broker, "bondcones", "the_o_faces_peek_and_bondo")
    assert "last roll Leo rolled BONDO: move your BondO to another of your cones." in info(browser), info(browser)
    assert "Mia: PEEK" not in info(browser)  # the turn before that one is old news
    assert errors(browser) == []
