"""Everything the Baon board says can be read whole at 800x480 and 1024x600: no line cut short,
no text under 20 px, pad keys a finger can hit; and the prompt above the board stays at full
size with long names. Screenshots of each state go to artifacts/screens/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.ui.conftest import make_app, window  # noqa: F401,I001 (fixtures: the one headless window)
from kivy.core.text import Label as CoreLabel
from kivy.core.text.markup import MarkupLabel
from kivy.uix.label import Label

from companion.core import Session
from companion.games.baon import Baon
from companion.games.baon.legal import prompt
from tests.games.baon.policy import plan
from tests.games.baon.touch import Finger

SCRIPTS = Path(__file__).parent / "scripts"
MIN_TEXT = 20
MIN_KEY = 48


def cut_short(label: Label) -> bool:
    """Whether a one-line label shows less than its whole text (Kivy's shorten puts '...')."""
    if not label.shorten or not label.text.strip():
        return False
    core = (MarkupLabel if label.markup else CoreLabel)(
        text=label.text, font_size=label.font_size, bold=label.bold, font_name=label.font_name)
    core.refresh()
    return core.texture.width > label.width - label.padding[0] - label.padding[2] + 1


def problems(f: Finger) -> list[str]:
    """What a player could not read or hit on the play screen now."""
    f.app.frames(2)
    out = []
    screen = f.app.app.screen("play")
    for w in f.app.visible(screen):
        if not isinstance(w, Label) or not w.text.strip():
            continue
        if w.font_size < MIN_TEXT:
            out.append(f"{w.text!r} is {w.font_size:.0f} px")
        if cut_short(w):
            out.append(f"{w.text!r} is cut short in {w.width:.0f} px")
    entry = f.board.entry
    keys = list(entry.footer.children) + (list(entry.pad.walk()) if entry.pad.parent else [])
    for key in keys:
        if getattr(key, "text", "") and (key.width < MIN_KEY or key.height < MIN_KEY):
            out.append(f"key {key.text!r} is {key.width:.0f}x{key.height:.0f} px")
    return out


def script(name: str) -> tuple[dict, list[dict]]:
    found = [json.loads(x) for x in (SCRIPTS / f"{name}.jsonl").read_text().splitlines() if x.strip()]
    return found[0], found[1:]


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
def test_every_state_of_the_board_reads_whole(make_app, size):  # noqa: F811
    app = make_app(size=size).start()
    assert app.app.start_game("baon", ["Ann", "Ben", "Cy"], {})
    f = Finger(app)
    tag = f"{size[0]}x{size[1]}"
    seen: dict[str, list[str]] = {}

    def look(name: str) -> None:
        seen[name] = problems(f)
        app.screenshot(f"baon-{name}-{tag}")

    look("start")
    f.press("Take food", f"Pile ({f.view()['pile']})")
    look("taking")
    f.press(f"Pile ({f.view()['pile'] - 1})", "End turn")
    for _ in range(2):
        f.take("pile", "pile")
        f.end_turn()
    f.press("Play a baon")
    look("containers")
    f.press("Kar")
    f.cards(["a3", "b4", "c5", "d6", "e7", "f8"])  # six suits, as a table may pack them
    look("entering-six-suits")
    f.press("Pack baon", "End turn")
    f.press("Add to a baon")
    look("baons")
    f.press("Ann: Kare-kare 3-8")
    f.cards(["w"])
    look("adding")
    f.press("Cancel")
    # Ben takes two with six in hand: two discards.
    f.take("pile", "pile")
    look("discarding")
    f.press("Onto space 2", "Onto space 3", "End turn")
    # On to the end of the pile, each player playing their hand or taking.
    s = f.session
    while f.view()["pile"] > 6:
        view = f.view()
        held = next(p["hand"] for p in view["players"] if p["name"] == view["turn"])
        move = plan(view, min(held, 4)) if held >= 3 else None
        if move and move[0] == "baon":
            s.dispatch({"type": "baon", "container": move[1], "cards": move[2]})
        elif move:
            s.dispatch({"type": "add", "owner": view["turn"], "container": move[1], "cards": move[2]})
        else:
            s.dispatch({"type": "take", "sources": ["pile"] * (3 if held == 0 else 2)})
        while f.view()["discards_due"]:
            spaces = f.view()["spaces"]
            s.dispatch({"type": "discard", "space": spaces.index(min(spaces)) + 1})
        s.dispatch({"type": "end_turn"})
    look("lola-near")
    assert f.view()["lola"]["state"] == "hidden"
    assert not [p for ps in seen.values() for p in ps], seen


def test_prompts_keep_full_size_with_long_names():
    """The bar above the board drops to a smaller font past 40 characters: every prompt of a
    whole game, with 9-letter names, stays within them."""
    long = {"Ann": "Alexandra", "Ben": "Bartholom", "Cy": "Cressida"}
    said = set()
    for name in ("whole_game", "lola_end", "scoring_only", "generosity_favourites"):
        header, actions = script(name)
        s = Session(Baon(), [long[p] for p in header["players"]], header.get("options", {}))
        said.add(s.expected().prompt)
        for action in actions:
            for key in ("owner", "player"):
                if key in action:
                    action[key] = long[action[key]]
            s.dispatch(action)
            said.add(prompt(s.state))
            said.add(s.expected().prompt)
    too_long = sorted(p for p in said if len(p) > 40)
    assert not too_long, too_long


def test_taking_food_the_buttons_stay_where_the_first_touch_found_them(make_app):  # noqa: F811
    """Between the first and the second source of a take, no button a finger goes back to moves:
    not the sources (a line appearing above them), not Cancel (a button appearing beside it)."""
    app = make_app().start()
    assert app.app.start_game("baon", ["Ann", "Ben", "Cy"], {})
    f = Finger(app)
    f.press("Take food")

    def places() -> dict[str, tuple[float, float]]:
        app.frames(2)
        out = {}
        for text in ["Pile", "Space 1", "Space 2", "Space 3", "Space 4", "Cancel"]:
            found = [w for w in f.board.entry.walk() if str(getattr(w, "text", "")).startswith(text)
                     and w.get_root_window() is not None]
            assert found, (text, f.offered())
            key = found[0]
            out[text] = tuple(round(c) for c in key.to_window(*key.center))
        return out

    before = places()
    f.press("Space 2 (1)")
    assert f.view()["spaces"] == [1, 1, 1, 1] and "Taking: space 2" in app.texts()
    assert places() == before
