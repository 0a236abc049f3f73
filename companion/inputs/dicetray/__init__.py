"""The USB dice tray: its wire format (pico/frames.py), the table's driver and a simulator."""
