"""A table's Pi replaced mid-evening by another with a fresh database (hall-join --replace): both
Pis' games stay in the standings and the export, and an open hall page follows the new Pi although
its versions start low again (its database's epoch is later)."""

from __future__ import annotations

import time

from companion.cli_plays import load_plays
from companion.hall.export import fetch_plays, unique
from tests.hall.test_hall_faults import LONG, finish, hall_screen, page_plays, shown
from tests.support.browser import wait_for
from tests.support.hall import HallTable


def test_a_replaced_pi_keeps_both_pis_games_and_the_page_follows_the_new_one(tmp_path):
    with hall_screen(tmp_path, [("corner", "Corner")]) as (venue, (old,), driver):
        driver.get(venue.phone_url + "hall.html")
        finish(old)
        finish(old, first=False)  # two plays; its game 3 open
        wait_for(lambda: shown(driver, "corner") == [old.version(), "yes"], LONG)
        wait_for(lambda: page_plays(driver)[1] == 4, LONG)
        old_version, old_epoch = old.version(), old.table.store.epoch()
        old.close()  # the Pi taken away
        wait_for(lambda: shown(driver, "corner") and shown(driver, "corner")[1] == "no", LONG)

        # Its replacement, a fresh database, some time later (epochs count whole seconds).
        while int(time.time()) <= old_epoch:
            time.sleep(0.05)
        new = HallTable(tmp_path / "corner-new", venue, "corner", "Corner").start()
        try:
            finish(new)  # its game 1 (the old Pi had a game 1 too), its game 2 open
            assert new.table.store.epoch() > old_epoch and new.version() < old_version
            wait_for(lambda: shown(driver, "corner") == [new.version(), "yes"], LONG)
            epoch = driver.execute_script("return document.querySelector('[data-table=\"corner\"]').dataset.epoch")
            assert int(epoch) == new.table.store.epoch()

            # Three plays: the old Pi's two and the new Pi's one, each under its own name.
            wait_for(lambda: page_plays(driver)[1] == 6, LONG)
            held = unique(fetch_plays("127.0.0.1", venue.mqtt_port, "companion"))
            logs = [(p.id, p.started_at) for t in (old, new) for p in load_plays(t.db)]  # each Pi's own log
            assert len(logs) == 3 and [p.id for p in load_plays(new.db)] == [1]
            assert sorted((p["id"], p["started_at"]) for p in held) == sorted(logs)
            assert len({p["uid"] for p in held}) == 3
            # A page opened now shows the new Pi, from what the venue holds.
            driver.refresh()
            wait_for(lambda: shown(driver, "corner") == [new.version(), "yes"], LONG)
            wait_for(lambda: page_plays(driver)[1] == 6, LONG)
        finally:
            new.close()
