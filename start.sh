#!/usr/bin/env bash
# Set up (if needed) and start the companion. On a Raspberry Pi it uses the real GPIO
# and dice tray; anywhere else it simulates them (keyboard buttons, a simulated tray).
set -euo pipefail
cd "$(dirname "$0")"
deploy/setup.sh app
# The phone page and the live game come from the local Mosquitto: set it up once (its
# own script keeps the table's password on later runs).
if [ ! -f /etc/mosquitto/conf.d/companion.conf ] || [ ! -f /etc/companion/mqtt-password ]; then
  sudo_=()
  [ "$(id -u)" -eq 0 ] || sudo_=(sudo)
  "${sudo_[@]}" env COMPANION_USER="$(id -un)" deploy/mosquitto/install.sh \
    || echo "Warning: the broker is not set up; the table works, phones cannot follow yet." >&2
fi
# Where no service manager runs the broker (a container, say), start it for this session.
if ! (exec 3<>/dev/tcp/127.0.0.1/1883) 2>/dev/null; then
  if command -v systemctl >/dev/null && systemctl is-system-running >/dev/null 2>&1; then
    echo "Note: Mosquitto is not answering; try: sudo systemctl restart mosquitto" >&2
  else
    sudo_=()
    [ "$(id -u)" -eq 0 ] || sudo_=(sudo)
    "${sudo_[@]}" mosquitto -d -c /etc/mosquitto/mosquitto.conf \
      || echo "Warning: could not start Mosquitto; phones cannot follow the game." >&2
  fi
fi
if grep -qs "Raspberry Pi" /proc/device-tree/model; then
  exec .venv/bin/companion run "$@"
fi
exec .venv/bin/companion run --sim "$@"
