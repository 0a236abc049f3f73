"""The durable game log in SQLite: every accepted action is committed before anyone sees it."""

from companion.store.database import Store
from companion.store.records import GameRecord

__all__ = ["GameRecord", "Store"]
