#!/bin/sh
# The PIDs of running processes named exactly $1, one a line (a process that has ended but not
# yet been reaped is not running). Read from /proc, so that it works on a minimal system too:
# pgrep and pidof (procps, sysvinit-utils) are not always installed.
# Usage: deploy/pids-of.sh mosquitto
name=${1:?usage: pids-of.sh NAME}
for dir in /proc/[0-9]*; do
    [ "$(cat "$dir/comm" 2>/dev/null)" = "$name" ] || continue
    grep -qs '^State:[[:space:]]*Z' "$dir/status" || echo "${dir#/proc/}"
done
exit 0
