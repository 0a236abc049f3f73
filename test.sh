#!/usr/bin/env bash
# Set up (if needed) and run the whole test suite. Extra arguments go to pytest.
set -uo pipefail
cd "$(dirname "$0")"
deploy/setup.sh test || exit 1
# A user's run does what needs root (small disks, install scripts into scratch roots, a Debian
# root, the virtual table) through `sudo -n`: ask for the password once, here, and keep sudo's
# timestamp fresh for the whole run. Without sudo those tests skip and say why.
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo -v; then
  ( while sleep 60; do sudo -n -v 2>/dev/null || exit; done ) &
  keep_sudo=$!
  trap 'kill "$keep_sudo" 2>/dev/null' EXIT
fi
# Headless: Kivy renders offscreen, settings and GPIO stay in the test's own sandbox.
export SDL_VIDEODRIVER=offscreen KIVY_NO_ARGS=1 GPIOZERO_PIN_FACTORY=mock
# The suite runs on both cores (pytest-xdist) unless the caller says otherwise (-n 0: one process).
# Work stealing: a worker that is done takes tests queued behind the other's long one (the
# virtual table runs for many minutes; tests/conftest.py starts it first).
workers=(-n 2 --dist worksteal)
for arg in "$@"; do
  case "$arg" in -n|-n*|--numprocesses*) workers=() ;; esac
done
.venv/bin/python -m pytest "${workers[@]}" "$@"
status=$?
if [ $status -eq 5 ]; then
  echo "test.sh: pytest collected no tests: that is a failure, not a pass." >&2
  exit 1
fi
exit $status
