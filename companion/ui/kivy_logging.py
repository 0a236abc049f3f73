"""Kivy's log, told what matters on this table.

The terminal, or the journal, gets warnings and errors only; the whole log, Kivy's start-up
report included, goes to Kivy's log file, which the app names when it starts.

Typing a name loads Kivy's cut buffer (X11's middle-click selection), which only xclip
or xsel provide. The touchscreen runs without X, so there is none, and Kivy logs that
as CRITICAL with a traceback on every start: a maker reading the journal for a real fault
would chase it. It is said once, plainly, at INFO instead. Every other message is untouched.
"""

from __future__ import annotations

import logging
import os
import sys

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


class Terminal(logging.StreamHandler):
    """Warnings and errors, one plain line each ("Warning: MQTT: no broker at ...") without the
    traceback logged with them (the log file keeps it); what Kivy caught on stderr as written."""

    def __init__(self) -> None:
        super().__init__(sys.__stderr__)
        self.setLevel(logging.WARNING)

    def format(self, record: logging.LogRecord) -> str:
        # The message alone: a traceback logged with it goes to the log file, not the terminal
        # (a person at the table reads one line; the engineer finds the details in the file).
        return f"{record.levelname.capitalize()}: {record.getMessage()}"

    def emit(self, record: logging.LogRecord) -> None:
        message = record.msg if isinstance(record.msg, str) else ""
        if message.startswith("stderr:") and not record.args:
            self.stream.write(message[len("stderr:"):].removeprefix(" ") + "\n")
            self.flush()
            return
        super().emit(record)


def before_kivy() -> None:
    """Call before kivy is imported: its log goes to its file, not to the terminal line by line."""
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")


def terminal_warnings() -> None:
    """After kivy is imported: the terminal (or the journal) gets warnings and errors only.

    Kivy writes about 30 INFO lines at every start (versions, GL, providers): useful when
    something is wrong, noise when nothing is. Its log file keeps all of them (`log_file()`).
    """
    if not any(isinstance(h, Terminal) for h in logging.root.handlers):
        logging.root.addHandler(Terminal())


def log_file() -> str | None:
    """The file Kivy writes this run's whole log to (None when file logging is off)."""
    from kivy.logger import FileHandler, Logger

    if not Logger.logfile_activated or FileHandler.fd in (None, False):
        return None
    return FileHandler.filename
