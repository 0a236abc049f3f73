#!/bin/sh
# One line naming this version of the broker set-up: the drop-in, the ACL, the installer and
# the phone page it copies. install.sh records it; start.sh runs install.sh again when the
# recorded line differs, so an updated table gets the new ACL and phone page by itself.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cd "$repo"
{
    for f in deploy/mosquitto/install.sh deploy/mosquitto/acl deploy/mosquitto/companion.conf; do
        printf '%s\n' "$f"; cat "$f"
    done
    find companion/web -type f | LC_ALL=C sort | while read -r f; do printf '%s\n' "$f"; cat "$f"; done
} | sha256sum | cut -c1-16
