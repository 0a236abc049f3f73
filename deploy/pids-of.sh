#!/bin/sh
# The PIDs of running processes named exactly $1, one a line. Read from /proc, so that it works
# on a minimal system too: pgrep and pidof (procps, sysvinit-utils) are not always installed.
# Usage: deploy/pids-of.sh mosquitto
name=${1:?usage: pids-of.sh NAME}
for dir in /proc/[0-9]*; do
    [ "$(cat "$dir/comm" 2>/dev/null)" = "$name" ] && echo "${dir#/proc/}"
done
exit 0
