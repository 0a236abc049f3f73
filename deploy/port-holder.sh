#!/bin/sh
# Who listens on TCP port $1 on this machine: "pid PID: its command line", one a line. Read from
# /proc, as ss and lsof are not on a minimal system; another account's process (a system
# Mosquitto runs as mosquitto) is found only when run as root.
# Usage: deploy/port-holder.sh 1883
port=${1:?usage: port-holder.sh PORT}
hex=$(printf ':%04X' "$port")
# /proc/net/tcp: local address (hex ip:port), state 0A = LISTEN, inode in the tenth column.
inodes=$(cat /proc/net/tcp /proc/net/tcp6 2>/dev/null \
    | awk -v p="$hex" '$4 == "0A" && substr($2, length($2) - 4) == p { print "socket:[" $10 "]" }')
[ -n "$inodes" ] || exit 0
for fd in /proc/[0-9]*/fd/*; do
    link=$(readlink "$fd" 2>/dev/null) || continue
    case " $(echo $inodes) " in *" $link "*) pid=${fd#/proc/}; echo "${pid%%/*}" ;; esac
done | sort -un | while read -r pid; do
    printf 'pid %s: %s\n' "$pid" "$(tr '\0\n' '  ' <"/proc/$pid/cmdline" 2>/dev/null | sed 's/ *$//')"
done
exit 0
