"""The core and the games import no hardware, UI, network or database library."""

import ast
from pathlib import Path

import companion

ADAPTERS = {"kivy", "gpiozero", "serial", "paho", "sqlite3", "lgpio", "qrcode"}
PURE = ("core", "games")


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_core_and_rules_import_no_adapter_library():
    base = Path(companion.__file__).parent
    files = [f for room in PURE for f in (base / room).rglob("*.py") if "ui" not in f.parts]
    assert files, "no core files found: the test would check nothing"
    offenders = {str(f.relative_to(base)): sorted(imported_roots(f) & ADAPTERS) for f in files}
    assert {f: libs for f, libs in offenders.items() if libs} == {}
