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
