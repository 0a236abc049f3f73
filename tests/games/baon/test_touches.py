"""What a typical turn costs in touches on the board, End turn included: taking two cards from
the pile, packing a baon of 3 cards, sharing a card to another player's baon."""

from __future__ import annotations

from tests.ui.conftest import make_app, window  # noqa: F401,I001 (fixtures: the one headless window)
from tests.games.baon.touch import Finger


def three_players(make_app, **size) -> tuple:
    """Ann, Ben and Cy at a Baon board: (the app, a finger on it)."""
    app = make_app(**size).start()
    assert app.app.start_game("baon", ["Ann", "Ben", "Cy"], {})
    app.frames(3)
    return app, Finger(app)


def cost(f: Finger, move) -> int:
    before = f.touches
    move()
    f.end_turn()
    return f.touches - before


def test_a_typical_turn_in_few_touches(make_app):  # noqa: F811
    _app, f = three_players(make_app)
    # The pad starts on a free container, its suit framed: that container and a baon of its own suit
    # need no key at all; another container is its food's key, touched before the first card.
    assert cost(f, lambda: f.baon("Adobo", ["a1", "a2", "a3"])) == 6  # Play, 3 values, Pack, End
    assert cost(f, lambda: f.take("pile", "pile")) == 4  # Take food, Pile, Pile, End
    assert cost(f, lambda: f.baon("Pancit", ["c5", "c6", "c7"])) == 7  # Play, Pan, 3 values, Pack, End
    # Sharing: the baon chosen frames its container's suit too.
    assert cost(f, lambda: f.add("Cy", "c", ["c8"])) == 5  # Add, the baon, 1 value, Add, End
    assert [c["card"] for c in f.view()["players"][2]["baons"][0]["cards"]] == ["c5", "c6", "c7", "c8"]
    assert f.view()["players"][0]["generosity"] == 1
    # A card of another suit costs its suit key, once.
    assert cost(f, lambda: f.add("Ann", "a", ["b4"])) == 6


def test_a_baon_touched_in_its_owners_line_takes_cards_and_ends_the_turn_in_one_touch(make_app):  # noqa: F811
    """The players' trial: sharing one card to another's baon cost five touches; its goal was three."""
    app, f = three_players(make_app, size=(800, 480))
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


def test_a_baon_starts_on_a_free_container_and_a_food_touched_first_is_another(make_app):  # noqa: F811
    """The players' trial: a baon of 3 cards cost seven touches, End turn included; its goal was five."""
    app, f = three_players(make_app, size=(800, 480))
    session = app.table.session
    entry = f.board.entry
    f.press("Play a baon")
    assert entry.draft["container"] == "a" and entry.pad.suit == "a", "the first free container, framed"
    assert entry.title.text.startswith("Adobo container") and entry.note.text == "Other container: touch its food"
    assert not next(b for b in entry.pad.value_buttons if b.text == "1").disabled, "its values live at once"
    app.screenshot("baon-starting-800x480")
    f.press("Pan")  # the first food touched before a card: the Pancit container
    assert entry.draft["container"] == "c" and entry.title.text.startswith("Pancit container")
    f.press("Ado")  # the next: a card's suit, the container stays
    assert entry.draft["container"] == "c" and entry.pad.suit == "a"
    f.cards(["c1"])
    f.press("Lum")  # after a card: only the next card's suit
    assert entry.draft["container"] == "c" and entry.pad.suit == "b"
    f.cards(["b2"])
    f.cards(["c4"])  # not a run: refused, nothing recorded, the turn not ended, the cards kept
    revision = session.revision
    f.press("Pack +\nend turn")
    assert session.revision == revision and f.view()["turn"] == "Ann" and entry.draft["cards"] == ["c1", "b2", "c4"]
    assert app.app.toast.text, "the refusal is said"
    f.press("Drop last")
    f.cards(["c3"])
    f.press("Pack +\nend turn")
    assert session.revision == revision + 2, "the baon and the end of the turn, two moves (two Undos)"
    ann = f.view()["players"][0]
    assert ann["baons"][0]["container"] == "c" and [c["card"] for c in ann["baons"][0]["cards"]] == ["c1", "b2", "c3"]
    assert f.view()["turn"] == "Ben"
