#!/bin/sh
# Set up the Pi's Mosquitto (Debian 12, Mosquitto 2.0) for the table and the phones.
# Run as root from the repository: sudo deploy/mosquitto/install.sh
# Settings (environment, defaults in brackets):
#   MQTT_PORT [1883]  WS_PORT [9001]  PREFIX [companion]  HA_PREFIX [homeassistant]
#   MQTT_USER [companion]   the table's login; [mqtt] username in the table's config
#   PASSWORD_FILE [/etc/companion/mqtt-password]   [mqtt] password_file in the table's config
#   COMPANION_USER [the user who ran sudo]   the account the app runs as: may read PASSWORD_FILE
#   HA_PASSWORD   if set, Home Assistant may log in as "homeassistant" with it
#   ROOT [empty]   install below this folder instead of / (the tests use it)
# Run it again after an update: it copies the phone page anew and keeps the table's password.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
MQTT_PORT=${MQTT_PORT:-1883}
WS_PORT=${WS_PORT:-9001}
PREFIX=${PREFIX:-companion}
HA_PREFIX=${HA_PREFIX:-homeassistant}
MQTT_USER=${MQTT_USER:-companion}
ROOT=${ROOT:-}
PASSWORD_FILE=${PASSWORD_FILE:-$ROOT/etc/companion/mqtt-password}
COMPANION_USER=${COMPANION_USER:-${SUDO_USER:-root}}
CONF_DIR=$ROOT/etc/mosquitto/companion
WEB_DIR=$ROOT/usr/local/share/companion/web

if [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run as root (sudo $0)" >&2
    exit 2
fi
command -v mosquitto_passwd >/dev/null || { echo "install.sh: apt-get install mosquitto first" >&2; exit 2; }

render() {
    sed -e "s|@MQTT_PORT@|$MQTT_PORT|g" -e "s|@WS_PORT@|$WS_PORT|g" \
        -e "s|@CONF_DIR@|$CONF_DIR|g" -e "s|@WEB_DIR@|$WEB_DIR|g" \
        -e "s|@PREFIX@|$PREFIX|g" -e "s|@HA_PREFIX@|$HA_PREFIX|g" -e "s|@USER@|$MQTT_USER|g" "$1"
}

# The phone page: a copy the broker's own user can read (home folders are private on Bookworm).
mkdir -p "$WEB_DIR"
cp -R "$repo/companion/web/." "$WEB_DIR/"
chmod -R a+rX "$WEB_DIR"

# The table's password: made once, kept across runs; readable by the app's account only.
# Never through a symbolic link: chown and chmod would change whatever file it points at.
if [ -L "$PASSWORD_FILE" ]; then
    echo "install.sh: PASSWORD_FILE $PASSWORD_FILE is a symbolic link: name the file itself" >&2
    exit 2
fi
mkdir -p "$(dirname "$PASSWORD_FILE")"
if [ ! -s "$PASSWORD_FILE" ]; then
    (umask 077; head -c 24 /dev/urandom | base64 | tr -d '/+=\n' > "$PASSWORD_FILE")
fi
chown "$COMPANION_USER" "$PASSWORD_FILE"
chmod 600 "$PASSWORD_FILE"

# The broker's copy, hashed (mosquitto_passwd -U hashes a plain file in place: no password on
# any command line).
mkdir -p "$CONF_DIR"
plain=$(mktemp "$CONF_DIR/passwd.XXXXXX")
# The plain-text copy goes whatever happens, a failing mosquitto_passwd included.
trap 'rm -f "$plain"' EXIT
trap 'exit 1' HUP INT TERM
printf '%s:%s\n' "$MQTT_USER" "$(cat "$PASSWORD_FILE")" > "$plain"
if [ -n "${HA_PASSWORD:-}" ]; then
    printf 'homeassistant:%s\n' "$HA_PASSWORD" >> "$plain"
fi
if ! mosquitto_passwd -U "$plain"; then
    echo "install.sh: mosquitto_passwd could not hash the logins (is $PASSWORD_FILE one line?)" >&2
    exit 2
fi
# Run again without HA_PASSWORD (an update): Home Assistant keeps the login it was given.
if [ -z "${HA_PASSWORD:-}" ] && [ -f "$CONF_DIR/passwd" ]; then
    grep '^homeassistant:' "$CONF_DIR/passwd" >> "$plain" || true
fi
mv "$plain" "$CONF_DIR/passwd"
render "$here/acl" > "$CONF_DIR/acl"
chown root:mosquitto "$CONF_DIR" "$CONF_DIR/passwd" "$CONF_DIR/acl"
chmod 750 "$CONF_DIR"
chmod 640 "$CONF_DIR/passwd" "$CONF_DIR/acl"

mkdir -p "$ROOT/etc/mosquitto/conf.d"
render "$here/companion.conf" > "$ROOT/etc/mosquitto/conf.d/companion.conf"

if [ -z "$ROOT" ] && [ -d /run/systemd/system ]; then
    # `enable` only when it is not: for a service with a SysV script as well (Debian's
    # Mosquitto) it runs update-rc.d, a minute of an emulated CPU and seconds on a Pi.
    systemctl is-enabled --quiet mosquitto 2>/dev/null || systemctl enable mosquitto
    systemctl restart mosquitto
elif [ -z "$ROOT" ]; then
    # No systemd (a container): a running broker rereads its files.
    for pid in $("$here/../pids-of.sh" mosquitto); do kill -HUP "$pid" 2>/dev/null || true; done
fi

# What was installed, so that start.sh can tell when an update needs this run again.
mkdir -p "$ROOT/etc/companion"
"$here/fingerprint.sh" > "$ROOT/etc/companion/broker-setup"

cat <<DONE
Mosquitto is set up: MQTT on port $MQTT_PORT, phones on http://<this machine's address>:$WS_PORT/
The table's configuration needs (already the defaults unless changed above):
  [mqtt]
  port = $MQTT_PORT
  username = "$MQTT_USER"
  password_file = "$PASSWORD_FILE"
  topic_prefix = "$PREFIX"
  [phone]
  port = $WS_PORT
DONE
