"""The hall's standings (companion/web/standings.js), run in headless Chromium: each rule with its
tie-breaks as docs/hall.md states them, every play counted once, one player across tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.browser import close_browser, phone_browser

STANDINGS = Path(__file__).resolve().parent.parent.parent / "companion" / "web" / "standings.js"


@pytest.fixture(scope="module")
def js():
    try:
        driver = phone_browser()
    except RuntimeError as exc:
        pytest.skip(str(exc))
    driver.get("about:blank")
    driver.execute_script(STANDINGS.read_text())

    def call(expr: str, *args):
        return driver.execute_script(f"return {expr};", *args)

    yield call
    close_browser(driver)


def play(table, pid, game, seats, ended="2026-11-27T19:00:00+00:00"):
    """seats: (name, score, rank, winner)"""
    return {"id": pid, "game": game, "title": game.title(), "ended_at": ended, "table": {"id": table, "name": table},
            "players": [{"name": n, "score": s, "rank": r, "winner": w} for n, s, r, w in seats]}


def rows(js, plays, rule):
    return [(r["position"], r["name"], r["shared"]) for r in js("HallStandings.standings(arguments[0], arguments[1])",
                                                                plays, rule)]


def test_wins_then_fewer_plays_then_players_beaten(js):
    plays = [
        play("t1", 1, "bon", [("Ann", 5, 1, True), ("Ben", 3, 2, False), ("Cy", 1, 3, False)]),
        play("t2", 1, "bon", [("Ben", 9, 1, True), ("Cy", 2, 2, False)]),
        play("t2", 2, "bon", [("Dee", 9, 1, True), ("Cy", 2, 2, False)]),
        play("t3", 1, "bon", [("Cy", 9, 1, True), ("Eve", 2, 2, False)]),
    ]
    # Ann, Ben, Dee and Cy each won once; Ann and Dee in one play each, Ann beat two, Dee one.
    assert rows(js, plays, "wins") == [(1, "Ann", False), (2, "Dee", False), (3, "Ben", False), (4, "Cy", False),
                                       (5, "Eve", False)]


def test_points_then_wins_then_fewer_plays(js):
    plays = [
        play("t1", 1, "bondcones", [("Ann", 28, 1, True), ("Ben", 20, 2, False)]),
        play("t1", 2, "bondcones", [("Ben", 8, 1, True), ("Cy", 2, 2, False)]),
        play("t2", 1, "bondcones", [("Cy", 26, 1, True), ("Dee", 28, 2, False)]),
    ]
    # Ann 28 (1 win), Ben 28 (1 win, 2 plays), Dee 28 (no win), Cy 28 (1 win, 2 plays): Ann first
    # (fewest plays among the winners), Ben and Cy share second, Dee last.
    assert rows(js, plays, "points") == [(1, "Ann", False), (2, "Ben", True), (2, "Cy", True), (4, "Dee", False)]


def test_placings_count_players_beaten_and_shared_places_beat_nobody(js):
    plays = [
        play("t1", 1, "bon", [("Ann", 2, 1, True), ("Ben", 2, 1, True), ("Cy", 0, 3, False)]),
        play("t2", 1, "baon", [("Cy", 40, 1, True), ("Dee", 30, 2, False), ("Eve", 20, 3, False), ("Fay", 1, 4, False)]),
    ]
    # Cy beat three at t2 and nobody at t1; Ann and Ben beat one each (not each other); Dee two.
    assert rows(js, plays, "placings") == [(1, "Cy", False), (2, "Dee", False), (3, "Ann", True), (3, "Ben", True),
                                           (5, "Eve", False), (6, "Fay", False)]


def test_every_play_counts_once_however_often_it_arrived(js):
    one = play("t1", 4, "bon", [("Ann", 5, 1, True), ("Ben", 3, 2, False)])
    same_id_other_table = play("t2", 4, "bon", [("Ann", 5, 1, True), ("Ben", 3, 2, False)])
    got = js("HallStandings.standings(arguments[0], 'wins')", [one, one, dict(one), same_id_other_table])
    ann = next(r for r in got if r["name"] == "Ann")
    assert ann["plays"] == 2 and ann["wins"] == 2  # t1's play 4 once, t2's play 4 once


def test_a_name_at_two_tables_is_one_player(js):
    plays = [play("t1", 1, "bon", [("Zoë", 5, 1, True), ("Ben", 3, 2, False)]),
             play("t2", 1, "bonc", [(" zoë ", 1, 1, True), ("BEN", 0, 2, False)])]
    got = js("HallStandings.standings(arguments[0], 'wins')", plays)
    assert [(r["name"], r["plays"], r["wins"]) for r in got] == [("Zoë", 2, 2), ("Ben", 2, 0)]


def test_per_game_and_per_day(js):
    plays = [play("t1", 1, "bon", [("Ann", 5, 1, True)], ended="2026-11-27T12:00:00+00:00"),
             play("t1", 2, "bonc", [("Ann", 5, 1, True)], ended="2026-11-27T13:00:00+00:00"),
             play("t1", 3, "bon", [("Ann", 5, 1, True)], ended="2026-11-20T13:00:00+00:00")]
    assert js("HallStandings.forGame(arguments[0], 'bon').length", plays) == 2
    day = js("HallStandings.dayOf(arguments[0])", plays[0])
    assert len(js("HallStandings.forDay(arguments[0], arguments[1])", plays, day)) == 2
    assert js("HallStandings.games(arguments[0]).map(function (g) { return g.id; })", plays) == ["bon", "bonc"]
