"""Correct one past move: change it, see what becomes of every later move, fix or drop those
that no longer apply, then commit it all as one change (one Undo takes it back).

The choices come from the game's typed fields at the move's place (what the board would have
offered there), so this screen knows no game. Nothing changes until Commit: every touch here
only asks the session for a new preview.
"""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.stacklayout import StackLayout

from companion.core.correction import LaterMove, Preview
from companion.core.errors import RuleError
from companion.ui import theme
from companion.ui.kit.measure import drawn_width
from companion.ui.screens.base import BaseScreen
from companion.ui.styling import symbol
from companion.ui.widgets import BigButton, Chip, MoreSign, PanelButton, Text

MAX_RANGE_CHIPS = 21  # a range offered as one chip per number up to this many numbers
CHIP_HEIGHT = theme.TOUCH * 0.86  # 48 px on the 7-inch screen: a whole field's choices in view
CHIP_WIDTH = theme.TOUCH  # no chip narrower than a finger (a range's numbers were 41 px, then 48)
CHIP_SPACING = 4
GROUP_NAME_WIDTH = 72  # "Yellow" in bold beside its row of cards, as the board's card pad has it
EDITING_LINES = 3  # what the move was and what it is now, in the same room from the first touch on

Choices = list[tuple[str, Any]]  # (what a chip says, the value it enters)


def field_choices(field: dict[str, Any]) -> Choices:
    """(label, value) for every value a typed field offers now, or [] for one asked otherwise."""
    return [(text, value) for _group, text, value in _offered(field)]


def _offered(field: dict[str, Any]) -> list[tuple[str, str, Any]]:
    if field.get("count", 1) != 1:
        return []
    if field["kind"] == "range":
        if field["maximum"] - field["minimum"] >= MAX_RANGE_CHIPS:
            return []
        return [("", str(v), v) for v in range(field["minimum"], field["maximum"] + 1)]
    return [(o.get("group", ""), o["label"], o["value"]) for o in field.get("options", []) if o.get("enabled", True)]


def choice_lines(field: dict[str, Any]) -> list[tuple[str, Choices]]:
    """The field's choices as the board's pads show a deck: a line for each group of its options
    (a card's colour), named by the word every label of the group starts with ("Red"), each chip
    then saying only the rest ("3"). A group without such a word (B.O.N's Pass) goes on with the
    line before it. A field whose groups have no common words is one unnamed line.

    B.O.N's deck as "Red 3" chips four to a row was 421 px tall in a 309 px list: Blue 4 to 9
    and Pass were out of sight. As colour lines of numbers the whole deck fits."""
    groups: dict[str, list[tuple[str, Any]]] = {}
    for group, text, value in _offered(field):
        groups.setdefault(group, []).append((text, value))
    named = {g: _shared_word(choices) for g, choices in groups.items()}
    if len(groups) < 2 or not any(named.values()):
        return [("", field_choices(field))] if groups else []
    lines: list[tuple[str, Choices]] = []
    for group, choices in groups.items():
        word = named[group]
        shown = [(text[len(word) + 1:], value) for text, value in choices] if word else choices
        if word or not lines:
            lines.append((word, shown))
        else:
            lines[-1][1].extend(shown)
    return lines


def _shared_word(choices: Choices) -> str:
    """The first word of every label here when each says more after it, else ""."""
    firsts = {text.split(" ", 1)[0] for text, _ in choices}
    if len(choices) < 2 or len(firsts) != 1 or any(" " not in text for text, _ in choices):
        return ""
    return firsts.pop()


def asked(field: dict[str, Any], action: dict[str, Any]) -> bool:
    """A field is asked only while the fields it depends on hold one of its values."""
    return all(action.get(name) in values for name, values in (field.get("when") or {}).items())


class CorrectionScreen(BaseScreen):
    title_text = "Correct a move"
    back_to = "past_game"

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, name="correction", **kwargs)
        row = BoxLayout(spacing=theme.PAD)
        # No spacing of its own: the line saying more choices are below takes none while hidden,
        # and B.O.N's five-player deck needs every pixel of the list's room (six lines of chips).
        left = BoxLayout(orientation="vertical")
        # Three lines, whatever they say: choosing a value adds "Now: ..." and must not push the
        # choices under a finger down a line (they moved 24 px at the first touch).
        self.editing = Label(text="", bold=True, font_size=theme.FONT_SMALL, color=theme.TEXT, halign="left",
                             valign="top", size_hint_y=None,
                             height=EDITING_LINES * theme.FONT_SMALL * 1.25 + CHIP_SPACING)
        self.editing.bind(width=lambda w, _v: setattr(w, "text_size", (w.width, w.height - CHIP_SPACING)))
        left.add_widget(self.editing)
        scroll = ScrollView(do_scroll_x=False)
        self.editor = GridLayout(cols=1, spacing=theme.GAP, size_hint_y=None)
        self.editor.bind(minimum_height=self.editor.setter("height"))
        scroll.add_widget(self.editor)
        left.add_widget(scroll)
        # Where a field's choices still overflow (a long range, a kind of move and its player
        # and its fields), a line says so: a cut row was taken for the last one. It counts the
        # rows of chips a player sees, not the fields: a card pad of six lines is six rows.
        self.more_choices = MoreSign(scroll, self.editor, "row of choices", "rows of choices",
                                     pieces=lambda: [w for w in self.editor.walk(restrict=True)
                                                     if isinstance(w, Chip)])
        left.add_widget(self.more_choices)
        row.add_widget(left)
        right = BoxLayout(orientation="vertical", spacing=theme.GAP, size_hint_x=0.52)
        right.add_widget(Text(text="What follows, played again", bold=True, color=theme.MUTED,
                              font_size=theme.FONT_SMALL))
        later_scroll = ScrollView(do_scroll_x=False)
        self.later_rows = GridLayout(cols=1, spacing=4, size_hint_y=None)
        self.later_rows.bind(minimum_height=self.later_rows.setter("height"))
        later_scroll.add_widget(self.later_rows)
        right.add_widget(later_scroll)
        self.more_later = MoreSign(later_scroll, self.later_rows, "move", "moves")
        right.add_widget(self.more_later)
        self.status = Text(text="", font_size=theme.FONT_SMALL)
        right.add_widget(self.status)
        self.commit = BigButton(text="Commit the correction", primary=True)
        self.commit.bind(on_release=lambda *_: self._commit())
        right.add_widget(self.commit)
        row.add_widget(right)
        self.body.add_widget(row)
        self.move = 0
        self.original: list[dict[str, Any]] = []  # the moves in effect when the screen opened
        self.edits: dict[int, dict[str, Any]] = {}  # move number -> its corrected action
        self.dropped: set[int] = set()
        self.selected = 0  # the move the editor changes: the corrected one, or a later one to fix
        self.preview: Preview | None = None
        self.original_words: dict[int, str] = {}

    # -- opening ---------------------------------------------------------------

    def show(self, move: int) -> None:
        """Start correcting move `move` (1 is the game's first) of the table's game."""
        session = self.app.table.session
        self.original = session.moves()
        if not 1 <= move <= len(self.original):
            raise LookupError(f"there is no move {move}")
        self.move, self.selected = move, move
        self.edits = {move: dict(self.original[move - 1])}
        self.dropped = set()
        # Each later move as it stands before any change here: what "was" says when fixing one.
        as_is = session.preview_correction(move, self.original[move - 1])
        self.original_words = {m.move: m.words for m in as_is.later}
        self.heading.text = f"Correct move {move}"
        self._update(as_is)  # nothing changed yet: the preview is the game as it is

    # -- what the table touches ----------------------------------------------

    def _action(self, number: int) -> dict[str, Any]:
        return self.edits.get(number, self.original[number - 1])

    def _later(self) -> list[tuple[int, dict[str, Any]]]:
        return [(n, self._action(n)) for n in range(self.move + 1, len(self.original) + 1) if n not in self.dropped]

    def set_field(self, name: str, value: Any) -> None:
        action = dict(self._action(self.selected))
        action[name] = value
        self.edits[self.selected] = action
        self._update()

    def set_type(self, kind: str) -> None:
        was = self._action(self.selected)
        # Another kind of move keeps only who made it and where it came from.
        self.edits[self.selected] = {k: v for k, v in was.items() if k in ("by", "source")} | {"type": kind}
        self._update()

    def toggle_drop(self, number: int) -> None:
        self.dropped ^= {number}
        if number in self.dropped and self.selected == number:
            self.selected = self.move
        self._update()

    def select(self, number: int) -> None:
        """Fix a later move: the editor changes that one now."""
        if number not in self.dropped:
            self.selected = number
            self._update()

    def _commit(self) -> None:
        if self.preview is None or not self.preview.ready:
            return
        change = self.app.act(self.preview.entry())
        if change is not None:
            self.app.go("play")
            self.app.tell_change(change)

    # -- drawing ---------------------------------------------------------------

    def _update(self, preview: Preview | None = None) -> None:
        session = self.app.table.session
        try:
            self.preview = preview or session.preview_correction(self.move, self._action(self.move), self._later())
        except RuleError as exc:
            self.preview = None
            self.status.text = exc.message
            self.commit.disabled = True
            return
        self._draw_editor()
        self._draw_later()
        self._draw_status()

    def _choices_here(self) -> dict[str, Any]:
        if self.selected == self.move:
            return self.preview.expected
        found = next((m for m in self.preview.later if m.move == self.selected), None)
        return found.expected if found else {}

    def _draw_editor(self) -> None:
        self.editor.clear_widgets()
        action = self._action(self.selected)
        lead = f"Move {self.selected}" + (" (a later move, to fix)" if self.selected != self.move else "")
        now = self.preview.words if self.selected == self.move else self._words_of(self.selected)
        self.editing.text = f"{lead} was: {self._was(self.selected)}" + (
            f"\nNow: {now}" if now and now != self._was(self.selected) else "\nNow: as it was")
        here = self._choices_here()
        legal = here.get("legal", [])
        if not legal:
            self.editor.add_widget(Text(text="Nothing could be played here.", color=theme.MUTED,
                                        font_size=theme.FONT_SMALL))
            return
        kinds = [(s["label"], s["type"]) for s in legal]
        # One kind of move possible here, and it is this one: nothing to choose, and its row's
        # room goes to the choices that are (B.O.N's whole deck).
        if [kind for _, kind in kinds] != [action.get("type")]:
            self._chips("Make it", kinds, action.get("type"), self.set_type)
        spec = next((s for s in legal if s["type"] == action.get("type")), None)
        if spec is None:
            return
        if spec.get("by") or "by" in action:
            turn = here.get("turn")
            # Where the turn order says who moves, the move is theirs: asked only when it names
            # someone else (a later move whose player the correction changed), to fix it.
            if spec.get("by") or turn is None or action.get("by") != turn:
                names = spec.get("by") or [p.name for p in self.app.table.session.players]
                self._chips("Who", [(n, n) for n in names], action.get("by"), lambda v: self.set_field("by", v))
        for name, field in spec["fields"].items():
            if not asked(field, action):
                continue
            lines = choice_lines(field)
            choose = (lambda v, n=name: self.set_field(n, v))
            if len(lines) > 1:
                self._pad(lines, action.get(name), choose)
            elif lines:
                self._chips(field["label"], lines[0][1], action.get(name), choose)
            elif name in action:
                self.editor.add_widget(Text(text=f"{field['label']}: as entered", color=theme.MUTED,
                                            font_size=theme.FONT_SMALL))

    def _chips(self, label: str, options: Choices, current: Any, choose) -> None:
        """One field: its label beside its choices, numbers in one row, words four to a row."""
        row = BoxLayout(size_hint_y=None, spacing=theme.GAP)
        # Two lines when it needs them ("Left-over card" was cut short on one).
        name = Label(text=label, color=theme.MUTED, font_size=theme.FONT_SMALL, halign="left", valign="middle",
                     size_hint_x=None, width=96, text_size=(96, None))
        row.add_widget(name)
        short = all(len(str(text)) <= 2 for text, _ in options)
        if short:  # numbers: as many finger-wide chips to a row as fit, the rest on the next rows
            grid = StackLayout(spacing=CHIP_SPACING, size_hint_y=None)
        else:
            grid = GridLayout(cols=min(len(options), 4), spacing=CHIP_SPACING, size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        for text, value in options:
            grid.add_widget(self._chip(text, value, current, choose, narrow=short))
        row.add_widget(grid)
        grid.bind(height=lambda _g, h: setattr(row, "height", max(h, name.texture_size[1])))
        self.editor.add_widget(row)

    def _pad(self, lines: list[tuple[str, Choices]], current: Any, choose) -> None:
        """One field offered as a pad: a line per group, its name beside its chips (choice_lines)."""
        pad = GridLayout(cols=1, spacing=CHIP_SPACING, size_hint_y=None)
        pad.bind(minimum_height=pad.setter("height"))
        for word, options in lines:
            line = BoxLayout(size_hint_y=None, spacing=theme.GAP)
            line.add_widget(Label(text=word, bold=True, color=theme.MUTED, font_size=theme.FONT_SMALL,
                                  halign="left", valign="middle", size=(GROUP_NAME_WIDTH, CHIP_HEIGHT),
                                  size_hint=(None, None), text_size=(GROUP_NAME_WIDTH, None),
                                  pos_hint={"top": 1}))  # beside the group's first line of chips
            chips = StackLayout(spacing=CHIP_SPACING, size_hint_y=None, pos_hint={"top": 1})
            chips.bind(minimum_height=chips.setter("height"))
            for text, value in options:
                chips.add_widget(self._chip(text, value, current, choose, narrow=True))
            line.add_widget(chips)
            # A StackLayout counts a spacing under its last line too: the line ends at its chips.
            chips.bind(height=lambda c, h, line=line: setattr(line, "height", max(CHIP_HEIGHT, h - CHIP_SPACING)))
            pad.add_widget(line)
        self.editor.add_widget(pad)

    def _chip(self, text: str, value: Any, current: Any, choose, narrow: bool) -> Chip:
        """A choice; `narrow`: as wide as its words need in a row of others, a finger at least."""
        chip = Chip(text=str(text), state="down" if value == current else "normal",
                    font_size=theme.FONT_SMALL, height=CHIP_HEIGHT, halign="center", valign="middle")
        if narrow:
            chip.size_hint_x = None
            chip.width = max(CHIP_WIDTH, drawn_width(str(text), theme.FONT_SMALL) + 2 * theme.GAP)
        chip.bind(size=lambda c, _s: setattr(c, "text_size", (c.width - 4, None)))
        chip.bind(on_release=lambda _c, v=value: choose(v))
        return chip

    def _was(self, number: int) -> str:
        """The move as the story tells it now (the corrected one: as it was before this correction)."""
        if number == self.move:
            return self.preview.was
        return self.original_words.get(number, f"move {number}")

    def _words_of(self, number: int) -> str:
        found = next((m for m in self.preview.later if m.move == number), None)
        return found.words if found else ""

    def _draw_later(self) -> None:
        self.later_rows.clear_widgets()
        checked = {m.move: m for m in self.preview.later}
        if len(self.original) == self.move:
            self.later_rows.add_widget(Text(text="This is the last move: nothing follows it.",
                                            color=theme.MUTED, font_size=theme.FONT_SMALL))
        for number in range(self.move + 1, len(self.original) + 1):
            self.later_rows.add_widget(self._later_row(number, checked.get(number)))

    def _later_row(self, number: int, checked: LaterMove | None) -> BoxLayout:
        row = BoxLayout(size_hint_y=None, spacing=4)
        info = PanelButton(orientation="vertical", padding=(theme.GAP, 4),
                           background=theme.PANEL_LIGHT if number == self.selected else theme.PANEL)
        info.bind(on_release=lambda *_: self.select(number))
        if checked is None:
            mark, words, colour = symbol("–"), "dropped", theme.MUTED
        elif checked.applies:
            mark, words, colour = symbol("✓", "#3DDC84"), checked.words, theme.TEXT
        else:
            mark, words, colour = symbol("✗", "#FF6B6B"), f"no longer applies: {checked.why}", theme.DANGER
        line = Text(text=f"{mark} {number}. {words}", markup=True, color=colour, font_size=theme.FONT_SMALL)
        info.add_widget(line)
        row.add_widget(info)
        drop = BigButton(text="Keep" if checked is None else "Drop", size_hint_x=None, width=80,
                         font_size=theme.FONT_SMALL)
        drop.bind(on_release=lambda *_: self.toggle_drop(number))
        row.add_widget(drop)
        fit = lambda *_: setattr(row, "height", max(theme.TOUCH, line.height + 8))  # noqa: E731
        line.bind(height=fit)
        fit()
        return row

    def _draw_status(self) -> None:
        p = self.preview
        refused = [m for m in p.later if not m.applies]
        if p.problem:
            text, colour = f"Move {self.move} cannot be that: {p.problem}", theme.DANGER
        elif refused:
            text = (f"{len(refused)} later move{'s' if len(refused) > 1 else ''} no longer "
                    f"appl{'y' if len(refused) > 1 else 'ies'}: touch one to fix it, or drop it")
            colour = theme.WARNING
        elif p.unchanged:
            text, colour = "Change the move to correct it.", theme.MUTED
        else:
            end = f" The game ends: {p.result['summary']}." if p.result else ""
            text, colour = f"Ready: {p.words}.{end}", theme.GOOD
        self.status.text, self.status.color = text, colour
        self.commit.disabled = not p.ready
