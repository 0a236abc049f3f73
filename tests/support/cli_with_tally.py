"""Run the real command line with the test-only game registered, in a child process."""

import sys

from companion import games
from companion.cli import main
from tests.support.tally import Tally


def run() -> int:
    games.register(Tally())
    return main(sys.argv[1:])
