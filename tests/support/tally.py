"""The example game Tally, listed on the menu so the table's own tests can pick it there."""

from companion.games.tally import Tally as ExampleTally


class Tally(ExampleTally):
    listed = True


def three_finished_games(table) -> None:
    """An evening of Tally on `table` (a companion.table.Table): Ann and Ben, then Ann and Cy
    twice, each played to its end (2 points a move to 12); the last still the table's game."""
    for second in ("Ben", "Cy", "Cy"):
        session = table.start("tally", ["Ann", second], {"target": 12})
        while session.result() is None:
            session.dispatch({"type": "add", "points": 2})


__all__ = ["Tally", "three_finished_games"]
