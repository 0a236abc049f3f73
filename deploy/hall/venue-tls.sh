#!/bin/sh
# The venue broker's TLS: its own certificate authority, made once and kept (every table trusts
# it), and the broker's certificate, signed by it and made anew on every run with every name and
# address the venue machine has now (a table checks the address it dials against it).
# Usage: venue-tls.sh DIR [NAME_OR_ADDRESS ...]
#   DIR/ca.pem, DIR/ca.key    the authority (ca.key never leaves this machine)
#   DIR/server.pem, DIR/server.key   the broker's certificate and key
# Prints the authority's SHA-256 fingerprint (what a table checks the CA file it fetches against).
set -eu
dir=$1
shift
command -v openssl >/dev/null || { echo "venue-tls.sh: apt-get install openssl first" >&2; exit 2; }
mkdir -p "$dir"
umask 077
if [ ! -s "$dir/ca.pem" ] || [ ! -s "$dir/ca.key" ]; then
    # Ten years: the authority outlives any one event; the tables keep trusting it.
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 3650 \
        -subj "/CN=companion hall venue CA $(hostname 2>/dev/null || echo venue)" \
        -addext "basicConstraints=critical,CA:TRUE,pathlen:0" -addext "keyUsage=critical,keyCertSign,cRLSign" \
        -keyout "$dir/ca.key" -out "$dir/ca.pem" 2>/dev/null
fi
san=""
for name in "$@" localhost 127.0.0.1 ::1; do
    case $name in
        *[!0-9.]*) case $name in *:*) kind=IP ;; *) kind=DNS ;; esac ;;
        *) kind=IP ;;
    esac
    case ",$san," in *",$kind:$name,"*) continue ;; esac
    san="${san:+$san,}$kind:$name"
done
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=${1:-localhost}" \
    -keyout "$dir/server.key" -out "$dir/server.csr" 2>/dev/null
ext=$(mktemp)
trap 'rm -f "$ext" "$dir/server.csr"' EXIT
printf 'subjectAltName=%s\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' "$san" > "$ext"
openssl x509 -req -in "$dir/server.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" -CAcreateserial \
    -days 825 -extfile "$ext" -out "$dir/server.pem" 2>/dev/null
chmod 644 "$dir/ca.pem"
openssl x509 -in "$dir/ca.pem" -noout -fingerprint -sha256 | cut -d= -f2 | tr -d ':'
