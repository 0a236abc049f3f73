"""A ScreenManager that imports and builds each screen the first time it is asked for.

Only the first screen is built before the table's first frame; every other one is built when a
player first goes to it (or the app first needs it), so start-up does not pay for screens that may
never be opened, and their modules are not even imported until then.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping

from kivy.uix.screenmanager import Screen, ScreenManager


class LazyScreens(ScreenManager):
    def __init__(self, where: Mapping[str, str], make: Callable[[type], Screen], **kwargs) -> None:
        """`where`: each screen's name and "module:Class"; `make`: builds a screen from its class."""
        super().__init__(**kwargs)
        self.where = dict(where)
        self._make = make

    def built(self, name: str) -> Screen | None:
        """The screen if it has been built, else None (never builds it)."""
        return next((s for s in self.screens if s.name == name), None)

    def get_screen(self, name: str) -> Screen:
        """The screen, built now if this is the first time it is needed (going to it comes here too)."""
        if self.built(name) is None and name in self.where:
            module, _, cls = self.where[name].partition(":")
            screen = self._make(getattr(importlib.import_module(module), cls))
            if screen.name != name:
                raise ValueError(f"{self.where[name]} builds a screen named {screen.name!r}, not {name!r}")
            self.add_widget(screen)
        return super().get_screen(name)

    def has_screen(self, name: str) -> bool:
        """Whether there is (or can be built) a screen of this name."""
        return name in self.where or super().has_screen(name)
