"""Shared fixtures. Kivy and GPIO settings must be in the environment before those libraries load."""

import os
import tempfile

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
# A Kivy home of each process's own: pytest-xdist's workers inherit the first process's
# environment, and two Kivys making the same home's folders at once raced (FileExistsError).
# One given from outside (a caller's KIVY_HOME) is kept.
if os.environ.get("KIVY_HOME") in (None, os.environ.get("COMPANION_TESTS_KIVY_HOME")):
    os.environ["KIVY_HOME"] = os.environ["COMPANION_TESTS_KIVY_HOME"] = tempfile.mkdtemp(prefix="kivy-home-")
os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")

import pytest  # noqa: E402

from companion import games  # noqa: E402
from tests.support.tally import Tally  # noqa: E402


@pytest.fixture(autouse=True, scope="session")
def tally_game():
    """The test-only game, known to the registry for the whole run (it never ships)."""
    games.register(Tally())
    yield
    games.unregister("tally")


def pytest_collection_modifyitems(items):
    """The longest tests first (those given a long timeout: the virtual table, the fresh installs),
    so that with test.sh's work stealing one worker starts them at once while the other takes
    everything else; started last, they were the whole run's tail."""
    def allowed(item) -> float:
        mark = item.get_closest_marker("timeout")
        return float(mark.args[0]) if mark and mark.args else 0.0

    items.sort(key=lambda item: -allowed(item))
