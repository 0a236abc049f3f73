"""Kivy's [input] comes from the config the project ships: exactly one touch source."""

import pytest
from kivy.config import ConfigParser

from companion.ui.launch import install_input_config


def kivy_defaults_on_a_pi() -> ConfigParser:
    """Kivy's own defaults on a Pi, plus the lines its docs suggest: three sources for one screen."""
    config = ConfigParser(name="")
    config.add_section("input")
    config.set("input", "mouse", "mouse")
    config.set("input", "%(name)s", "probesysfs,provider=hidinput")
    config.set("input", "mtdev_%(name)s", "probesysfs,provider=mtdev")
    return config


@pytest.mark.parametrize(
    "touch, expected",
    [
        ("auto", {"touchscreen": "probesysfs,provider=mtdev,select_all=0"}),
        ("mouse", {"mouse": "mouse,multitouch_on_demand"}),
        ("none", {}),
    ],
)
def test_each_touch_mode_leaves_exactly_its_own_sources(touch, expected):
    config = kivy_defaults_on_a_pi()
    install_input_config(config, touch)
    assert dict(config.items("input")) == expected
