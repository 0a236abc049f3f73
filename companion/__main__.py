"""`python -m companion ...`: the same commands as the installed `companion` program."""

import sys

from companion.cli import main

sys.exit(main())
