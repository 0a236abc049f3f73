"""Game End: Lola revealed, the turn finished without refills, her cards dealt, one last turn each."""

from __future__ import annotations

from companion.replay import replay
from tests.games.baon.support import END, SCRIPTS, legal_types, play, player, refused, view

LINES = (SCRIPTS / "lola_end.jsonl").read_text().splitlines()
BEFORE_LOLA = len(LINES) - 9  # the script's last 9 actions are the end


def at_the_last_pile_card():
    s = replay(LINES[:BEFORE_LOLA])
    assert view(s)["pile"] == 1 and view(s)["turn"] == "Ben" and view(s)["spaces"] == [1, 1, 50]
    return s


def test_the_last_pile_card_reveals_lola_and_emptied_spaces_stay_empty():
    s = at_the_last_pile_card()
    change = s.dispatch({"type": "take", "sources": ["pile", 1]})
    assert [e["text"] for e in change.events][-1] == "Ben revealed Lola: finish this turn, then everybody has one last turn"
    assert view(s)["lola"]["state"] == "revealed" and view(s)["spaces"] == [0, 1, 50]
    assert view(s)["discards_due"] == 2  # the hand limit still holds on this turn


def test_a_second_card_from_an_empty_pile_is_refused():
    s = at_the_last_pile_card()
    refused(s, {"type": "take", "sources": ["pile", "pile"]}, "The pile is empty: Lola shows. Take from the countertop")


def test_after_the_revealers_turn_lola_cards_go_out_and_everyone_has_one_last_turn():
    s = at_the_last_pile_card()
    play(s, {"type": "take", "sources": ["pile", 1]}, {"type": "discard", "space": 3}, {"type": "discard", "space": 3})
    change = s.dispatch(END)
    assert change.events[-1]["text"] == "Lola's 3 cards went to the countertop. Last round: draw 1 card, then play"
    assert view(s)["spaces"] == [1, 2, 53] and view(s)["lola"]["last_round"] == ["Ann", "Ben"]
    assert view(s)["turn"] == "Ann" and "take" in legal_types(s) and "end_turn" not in legal_types(s)
    refused(s, {"type": "take", "sources": [1, 2]}, "In the last round Ann draws 1 card, then plays")
    refused(s, {"type": "take", "sources": ["pile"]}, "The pile is empty: Lola shows. Take from the countertop")
    play(s, {"type": "take", "sources": [2]})
    assert player(s, "Ann")["hand"] == 7, "no hand limit in the last round"
    assert "take" not in legal_types(s) and "baon" in legal_types(s)
    play(s, END, {"type": "take", "sources": [2]})
    assert s.result() is None
    change = s.dispatch(END)
    assert view(s)["step"] == "over" and s.result() is not None
    assert change.events[-1]["type"] == "game_over"


def test_undo_takes_back_the_end_and_lolas_deal():
    s = replay(LINES)
    assert s.result() is not None
    for _ in range(6):
        s.dispatch({"type": "undo"})
    assert view(s)["lola"]["state"] == "revealed" and view(s)["spaces"] == [0, 1, 52] and s.result() is None
    for _ in range(6):
        s.dispatch({"type": "redo"})
    assert view(s)["step"] == "over"


def test_lola_shows_corrects_the_count_when_the_table_sees_her_first():
    s = replay(LINES[:next(i for i in range(20, 40) if '"end_turn"' in LINES[i]) + 1])
    play(s, {"type": "take", "sources": ["pile"]})
    pile = view(s)["pile"]
    assert pile > 0 and "lola" in legal_types(s)
    change = s.dispatch({"type": "lola"})
    assert view(s)["pile"] == 0 and view(s)["lola"]["state"] == "revealed"
    assert change.events[-1]["type"] == "lola"
