#!/bin/sh
# Set up the venue's broker (Debian 12, Mosquitto 2.0) for a hall of tables: the broker every
# table bridges into (TLS, each table with its own login), the hall page for the big screen and
# phones, and the organiser's venue password that enrols the tables.
# Run as root from the repository, on the venue machine: sudo deploy/hall/venue.sh
# Settings (environment, defaults in brackets):
#   TLS_PORT [8883]  the tables' port (MQTT over TLS)
#   MQTT_PORT [1883] read-only plain MQTT (companion hall-export, watchers)   WS_PORT [9001]
#   PREFIX [companion]
#   PASSWORD_FILE [/etc/companion/hall-tables-password]  the organiser's password: made once, kept
#   NAMES [empty]  more names or addresses the tables may dial the venue by (its certificate names
#                  them; this machine's host name and current addresses always)
#   ROOT [empty]   install below this folder instead of / (the tests use it)
# Run it again after an update, or when the venue machine's address changed: it copies the pages
# anew, issues the broker's certificate for its names and addresses now, and keeps the password,
# the certificate authority the tables trust, and every table's login.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
TLS_PORT=${TLS_PORT:-8883}
MQTT_PORT=${MQTT_PORT:-1883}
WS_PORT=${WS_PORT:-9001}
PREFIX=${PREFIX:-companion}
NAMES=${NAMES:-}
ROOT=${ROOT:-}
PASSWORD_FILE=${PASSWORD_FILE:-$ROOT/etc/companion/hall-tables-password}
CONF_DIR=$ROOT/etc/mosquitto/companion-venue
WEB_DIR=$ROOT/usr/local/share/companion/web
ORGANISER=hall.organiser  # companion/hall/enrol.py ORGANISER

if [ "$(id -u)" -ne 0 ]; then
    echo "venue.sh: run as root (sudo $0)" >&2
    exit 2
fi
command -v mosquitto_ctrl >/dev/null || { echo "venue.sh: apt-get install mosquitto first" >&2; exit 2; }
command -v openssl >/dev/null || { echo "venue.sh: apt-get install openssl first" >&2; exit 2; }
DYNSEC=${DYNSEC:-$(ls /usr/lib/*/mosquitto_dynamic_security.so /usr/lib/mosquitto_dynamic_security.so 2>/dev/null | head -n 1)}
[ -n "$DYNSEC" ] || { echo "venue.sh: Mosquitto's dynamic-security plugin is missing (Mosquitto 2.0 has it)" >&2; exit 2; }

render() {
    sed -e "s|@TLS_PORT@|$TLS_PORT|g" -e "s|@MQTT_PORT@|$MQTT_PORT|g" -e "s|@WS_PORT@|$WS_PORT|g" \
        -e "s|@CONF_DIR@|$CONF_DIR|g" -e "s|@WEB_DIR@|$WEB_DIR|g" -e "s|@DYNSEC@|$DYNSEC|g" \
        -e "s|@PREFIX@|$PREFIX|g" "$1"
}

# The organiser's password: made once, kept across runs, readable by root only.
if [ -L "$PASSWORD_FILE" ]; then
    echo "venue.sh: PASSWORD_FILE $PASSWORD_FILE is a symbolic link: name the file itself" >&2
    exit 2
fi
mkdir -p "$(dirname "$PASSWORD_FILE")"
made=""
if [ ! -s "$PASSWORD_FILE" ]; then
    (umask 077; head -c 24 /dev/urandom | base64 | tr -d '/+=\n' > "$PASSWORD_FILE")
    made=yes
fi
chmod 600 "$PASSWORD_FILE"

# TLS: the certificate authority made once and kept (the tables trust it), the broker's own
# certificate for every name and address this machine has now.
mkdir -p "$CONF_DIR"
addresses=$(hostname -I 2>/dev/null || true)
host=$(hostname 2>/dev/null || true)
fingerprint=$(sh "$here/venue-tls.sh" "$CONF_DIR" $addresses $NAMES ${host:+$host $host.local})

# The tables' logins: Mosquitto's dynamic-security plugin keeps them, made at run time by each
# table's hall-join with the organiser's login. Made once, and anew with a new organiser's password
# (every table then joins again: a way to shut every table out at once).
# The plugin saves every change to a new file beside it, then renames it: a folder of its own,
# the broker's.
LOGINS=$CONF_DIR/logins/dynamic-security.json
mkdir -p "$CONF_DIR/logins"
if [ ! -s "$LOGINS" ] || [ -n "$made" ]; then
    rm -f "$LOGINS"
    mosquitto_ctrl dynsec init "$LOGINS" "$ORGANISER" "$(cat "$PASSWORD_FILE")" >/dev/null
fi

render "$here/acl" > "$CONF_DIR/acl"
if getent group mosquitto >/dev/null; then
    # The broker reads its key and writes the logins' file (the plugin saves every change).
    chown root:mosquitto "$CONF_DIR" "$CONF_DIR/acl" "$CONF_DIR/server.key" "$CONF_DIR/server.pem"
    chown -R mosquitto:mosquitto "$CONF_DIR/logins"
fi
chmod 750 "$CONF_DIR"
chmod 700 "$CONF_DIR/logins"
chmod 640 "$CONF_DIR/acl" "$CONF_DIR/server.key" "$CONF_DIR/server.pem"
chmod 600 "$LOGINS"

# The pages (hall.html and the phone page), and the CA for tables to fetch: a copy the broker's
# own user can read.
mkdir -p "$WEB_DIR"
cp -R "$repo/companion/web/." "$WEB_DIR/"
cp "$CONF_DIR/ca.pem" "$WEB_DIR/hall-ca.pem"
chmod -R a+rX "$WEB_DIR"

mkdir -p "$ROOT/etc/mosquitto/conf.d"
render "$here/venue.conf" > "$ROOT/etc/mosquitto/conf.d/companion-venue.conf"

if [ -z "$ROOT" ] && [ -d /run/systemd/system ]; then
    systemctl enable mosquitto
    systemctl restart mosquitto
fi

address=$(printf '%s\n' $addresses | head -n 1)
address=${address:-<this machine>}
web=""
[ "$WS_PORT" = 9001 ] || web=" --web-port $WS_PORT"
cat <<DONE
The venue broker is set up: tables bridge in on port $TLS_PORT (TLS), each with its own login.
The hall:      http://$address:$WS_PORT/hall.html   (big screen and phones; read-only)
Its certificate authority's SHA-256 fingerprint: $fingerprint
On each table, from its repository folder, with that table's own id and name in place of
<table-id> and <Table name>: every table its own id (letters, digits, - and _: table7, bar-2):
  sudo HALL_PASSWORD=$(cat "$PASSWORD_FILE") .venv/bin/companion hall-join $address:$TLS_PORT --ca-sha256 $fingerprint$web --id '<table-id>' --name '<Table name>'
The password is the organiser's: it makes each table's own login, and never stays on a table.
DONE
