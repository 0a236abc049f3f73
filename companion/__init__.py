"""The table companion: scores and rule limits for tabletop games on a Raspberry Pi."""

__version__ = "0.1.0"
