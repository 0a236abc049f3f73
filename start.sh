#!/usr/bin/env bash
# Set up (if needed) and start the companion. On a Raspberry Pi it uses the real GPIO
# and dice tray; anywhere else it simulates them (keyboard buttons, a simulated tray).
set -euo pipefail
cd "$(dirname "$0")"
deploy/setup.sh app
# The phone page and the live game come from the local Mosquitto: set it up once, and again
# after an update changed its set-up or the phone page (its script keeps the passwords).
if [ ! -f /etc/mosquitto/conf.d/companion.conf ] || [ ! -f /etc/companion/mqtt-password ] \
    || [ "$(cat /etc/companion/broker-setup 2>/dev/null)" != "$(deploy/mosquitto/fingerprint.sh)" ]; then
  sudo_=()
  [ "$(id -u)" -eq 0 ] || sudo_=(sudo)
  "${sudo_[@]}" env COMPANION_USER="$(id -un)" deploy/mosquitto/install.sh \
    || echo "Warning: the broker is not set up; the table works, phones cannot follow yet." >&2
fi
# Where no service manager runs the broker (a container, say), start it for this session.
mqtt_port=$(.venv/bin/python -m companion.broadcast.broker_check --port "$@" 2>/dev/null || echo 1883)
broker_up() { (exec 3<>"/dev/tcp/127.0.0.1/$mqtt_port") 2>/dev/null; }
broker_was_up=
broker_up && broker_was_up=yes
broker_started=  # this script started Mosquitto: it is left running, and the end says so
broker_pid=
if ! broker_up; then
  if [ -d /run/systemd/system ]; then
    echo "Note: Mosquitto is not answering; try: sudo systemctl restart mosquitto" >&2
  else
    sudo_=()
    [ "$(id -u)" -eq 0 ] || sudo_=(sudo)
    # systemd would make the folder for Debian 12's pid_file; without it, mosquitto -d exits at once.
    "${sudo_[@]}" install -d -o mosquitto -g mosquitto -m 755 /run/mosquitto 2>/dev/null || true
    # The broker this script starts is the one that was not running before: Debian 13's
    # mosquitto.conf names no pid_file, and other brokers on this machine are not ours to stop.
    before=" $(deploy/pids-of.sh mosquitto | tr '\n' ' ') "
    said=$(mktemp)
    "${sudo_[@]}" mosquitto -d -c /etc/mosquitto/mosquitto.conf 2>"$said" || true
    for _ in 1 2 3 4 5 6 7 8 9 10; do broker_up && break; sleep 0.3; done
    for pid in $(deploy/pids-of.sh mosquitto); do
      case "$before" in *" $pid "*) ;; *) broker_pid=$pid ;; esac
    done
    if broker_up && [ -n "$broker_pid" ]; then
      broker_started=yes
      echo "Mosquitto: started for the phone page (pid $broker_pid); it stays running after the app."
    else
      cat "$said" >&2
      echo "Warning: Mosquitto did not start (see /var/log/mosquitto/mosquitto.log);" \
        "the table works, phones cannot follow the game." >&2
    fi
    rm -f "$said"
  fi
fi
# A broker that was there before: the table's own, or another (a Mosquitto for Home Assistant, a
# second copy) that refuses the table's login. Then one line says whose it is and what to do.
if [ -n "$broker_was_up" ]; then
  holder_=(deploy/port-holder.sh "$mqtt_port")
  [ "$(id -u)" -eq 0 ] || holder_=(sudo -n "${holder_[@]}")  # another account's broker: only root sees whose
  holder=$("${holder_[@]}" 2>/dev/null | head -n 1 || true)
  .venv/bin/python -m companion.broadcast.broker_check --holder "$holder" "$@" || true
fi
run=(run --sim "$@")
if grep -qs "Raspberry Pi" /sys/firmware/devicetree/base/model; then
  run=(run "$@")
elif [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}${SDL_VIDEODRIVER:-}" ]; then
  echo "Note: no desktop found (DISPLAY and WAYLAND_DISPLAY are unset): the app may run with" \
    "no window to show. Start it from a desktop session." >&2
fi
# The app says where it is, where the phone page is and where its log goes (the log file
# holds Kivy's whole start-up report; the terminal gets warnings and errors).
if [ -z "$broker_started" ]; then
  exec .venv/bin/companion "${run[@]}"
fi
# This script started Mosquitto: it waits for the app, to say what is left running. Ctrl+C
# reaches the app too, which stops cleanly; this shell only waits for it.
trap ':' INT
status=0
.venv/bin/companion "${run[@]}" || status=$?
# How to stop exactly it: kill is a shell command for root; through sudo it needs the kill
# program, which a minimal Debian lacks (procps), and then a shell does it.
stop="kill $broker_pid"
if [ "$(id -u)" -ne 0 ]; then
  if type -P kill >/dev/null; then stop="sudo kill $broker_pid"; else stop="sudo sh -c 'kill $broker_pid'"; fi
fi
echo "Still running: Mosquitto (pid $broker_pid), started by ./start.sh for the phone page." \
  "Stop it with: $stop"
exit "$status"
