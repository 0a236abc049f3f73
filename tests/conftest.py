"""Shared fixtures. Kivy and GPIO settings must be in the environment before those libraries load."""

import os
import tempfile

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))
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
