#!/bin/sh
# Copy the dice tray's program onto a Pico running MicroPython, then restart it.
#   firmware/install.sh [PORT]        PORT defaults to /dev/dicetray
# The table's app must not hold the port (stop it first), and a tray that is already
# running its program must be in maintenance mode (hold the roll button while plugging
# it in): see firmware/README.md.
set -eu
PORT=${1:-/dev/dicetray}
cd "$(dirname "$0")/.."
PICO=companion/inputs/dicetray/pico
# mpremote from the PATH, or else the project's own in .venv at the version pyproject.toml pins
# (its "tray" extra), installed or updated on first use: Bookworm refuses a system-wide pip install.
if command -v mpremote >/dev/null; then
  MPREMOTE=mpremote
else
  pin=$(grep -m1 -o 'mpremote==[0-9.]*' pyproject.toml) \
    || { echo "pyproject.toml pins no mpremote (the \"tray\" extra)" >&2; exit 1; }
  [ -x .venv/bin/pip ] || deploy/setup.sh app
  if [ "$(.venv/bin/pip list --format=freeze 2>/dev/null | grep -i '^mpremote==')" != "$pin" ]; then
    echo "Installing $pin into .venv" >&2
    .venv/bin/pip install --quiet "$pin"
  fi
  MPREMOTE=.venv/bin/mpremote
fi
"$MPREMOTE" connect "$PORT" \
  exec "import os
try:
    os.mkdir('pico')
except OSError:
    pass" \
  + cp "$PICO/__init__.py" "$PICO/frames.py" "$PICO/roll.py" "$PICO/tray.py" :pico/ \
  + cp firmware/main.py :main.py \
  + ls :pico \
  + reset
echo "Done: unplug the tray and plug it in again (without holding the button) to start it."
