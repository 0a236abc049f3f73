"""What the install tests share."""

from __future__ import annotations

import pytest

from tests.support.as_root import why_not_root
from tests.support.host_ports import host_ports


@pytest.fixture
def machine_ports():
    """This machine's ports 1883 and 9001, held for the whole test: another install test's root
    may be using them, and this one waits for it. Every test that holds them runs parts as root."""
    if (reason := why_not_root()) is not None:
        pytest.skip(reason)
    with host_ports():
        yield
