"""Three tables bridged into one venue broker, the hall page in headless Chromium, and what a
real evening does to them: a table's link to the venue cut and healed, the venue broker killed
(SIGKILL) and restarted, a table's app crashing mid-game and coming back. After each, the page
shows every table's current state (never an older one) soon after the heal or restart, and the
standings count every finished play exactly once."""

from __future__ import annotations

import json
import time
from contextlib import contextmanager

import pytest

from companion import games
from companion.hall.export import fetch_plays, unique
from companion.hall.topics import play_name
from tests.broadcast.conftest import Watcher, retained
from tests.support.browser import close_browser, phone_browser, wait_for
from tests.support.hall import HallTable, venue_broker
from tests.support.tally import Tally

CURRENT_WITHIN = 2.0  # seconds from a heal to the page showing every table current (the issue)
# Mosquitto tries a dropped bridge again only every 2 s (its retry counts whole seconds and waits
# for more than restart_timeout, at least 1), so a heal may wait that long before any bridge tries:
# 2 s from the heal cannot be promised; 2 s from the bridge's next try can (docs/hall.md, Measured).
MOSQUITTO_RETRY = 2.0
LONG = 15.0  # generous bound for what depends on Mosquitto's own retry (about a second)


@contextmanager
def hall_screen(tmp_path, named: list[tuple[str, str]], **table_options):
    """A venue broker, these tables (id, name) bridged into it, and a 1080p browser: (venue, tables, driver)."""
    games.register(Tally())
    try:
        driver = phone_browser((1920, 1080))
    except RuntimeError as exc:
        pytest.skip(str(exc))
    venue = venue_broker(tmp_path / "venue").start()
    tables = [HallTable(tmp_path / tid, venue, tid, name, **table_options) for tid, name in named]
    for t in tables:
        t.start()
    try:
        yield venue, tables, driver
    finally:
        close_browser(driver)
        for t in tables:
            t.close()
        venue.stop()


@pytest.fixture
def hall(tmp_path):
    with hall_screen(tmp_path, [("a", "Window"), ("b", "Corner"), ("c", "Bar")]) as (venue, tables, driver):
        driver.get(venue.phone_url + "hall.html")
        yield venue, tables, driver


def shown(driver, table_id):
    """(version, online) of a table's card on the page, or None."""
    return driver.execute_script(
        "var c = document.querySelector('[data-table=\"' + arguments[0] + '\"]');"
        "return c ? [Number(c.dataset.version), c.dataset.online] : null;", table_id)


def current(driver, t):
    return shown(driver, t.id) == [t.version(), "yes"]


def page_plays(driver):
    """The plays the page counts (every day), as (table, id) pairs, and the total of 'Played'."""
    return driver.execute_script(
        "var all = Object.keys(window.hallDebug.plays).map(function (k) { return window.hallDebug.plays[k]; });"
        "var u = HallStandings.unique(all);"
        "var played = HallStandings.standings(u, 'wins').reduce(function (n, r) { return n + r.plays; }, 0);"
        "return [u.map(function (p) { return p.table.id + '/' + p.id; }).sort(), played];")


def finish(t, first=True):
    """Start a Tally game to 3 and win it at once (a finished play), then start another."""
    t.table.start("tally", ["Ann", "Ben"] if first else ["Cy", "Ann"], {"target": 3})
    t.play({"type": "add", "points": 3})
    t.table.start("tally", ["Ben", "Cy"], {"target": 9})


def expected_plays(tables):
    from companion.cli_plays import load_plays

    keys, seats = [], 0
    for t in tables:
        for p in load_plays(t.db):  # the table's own log is the truth
            keys.append(f"{t.id}/{p.id}")
            seats += len(p.seats)
    return sorted(keys), seats


def current_after(driver, tables, links, since, what):
    """Wait until the page shows every table current; check it took at most CURRENT_WITHIN after
    the heal or restart (`since`) beyond Mosquitto's own wait before it tries the bridge again."""
    wait_for(lambda: all(current(driver, t) for t in tables), LONG)
    done = time.monotonic()
    back = max(wait_for(lambda: _link_up_at(links, t, since), LONG) for t in tables)
    print(f"{what}: every table current {done - since:.2f} s after, {max(0.0, done - back):.2f} s after the "
          f"last bridge was back ({back - since:.2f} s after)")
    assert done - since <= MOSQUITTO_RETRY + CURRENT_WITHIN


def _link_up_at(links, t, since):
    ups = [m.at for m in links.on(f"companion/{t.id}/link") if m.payload == b"1" and m.at >= since]
    return ups[0] if ups else None


def test_hall_stays_current_through_cuts_crashes_and_restarts(hall):
    venue, tables, driver = hall
    a, b, c = tables
    links = Watcher(venue.mqtt_port, "companion/+/link")  # when each bridge is back at the venue
    for t in tables:
        t.table.start("tally", ["Ann", "Ben"], {"target": 30})
        t.play({"type": "add", "points": 1})
    wait_for(lambda: all(current(driver, t) for t in tables), LONG)

    # -- a's link to the venue is cut: the hall shows it offline; the table plays on ---------
    a.link.cut()
    wait_for(lambda: shown(driver, "a")[1] == "no", LONG)
    assert a.broadcaster.hall_status()[0].level == "waiting"
    assert "cannot reach the hall" in a.broadcaster.hall_status()[0].detail
    finish(a)
    a.play({"type": "add", "points": 2})
    b.play({"type": "add", "points": 2})
    assert shown(driver, "a")[0] < a.version()  # the hall cannot know yet
    healed = time.monotonic()
    a.link.heal()
    current_after(driver, [a], links, healed, "link healed")
    assert all(current(driver, t) for t in tables)
    wait_for(lambda: page_plays(driver) == list(expected_plays(tables)), LONG)
    assert a.broadcaster.hall_status()[0].level == "ok"

    # -- the venue broker is killed and restarted: tables play on, the hall catches up ------------
    venue.kill()
    wait_for(lambda: driver.find_element("id", "status").get_attribute("data-status") == "connecting", LONG)
    c.play({"type": "add", "points": 1})
    finish(c)
    finish(a, first=False)
    links.close()
    venue.start()
    restarted = time.monotonic()  # start() returns once the venue broker listens again
    links = Watcher(venue.mqtt_port, "companion/+/link")
    current_after(driver, tables, links, restarted, "venue restarted")
    wait_for(lambda: page_plays(driver) == list(expected_plays(tables)), LONG)

    # -- b's app crashes mid-game and comes back where it was --------------------------------------
    b.play({"type": "add", "points": 1})
    wait_for(lambda: current(driver, b), LONG)
    before = b.version()
    b.kill_app()
    wait_for(lambda: shown(driver, "b")[1] == "no", LONG)  # its Last Will, through the bridge
    b.start_app()
    assert b.version() == before  # resumed exactly where it was
    b.play({"type": "add", "points": 1})
    wait_for(lambda: all(current(driver, t) for t in tables), LONG)
    finish(b)

    # -- every finished play once: on the page, in the standings, in the export ------------------
    keys, seats = expected_plays(tables)
    assert len(keys) == 4
    wait_for(lambda: page_plays(driver) == [keys, seats], LONG)
    exported = unique(fetch_plays("127.0.0.1", venue.mqtt_port, "companion"))
    assert sorted(f"{p['table']['id']}/{p['id']}" for p in exported) == keys
    # Never an older state over a newer one: the page's version for each table only grew.
    assert all(shown(driver, t.id)[0] == t.version() for t in tables)
    links.close()
    # Only the public topics cross to the venue: nothing of the tables' own brokers' read-back.
    seen = Watcher(venue.mqtt_port, "companion/#")
    seen.synced()  # everything the venue keeps under companion/# has arrived
    kinds = {"/".join(m.topic.split("/")[2:3]) for m in seen.messages}
    seen.close()
    assert kinds <= {"state", "availability", "link", "plays"} and {"state", "plays"} <= kinds, kinds


def test_a_play_reopened_by_undo_leaves_the_standings_and_returns_as_it_ended(hall):
    venue, tables, driver = hall
    a = tables[0]
    a.table.start("tally", ["Ann", "Ben"], {"target": 3})
    a.play({"type": "add", "points": 3})  # Ann wins
    key = f"a/{a.table.record.id}"
    wait_for(lambda: page_plays(driver) == [[key], 2], LONG)
    a.play({"type": "undo"})  # the game is open again: the hall must not count it
    wait_for(lambda: page_plays(driver) == [[], 0], LONG)
    a.play({"type": "add", "points": 1}, {"type": "add", "points": 3})  # now Ben wins
    wait_for(lambda: page_plays(driver) == [[key], 2], LONG)
    name = play_name(a.table.record.id, a.table.record.started_at)  # the play among every Pi's of table a
    winners = driver.execute_script(
        "return window.hallDebug.plays[arguments[0]].players.filter(function (s) { return s.winner; })"
        ".map(function (s) { return s.name; });", f"a/{name}")
    assert winners == ["Ben"]


def test_idle_and_long_offline_tables_stand_out(tmp_path):
    with hall_screen(tmp_path, [("quiet", "quiet"), ("gone", "gone")], through_link=False) as (venue, tables, driver):
        quiet, gone = tables
        for t in (quiet, gone):
            t.table.start("tally", ["Ann", "Ben"], {"target": 30})
        # A second without a change is "idle" here, five offline are "too long".
        driver.get(venue.phone_url + "hall.html#idle=0.02&offline=0.08")
        card = "return document.querySelector('[data-table=\"' + arguments[0] + '\"]').className"
        wait_for(lambda: shown(driver, "gone") == [gone.version(), "yes"], LONG)
        gone.kill_app()
        wait_for(lambda: "offline" in driver.execute_script(card, "gone").split(), LONG)
        assert "alert" not in driver.execute_script(card, "gone").split()  # not yet long
        wait_for(lambda: "alert" in driver.execute_script(card, "gone").split(), LONG)
        wait_for(lambda: "idle" in driver.execute_script(card, "quiet").split(), LONG)
        assert driver.execute_script("return document.querySelector('[data-table=\"quiet\"] .pill').textContent") == "Idle"
        quiet.play({"type": "add", "points": 1})  # a move: live again
        wait_for(lambda: "idle" not in driver.execute_script(card, "quiet").split(), LONG)


def test_an_old_state_or_a_resent_play_changes_nothing_on_the_page(hall):
    """What a bridge replaying its queue after an outage delivers (Mosquitto issue 2248)."""
    venue, tables, driver = hall
    a = tables[0]
    a.table.start("tally", ["Ann", "Ben"], {"target": 3})
    a.play({"type": "add", "points": 1})
    old_state = a.broadcaster._state(a.table.session.view(), a.table.record.id)  # noqa: SLF001 - as it was sent
    a.play({"type": "add", "points": 3})  # Ben reaches 3 and wins
    key = f"a/{a.table.record.id}"
    wait_for(lambda: current(driver, a) and page_plays(driver) == [[key], 2], LONG)
    name = play_name(a.table.record.id, a.table.record.started_at)  # the play among every Pi's of table a
    play = driver.execute_script("return window.hallDebug.plays[arguments[0]];", f"a/{name}")
    assert play["uid"] == name
    with venue.as_table("a", index=True) as replay:  # table a's own rights, as its bridge
        replay.publish("companion/a/state", json.dumps(old_state).encode(), qos=1, retain=True).wait_for_publish(5)
        for _ in range(3):
            replay.publish(f"companion/a/plays/{play['uid']}", json.dumps(play).encode(), qos=1,
                           retain=True).wait_for_publish(5)
    time.sleep(0.5)
    assert shown(driver, "a") == [a.version(), "yes"]  # still the newest
    assert page_plays(driver) == [[key], 2]  # once
    # The table reads the venue's copy back and sends its current state again: a page opened now
    # shows the newest state too, not the replayed one.
    wait_for(lambda: json.loads(retained(venue.mqtt_port, "companion/a/state") or b"{}").get("version")
             == a.version(), LONG)
    driver.refresh()
    wait_for(lambda: current(driver, a), LONG)
