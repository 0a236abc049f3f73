"""The configuration file: defaults, checked values, and messages that name the file and key."""

import re
from pathlib import Path

import pytest

from companion import config
from companion.config import ConfigError, load

DOCS = Path(__file__).parent.parent / "docs" / "config.md"


def write(tmp_path, text):
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def test_no_file_at_the_default_location_means_every_default(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    cfg = load()
    assert cfg.source is None
    assert cfg["display"]["width"] == 800 and cfg["table"]["id"] == "table1"


def test_the_default_location_is_read_when_present(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    (tmp_path / "companion").mkdir()
    (tmp_path / "companion" / "config.toml").write_text('[table]\nname = "Kitchen"\n')
    assert load()["table"]["name"] == "Kitchen"


def test_values_given_replace_defaults_and_the_rest_stay(tmp_path):
    cfg = load(write(tmp_path, '[display]\nfullscreen = true\n[data]\ndir = "~/games"\n'))
    assert cfg["display"]["fullscreen"] is True and cfg["display"]["height"] == 480
    assert cfg.database == Path("~/games").expanduser() / "companion.db"


@pytest.mark.parametrize(
    "text, message",
    [
        ("[display]\nwidht = 800\n", "unknown key display.widht"),
        ("[screen]\nwidth = 800\n", "unknown section [screen]"),
        ("[display]\nwidth = \"800\"\n", "display.width must be int"),
        ("[display]\nfullscreen = 1\n", "display.fullscreen must be bool"),
        ("[display]\nwidth = 10\n", "display.width must be from 320 to 7680"),
        ("[display]\ntouch = \"both\"\n", "display.touch must be one of"),
        ("[table]\nid = \"my table\"\n", "table.id may use only"),
        ("display = 3\n", "display must be a section"),
        ("[display\n", "cannot read it as TOML"),
    ],
)
def test_a_bad_file_stops_with_the_file_and_key_named(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as err:
        load(path)
    assert str(err.value).startswith(f"{path}: ")
    assert message in str(err.value)


def test_a_named_file_that_is_missing_is_an_error_not_silent_defaults(tmp_path):
    with pytest.raises(ConfigError, match="no such configuration file"):
        load(tmp_path / "nope.toml")


def test_docs_config_md_documents_every_key_with_its_default():
    text = DOCS.read_text()
    assert text == config.markdown(), "docs/config.md is stale: python -m companion.config > docs/config.md"
    for key in config.SCHEMA:
        assert re.search(rf"\| `{key.name}` \| `[^|]+` \|", text), key.name


def test_the_shipped_pi_configuration_is_valid():
    cfg = load(Path(__file__).parent.parent / "deploy" / "pi" / "config.toml")
    assert cfg["display"]["fullscreen"] is True and cfg["display"]["touch"] == "auto"
