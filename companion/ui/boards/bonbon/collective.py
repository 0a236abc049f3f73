"""The collective total against the table's limit: a number and a bar that turns red as it nears."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.ui import theme
from companion.ui.boards.bonbon import words
from companion.ui.widgets import FillBar, Panel


class LimitBar(FillBar):
    """The collective limit board as a bar: full at the limit; its colour warns as it nears."""

    def __init__(self, **kwargs) -> None:
        super().__init__(radius=5, **kwargs)

    def show_total(self, total: int, limit: int) -> None:
        super().show(total / limit if limit else 0.0, words.collective_colour(total, limit))


class CollectiveStrip(Panel):
    """The compact strip above the rows: "On the table 12/15", the bar, and the room left."""

    def __init__(self, **kwargs) -> None:
        super().__init__(padding=(theme.PAD, 4), spacing=theme.GAP, radius=8, **kwargs)
        # As wide as its words, on one line: in a fixed width the 20 px words broke over two lines.
        self.caption = Label(text="On the table", font_size=theme.FONT_SMALL, color=theme.MUTED, size_hint_x=None)
        self.caption.bind(texture_size=lambda label, size: setattr(label, "width", size[0]))
        self.total = Label(text="", markup=True, bold=True, font_size=theme.FONT_TITLE, size_hint_x=None)
        self.total.bind(texture_size=lambda label, size: setattr(label, "width", size[0] + 4))
        self.bar = LimitBar(size_hint_y=None, height=16, pos_hint={"center_y": 0.5})
        self.note = Label(text="", bold=True, font_size=theme.FONT_SMALL, size_hint_x=None, width=104,
                          halign="right", valign="middle")
        self.note.bind(size=lambda label, *_: setattr(label, "text_size", label.size))
        for widget in (self.caption, self.total, self.bar, self.note):
            self.add_widget(widget)

    def show(self, collective: dict[str, Any]) -> None:
        total, limit = collective["total"], collective["limit"]
        colour = words.collective_colour(total, limit)
        self.total.text = f"{total}[size={int(theme.FONT_SMALL)}] / {limit}[/size]"
        self.total.color = colour
        self.bar.show_total(total, limit)
        self.note.text = words.collective_note(total, limit)
        self.note.color = theme.TEXT if collective["over"] else colour
        self.background = words.OVERFLOW_BACKGROUND if collective["over"] else theme.PANEL


class BigTotal(BoxLayout):
    """Board mode's centre: the total as large as the screen allows, the limit, the bar and the flag."""

    def __init__(self, **kwargs) -> None:
        super().__init__(orientation="vertical", spacing=theme.GAP, **kwargs)
        self.number = Label(text="", markup=True, bold=True, font_size=theme.FONT_HUGE * 2)
        self.bar = LimitBar(size_hint_y=None, height=36)
        self.flag = Label(text="", markup=True, bold=True, font_size=theme.FONT_TITLE, size_hint_y=None,
                          height=theme.FONT_TITLE * 1.5)
        for widget in (self.number, self.bar, self.flag):
            self.add_widget(widget)
        self._shown: dict[str, Any] | None = None
        self.bind(height=self._fit)

    def show(self, collective: dict[str, Any]) -> None:
        self._shown = collective
        total, limit = collective["total"], collective["limit"]
        colour = words.collective_colour(total, limit)
        muted = words.hex_of(theme.MUTED)
        self.number.text = f"{total}[size={int(self.number.font_size * 0.4)}][color={muted}] / {limit}[/color][/size]"
        self.number.color = colour
        self.bar.show_total(total, limit)
        if collective["over"]:
            self.flag.text = f"{words.symbol('⚠')} OVER THE LIMIT by {total - limit}"
            self.flag.color = theme.TEXT
        else:
            left = limit - total
            self.flag.text = "At the limit: one more point ends the round" if left == 0 else \
                f"{left} left before the limit of {limit}"
            self.flag.color = colour if left <= 2 else theme.TEXT

    def _fit(self, *_) -> None:
        room = self.height - self.bar.height - self.flag.height - 2 * self.spacing
        self.number.font_size = max(theme.FONT_BIG, min(theme.FONT_HUGE * 2.4, room / 1.1))
        if self._shown is not None:
            self.show(self._shown)  # the limit's size follows the number's
