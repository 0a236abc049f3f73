"""The core and the games import no hardware, UI, network or database library."""

import ast
from pathlib import Path

import companion

ADAPTERS = {"kivy", "gpiozero", "serial", "paho", "sqlite3", "lgpio", "qrcode"}
# Our own adapters and app wiring: the rules and the core depend on none of them.
OUR_ADAPTERS = ("companion.store", "companion.inputs", "companion.broadcast", "companion.ui",
                "companion.table", "companion.cli", "companion.config")
PURE = ("core", "games")


def imported_modules(path: Path, base: Path) -> set[str]:
    """Every module a file imports, relative imports resolved to their full names."""
    package = ["companion", *path.relative_to(base).parent.parts]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parent = package[: len(package) - node.level + 1]
                found.add(".".join(parent + ([node.module] if node.module else [])))
            else:
                found.add(node.module)
    return found


def test_core_and_rules_import_no_adapter_library():
    base = Path(companion.__file__).parent
    files = [f for room in PURE for f in (base / room).rglob("*.py")]
    assert len(files) > 20, "hardly any core files found: the test would check nothing"
    offenders = {}
    for f in files:
        bad = sorted(
            m for m in imported_modules(f, base)
            if m.split(".")[0] in ADAPTERS or any(m == a or m.startswith(a + ".") for a in OUR_ADAPTERS)
        )
        if bad:
            offenders[str(f.relative_to(base))] = bad
    assert offenders == {}
