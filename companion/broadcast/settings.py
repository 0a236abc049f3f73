"""Configuration keys of the broadcast to phones ([mqtt], [phone])."""

from companion.config_keys import Key

KEYS: tuple[Key, ...] = ()
