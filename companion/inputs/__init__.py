"""Physical inputs (GPIO controls, the dice tray, simulated hardware) that turn into actions."""
