"""The phone page in headless Chromium, served by the test broker exactly as the Pi serves it."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import paho.mqtt.client as paho
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from companion import games
from companion.broadcast.mqtt import Broadcaster
from tests.support.browser import close_browser, phone_browser, shown_revision as revision, wait_for
from tests.support.mosquitto import PASSWORD, USER
from tests.support.phone_page import PAGE_UP, WEB, errors, open_page, status, text

ROOT = Path(__file__).resolve().parent.parent.parent

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def browser():
    driver = phone_browser()
    yield driver
    close_browser(driver)


def renderer_missing(game_id: str) -> str | None:
    """The game's id when the page has no renderer for it (its 404 is expected), else None."""
    return None if (WEB / "games" / f"{game_id}.js").exists() else game_id


def test_the_page_shows_each_published_state_within_a_second(broker, table, broadcaster, browser):
    session = table.start("tally", ["Ann", "Ben", "Cy"], {"target": 50})
    open_page(browser, broker)
    wait_for(lambda: status(browser) == "online" and revision(browser) == "0", timeout=PAGE_UP)
    slowest = 0.0
    for points in (1, 2, 3, 1, 2):
        session.dispatch({"type": "add", "points": points})
        published = time.monotonic()
        wait_for(lambda: revision(browser) == str(session.revision), timeout=3, step=0.005)
        slowest = max(slowest, time.monotonic() - published)
    assert slowest < 1.0, f"the page took {slowest:.2f} s to show a state"
    players = text(browser, "players")
    assert "Ann" in players and "3" in players and "Cy" in players
    assert "add points or pass" in text(browser, "prompt")
    session.dispatch({"type": "pass"})
    wait_for(lambda: "passed" in text(browser, "event-list"))
    assert errors(browser, no_renderer=renderer_missing("tally")) == []


def test_a_game_page_that_fails_falls_back_to_the_neutral_view_and_keeps_up(broker, table, broadcaster, browser):
    """A bug in one game's renderer must not leave a phone stuck on an old state."""
    session = table.start("tally", ["Ann", "Ben"], {"target": 50})
    open_page(browser, broker)
    wait_for(lambda: status(browser) == "online" and revision(browser) == "0", timeout=PAGE_UP)
    browser.execute_script("""
        var boom = function () { throw new Error("a broken renderer"); };
        Companion.games.register("tally", {badges: boom, stats: boom, table: boom, more: boom, prompt: boom});
    """)
    for _ in range(3):
        session.dispatch({"type": "add", "points": 2})
    session.dispatch({"type": "pass"})
    wait_for(lambda: revision(browser) == str(session.revision), timeout=3)
    assert "Ann" in text(browser, "players") and "Ben" in text(browser, "players")
    wait_for(lambda: "passed" in text(browser, "event-list"))  # the event, in the neutral wording
    logged = errors(browser, no_renderer=renderer_missing("tally"))
    assert logged and all("a broken renderer" in e for e in logged), logged


def test_the_page_shows_the_table_offline_when_the_companion_dies(broker, browser, tmp_path):
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps(broker.settings(mqtt={"keepalive": 5})))
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.broadcast.companion_process", str(settings), str(tmp_path / "t.db")],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout.readline().strip() == "ready"
        for command in ({"type": "start", "game": "tally", "players": ["Ann", "Ben"]}, {"type": "add", "points": 2}):
            proc.stdin.write(json.dumps(command) + "\n")
            proc.stdin.flush()
            assert proc.stdout.readline().startswith("ok")
        open_page(browser, broker)
        wait_for(lambda: status(browser) == "online" and revision(browser) == "1", timeout=PAGE_UP)
        proc.kill()  # a crash: no goodbye, the broker sends the table's Last Will
        proc.wait(5)
        killed = time.monotonic()
        wait_for(lambda: status(browser) == "offline", timeout=5)
        assert time.monotonic() - killed < 5
        assert "Table offline" in text(browser, "status")
        assert "Ann" in text(browser, "players")  # the last state stays, dimmed
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)


def test_the_page_reconnects_by_itself_after_the_broker_restarts(broker, table, broadcaster, browser):
    session = table.start("tally", ["Ann", "Ben"], {})
    open_page(browser, broker)
    wait_for(lambda: status(browser) == "online" and revision(browser) == "0", timeout=PAGE_UP)
    broker.kill()
    wait_for(lambda: status(browser) == "connecting", timeout=5)
    session.dispatch({"type": "add", "points": 3})
    broker.start()
    wait_for(lambda: status(browser) == "online" and revision(browser) == "1", timeout=10)


def test_a_game_the_page_does_not_know_gets_a_neutral_view(broker, browser):
    state = {
        "actions_version": 1, "game": "mystery", "title": "Mystery Game", "revision": 4,
        "players": [{"name": "Ann", "colour": "#E69F00"}, {"name": "<b>Ben</b>", "colour": "red;x"}],
        "options": {},
        "view": {
            "lives": {"Ann": 2, "<b>Ben</b>": 0},
            "sides": {"Ann": {"limit": 10, "cards": [1, 2]}, "<b>Ben</b>": {"limit": 8, "cards": []}},
            "out": ["<b>Ben</b>"], "round": 3, "deck": {"left": 12},
        },
        "expected": {"turn": "Ann", "prompt": "Ann: draw or pass", "legal": []},
        "result": None, "can_undo": True, "can_redo": False,
        "version": 16777220, "table": {"id": "table1", "name": "Café corner"}, "scores": {},
    }
    client = paho.Client(CallbackAPIVersion.VERSION2)
    client.username_pw_set(USER, PASSWORD)
    client.connect("127.0.0.1", broker.mqtt_port)
    client.loop_start()
    client.publish("companion/table1/availability", "online", qos=1, retain=True).wait_for_publish(3)
    client.publish("companion/table1/state", json.dumps(state), qos=1, retain=True).wait_for_publish(3)
    client.disconnect()
    client.loop_stop()
    open_page(browser, broker)
    wait_for(lambda: revision(browser) == "4", timeout=PAGE_UP)
    players = text(browser, "players")
    assert "lives\n2" in players.replace(" ", "\n") or "lives 2" in players
    assert "limit" in players and "<b>Ben</b>" in players  # a name is text, never markup
    assert "out" in players and "round" in text(browser, "table-info")
    assert text(browser, "table-name") == "Café corner"
    assert "Ann: draw or pass" in text(browser, "prompt")
    assert errors(browser, no_renderer="mystery") == []


def test_without_a_table_id_the_page_lists_the_tables(broker, table, broadcaster, browser):
    table.start("tally", ["Ann", "Ben"], {})
    browser.get(broker.phone_url)
    wait_for(lambda: "Game table" in text(browser, "pick-list"))
    link = browser.execute_script("return document.querySelector('#pick-list a').getAttribute('href')")
    assert link == "#table=table1&prefix=companion"


def test_an_old_state_never_replaces_a_newer_one(broker, table, broadcaster, browser):
    session = table.start("tally", ["Ann", "Ben"], {})
    session.dispatch({"type": "add", "points": 1})
    open_page(browser, broker)
    wait_for(lambda: revision(browser) == "1", timeout=PAGE_UP)
    stale = {**session.view(), "revision": 0, "version": 1, "table": {"id": "table1", "name": "x"}, "scores": {}}
    # The page is live; a stale state arrives (a late duplicate, say):
    client = paho.Client(CallbackAPIVersion.VERSION2)
    client.username_pw_set(USER, PASSWORD)
    client.connect("127.0.0.1", broker.mqtt_port)
    client.loop_start()
    client.publish("companion/table1/state", json.dumps(stale), qos=1).wait_for_publish(3)
    client.disconnect()
    client.loop_stop()
    time.sleep(0.5)
    assert revision(browser) == "1"
    session.dispatch({"type": "add", "points": 1})
    wait_for(lambda: revision(browser) == "2")


def test_a_new_game_clears_the_last_games_news_but_not_its_own_first_event(broker, table, browser):
    """Events go at once; a state may wait for the broker's acknowledgement, so the first event
    of a new game can reach the phone before that game's first state."""
    from companion.broadcast.topics import encode, event_payload, state_payload

    AT = "2026-11-21T19:00:00.000+00:00"
    table_login = paho.Client(CallbackAPIVersion.VERSION2)  # publishes as the table would
    table_login.username_pw_set(USER, PASSWORD)
    table_login.connect("127.0.0.1", broker.mqtt_port)
    table_login.loop_start()

    def send(topic: str, payload: dict) -> None:  # retained like the table's state; events not
        table_login.publish(f"companion/table1/{topic}", encode(payload), qos=1,
                            retain=topic == "state").wait_for_publish(3)

    try:
        first = table.start("tally", ["Ann", "Ben"], {})
        table_login.publish("companion/table1/availability", "online", qos=1, retain=True).wait_for_publish(3)
        send("state", state_payload(first.view(), game_number=1, table_id="table1", table_name="T"))
        open_page(browser, broker)
        wait_for(lambda: status(browser) == "online" and revision(browser) == "0", timeout=PAGE_UP)
        first.dispatch({"type": "pass"})
        send("events", event_payload({"type": "passed", "player": "Ann"}, view=first.view(), game_number=1, at=AT))
        wait_for(lambda: "Ann passed" in text(browser, "event-list"))

        second = table.start("tally", ["Cy", "Dee"], {})
        second.dispatch({"type": "pass"})
        send("events", event_payload({"type": "passed", "player": "Cy"}, view=second.view(), game_number=2, at=AT))
        send("state", state_payload(second.view(), game_number=2, table_id="table1", table_name="T"))
        wait_for(lambda: revision(browser) == "1" and "Cy" in text(browser, "players"))
        news = text(browser, "event-list")
        assert "Cy passed" in news and "Ann passed" not in news
    finally:
        table_login.disconnect()
        table_login.loop_stop()


def test_a_decided_bondo_battle_shows_its_pair_and_winner(broker, table, broadcaster, browser):
    script = ROOT / "tests" / "games" / "bondcones" / "scripts" / "bondo_battle_won.jsonl"
    lines = [json.loads(x) for x in script.read_text().splitlines() if x.strip()]
    session = table.start(lines[0]["game"], lines[0]["players"], lines[0].get("options", {}))
    open_page(browser, broker)
    for action in lines[1:]:
        session.dispatch(action)
    wait_for(lambda: revision(browser) == str(session.revision), timeout=PAGE_UP)
    battle = session.view()["view"]["last_battle"]
    assert battle and battle["winner"] == "Leo"  # the script's battle, as the table decided it
    info = " ".join(text(browser, "table-info").split())
    assert "BondO Battle won by Leo (Leo PEEK, Mia 3)" in info, info
    assert "last roll" not in info, info  # the roll before the battle is old news


def test_a_bonbon_card_with_nothing_to_act_on_is_told_on_the_phone(broker, table, broadcaster, browser):
    session = table.start("bonbon", ["Ann", "Ben", "Cy"], {})
    session.dispatch({"type": "start", "tiles": ["three", "zeros", "ones"]})
    open_page(browser, broker)
    wait_for(lambda: revision(browser) == str(session.revision), timeout=PAGE_UP)
    # Ann's swap card as the round's first card: nobody else has a card to swap with.
    session.dispatch({"type": "draw", "face": "up", "kind": "swap", "value": 2})
    # Ben's reveal card, with no face-down card anywhere to turn over.
    session.dispatch({"type": "draw", "face": "up", "kind": "peek", "value": 2})
    wait_for(lambda: "Ben's reveal card does nothing" in text(browser, "event-list"), timeout=5)
    news = text(browser, "event-list")
    assert "Ann's swap card does nothing: no other player still in has a card to swap with" in news
    assert errors(browser) == []


def news(driver) -> list[tuple[str, bool]]:
    """The phone's news, newest first: each line's words and whether it is struck out as taken back."""
    lines = driver.execute_script(
        "return Array.from(document.querySelectorAll('#event-list li')).map(function (li) {"
        "  return [li.querySelector('span').textContent, li.classList.contains('undone')]; })"
    )
    return [(words, struck) for words, struck in lines]


def test_news_of_a_move_taken_back_is_struck_out_and_comes_back_with_a_redo(broker, table, broadcaster, browser):
    """The trial: after an undo of the winning capture, the phone still said "Mia wins", under a bare "undo"."""
    script = ROOT / "tests" / "games" / "bondcones" / "scripts" / "game_summary_28_points_win.jsonl"
    lines = [json.loads(x) for x in script.read_text().splitlines() if x.strip()]
    session = table.start(lines[0]["game"], lines[0]["players"], lines[0].get("options", {}))
    for action in lines[1:-1]:
        session.dispatch(action)
    open_page(browser, broker)
    wait_for(lambda: revision(browser) == str(session.revision), timeout=PAGE_UP)
    session.dispatch(lines[-1])  # the winning capture
    wait_for(lambda: any("wins" in words for words, _ in news(browser)))
    won = news(browser)
    assert won[0] == ("Mia wins with 28 points", False) and won[1] == ("Mia captured a 2 from Leo", False), won

    session.dispatch({"type": "undo"})
    # The undo says which move it took back, in the table's words.
    wait_for(lambda: news(browser)[0][0] == "Took back: Mia captured a 2 from Leo")
    shown = news(browser)
    assert shown[1:3] == [("Mia wins with 28 points", True), ("Mia captured a 2 from Leo", True)], shown
    assert not any(struck for _, struck in shown[3:]), "only the move taken back is struck out"
    assert browser.execute_script("return getComputedStyle(document.querySelector('#event-list li.undone span'))"
                                  ".textDecorationLine") == "line-through"

    session.dispatch({"type": "redo"})
    wait_for(lambda: news(browser)[0][0] == "Put back: Mia captured a 2 from Leo")
    shown = news(browser)
    assert ("Mia wins with 28 points", False) in shown and ("Mia captured a 2 from Leo", False) in shown, shown
    assert errors(browser) == []


def test_news_of_a_move_replaced_after_an_undo_never_comes_back(broker, table, broadcaster, browser):
    """A redo puts back the action that was undone last, not older news of the same move number."""
    session = table.start("tally", ["Ann", "Ben", "Cy"], {})
    open_page(browser, broker)
    wait_for(lambda: revision(browser) == "0", timeout=PAGE_UP)
    session.dispatch({"type": "pass"})  # move 1: Ann passes
    wait_for(lambda: ("Ann passed", False) in news(browser))
    session.dispatch({"type": "undo"})
    session.dispatch({"type": "add", "points": 1})  # move 1 again: Ann adds a point instead
    session.dispatch({"type": "pass"})  # move 2: Ben passes
    wait_for(lambda: ("Ben passed", False) in news(browser))
    session.dispatch({"type": "undo"})  # Ben's pass ...
    session.dispatch({"type": "undo"})  # ... and Ann's point
    wait_for(lambda: revision(browser) == str(session.revision))
    wait_for(lambda: ("Ben passed", True) in news(browser))
    session.dispatch({"type": "redo"})  # Ann's point comes back, not her pass
    session.dispatch({"type": "redo"})  # Ben's pass comes back
    wait_for(lambda: [line for line in news(browser) if line[0].startswith("Put back: ")][1:])
    assert ("Put back: Ann added 1", False) in news(browser) and ("Ann added 1", False) in news(browser)
    wait_for(lambda: ("Ben passed", False) in news(browser))
    assert ("Ann passed", True) in news(browser), news(browser)
    assert errors(browser, no_renderer=renderer_missing("tally")) == []


def test_a_phone_that_missed_an_undo_strikes_out_by_the_next_state(broker, table, browser):
    """News is sent once: a phone away during the undo learns of it from the state's `moves`."""
    from companion.broadcast.topics import encode, event_payload, state_payload

    table_login = paho.Client(CallbackAPIVersion.VERSION2)  # publishes as the table would
    table_login.username_pw_set(USER, PASSWORD)
    table_login.connect("127.0.0.1", broker.mqtt_port)
    table_login.loop_start()

    def state(view: dict) -> None:
        table_login.publish("companion/table1/state", encode(state_payload(view, game_number=1, table_id="table1",
                                                                           table_name="T")),
                            qos=1, retain=True).wait_for_publish(3)

    try:
        session = table.start("tally", ["Ann", "Ben", "Cy"], {})
        table_login.publish("companion/table1/availability", "online", qos=1, retain=True).wait_for_publish(3)
        state(session.view())
        open_page(browser, broker)
        wait_for(lambda: status(browser) == "online" and revision(browser) == "0", timeout=PAGE_UP)
        change = session.dispatch({"type": "pass"})
        table_login.publish("companion/table1/events", encode(event_payload(
            change.events[0], view=change.view, game_number=1, at="2026-11-21T19:00:00.000+00:00", move=change.move,
        ))).wait_for_publish(3)
        state(change.view)
        wait_for(lambda: ("Ann passed", False) in news(browser))
        undone = session.dispatch({"type": "undo"})
        state(undone.view)  # its {"type": "undo"} event never reached this phone
        wait_for(lambda: ("Ann passed", True) in news(browser))
    finally:
        table_login.disconnect()
        table_login.loop_stop()


BONBON_EVENTS = [
    {"type": "round_started", "round": 2, "starter": "Ben"},
    {"type": "round_started", "round": 3},  # board mode keeps no starter
    {"type": "passed", "player": "Ann", "first": True},
    {"type": "passed", "player": "Ben", "first": False},
    *({"type": "tile_taken", "player": "Cy", "tile": t} for t in ("three", "zeros", "face_up", "ones", "sets", "variety")),
    {"type": "eliminated", "player": "Ann", "reason": "collective"},
    {"type": "eliminated", "player": "Ben", "reason": "personal"},
    {"type": "effect_skipped", "player": "Cy", "effect": "peek"},
    {"type": "effect_skipped", "player": "Cy", "effect": "swap"},
    {"type": "discarded", "player": "Ann", "cards": 1},
    {"type": "discarded", "player": "Ann", "cards": 3},
    {"type": "round_over", "round": 1, "reason": "collective_limit"},
    {"type": "round_over", "round": 1, "reason": "everyone_done"},
    {"type": "round_won", "round": 1, "winners": ["Ann"]},
    {"type": "round_won", "round": 1, "winners": ["Ann", "Ben", "Cy"]},
    {"type": "round_won", "round": 1, "winners": []},
    {"type": "game_won", "winners": ["Ben"]},
    {"type": "collective_overflow", "total": 31, "limit": 28},
    {"type": "drew", "player": "Ann", "face": "up", "kind": "regular", "value": 8},
    {"type": "drew", "player": "Ben", "face": "down"},
]


def test_the_phone_tells_bonbon_news_in_the_touchscreens_words(broker, table, broadcaster, browser):
    """A player reading the phone and one reading a past game's story on the table see one wording."""
    from companion import games

    event_text = games.get("bonbon").describe

    session = table.start("bonbon", ["Ann", "Ben", "Cy"], {})
    open_page(browser, broker)
    wait_for(lambda: revision(browser) == str(session.revision), timeout=PAGE_UP)
    for event in BONBON_EVENTS:
        # The session gives every event its text (Game.describe); the phone keeps no words of its own.
        told = {**event, "text": event_text(event)}
        on_phone = browser.execute_script("return Companion.eventText(arguments[0])", told)
        assert on_phone == event_text(event), event
        assert event_text(event) and "undefined" not in on_phone and "None" not in event_text(event), event
    assert errors(browser) == []


def _landed_scripts():
    from companion import games

    found = []
    for game_id in games.known():
        scripts = sorted((ROOT / "tests" / "games" / game_id / "scripts").glob("*.jsonl"))
        if scripts:
            found.append(scripts[0])
    return found


@pytest.mark.parametrize("script", _landed_scripts(), ids=lambda p: p.parent.parent.name)
def test_every_game_that_has_landed_shows_its_players_and_events(broker, table, broadcaster, browser, script):
    lines = [json.loads(x) for x in script.read_text().splitlines() if x.strip()]
    header, actions = lines[0], lines[1:]
    session = table.start(header["game"], header["players"], header.get("options", {}))
    open_page(browser, broker)
    wait_for(lambda: status(browser) == "online" and revision(browser) == "0", timeout=PAGE_UP)
    for action in actions:
        session.dispatch(action)
    wait_for(lambda: revision(browser) == str(session.revision), timeout=5)
    # The game's own renderer (games/<id>.js) was loaded, or the neutral one stands.
    has_renderer = (WEB / "games" / f"{session.game.id}.js").exists()
    loaded = f"return Companion.games.known({json.dumps(session.game.id)})"
    wait_for(lambda: browser.execute_script(loaded) == has_renderer)
    players = text(browser, "players")
    for seat in header["players"]:
        assert (seat if isinstance(seat, str) else seat["name"]) in players
    assert text(browser, "game-title") == session.game.title
    assert text(browser, "event-list").strip(), "no event was shown"
    # Whose turn it is shows once, as "turn", never again as the view's own field for it.
    badges = browser.execute_script(
        "return Array.from(document.querySelectorAll('#players .badge')).map(b => b.textContent)"
    )
    turn = session.view()["expected"].get("turn")
    if turn and session.result() is None:
        assert badges.count("turn") == 1, badges
    assert "to act" not in badges, badges
    assert errors(browser, no_renderer=renderer_missing(session.game.id)) == []
