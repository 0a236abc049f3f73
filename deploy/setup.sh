#!/usr/bin/env bash
# Set up everything the companion needs on Debian 12 / Raspberry Pi OS Bookworm:
# missing system packages (apt-get), a .venv, and the package itself.
# Usage: deploy/setup.sh app|test     Safe to run again: it only does what is missing.
set -euo pipefail

mode=${1:?usage: deploy/setup.sh app|test}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

is_pi() { grep -qs "Raspberry Pi" /proc/device-tree/model; }

sections=(all)
[ "$mode" = test ] && sections+=(test)
is_pi && sections+=(pi)

# Packages of the wanted [sections] in deploy/apt-packages.txt.
wanted=$(awk -v want=" ${sections[*]} " '
  /^[[:space:]]*(#|$)/ { next }
  /^\[/ { gsub(/[\[\]]/, ""); on = index(want, " " $0 " ") > 0; next }
  on { print $1 }' deploy/apt-packages.txt)

missing=()
for pkg in $wanted; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "Need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
  fi
  say "Installing system packages: ${missing[*]}"
  "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 update -q
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends "${missing[@]}"
fi

# A .venv that works; a broken one (e.g. after a Python upgrade) is made anew.
if ! .venv/bin/python -c "import sys; assert sys.version_info >= (3, 11)" 2>/dev/null; then
  say "Creating .venv"
  rm -rf .venv
  python3 -m venv .venv
fi

extras=test
is_pi && extras=test,pi
stamp=".venv/.companion-installed"
want_stamp="$(sha256sum pyproject.toml | cut -d' ' -f1) $extras"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want_stamp" ]; then
  say "Installing the companion and its pinned dependencies into .venv"
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[$extras]"
  echo "$want_stamp" > "$stamp"
fi
