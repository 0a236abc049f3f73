"""The table's one configuration file (TOML). Every key is declared here with its default and
documented in docs/config.md; anything else in the file stops start-up with a clear message."""

from __future__ import annotations

import os
import sys
import tomllib
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from companion.broadcast import settings as broadcast_settings
from companion.config_keys import Key, between, folder_path, one_of, topic_word
from companion.hall import settings as hall_settings
from companion.inputs import settings as input_settings


class ConfigError(Exception):
    """The configuration file cannot be used; the message names the file and the key."""


def default_path() -> Path:
    """$XDG_CONFIG_HOME/companion/config.toml, i.e. ~/.config/companion/config.toml."""
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "companion" / "config.toml"


SCHEMA: tuple[Key, ...] = (
    Key("table", "name", "Game table", "The table's name, shown on the status screen and on phones."),
    Key("table", "id", "table1", "Short id of this table; part of its MQTT topics. At a venue each table needs "
        "its own (`companion hall-join --id`, docs/hall.md).", topic_word),
    Key("data", "dir", "~/.local/share/companion",
        "Folder for the game database (games and history). The app makes it; `companion history`, "
        "`stats` and `export` never do, and say so when it does not exist.",
        folder_path),
    Key("display", "fullscreen", False, "Fill the screen (the Pi's touchscreen) instead of a window."),
    Key("display", "width", 800, "Window width in pixels when not fullscreen; on the Pi without a desktop (KMSDRM) "
        "the app always fills the screen, at this size: the panel's width.", between(320, 7680)),
    Key("display", "height", 480, "Window height in pixels when not fullscreen; without a desktop (KMSDRM), "
        "the panel's height.", between(240, 4320)),
    Key(
        "display",
        "touch",
        "auto",
        "Touch input: 'auto' (the Pi touchscreen through one source), 'mouse' (a desktop), "
        "or 'none'.",
        one_of("auto", "mouse", "none"),
    ),
) + input_settings.KEYS + broadcast_settings.KEYS + hall_settings.KEYS


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

    def data_dir_problem(self, *, make: bool) -> str | None:
        """What keeps the data folder from holding the games, in one line naming the key; None if fine.

        `make`: create it if missing (the app); a listing only looks, and a missing folder is a
        problem for it (a typo in the path), not an empty history.
        """
        folder = self.data_dir
        where = f"[data] dir in {self.source}" if self.source else "[data] dir (the default)"
        if folder.exists() and not folder.is_dir():
            return f"the data folder {folder} is a file, not a folder ({where})"
        if make:
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                return f"cannot make the data folder {folder} ({where}): {exc.strerror or exc}"
        elif not folder.is_dir():
            # A listing never makes the folder. Saying "no games yet" here would hide a mistyped
            # path behind an empty history: the table's games are somewhere else.
            return (f"the data folder {folder} does not exist ({where} points there): "
                    "no game has been played with this configuration; check the path")
        return None


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
    except OSError as exc:
        raise ConfigError(f"{file}: cannot read it: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{file}: cannot read it as TOML: {exc}") from None
    except ValueError:  # Python reads no integer of more than 4300 digits
        raise ConfigError(f"{file}: cannot read it as TOML: a number is too long") from None
    except RecursionError:
        raise ConfigError(f"{file}: cannot read it as TOML: nested too deeply") from None
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
        raise ConfigError(f"{where} must be {kind.__name__}, not {_shown(value)}")
    problem = key.check(value) if key.check else None
    if problem:
        raise ConfigError(f"{where} {problem}, not {_shown(value)}")
    return value


def _shown(value: Any) -> str:
    """A wrong value as the message quotes it: on one line, and short."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**60 else "a number that long"
    return text if len(text) <= 60 else text[:57] + "..."


def markdown() -> str:
    """docs/config.md, written from the declarations so the two never disagree."""
    lines = [
        "# Configuration",
        "",
        "One TOML file. `companion run --config FILE` names it; without `--config` the app reads",
        f"`~/.config/companion/config.toml` (`$XDG_CONFIG_HOME/companion/config.toml`) if it exists,",
        "else uses the defaults below. The Pi install (deploy/) writes `/etc/companion/config.toml`",
        "and starts the app with `--config` pointing at it.",
        "",
        "An unknown section or key, or a value of the wrong kind, stops start-up with a message",
        "naming the file and the key.",
        "",
        "This page is generated: `python -m companion.config > docs/config.md`.",
    ]
    section = None
    for key in SCHEMA:
        if key.section != section:
            section = key.section
            lines += ["", f"## [{section}]", "", "| key | default | meaning |", "|---|---|---|"]
        default = _toml_value(key.default)
        lines.append(f"| `{key.name}` | `{default}` | {key.help} |")
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


if __name__ == "__main__":
    sys.stdout.write(markdown())
