"""The hall's export, from the page (companion/web/hall-export.js, in Chromium) and from
`companion hall-export` (companion/hall/export.py): the same bytes, in `companion export`'s formats."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from companion.cli_plays import CSV_COLUMNS
from companion.hall.export import export_json, hall_csv, unique
from tests.support.browser import close_browser, phone_browser

EXPORT_JS = Path(__file__).resolve().parent.parent.parent / "companion" / "web" / "hall-export.js"

PLAYS = [
    {"id": 3, "uid": "3-20261127T190211Z", "game": "bonc", "title": "BONC!", "started_at": "2026-11-27T19:02:11+00:00",
     "ended_at": "2026-11-27T19:20:40+00:00", "duration_min": 18, "summary": "Leo is the last with lives",
     "players": [{"name": "Leo", "score": 1, "rank": 1, "winner": True, "start_player": True},
                 {"name": 'Mia "the hat", jr', "score": 0, "rank": 2, "winner": False, "start_player": False}],
     "location": "Corner, by the bar", "table": {"id": "corner", "name": "Corner, by the bar"}},
    {"id": 1, "game": "bon", "title": "B.O.N", "started_at": "2026-11-27T18:00:00+00:00",
     "ended_at": "2026-11-27T18:30:29+00:00", "duration_min": 30, "summary": "Zoë wins",
     "players": [{"name": "Zoë", "score": None, "rank": 1, "winner": True, "start_player": False}],
     "location": "Window", "table": {"id": "window", "name": "Window"}},
]


@pytest.fixture(scope="module")
def js():
    try:
        driver = phone_browser()
    except RuntimeError as exc:
        pytest.skip(str(exc))
    driver.get("about:blank")
    driver.execute_script(EXPORT_JS.read_text())
    yield lambda expr, *args: driver.execute_script(f"return {expr};", *args)
    close_browser(driver)


def test_page_and_command_write_the_same_csv_and_json(js):
    plays = unique([PLAYS[0], PLAYS[1], PLAYS[0]])  # each once, oldest first
    assert [p["id"] for p in plays] == [1, 3]
    assert js("HallExport.csv(arguments[0])", plays) == hall_csv(plays)
    assert js("HallExport.json(arguments[0])", plays) == export_json(plays)


def test_csv_has_companion_exports_columns_and_each_tables_location():
    rows = list(csv.reader(io.StringIO(hall_csv(unique(PLAYS)))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert rows[1] == ["window-1", "B.O.N", "2026-11-27T18:00:00+00:00", "2026-11-27T18:30:29+00:00", "30", "Window",
                       "Zoë", "", "1", "yes", "no"]
    assert rows[3][0] == "corner-3-20261127T190211Z"  # a play's name at its table, as the page writes it too
    assert rows[3][5] == "Corner, by the bar" and rows[3][6] == 'Mia "the hat", jr'
    assert json.loads(export_json(unique(PLAYS)))[1]["table"] == {"id": "corner", "name": "Corner, by the bar"}


def test_hall_export_command_reads_the_venue_once_per_play(tmp_path, capsys):
    from companion.cli import main as companion
    from tests.support.hall import venue_broker

    with venue_broker(tmp_path / "venue") as venue:
        for p in PLAYS + [PLAYS[0]]:  # one play twice: a bridge resent it
            with venue.as_table(p["table"]["id"]) as table:  # each table's own login
                topic = f"companion/{p['table']['id']}/plays/{p.get('uid') or p['id']}"  # its name there
                table.publish(topic, json.dumps(p).encode(), qos=1, retain=True).wait_for_publish(5)
        out = tmp_path / "plays.csv"
        assert companion(["hall-export", f"127.0.0.1:{venue.mqtt_port}", "--day", "all", "--format", "csv",
                          str(out)]) == 0
        assert out.read_bytes().decode("utf-8") == hall_csv(unique(PLAYS))
        assert "2 plays written" in capsys.readouterr().err
        assert companion(["hall-export", f"127.0.0.1:{venue.mqtt_port}", "--day", "2026-11-20"]) == 0
        assert json.loads(capsys.readouterr().out) == []
        assert companion(["hall-export", f"127.0.0.1:{venue.mqtt_port}", "--day", "friday"]) == 2
        assert "not YYYY-MM-DD" in capsys.readouterr().err
