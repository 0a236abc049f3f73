"""A value pad keeps its place through every step of one entry: a quick second tap on the same spot
enters the same value again, never a neighbour that moved under the finger."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout

from companion.ui.kit.layout import Prompt
from companion.ui.kit.pad import ValueButton, ValuePad
from tests.support.finger import tap as finger_tap
from tests.ui.driver import AppDriver

VALUES = {"kind": "range", "label": "Values", "minimum": 1, "maximum": 9, "count": 2}
COUNT = {"kind": "range", "label": "Count", "minimum": 0, "maximum": 4}
KINDS = {"kind": "choice", "label": "Kind", "options": [
    {"value": "a", "label": "A"}, {"value": "b", "label": "B", "enabled": False}]}


def tap_at(app: AppDriver, x: float, y: float) -> None:
    finger_tap(app, x, y)  # waits, as a player does, to see what is there
    app.frames(2)


def spot(app: AppDriver, root, text: str) -> tuple[float, float]:
    """Where on the screen the button showing this text is now."""
    app.frames(2)
    widget = app.find(text, root=root)
    return widget.to_window(*widget.center)


def places(pad: ValuePad) -> dict:
    return {v: tuple(b.to_window(*b.center)) for v, b in pad.buttons.items()}


def test_a_pad_built_from_typed_fields_greys_what_a_step_does_not_take_and_moves_nothing(make_app):
    app = make_app().start()
    chosen: list = []
    panel = BoxLayout(orientation="vertical", size_hint=(None, None), size=(340, 400), pos=(20, 20))
    entered: list[int] = []
    prompt = Prompt("Card 1 shows:", ["Entered: 9. Card 2 shows a long enough caption to wrap onto another line:"])
    pad = ValuePad([VALUES, COUNT, KINDS], chosen.append, back=entered.clear)
    panel.add_widget(prompt)
    panel.add_widget(pad)
    panel.add_widget(BoxLayout())
    app.window.add_widget(panel)
    try:
        app.frames(3)
        # 0 to 9, then the choice's own option, then Back: every value of every step, in order.
        assert [b.text for b in pad.children[::-1]] == [f"[b]{v}[/b]" for v in range(10)] + ["[b]A[/b]", "[b]B[/b]",
                                                                                            "Back"]
        pad.offer(VALUES, back=False)
        before = places(pad)
        assert [v for v, b in pad.buttons.items() if not b.disabled] == list(range(1, 10))
        assert pad.back.disabled
        x, y = before[4]
        tap_at(app, x, y)
        prompt.text = "Entered: 4. Card 2 shows a long enough caption to wrap onto another line:"
        pad.offer(COUNT)
        app.frames(3)
        assert places(pad) == before, "no button moved between the steps"
        assert [v for v, b in pad.buttons.items() if not b.disabled] == [0, 1, 2, 3, 4] and not pad.back.disabled
        tap_at(app, x, y)  # the same spot: the same number, now as a count
        pad.offer(KINDS)
        assert [v for v, b in pad.buttons.items() if not b.disabled] == ["a"]  # "B" is greyed by its field
        tap_at(app, x, y)  # 4 is no choice of this step: nothing happens
        assert chosen == [4, 4]
    finally:
        app.window.remove_widget(panel)


# -- on the Bonbon board ------------------------------------------------------------------------------


def start(make_app) -> AppDriver:
    app = make_app().start()
    assert app.app.start_game("bonbon", ["Anna", "John"], {})
    app.frames(3)
    act = app.table.session.dispatch
    act({"type": "start", "tiles": ["variety", "zeros", "ones"]})
    down = {"type": "draw", "face": "down"}
    for action in (down, up(1), down, up(2), up(1), down, up(1)):  # Anna, John, Anna, John, ...
        act(action)
    act({"type": "pass"})  # John passes first ...
    act({"type": "take_tile", "tile": "variety"})  # ... with the variety tile
    act({"type": "pass"})  # Anna: the round's play is over
    app.frames(3)
    return app


def up(value: int) -> dict:
    return {"type": "draw", "face": "up", "kind": "regular", "value": value}


def entry(app: AppDriver):
    return app.app.screen("play").board.entry


def player(app: AppDriver, name: str) -> dict:
    return next(p for p in app.table.session.view()["view"]["players"] if p["name"] == name)


def test_two_taps_on_one_spot_of_the_reveal_pad_enter_the_same_value_twice(make_app):
    app = start(make_app)
    assert app.table.session.view()["view"]["phase"] == "reveal"
    assert [w["player"] for w in app.table.session.view()["view"]["reveal"]] == ["Anna", "John"]
    # Anna's two backs: the spot where 5 stands for her first card, twice.
    x, y = spot(app, entry(app), "[b]5[/b]")
    tap_at(app, x, y)
    assert any("Entered: 5." in t for t in app.texts())
    tap_at(app, x, y)
    assert [c["value"] for c in player(app, "Anna")["cards"] if c["face"] == "down"] == [5, 5]
    # John's one back, then how many different illustrations (up to 4): the same spot, the same number.
    x, y = spot(app, entry(app), "[b]2[/b]")
    tap_at(app, x, y)
    assert any("how many different illustrations" in t for t in app.texts())
    tap_at(app, x, y)
    view = app.table.session.view()["view"]
    assert view["phase"] == "scored"
    john = next(line for line in view["scoring"]["lines"] if line["player"] == "John")
    assert john["tile_points"] == 2 and [c["value"] for c in player(app, "John")["cards"]][-1] == 2
    app.frames(2)


def test_the_reveal_pad_greys_what_a_step_does_not_take_and_keeps_every_button(make_app):
    app = start(make_app)
    x, y = spot(app, entry(app), "[b]5[/b]")
    tap_at(app, x, y)
    tap_at(app, x, y)  # Anna done: John's values, then his count (0 to 3)
    pad_buttons = [w for w in entry(app).walk() if isinstance(w, ValueButton)]
    live = [w.text for w in pad_buttons if not w.disabled]
    assert live == [f"[b]{v}[/b]" for v in range(1, 10)]
    assert [w.text for w in pad_buttons] == [f"[b]{v}[/b]" for v in range(0, 10)]
    app.screenshot("bonbon-reveal-pad-values")
    tap_at(app, *spot(app, entry(app), "[b]7[/b]"))
    live = [w.text for w in pad_buttons if not w.disabled]
    assert live == [f"[b]{v}[/b]" for v in range(0, 4)]  # John's cards, less none that is a face-up zero
    app.screenshot("bonbon-reveal-pad-count")


def test_two_taps_on_one_spot_of_the_zeros_pad_enter_the_same_value_for_both_cards(make_app):
    app = make_app().start()
    assert app.app.start_game("bonbon", ["Anna", "John"], {})
    act = app.table.session.dispatch
    act({"type": "start", "tiles": ["three", "zeros", "ones"]})
    for action in ({"type": "draw", "face": "down"}, up(1), {"type": "draw", "face": "down"}, up(1)):
        act(action)
    app.frames(3)
    tap_at(app, *spot(app, entry(app), "[b]0[/b]"))  # Anna's zero turns over her two backs
    assert any("The zero turns over Anna's face-down cards" in t for t in app.texts())
    x, y = spot(app, entry(app), "[b]4[/b]")
    tap_at(app, x, y)
    tap_at(app, x, y)
    assert [c["value"] for c in player(app, "Anna")["cards"]] == [4, 4, 0]


def test_the_kits_player_row_and_score_frame_show_what_they_are_given(make_app):
    from kivy.utils import get_color_from_hex

    from companion.ui.kit.cards import CardRow
    from companion.ui.kit.player_row import PlayerRow
    from companion.ui.kit.score_frame import ScoreFrame

    app = make_app().start()
    box = BoxLayout(orientation="vertical", size_hint=(None, None), size=(420, 300), pos=(10, 10), spacing=6)
    row = PlayerRow(middle=CardRow(), size_hint_y=None, height=70)
    frame = ScoreFrame()
    box.add_widget(row)
    box.add_widget(frame)
    app.window.add_widget(box)
    touched = []
    try:
        colour = get_color_from_hex("#4FC3F7")
        row.show("Ann", colour, acting=True, line2="3 points", number="7", tag="+1 per one")
        row.middle.show([{"face": "up", "value": 4}, {"face": "down"}])
        row.touched = lambda name, where: touched.append((name, where)) or True
        frame.show("Ann", colour, 12, 20, acting=False, beside="5, 4, 3", to_go="8 to go")
        app.frames(3)
        assert row.name.text.endswith("Ann") and row.number.text == "7" and row.tag.height > 0
        assert [chip.text for chip in row.middle.chips] == ["4", ""]  # a back shows no value
        assert frame.number.text == "12" and frame.to_go.text == "8 to go" and frame.bar.fraction == 0.6
        chip = row.middle.chips[1]
        tap_at(app, *chip.to_window(*chip.center))
        assert touched == [("Ann", 2)]  # the card under the finger
        app.screenshot("kit-player-row-and-score-frame")
    finally:
        app.window.remove_widget(box)
