"""Kivy's log, told what matters on this table.

Typing a name loads Kivy's cut buffer (X11's middle-click selection), which only xclip
or xsel provide. The touchscreen runs without X, so there is none, and Kivy logs that
as CRITICAL with a traceback on every start: a maker reading the journal for a real fault
would chase it. It is said once, plainly, at INFO instead. Every other message is untouched.
"""

from __future__ import annotations

import logging

_MISSING_CUTBUFFER = "Cutbuffer: Unable to find any valuable Cutbuffer provider"
PLAIN = "Cutbuffer: none on this machine (no xclip or xsel); typing works, middle-click paste does not"


class _MissingCutbuffer(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno == logging.CRITICAL and str(record.msg).startswith(_MISSING_CUTBUFFER):
            record.levelno, record.levelname = logging.INFO, "INFO"
            record.msg, record.args = PLAIN, ()
        return True


def quiet_missing_cutbuffer() -> None:
    """Install once, after kivy is imported; installing twice changes nothing."""
    from kivy.logger import Logger

    if not any(isinstance(f, _MissingCutbuffer) for f in Logger.filters):
        Logger.addFilter(_MissingCutbuffer())
