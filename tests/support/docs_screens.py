"""Copy the current pictures of the screens docs/screens/ shows from artifacts/screens/, where the
test suite renders them (run by hand after a whole run of the suite):

    .venv/bin/python -m tests.support.docs_screens

It lists the pictures in docs/screens/ that no test rendered: the phone pages come from
`python -m tests.broadcast.screens` and `python -m tests.games.bon.phone_screens`, the hall page's
from `python -m tests.hall.screens`; any other is
stale and should go."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
RENDERED = ROOT / "artifacts" / "screens"
DOCS = ROOT / "docs" / "screens"


def refresh(rendered: Path = RENDERED, docs: Path = DOCS) -> list[str]:
    """Copy each rendered picture docs/screens/ has; the names of those with none rendered."""
    missing = []
    for shown in sorted(docs.glob("*.png")):
        current = rendered / shown.name
        if current.exists():
            shutil.copyfile(current, shown)
        else:
            missing.append(shown.name)
    return missing


if __name__ == "__main__":
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else RENDERED
    for name in refresh(source):
        print(f"not rendered by the tests: {name}")
