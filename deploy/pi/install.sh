#!/usr/bin/env bash
# Install the companion on a Raspberry Pi (4 or 5, Raspberry Pi OS Bookworm) as the table's kiosk:
# packages and .venv, /etc/companion/config.toml, Mosquitto with the phone page, the dice tray's
# udev rule, and a systemd service that starts the app at boot.
# Run from the repository as the user the app should run as: deploy/pi/install.sh
# Safe to run again after an update.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
user=$(id -un)
cd "$repo"

deploy/setup.sh app

sudo install -d -m 755 /etc/companion
if [ ! -f /etc/companion/config.toml ]; then
  sudo install -m 644 deploy/pi/config.toml /etc/companion/config.toml
fi
sudo install -d -o "$user" -m 750 /var/lib/companion

sudo COMPANION_USER="$user" deploy/mosquitto/install.sh

sudo install -m 644 deploy/udev/60-dicetray.rules /etc/udev/rules.d/60-dicetray.rules
sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=tty

for group in video render input dialout gpio; do
  getent group "$group" >/dev/null && sudo usermod -aG "$group" "$user"
done

sed -e "s|@USER@|$user|g" -e "s|@REPO@|$repo|g" deploy/pi/companion.service \
  | sudo tee /etc/systemd/system/companion.service >/dev/null
sudo systemctl daemon-reload
sudo systemctl enable companion.service
echo "Installed. Start it now with: sudo systemctl start companion   (it starts at every boot)"
echo "Settings: /etc/companion/config.toml (see docs/config.md). Games: /var/lib/companion."
