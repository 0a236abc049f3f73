#!/bin/sh
# Set up the venue's broker (Debian 12, Mosquitto 2.0) for a hall of tables: the broker every
# table bridges into, the hall page for the big screen and phones, and the table password.
# Run as root from the repository, on the venue machine: sudo deploy/hall/venue.sh
# Settings (environment, defaults in brackets):
#   MQTT_PORT [1883]  WS_PORT [9001]  PREFIX [companion]  TABLE_USER [table]
#   PASSWORD_FILE [/etc/companion/hall-tables-password]  the tables' password: made once, kept
#   ROOT [empty]   install below this folder instead of / (the tests use it)
# Run it again after an update: it copies the pages anew and keeps the password.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
MQTT_PORT=${MQTT_PORT:-1883}
WS_PORT=${WS_PORT:-9001}
PREFIX=${PREFIX:-companion}
TABLE_USER=${TABLE_USER:-table}
ROOT=${ROOT:-}
PASSWORD_FILE=${PASSWORD_FILE:-$ROOT/etc/companion/hall-tables-password}
CONF_DIR=$ROOT/etc/mosquitto/companion-venue
WEB_DIR=$ROOT/usr/local/share/companion/web

if [ "$(id -u)" -ne 0 ]; then
    echo "venue.sh: run as root (sudo $0)" >&2
    exit 2
fi
command -v mosquitto_passwd >/dev/null || { echo "venue.sh: apt-get install mosquitto first" >&2; exit 2; }

render() {
    sed -e "s|@MQTT_PORT@|$MQTT_PORT|g" -e "s|@WS_PORT@|$WS_PORT|g" \
        -e "s|@CONF_DIR@|$CONF_DIR|g" -e "s|@WEB_DIR@|$WEB_DIR|g" \
        -e "s|@PREFIX@|$PREFIX|g" -e "s|@USER@|$TABLE_USER|g" "$1"
}

# The pages (hall.html and the phone page): a copy the broker's own user can read.
mkdir -p "$WEB_DIR"
cp -R "$repo/companion/web/." "$WEB_DIR/"
chmod -R a+rX "$WEB_DIR"

# The tables' password: made once, kept across runs, readable by root only.
if [ -L "$PASSWORD_FILE" ]; then
    echo "venue.sh: PASSWORD_FILE $PASSWORD_FILE is a symbolic link: name the file itself" >&2
    exit 2
fi
mkdir -p "$(dirname "$PASSWORD_FILE")"
if [ ! -s "$PASSWORD_FILE" ]; then
    (umask 077; head -c 24 /dev/urandom | base64 | tr -d '/+=\n' > "$PASSWORD_FILE")
fi
chmod 600 "$PASSWORD_FILE"

mkdir -p "$CONF_DIR"
plain=$(mktemp "$CONF_DIR/passwd.XXXXXX")
trap 'rm -f "$plain"' EXIT
trap 'exit 1' HUP INT TERM
printf '%s:%s\n' "$TABLE_USER" "$(cat "$PASSWORD_FILE")" > "$plain"
if ! mosquitto_passwd -U "$plain"; then
    echo "venue.sh: mosquitto_passwd could not hash the password (is $PASSWORD_FILE one line?)" >&2
    exit 2
fi
mv "$plain" "$CONF_DIR/passwd"
render "$here/acl" > "$CONF_DIR/acl"
if getent group mosquitto >/dev/null; then
    chown root:mosquitto "$CONF_DIR" "$CONF_DIR/passwd" "$CONF_DIR/acl"
fi
chmod 750 "$CONF_DIR"
chmod 640 "$CONF_DIR/passwd" "$CONF_DIR/acl"

mkdir -p "$ROOT/etc/mosquitto/conf.d"
render "$here/venue.conf" > "$ROOT/etc/mosquitto/conf.d/companion-venue.conf"

if [ -z "$ROOT" ] && [ -d /run/systemd/system ]; then
    systemctl enable mosquitto
    systemctl restart mosquitto
fi

address=$(hostname -I 2>/dev/null | cut -d' ' -f1)
address=${address:-<this machine>}
cat <<DONE
The venue broker is set up: tables bridge in on port $MQTT_PORT.
The hall:      http://$address:$WS_PORT/hall.html   (big screen and phones; read-only)
On each table, from its repository folder, with that table's own id and name in place of
<table-id> and <Table name>: every table its own id (letters, digits, - and _: table7, bar-2):
  sudo HALL_PASSWORD=$(cat "$PASSWORD_FILE") .venv/bin/companion hall-join $address:$MQTT_PORT --id '<table-id>' --name '<Table name>'
DONE
