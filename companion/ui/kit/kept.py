"""Widgets kept from one drawing of an entry to the next, found again by what they show.

An entry panel that draws its buttons anew at every touch leaves the old ones to Python's garbage
collector (a Kivy widget holds itself through its bound callbacks, so only a full collection frees
it) and renders every word again: here that made the frame after a touch late by tens of ms, and a
full collection by hundreds (several times that on a Pi). A panel asks for its buttons here instead:
a button with the same look (its words, colours, size) comes back as it was, its words' texture
with it, given the new action; only a look not seen before is built.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from kivy.uix.widget import Widget

# Looks kept beyond those on screen: an entry's buttons change with the players' names and the cards,
# so old looks are let go, oldest first, rather than kept for the whole game.
SPARE = 64


class Kept:
    """`take(look, make)`: a widget for this look, free since the last `start()`; `make()` builds one."""

    def __init__(self) -> None:
        self._by_look: dict[Hashable, list[Widget]] = {}
        self._taken: set[int] = set()

    def start(self) -> None:
        """A new drawing: every kept widget is free again (its panel has cleared it away)."""
        self._taken.clear()
        spare = sum(len(kept) for kept in self._by_look.values()) - SPARE
        for look in list(self._by_look):
            if spare <= 0:
                break
            spare -= len(self._by_look.pop(look))

    def take(self, look: Hashable, make: Callable[[], Widget]) -> Widget:
        kept = self._by_look.pop(look, [])
        self._by_look[look] = kept  # the newest look last: the oldest are let go first
        widget = next((w for w in kept if id(w) not in self._taken and w.parent is None), None)
        if widget is None:
            widget = make()
            kept.append(widget)
        self._taken.add(id(widget))
        return widget


def in_place(container: Widget, pool: list[Widget], count: int, make: Callable[[], Widget]) -> list[Widget]:
    """The first `count` widgets of `pool` (grown by `make()` when short) as `container`'s children,
    in order, and the same widgets from one showing to the next: a row or grid shows its new words
    in them rather than in new widgets (see above). The container is refilled only when the count
    changed."""
    while len(pool) < count:
        pool.append(make())
    wanted = pool[:count]
    if container.children[::-1] != wanted:
        container.clear_widgets()
        for widget in wanted:
            container.add_widget(widget)
    return wanted


def on_release(button: Any, action: Callable[[], Any]) -> Any:
    """The button's action from now on (a kept button is bound once, to whatever it is given)."""
    if getattr(button, "kept_action", None) is None:
        button.bind(on_release=lambda b: b.kept_action())
    button.kept_action = action
    return button
