"""A finished game as BG Stats' documented push link: createPlay.html?data=<URL-encoded JSON>."""

import json
from datetime import datetime
from urllib.parse import parse_qs, urlsplit

from companion import bgstats, games
from companion.store import Store
from companion.table import Table
from tests.support.tally import Tally


def decoded(url: str) -> dict:
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "https://app.bgstatsapp.com/createPlay.html"
    (data,) = parse_qs(parts.query, strict_parsing=True)["data"]
    return json.loads(data)


def test_the_link_carries_the_game_date_length_place_and_each_players_score_rank_win_and_start(tmp_path):
    games.register(Tally())
    store = Store(tmp_path / "companion.db")
    table = Table(store)
    session = table.start("tally", ["Ann", "Ben", "Cy"], {"target": 5})
    assert table.finished_play() is None, "no link before the game is over"
    for n in (3, 1, 2, 2):  # Ann 5, Ben 1, Cy 2: Ann wins
        session.dispatch({"type": "add", "points": n})
    assert session.result().winners == ("Ann",)
    record = store.record(table.record.id)
    data = decoded(bgstats.link(table.finished_play(), "Kitchen table"))
    assert data["game"] == {"name": "Tally", "sourceGameId": "tally", "highestWins": True, "noPoints": False}
    started = datetime.fromisoformat(record.started_at).astimezone()
    assert data["playDate"] == started.strftime("%Y-%m-%d %H:%M:%S")
    assert data["durationMin"] == 0
    assert data["location"] == "Kitchen table"
    scores = session.view()["scores"]
    assert scores == {"Ann": 5, "Ben": 1, "Cy": 2}
    assert data["players"] == [
        {"name": "Ann", "score": scores["Ann"], "rank": 1, "winner": True, "startPlayer": True},
        {"name": "Ben", "score": scores["Ben"], "rank": 3, "winner": False, "startPlayer": False},
        {"name": "Cy", "score": scores["Cy"], "rank": 2, "winner": False, "startPlayer": False},
    ]
    assert set(data) == {"game", "playDate", "durationMin", "location", "players"}
    store.close()


def test_names_and_places_with_any_character_survive_the_url():
    from companion.plays import Play, Seat

    play = Play(7, "tally", "Tally", "2026-11-21T19:00:00+00:00", "2026-11-21T19:48:30+00:00", "Zoë won",
                (Seat("Zoë & Co?", 3, 1, True, False), Seat("Ben #2", 1, 2, False, True)))
    data = decoded(bgstats.link(play, "Café / 2nd floor"))
    assert data["location"] == "Café / 2nd floor" and data["durationMin"] == 48
    assert [p["name"] for p in data["players"]] == ["Zoë & Co?", "Ben #2"]
    assert [p["startPlayer"] for p in data["players"]] == [False, True]


def test_a_finished_game_whose_first_move_cannot_be_read_still_gives_its_link_with_its_result(tmp_path):
    """A move spoilt under a running table (the start checks set such a file aside; this is
    between two starts): the link carries the result, and who started as the rules name it before
    any move."""
    games.register(Tally())
    store = Store(tmp_path / "companion.db")
    table = Table(store)
    session = table.start("tally", ["Ann", "Ben"], {"target": 5})
    for n in (3, 1, 2):
        session.dispatch({"type": "add", "points": n})
    with store.db:
        store.db.execute("UPDATE actions SET action = '{\"type\": ' WHERE game_id = 1 AND idx = 0")
    data = decoded(bgstats.link(table.finished_play(), "Kitchen table"))
    assert [(p["name"], p["winner"], p["startPlayer"]) for p in data["players"]] == [
        ("Ann", True, True), ("Ben", False, False)]
    assert data["players"][0]["score"] == 5
    store.close()
