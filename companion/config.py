"""The table's one configuration file (TOML). Every key is declared here with its default and
documented in docs/config.md; anything else in the file stops start-up with a clear message."""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any


class ConfigError(Exception):
    """The configuration file cannot be used; the message names the file and the key."""


def default_path() -> Path:
    """$XDG_CONFIG_HOME/companion/config.toml, i.e. ~/.config/companion/config.toml."""
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "companion" / "config.toml"


@dataclass(frozen=True)
class Key:
    section: str
    name: str
    default: Any
    help: str
    check: Callable[[Any], str | None] | None = None  # returns what is wrong, or None


def _one_of(*allowed: str) -> Callable[[Any], str | None]:
    return lambda v: None if v in allowed else f"must be one of {', '.join(map(repr, allowed))}"


def _between(low: float, high: float) -> Callable[[Any], str | None]:
    return lambda v: None if low <= v <= high else f"must be from {low} to {high}"


def _topic_word(v: str) -> str | None:
    return None if re.fullmatch(r"[A-Za-z0-9_-]+", v) else "may use only letters, digits, - and _"


SCHEMA: tuple[Key, ...] = (
    Key("table", "name", "Game table", "The table's name, shown on the status screen and on phones."),
    Key("table", "id", "table1", "Short id of this table; part of its MQTT topics.", _topic_word),
    Key("data", "dir", "~/.local/share/companion", "Folder for the game database (games and history)."),
    Key("display", "fullscreen", False, "Fill the screen (the Pi's touchscreen) instead of a window."),
    Key("display", "width", 800, "Window width in pixels when not fullscreen.", _between(320, 7680)),
    Key("display", "height", 480, "Window height in pixels when not fullscreen.", _between(240, 4320)),
    Key(
        "display",
        "touch",
        "auto",
        "Touch input: 'auto' (the Pi touchscreen through one source), 'mouse' (a desktop), "
        "or 'none'.",
        _one_of("auto", "mouse", "none"),
    ),
)


class Config:
    """Checked settings: `config["mqtt"]["host"]`."""

    def __init__(self, values: Mapping[str, Mapping[str, Any]], source: Path | None) -> None:
        self._values = {s: MappingProxyType(dict(v)) for s, v in values.items()}
        self.source = source

    def __getitem__(self, section: str) -> Mapping[str, Any]:
        return self._values[section]

    @property
    def data_dir(self) -> Path:
        return Path(self["data"]["dir"]).expanduser()

    @property
    def database(self) -> Path:
        return self.data_dir / "companion.db"


def defaults() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for key in SCHEMA:
        out.setdefault(key.section, {})[key.name] = key.default
    return out


def load(path: Path | str | None = None) -> Config:
    """Read the file at `path` (must exist), else the default location (may be absent)."""
    explicit = path is not None
    file = Path(path) if explicit else default_path()
    values = defaults()
    if not file.exists():
        if explicit:
            raise ConfigError(f"{file}: no such configuration file")
        return Config(values, None)
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{file}: cannot read it as TOML: {exc}") from None
    known = {(k.section, k.name): k for k in SCHEMA}
    for section, table in data.items():
        if section not in values:
            raise ConfigError(f"{file}: unknown section [{section}] (known: {', '.join(values)})")
        if not isinstance(table, dict):
            raise ConfigError(f"{file}: {section} must be a section: [{section}]")
        for name, value in table.items():
            key = known.get((section, name))
            if key is None:
                raise ConfigError(f"{file}: unknown key {section}.{name}")
            values[section][name] = _checked(file, key, value)
    return Config(values, file)


def _checked(file: Path, key: Key, value: Any) -> Any:
    kind = type(key.default)
    where = f"{file}: {key.section}.{key.name}"
    # TOML integers are fine where a float is wanted; bools are never numbers.
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if isinstance(value, bool) != (kind is bool) or not isinstance(value, kind):
        raise ConfigError(f"{where} must be {kind.__name__}, not {value!r}")
    problem = key.check(value) if key.check else None
    if problem:
        raise ConfigError(f"{where} {problem}, not {value!r}")
    return value
