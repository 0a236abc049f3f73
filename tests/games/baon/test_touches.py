"""What a typical turn costs in touches on the board, End turn included: taking two cards from
the pile, packing a baon of 3 cards, sharing a card to another player's baon."""

from __future__ import annotations

from tests.ui.conftest import make_app, window  # noqa: F401,I001 (fixtures: the one headless window)
from tests.games.baon.touch import Finger


def cost(f: Finger, move) -> int:
    before = f.touches
    move()
    f.end_turn()
    return f.touches - before


def test_a_typical_turn_in_few_touches(make_app):  # noqa: F811
    app = make_app().start()
    assert app.app.start_game("baon", ["Ann", "Ben", "Cy"], {})
    app.frames(3)
    f = Finger(app)
    # The pad starts on the container's suit: a baon of its own suit needs no suit key at all.
    assert cost(f, lambda: f.baon("Adobo", ["a1", "a2", "a3"])) == 7  # Play, container, 3 values, Pack, End
    assert cost(f, lambda: f.take("pile", "pile")) == 4  # Take food, Pile, Pile, End
    assert cost(f, lambda: f.baon("Pancit", ["c5", "c6", "c7"])) == 7
    # Sharing: the baon chosen frames its container's suit too.
    assert cost(f, lambda: f.add("Cy", "c", ["c8"])) == 5  # Add, the baon, 1 value, Add, End
    assert [c["card"] for c in f.view()["players"][2]["baons"][0]["cards"]] == ["c5", "c6", "c7", "c8"]
    assert f.view()["players"][0]["generosity"] == 1
    # A card of another suit costs its suit key, once.
    assert cost(f, lambda: f.add("Ann", "a", ["b4"])) == 6


def test_a_baon_touched_in_its_owners_line_takes_cards_and_ends_the_turn_in_one_touch(make_app):  # noqa: F811
    """The players' trial: sharing one card to another's baon cost five touches; its goal was three."""
    app = make_app(size=(800, 480)).start()
    assert app.app.start_game("baon", ["Ann", "Ben", "Cy"], {})
    app.frames(3)
    f = Finger(app)
    session = app.table.session
    # No baon yet to add to: nothing to touch; Ann's baon, then Ben takes two.
    cost(f, lambda: f.baon("Adobo", ["a1", "a2", "a3"]))
    # Ben has cards: his touch on Ann's baon starts adding to it, the container's suit framed.
    f.touch_baon("Ann", "a")
    assert f.board.entry.mode == "add" and f.board.entry.pad.suit == "a"
    assert "Ann's Adobo baon, 1 to 3" in f.board.entry.title.text
    f.cards(["a4"])
    app.screenshot("baon-sharing-800x480")  # nothing drawn over anything, every word whole
    revision = session.revision
    f.press("Add +\nend turn")
    assert session.revision == revision + 2, "the add and the end of the turn, two moves (two Undos)"
    assert [c["card"] for c in f.view()["players"][0]["baons"][0]["cards"]] == ["a1", "a2", "a3", "a4"]
    assert f.view()["turn"] == "Cy" and f.board.entry.mode == "menu"
    # A card the baon refuses: said, nothing recorded, the turn not ended, the card left to correct.
    f.touch_baon("Ann", "a")
    f.cards(["b9"])
    revision = session.revision
    f.press("Add +\nend turn")
    assert session.revision == revision and f.view()["turn"] == "Cy"
    assert f.board.entry.mode == "add" and f.board.entry.draft["cards"] == ["b9"]
    assert app.app.toast.text, "the refusal is said"
