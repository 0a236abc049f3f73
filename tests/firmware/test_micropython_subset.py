"""The tray's files stay within what MicroPython on the Pico runs (no MicroPython here to try).

Checked on the syntax tree: no f-strings or type annotations, only modules the Pico has,
and none of the str methods MicroPython leaves out.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PICO = ROOT / "companion" / "inputs" / "dicetray" / "pico"
FILES = sorted(PICO.glob("*.py")) + [ROOT / "firmware" / "main.py"]

PICO_MODULES = {"machine", "micropython", "os", "select", "sys", "time", "hashlib", "pico"}
MISSING_IN_MICROPYTHON = {
    "isalnum", "isascii", "isidentifier", "isprintable", "isdecimal", "isnumeric", "casefold",
    "removeprefix", "removesuffix", "zfill", "expandtabs", "swapcase", "title", "format_map",
}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_file_uses_only_what_micropython_has(path):
    tree = ast.parse(path.read_text(), filename=str(path))
    problems = []
    for node in ast.walk(tree):
        where = f"{path.name}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.JoinedStr):
            problems.append(f"{where} f-string")
        if isinstance(node, ast.AnnAssign) or (isinstance(node, ast.arg) and node.annotation):
            problems.append(f"{where} annotation")
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns:
            problems.append(f"{where} return annotation")
        if isinstance(node, ast.Import):
            problems += [f"{where} import {a.name}" for a in node.names if a.name.split(".")[0] not in PICO_MODULES]
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module.split(".")[0] not in PICO_MODULES:
            problems.append(f"{where} from {node.module} import")
        if isinstance(node, ast.Attribute) and node.attr in MISSING_IN_MICROPYTHON:
            problems.append(f"{where} .{node.attr}()")
    assert problems == []


def test_the_pico_folder_has_everything_main_imports():
    names = {p.stem for p in PICO.glob("*.py")}
    assert {"__init__", "frames", "roll", "tray"} <= names
