"""Timestamps as the store writes them: UTC, ISO 8601, to the second."""

from datetime import datetime, timezone


def utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
