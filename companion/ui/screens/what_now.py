""""What now?": for a table of new players, one touch from the play screen. Who may act, each
kind of move open to them in the game's words, why greyed things are greyed, and the rule behind
this step with a way to its section of the rules page. It is a screen of its own, not a layer
over the board, so it never covers a control; Back (one touch) returns to the board as it was.

Everything shown is read from the legal list (companion/core/guide.py): never a second copy of
the rules."""

from __future__ import annotations

from companion.core import rules_page
from companion.core.guide import Guide, Move, guide
from companion.ui import theme
from companion.ui.screens.rule_lines import RuleLinesScreen
from companion.ui.widgets import Text

TITLE = "What now?"


def who_words(answer: Guide) -> str:
    if not answer.who:
        return "Nobody: the game is over."
    names = list(answer.who)
    joined = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    return f"{joined} may act now."


def move_line(move: Move, answer: Guide) -> str:
    """A move's words, with who may take it when not everyone named above may (a BLOCK)."""
    words = move.words[:1].upper() + move.words[1:]  # a game's words may start mid-sentence
    if len(answer.who) < 2 or set(move.by) >= set(answer.who):
        return words
    return f"{' or '.join(move.by)}: {move.words}"


class WhatNowScreen(RuleLinesScreen):
    title_text = TITLE

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, name="what_now", **kwargs)
        self.answer: Guide | None = None

    def on_pre_enter(self, *_) -> None:
        self.show()

    def show(self) -> None:
        """The answer for the game at the table now (an empty screen that says so without one)."""
        self.rows.clear_widgets()
        session = self.app.table.session
        if session is None:
            self.answer = None
            self._line("No game is being played.", muted=True)
            return
        self.game_id = session.game.id
        self.answer = answer = guide(session.game, session.state, session.names)
        self.heading.text = f"{TITLE}  {session.game.title}"
        self._line(answer.prompt, bold=True)
        self._line(who_words(answer))
        if answer.moves:
            self._block("Open to them now", [move_line(m, answer) for m in answer.moves])
        if answer.greyed:
            lines = [f"{g.what}: {g.why}" for g in answer.greyed]
            if answer.more_greyed:
                lines.append(f"and {answer.more_greyed} more greyed for the same reasons")
            self._block("Greyed now, and why", lines)
        page = rules_page.read(self.game_id)
        section = page.section(answer.rule) if page and answer.rule else None
        if section is not None:
            self._block(f"The rule: {section.title}", [section_opening(section.text)], accent=True)
        self.rule_button.disabled = page is None

    def rule_to_open(self) -> str:
        return self.answer.rule if self.answer else ""

    def _line(self, text: str, bold: bool = False, muted: bool = False) -> None:
        self.rows.add_widget(Text(text=text, bold=bold, color=theme.MUTED if muted else theme.TEXT))


OPENING = 280  # characters of a section shown on What now?: its opening, the rest one touch away


def section_opening(text: str) -> str:
    """A section's opening paragraphs up to OPENING characters (a paragraph that ends with a
    colon keeps the list that follows it), items as bullets; the rest is on the rules page."""
    shown: list[str] = []
    for paragraph in text.split("\n\n"):
        if shown and len("\n".join(shown)) + len(paragraph) > OPENING and not shown[-1].endswith(":"):
            break
        shown.append(paragraph)
    lines = "\n".join(shown).splitlines()
    return "\n".join(f"•  {line[2:]}" if line.startswith("- ") else line for line in lines if line.strip())
