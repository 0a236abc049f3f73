""""What now?" and the rules pages, for every game the registry knows (issue 32, items 2 and 5).

Random games of every game, played from the legal actions' typed fields: at every state the
answer to "What now?" names exactly the moves the table accepts, each in the game's own words
(no program names, no hidden value), says why each greyed thing is greyed, and names a section
of the game's rules page that exists. The rules pages are the project's own words: none shares
a run of eight words with the rulebook it comes from, when the rulebooks are at hand.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import games
from companion.core import rules_page
from companion.core.guide import guide
from tests.support import typed_play

MOVES = 120
MAX_WORDS = 160  # characters of one move's words: read standing at a table
# Words a program would show and a player never says: snake_case names, reprs, Python's literals.
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b|<[a-z]+ ")
RULEBOOKS = Path(__file__).resolve().parents[2] / "shared" / "rules"
RUN = 8  # words in a row shared with a rulebook: a copied sentence, not a shared term


def listed() -> list[str]:
    return [g for g in games.known() if games.get(g).listed or g == "tally"]


def check_guide(game, state, names, moves):
    expected = game.expected(state)
    answer = guide(game, state, names)
    where = f"{game.id} after {len(moves)} moves {moves[-3:]}"
    assert [m.type for m in answer.moves] == [s.type for s in expected.legal], where
    if game.result(state) is None:
        assert answer.who, f"nobody may act, says What now? ({where})"
    teaching = game.teach(state, expected)
    for spec in expected.legal:
        words = teaching.moves.get(spec.type, "")
        assert words, f"{game.id} has no words of its own for {spec.type!r} ({where})"
        assert len(words) <= MAX_WORDS, f"{words!r} is too long to read at a table ({where})"
        assert not RAW.search(words), f"{words!r} shows the program's own names ({where})"
    for greyed in answer.greyed:
        assert greyed.what and greyed.why, f"a greyed thing without its reason: {greyed} ({where})"
        assert not RAW.search(greyed.why), f"{greyed.why!r} shows the program's own names ({where})"
    page = rules_page.read(game.id)
    assert page is not None and answer.rule, f"What now? names no rule ({where})"
    assert page.section(answer.rule), f"{game.id}'s rules page has no section {answer.rule!r} ({where})"
    # Nothing hidden at the table shapes the answer: the same state with other secret values
    # gets the same answer, word for word.
    for disguised in game.disguises(state):
        assert guide(game, disguised, names) == answer, f"What now? depends on a hidden value ({where})"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", listed())
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_what_now_says_exactly_the_legal_moves_in_the_games_words(game_id, seed):
    rng = random.Random(seed)
    session = typed_play.table(games.get(game_id), rng)
    game, moves = session.game, []
    check_guide(game, session.state, session.names, moves)
    for _ in range(MOVES):
        if session.result() is not None:
            break
        before = session.state
        action = typed_play.step(rng, session)
        if action is None:
            break
        moves.append(action)
        check_guide(game, session.state, session.names, moves)
        for event in game.events(before, session.state, session.moves()[-1]):
            check_why(game, event, moves)


def check_why(game, event, moves):
    """A scoring line, limit or elimination says the numbers that went in and the rule."""
    why = game.why(event)
    where = f"{game.id}'s {event.get('type')!r} after {len(moves)} moves {moves[-3:]}"
    if event.get("type") not in game.explained:
        return
    assert why is not None and why.lines, f"no Why? for {where}"
    for line in why.lines:
        assert len(line) <= MAX_WORDS and not RAW.search(line), f"{line!r} ({where})"
    assert rules_page.read(game.id).section(why.rule), f"no section {why.rule!r} for {where}"


@pytest.mark.parametrize("game_id", [g for g in listed() if g != "tally"])
def test_every_game_explains_its_scoring_limits_and_eliminations(game_id):
    assert games.get(game_id).explained, f"{game_id} names no event a player may ask Why? of"


@pytest.mark.parametrize("game_id", listed())
def test_every_game_has_a_rules_page_a_new_player_can_read(game_id):
    page = rules_page.read(game_id)
    assert page is not None, f"companion/games/{game_id}/rules.md is missing"
    assert page.title and page.opening, f"{game_id}'s rules page needs a title and an opening"
    assert len(page.sections) >= 4, f"{game_id}'s rules page has {len(page.sections)} sections"
    for section in page.sections:
        assert section.text, f"{game_id}'s section {section.title!r} is empty"
    assert len({s.id for s in page.sections}) == len(page.sections), "two sections share a name"


def _runs(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {tuple(words[i:i + RUN]) for i in range(len(words) - RUN + 1)}


@pytest.mark.parametrize("game_id", [g for g in listed() if g != "tally"])
def test_rules_pages_are_in_the_projects_own_words(game_id):
    book = RULEBOOKS / f"{game_id}.txt"
    if not book.exists():
        pytest.skip(f"the rulebook is not at hand here ({book}): copying cannot be checked")
    shared = _runs(rules_page.read(game_id).opening + " ".join(
        s.text for s in rules_page.read(game_id).sections)) & _runs(book.read_text(encoding="utf-8"))
    assert not shared, f"{game_id}'s rules page copies the rulebook: {[' '.join(r) for r in sorted(shared)[:3]]}"


def test_a_rules_page_is_read_by_its_headings():
    page = rules_page.parse("# Tiny: the rules in short\nOne line\nwrapped.\n\n## Your turn\nDraw a card,\nthen play.\n\n"
                            "Or pass.\n\n## End of the game\n- last\n  one out\n- wins\n")
    assert page.title == "Tiny: the rules in short"
    assert page.opening == "One line wrapped."
    assert [(s.id, s.title, s.text) for s in page.sections] == [
        ("your-turn", "Your turn", "Draw a card, then play.\n\nOr pass."),
        ("end-of-the-game", "End of the game", "- last one out\n- wins")]
    assert page.section("your-turn").title == "Your turn" and page.section("scoring") is None
