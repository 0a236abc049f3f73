"""The dice tray's own program logic, which runs on the Pico and in the table's simulator.

Copied to the Pico as the folder /pico (see firmware/README.md); no hardware imports here.
"""
