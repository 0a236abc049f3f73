"""Every choice of bonus tiles: the three laid out at the start, a passer's tile, the next round's replacements."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.boards.bonbon import parts
from companion.ui.boards.bonbon.parts import Act, Say
from companion.ui.kit import fields as f
from companion.ui.kit.layout import GAP, button, caption, grid, spacer
from companion.ui.kit.toggle import toggle
from companion.ui.kit.weighty import action_button


class TakeTile(BoxLayout):
    """A passer takes one tile still on display: one touch. With the pass card, the pass goes with it."""

    def __init__(self, who: str, spec: dict[str, Any], decline: dict[str, Any] | None, act: Act, say: Say,
                 **kwargs) -> None:
        super().__init__(orientation="vertical", spacing=GAP, **kwargs)
        field = spec["fields"].get("tile")
        offered = [o for o in f.options(field) if f.allowed(o)] if field else []
        kind = spec["type"]  # "take_tile", or "pass" when the pass card offers passing with a tile
        self.tiles, self.kind, self.act, self.say = [o["value"] for o in offered], kind, act, say
        if kind == "pass":
            self.add_widget(caption(f"{who} may pass now and take a bonus tile:", bold=True))
        else:
            self.add_widget(caption(f"{who} passed first: choose a bonus tile", bold=True))
        # With the pass card each tile button also ends the player's round (a weighty action): the
        # kit's two-touch button, and a tile touched on the strip above is the same first touch.
        self.buttons = {}
        for option in offered:
            tile = option["value"]
            self.buttons[tile] = action_button(
                spec, lambda t=tile: act({"type": kind, "tile": t}), font_size=theme.FONT_SMALL,
                text=parts.option_label(option, prefix="Pass and take " if kind == "pass" else ""))
            # As tall as its words: the description in 20 px words may take two lines.
            self.buttons[tile].bind(texture_size=lambda c, size: setattr(c, "height", max(theme.TOUCH, size[1] + 2 * GAP)))
            self.add_widget(self.buttons[tile])
        if kind == "pass" and not offered:
            self.add_widget(action_button(spec, lambda: act({"type": "pass"}), text="Pass now (no tile left)"))
        self.add_widget(spacer())
        if decline:
            self.add_widget(button(decline["label"], lambda: act({"type": "end_turn"}), font_size=theme.FONT_SMALL))


    def tile_touched(self, tile: str) -> bool:
        """A tile on the strip above: the same as its button here."""
        if tile in self.tiles:
            self.buttons[tile].dispatch("on_release")
        else:
            self.say("That tile is already taken: choose one still on display")
        return True


class PickTiles(BoxLayout):
    """Choose `count` tiles from a few (toggles), then the button that sends them."""

    def __init__(self, title: str, field: dict[str, Any], go_label: str | None,
                 send: Callable[[list[str]], Any], **kwargs) -> None:
        super().__init__(orientation="vertical", spacing=GAP, **kwargs)
        self.count = f.count(field)
        self.chosen: list[str] = []
        self.send = send
        self.title = caption(title, bold=True)
        self.add_widget(self.title)
        self.chips = {}
        offered = [o for o in f.options(field) if f.allowed(o)]
        for option in offered:
            tile = option["value"]
            self.chips[tile] = toggle(parts.option_label(option), False, lambda on, t=tile: self._toggled(t, on))
        self.tile_grid = tall_grid(self.chips.values(), 3 if len(offered) > 3 else 1)
        self.add_widget(self.tile_grid)
        self.add_widget(spacer())
        # The buttons that send the tiles, live once `count` are chosen: this one, or a panel's
        # own (the set-up's starters, each of which starts the round).
        self.gos: list[Widget] = []
        if go_label is not None:
            self.go = button(go_label, self._go, primary=True)
            self.add_widget(self.go)
            self.gos.append(self.go)
        self._update()

    def _toggled(self, tile: str, on: bool) -> None:
        if on and tile not in self.chosen:
            self.chosen.append(tile)
            if len(self.chosen) > self.count:
                self.chips[self.chosen[0]].state = "normal"  # the oldest choice makes way
        elif not on and tile in self.chosen:
            self.chosen.remove(tile)
        self._update()

    def _update(self) -> None:
        for go in self.gos:
            go.disabled = len(self.chosen) != self.count

    def _go(self) -> None:
        self.send(list(self.chosen))


def tall_grid(chips, cols: int) -> GridLayout:
    """Tile chips in rows as tall as their words: a tile's description in 20 px words takes two or three
    lines in a narrow panel, and a finger-high chip drew them over its neighbours."""
    layout = GridLayout(cols=cols, spacing=GAP, size_hint_y=None)
    layout.bind(minimum_height=layout.setter("height"))
    chips = list(chips)

    def fit(*_) -> None:  # every chip as tall as the tallest: the rows read as one even grid
        tallest = max([theme.TOUCH] + [c.texture_size[1] + 2 * GAP for c in chips])
        for c in chips:
            c.height = tallest

    for chip in chips:
        chip.bind(texture_size=fit)
        layout.add_widget(chip)
    fit()
    return layout


def next_round(spec: dict[str, Any], act: Act) -> BoxLayout:
    """After the scoring table: replace the taken tiles (if any), then the next round."""
    field = spec["fields"].get("new_tiles")
    if field is None:
        panel = BoxLayout(orientation="vertical", spacing=GAP)
        panel.add_widget(caption("No tile was taken: the same three stay on display.", theme.MUTED))
        panel.add_widget(spacer())
        panel.add_widget(button("Next round", lambda: act({"type": "next_round"}), primary=True))
        return panel
    count = f.count(field)
    # One line in the narrow panel beside six players' scoring (the top bar already says a tile
    # is to be replaced): its second line pushed the panel up over the top bar's buttons.
    title = f"Choose {count} new tile{'s' if count > 1 else ''}"
    return PickTiles(title, field, "Next round", lambda tiles: act({"type": "next_round", "new_tiles": tiles}))
