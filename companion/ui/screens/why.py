""""Why?" of the move just made, one touch from the play screen's top bar: each scoring line,
limit or elimination it brought, the numbers that went in, and the rule behind them, with a way to
its section of the rules page. A screen of its own, like What now?, so it never covers a control;
Back (one touch) returns to the board as it was.

It reads the move's own events, as the phones and the story do (session.py `_with_why`): the
words a game says for them and their `why` and `rule`, which carry only what all may know."""

from __future__ import annotations

from companion.core import rules_page
from companion.ui import theme
from companion.ui.screens.rule_lines import RuleLinesScreen
from companion.ui.screens.what_now import section_opening
from companion.ui.widgets import Text

TITLE = "Why?"
# Open while an Undo, a Redo or a correction changes the game (a button on the table, say).
GONE = "Nothing to explain: the move this explained is no longer the latest (taken back or corrected)."


class WhyScreen(RuleLinesScreen):
    title_text = TITLE

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, name="why", **kwargs)
        self.rule = ""  # the first event's rule: where Rules opens the page

    def on_pre_enter(self, *_) -> None:
        self.show()

    def show(self) -> None:
        """The latest move's explained events, as the play screen last heard them."""
        self.rows.clear_widgets()
        session = self.app.table.session
        events = self.app.screen("play").explained if session is not None else []
        if session is None or not events:
            self.rule = ""
            self.rule_button.disabled = True
            gone = session is not None and self.app.screen("play").explained_gone
            words = GONE if gone else "Nothing to explain: the last move scored nothing."
            self.rows.add_widget(Text(text=words, color=theme.MUTED))
            return
        self.game_id = session.game.id
        self.heading.text = f"{TITLE}  {session.game.title}"
        page = rules_page.read(self.game_id)
        told: set[str] = set()
        for event in events:
            section = page.section(event.get("rule", "")) if page else None
            self._block(event["text"], list(event["why"]))
            if section is not None and section.id not in told:
                told.add(section.id)
                self._block(f"The rule: {section.title}", [section_opening(section.text)], accent=True)
        self.rule = next((e.get("rule", "") for e in events if e.get("rule")), "")
        self.rule_button.disabled = page is None

    def rule_to_open(self) -> str:
        return self.rule
