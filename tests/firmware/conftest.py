"""Load firmware/main.py on CPython with fake `machine` and `micropython` modules.

On the Pico the shared logic sits in the folder /pico; here the same files are found by
putting companion/inputs/dicetray on the import path.
"""

import importlib.util
import sys
from pathlib import Path

import pytest

from tests.firmware import fakes

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware" / "main.py"
PICO_PARENT = ROOT / "companion" / "inputs" / "dicetray"


@pytest.fixture
def firmware(monkeypatch):
    """firmware/main.py as a module, with its clock replaced by one the test moves."""
    monkeypatch.setitem(sys.modules, "machine", fakes.machine_module())
    monkeypatch.setitem(sys.modules, "micropython", fakes.micropython_module())
    monkeypatch.syspath_prepend(str(PICO_PARENT))
    for name in [n for n in sys.modules if n == "pico" or n.startswith("pico.")]:
        monkeypatch.delitem(sys.modules, name)
    spec = importlib.util.spec_from_file_location("tray_main", FIRMWARE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.time = fakes.Clock()
    return module
