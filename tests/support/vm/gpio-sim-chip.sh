#!/bin/sh
# The Raspberry Pi's GPIO, as the virtual table's kernel sees it: a gpio-sim chip made through
# configfs at boot, before the app, as the Pi's pin controller exists from boot. It stands for
# a Pi 5's RP1 bank 0 (54 lines, the header's GPIO0..GPIO27 first, named as on a Pi), so BCM
# pin N is line N, and it is the guest's only chip: /dev/gpiochip0, where gpiozero's lgpio
# factory looks on a Pi 5 whose kernel has no /dev/gpiochip4. And the board's identity where
# gpiozero reads it on a Pi: a "Revision" line in /proc/cpuinfo (a Pi 5 Model B, 8 GB), bind
# mounted over the guest's own, as the Pi's firmware puts it there.
#
# Installed into the guest by tests/support/vm/gpio_sim.py, run by companion-test-gpio.service.
set -eu

modprobe gpio-sim
mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
dev=/sys/kernel/config/gpio-sim/header
bank=$dev/bank0
if [ ! -d "$dev" ]; then
  mkdir "$dev" "$bank"
  echo 54 > "$bank/num_lines"
  echo pinctrl-rp1 > "$bank/label"
  # One mkdir for the 28 lines and the shell's own echo for their names: each program started
  # costs a good part of a second on the emulated CPU at boot.
  lines=
  n=0
  while [ $n -le 27 ]; do lines="$lines $bank/line$n"; n=$((n + 1)); done
  # shellcheck disable=SC2086
  mkdir $lines
  n=0
  while [ $n -le 27 ]; do echo "GPIO$n" > "$bank/line$n/name"; n=$((n + 1)); done
  echo 1 > "$dev/live"
fi
# The chip's device as Raspberry Pi OS's udev rule leaves it (group gpio, 0660), before the app
# opens it. Set here rather than waited for: at boot udev works through every device of the
# machine first, and waiting for it to reach this one (udevadm settle, or udevadm wait) kept the
# app from starting for 30-90 s of an emulated CPU. udev applies the same rule when it gets here.
chip=/dev/$(cat "$bank/chip_name")
chgrp gpio "$chip"
chmod 660 "$chip"
echo "gpio-sim: $(cat "$dev/dev_name") $(cat "$bank/chip_name") live: $(cat "$dev/live")"

if ! grep -q '^Revision' /proc/cpuinfo; then
  install -d /run/companion-test
  { cat /proc/cpuinfo
    printf 'Revision\t: d04170\nSerial\t\t: 00000000c0ffee00\nModel\t\t: Raspberry Pi 5 Model B Rev 1.0\n'
  } > /run/companion-test/cpuinfo
  mount --bind /run/companion-test/cpuinfo /proc/cpuinfo
fi
