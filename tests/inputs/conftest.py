"""Fixtures for the physical inputs: gpiozero's own mock pins, a clean factory per test."""

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory


@pytest.fixture
def mock_pins():
    """A fresh MockFactory as gpiozero's default; reset afterwards, since closing one does
    not release its pins (gpiozero issue 1087)."""
    factory = MockFactory()
    Device.pin_factory = factory
    yield factory
    factory.reset()
    Device.pin_factory = None
