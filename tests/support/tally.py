"""The example game Tally, listed on the menu so the table's own tests can pick it there."""

from companion.games.tally import Tally as ExampleTally


class Tally(ExampleTally):
    listed = True


__all__ = ["Tally"]
