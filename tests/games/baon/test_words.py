"""The news the table reads (touchscreen, phones, the story of a past game): one wording each."""

from __future__ import annotations

from tests.games.baon.support import END, TAKE2, new, play


def news(s, action) -> list[str]:
    return [e["text"] for e in s.dispatch(action).events]


def test_each_move_says_what_was_laid_taken_and_shared():
    s = new(("Ann", "Ben"))
    assert news(s, {"type": "baon", "container": "a", "cards": ["w", "a5", "b6"]}) == [
        "Ann packed a baon in the Adobo container: wild (4), Adobo 5, Lumpia 6"]
    play(s, END)
    assert news(s, {"type": "favourite", "suit": "c"}) == ["Ben picked Pancit as favourite food"]
    assert news(s, {"type": "add", "owner": "Ann", "container": "a", "cards": ["w", "c3"], "end": "low"}) == [
        "Ben shared wild (2), Pancit 3 to Ann's Adobo baon: +3 generosity"]
    assert news(s, {"type": "claim", "token": "generous"}) == ["Ben claimed Most Generous"]
    play(s, END)
    assert news(s, TAKE2) == ["Ann took 2 cards from the pile"]
    play(s, END)
    assert news(s, {"type": "take", "sources": [2, "pile"]}) == ["Ben took 2 cards: from space 2 and the pile"]
    assert s.dispatch({"type": "undo"}).events[0]["text"] == "Took back: Ben took 2 cards: from space 2 and the pile"
