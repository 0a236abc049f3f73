"""The durable game log in SQLite: every accepted action is committed before anyone sees it."""

from companion.store.database import Store, StoreError
from companion.store.records import GameRecord

__all__ = ["GameRecord", "Store", "StoreError"]
