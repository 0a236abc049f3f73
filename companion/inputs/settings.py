"""Configuration keys of the physical inputs ([gpio], [dicetray])."""

from companion.config_keys import Key

KEYS: tuple[Key, ...] = ()
