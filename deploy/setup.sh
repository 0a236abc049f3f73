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

# Packages of the wanted [sections] in deploy/apt-packages.txt.
wanted=$(awk -v want=" ${sections[*]} " '
  /^[[:space:]]*(#|$)/ { next }
  /^\[/ { gsub(/[\[\]]/, ""); on = index(want, " " $0 " ") > 0; next }
  on { print $1 }' deploy/apt-packages.txt)

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  sudo=(sudo)
fi

missing_of() {
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || echo "$pkg"
  done
}

apt_updated=
apt_install() {
  if [ ${#sudo[@]} -gt 0 ] && ! command -v sudo >/dev/null; then
    echo "Need root or sudo to install: $*" >&2
    return 1
  fi
  say "Installing system packages: $*"
  if [ -z "$apt_updated" ]; then
    "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 update -q && apt_updated=yes
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends "$@"
}

# shellcheck disable=SC2086
missing=$(missing_of $wanted)
# shellcheck disable=SC2086
[ -z "$missing" ] || apt_install $missing || exit 1

# On a Pi: what pip needs to build lgpio (Raspberry Pi OS has liblgpio-dev). Without it the
# app still runs, with touch only and a notice on the status screen, so this may fail softly.
extras=
[ "$mode" = test ] && extras=test
lgpio=no
if is_pi; then
  pi_packages=$(awk '/^\[pi\]/ { on = 1; next } /^\[/ { on = 0 } on && !/^[[:space:]]*(#|$)/ { print $1 }' \
    deploy/apt-packages.txt)
  # shellcheck disable=SC2086
  pi_missing=$(missing_of $pi_packages)
  # shellcheck disable=SC2086
  if [ -z "$pi_missing" ] || apt_install $pi_missing; then
    lgpio=yes
    extras=${extras:+$extras,}pi
  else
    echo "Warning: could not install the GPIO build tools; GPIO buttons stay off (touch works)." >&2
  fi
fi

# A .venv that works; a broken one (e.g. after a Python upgrade) is made anew.
if ! .venv/bin/python -c "import sys; assert sys.version_info >= (3, 11)" 2>/dev/null; then
  say "Creating .venv"
  rm -rf .venv
  python3 -m venv .venv
fi

# The stamp records what was installed: the pyproject's hash and the extras. An install with
# more extras (the tests') also serves the app, so start.sh after test.sh installs nothing.
stamp=".venv/.companion-installed"
hash=$(sha256sum pyproject.toml | cut -d' ' -f1)
had_hash= had_extras=
[ -f "$stamp" ] && read -r had_hash had_extras < "$stamp"
covered=yes
[ "${had_hash:-}" = "$hash" ] || covered=no
for extra in ${extras//,/ }; do
  case ",${had_extras:-}," in *",$extra,"*) ;; *) covered=no ;; esac
done
if [ "$covered" = no ]; then
  [ "${had_hash:-}" = "$hash" ] && [ -n "${had_extras:-}" ] && extras="$had_extras${extras:+,$extras}"
  say "Installing the companion and its pinned dependencies into .venv"
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".${extras:+[$extras]}"
  echo "$hash $extras" > "$stamp"
fi
