#!/usr/bin/env bash
# Set up (if needed) and start the companion. On a Raspberry Pi it uses the real GPIO
# and dice tray; anywhere else it simulates them (keyboard buttons, a simulated tray).
set -euo pipefail
cd "$(dirname "$0")"
deploy/setup.sh app
if grep -qs "Raspberry Pi" /proc/device-tree/model; then
  exec .venv/bin/companion run "$@"
fi
exec .venv/bin/companion run --sim "$@"
