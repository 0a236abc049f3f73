"""The kit's pads and score frames where a game's values are names and its frames are narrow: one
field split into pads by its options' groups, names that fit their buttons at a readable size,
pads that share out their panel's height, names that shrink before they lose their ends, and
numbers that never run over the frame's other rows."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.ui import theme
from companion.ui.kit import fields as f
from companion.ui.kit.layout import READABLE
from companion.ui.kit.pad import ValuePad
from companion.ui.kit.score_frame import ScoreFrame
from tests.ui.driver import AppDriver

DECK = {"kind": "cards", "label": "Card", "options": [
    *({"value": n, "label": str(n), "group": "number"} for n in range(4)),
    {"value": "steal", "label": "BORROWED TIME", "group": "named"},
    {"value": "shield", "label": "BULLETPROOF", "group": "named", "enabled": False},
    {"value": "hit", "label": "HIT", "group": "named"},
]}


def width_of(text: str, size: float) -> float:
    probe = Label(text=text, markup=True, bold=True, font_size=size)
    probe.texture_update()
    return probe.texture_size[0]


def test_a_field_split_by_groups_keeps_each_options_words_and_greying():
    named = f.group(DECK, "named")
    assert f.every_value(named) == ["steal", "shield", "hit"]
    assert f.values(named) == ["steal", "hit"], "the greyed option stays greyed"
    assert f.every_value(f.group(DECK, "number")) == [0, 1, 2, 3]
    assert named["label"] == "Card" and "options" in DECK and len(DECK["options"]) == 7, "the field is not changed"


def test_names_on_a_pad_fit_their_buttons_never_below_the_readable_size_and_fill_the_panel(make_app):
    app: AppDriver = make_app().start()
    chosen: list = []
    panel = BoxLayout(size_hint=(None, None), size=(236, 300), pos=(20, 20))
    pad = ValuePad([f.group(DECK, "named")], chosen.append, cols=2, rows=2, fill=True,
                   labels={"shield": "BULLET-\nPROOF"}, words=theme.FONT)
    panel.add_widget(pad)
    app.window.add_widget(panel)
    try:
        app.frames(4)
        steal, shield, hit = (pad.buttons[v] for v in ("steal", "shield", "hit"))
        assert shield.text == "[b]BULLET-\nPROOF[/b]", "a board's own words for a value"
        for button in (steal, shield, hit):
            assert button.font_size >= READABLE
            longest = max(width_of(f"[b]{w}[/b]", button.font_size) for w in button.text[3:-4].split())
            assert longest <= button.width - 2, f"{button.text} runs past its button"
        assert hit.font_size == theme.FONT, "a short name keeps the full size"
        assert steal.font_size < theme.FONT, "BORROWED steps down to fit"
        assert steal.height > theme.TOUCH * 2 and pad.height == panel.height, "the rows share the panel's height"
        pad.offer(f.group(DECK, "named"))
        assert shield.disabled and not steal.disabled
    finally:
        app.window.remove_widget(panel)


def test_a_narrow_score_frame_shrinks_the_name_and_keeps_the_number_inside_its_row(make_app):
    app: AppDriver = make_app().start()
    frame = ScoreFrame(words=READABLE, big=theme.FONT_HUGE * 1.5, size_hint=(None, None), size=(120, 150),
                       pos=(20, 20))
    app.window.add_widget(frame)
    try:
        frame.show("Gustav", [1, 1, 1, 1], 4, 5, acting=True, to_go="")
        app.frames(4)
        assert frame.name.font_size < theme.FONT_TITLE and frame.name.font_size >= READABLE
        assert width_of(frame.name.text, frame.name.font_size) <= frame.name.width
        assert frame.number.font_size * 0.78 <= frame.number_row.height + 1, "the number stays in its row"
        assert frame.to_go.width == 0 and frame.bar.width > 40, "an empty end leaves the bar the width"
        frame.size = (300, 300)
        app.frames(4)
        assert frame.number.font_size == theme.FONT_HUGE * 1.5 and frame.name.font_size == theme.FONT_TITLE
    finally:
        app.window.remove_widget(frame)
