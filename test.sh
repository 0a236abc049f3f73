#!/usr/bin/env bash
# Set up (if needed) and run the whole test suite. Extra arguments go to pytest.
set -uo pipefail
cd "$(dirname "$0")"
deploy/setup.sh test || exit 1
# Headless: Kivy renders offscreen, settings and GPIO stay in the test's own sandbox.
export SDL_VIDEODRIVER=offscreen KIVY_NO_ARGS=1 GPIOZERO_PIN_FACTORY=mock
# The suite runs on both cores (pytest-xdist) unless the caller says otherwise (-n 0: one process).
workers=(-n 2)
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
