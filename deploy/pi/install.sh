#!/usr/bin/env bash
# Install the companion on a Raspberry Pi (4 or 5, Raspberry Pi OS Trixie or Bookworm) as the table's kiosk:
# packages and .venv, /etc/companion/config.toml, Mosquitto with the phone page, the dice tray's
# udev rule, and a systemd service that starts the app at boot.
# Run from the repository as the user the app should run as: deploy/pi/install.sh
# Safe to run again. To update: git pull, then this script again (docs/pi.md).
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
# udev reads the rule now where it runs; where it does not (a container), from its next start.
if sudo udevadm control --reload-rules 2>/dev/null; then
  sudo udevadm trigger --subsystem-match=tty
else
  echo "udev is not running here: the dice tray's rule applies from the next boot."
fi

joined=
groups=
member_of=" $(id -nG "$user") "
for group in video render input dialout gpio; do
  getent group "$group" >/dev/null || continue
  # The service asks only for groups this system has: systemd refuses to start it otherwise.
  groups="$groups${groups:+ }$group"
  if [[ $member_of != *" $group "* ]]; then
    sudo usermod -aG "$group" "$user"
    joined="$joined $group"
  fi
done

# The app draws straight to the screen (KMS/DRM); a desktop session would hold the screen
# first and the app could never start. The table boots to the console instead.
# (Debian without a desktop defaults to graphical.target too: only a display manager holds the screen.)
booted_to_desktop=
if [ "$(systemctl get-default)" = graphical.target ] && systemctl cat display-manager.service >/dev/null 2>&1; then
  sudo systemctl set-default multi-user.target
  booted_to_desktop=yes
fi

# An update whose service file is unchanged leaves systemd alone: each reload of systemd's
# units, and `enable`, which reloads them again, takes seconds on a Pi.
unit=/etc/systemd/system/companion.service
wanted=$(sed -e "s|@USER@|$user|g" -e "s|@REPO@|$repo|g" -e "s|@GROUPS@|$groups|g" deploy/pi/companion.service)
if [ "$wanted" != "$(cat "$unit" 2>/dev/null)" ]; then
  printf '%s\n' "$wanted" | sudo tee "$unit" >/dev/null
  sudo systemctl daemon-reload
fi
systemctl is-enabled --quiet companion.service 2>/dev/null || sudo systemctl enable --quiet companion.service
echo "Installed: the companion starts at every boot."
echo "Settings: /etc/companion/config.toml (see docs/config.md). Games: /var/lib/companion."
if [ -n "$booted_to_desktop" ]; then
  echo "This Pi booted to a desktop, which would hold the screen: it now boots to the console."
  echo "  (Back to the desktop: sudo systemctl set-default graphical.target, then reboot.)"
fi
if [ -n "$joined" ]; then
  echo "$user was added to:$joined. The service has these at once; for ./start.sh or mpremote"
  echo "  in a shell, log out and in again (or reboot) first."
fi
if [ -n "$booted_to_desktop" ]; then
  echo "Reboot now to start the table: sudo reboot"
elif systemctl is-active --quiet companion.service; then
  # An update (git pull, then this script): the table runs the new version at once, and
  # resumes the game it was showing.
  sudo systemctl restart companion.service
  echo "Restarted: the table runs this version now, and the game goes on where it was."
else
  echo "Start it now: sudo systemctl start companion   (or reboot)"
fi
