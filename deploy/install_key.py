"""What the table's Python install depends on, one hash a part, for deploy/setup.sh's stamp.

    python3 deploy/install_key.py [pyproject.toml]

Prints "base <hash>" (the build, the app's pinned packages, its command and how setuptools
finds the package: what an editable install is made of) and "<extra> <hash>" for each extra.
The package itself is installed editable, so an update that changes only the code, the tests'
pins or the version needs no pip run: on a Pi that run is most of a minute, in the virtual
table several. Runs on the system's python3 (3.11 or newer: tomllib).
"""

from __future__ import annotations

import hashlib
import json
import sys
import tomllib
from pathlib import Path


def parts(pyproject: Path) -> dict[str, str]:
    data = tomllib.loads(pyproject.read_text())
    project = dict(data["project"])
    extras = project.pop("optional-dependencies", {})
    # The README and the description are not installed; the version is read from the package.
    for words in ("readme", "description"):
        project.pop(words, None)
    base = {"build-system": data.get("build-system"), "project": project,
            "setuptools": data.get("tool", {}).get("setuptools")}
    found = {"base": _hash(base)}
    found.update((name, _hash(requirements)) for name, requirements in sorted(extras.items()))
    return found


def _hash(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


if __name__ == "__main__":
    for name, digest in parts(Path(sys.argv[1] if len(sys.argv) > 1 else "pyproject.toml")).items():
        print(name, digest)
