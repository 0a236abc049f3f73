"""Every finger the app receives is counted and logged once (companion/ui/touch_log.py): the
virtual table's test counts them in the guest, and a maker reads them in the log file."""

from __future__ import annotations

import logging

from kivy.tests.common import UnitTestTouch

from tests.ui.conftest import make_app, window  # noqa: F401,I001 (fixtures: the one headless window)


def test_one_tap_is_one_touch_and_two_fingers_are_two(make_app, caplog):  # noqa: F811
    app = make_app().start()
    caplog.set_level(logging.INFO, logger="companion.ui.touch_log")
    before = app.app.touches.downs
    finger = UnitTestTouch(30, 30)
    finger.touch_down()
    finger.touch_up()
    app.frames(2)
    assert app.app.touches.downs == before + 1
    first, second = UnitTestTouch(100, 100), UnitTestTouch(300, 100)
    first.touch_down()
    second.touch_down()
    second.touch_up()
    first.touch_up()
    app.frames(2)
    assert app.app.touches.downs == before + 3
    said = [r.getMessage() for r in caplog.records if r.getMessage().startswith("Touch: down")]
    assert said == [f"Touch: down #{before + 1} at (30, 30) from UnitTestTouch",
                    f"Touch: down #{before + 2} at (100, 100) from UnitTestTouch",
                    f"Touch: down #{before + 3} at (300, 100) from UnitTestTouch"], said
