#!/usr/bin/env bash
# Set up everything the companion needs on Debian 12 or 13 / Raspberry Pi OS Bookworm or Trixie:
# missing system packages (apt-get), a .venv, and the package itself.
# Usage: deploy/setup.sh app|test     Safe to run again: it only does what is missing.
set -euo pipefail

mode=${1:?usage: deploy/setup.sh app|test}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# /proc/device-tree is a link to this folder on a Pi; the firmware names the board in it.
is_pi() { grep -qs "Raspberry Pi" /sys/firmware/devicetree/base/model; }

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

# Every name an installed package answers to: its own, and the names it provides. Debian 13
# renamed libraries for 64-bit time (libmtdev1 is libmtdev1t64 there, which provides the old
# name), so a package asked for by its old name counts as installed when one provides it.
installed_names() {
  dpkg-query -W -f='${db:Status-Abbrev}|${Package}|${Provides}\n' 2>/dev/null | awk -F'|' '
    $1 ~ /^ii/ {
      print $2
      n = split($3, provided, ",")
      for (i = 1; i <= n; i++) { sub(/^[[:space:]]+/, "", provided[i]); sub(/[[:space:]].*/, "", provided[i]); print provided[i] }
    }'
}

missing_of() {
  local have
  have=" $(installed_names | tr '\n' ' ') "
  for pkg in "$@"; do
    case "$have" in *" $pkg "*) ;; *) echo "$pkg" ;; esac
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

# On a Pi: what pip needs to build lgpio, the GPIO library. PyPI has no lgpio wheel for every
# Python (none for Debian 13's 3.13 on a Pi), so pip may build it: with PYPI=1 its own setup
# builds the C library it carries into the module, needing only swig and a C compiler (no
# liblgpio-dev, which only the Raspberry Pi archive has). Without it the app still runs, with
# touch only and a notice on the status screen, so this may fail softly.
extras=
[ "$mode" = test ] && extras=test
if is_pi; then
  pi_packages=$(awk '/^\[pi\]/ { on = 1; next } /^\[/ { on = 0 } on && !/^[[:space:]]*(#|$)/ { print $1 }' \
    deploy/apt-packages.txt)
  # shellcheck disable=SC2086
  pi_missing=$(missing_of $pi_packages)
  # shellcheck disable=SC2086
  if [ -z "$pi_missing" ] || apt_install $pi_missing; then
    extras=${extras:+$extras,}pi
  else
    echo "Warning: could not install the GPIO build tools; GPIO buttons stay off (touch works)." >&2
  fi
fi

# A .venv that works; a broken one is made anew, and so is one made by another Python (an
# upgrade from Debian 12 to 13 moves python3 from 3.11 to 3.13: the old .venv's packages are
# then out of its reach, though .venv/bin/python still runs).
venv_works() {
  .venv/bin/python - <<'CHECK' 2>/dev/null
import re, sys
made_by = re.search(r"^version(?:_info)?\s*=\s*(\d+)\.(\d+)", open(sys.prefix + "/pyvenv.cfg").read(), re.M)
assert sys.version_info >= (3, 11) and made_by and tuple(map(int, made_by.groups())) == sys.version_info[:2]
CHECK
}
if ! venv_works; then
  say "Creating .venv"
  rm -rf .venv
  python3 -m venv .venv
fi

# The stamp records what was installed: a line for the package and one per extra, each with the
# hash of what it depends on (deploy/install_key.py). The package is installed editable, so an
# update that changes only the code (or only the tests' pins, on a table) installs nothing; an
# install with more extras (the tests') also serves the app, so start.sh after test.sh installs
# nothing either.
stamp=".venv/.companion-installed"
key=$(python3 deploy/install_key.py pyproject.toml)
had=$(cat "$stamp" 2>/dev/null || true)
line_of() { printf '%s\n' "$key" | awk -v name="$1" '$1 == name'; }
was_installed() { [ -n "$1" ] && printf '%s\n' "$had" | grep -qxF "$1"; }
covered=yes
was_installed "$(line_of base)" || covered=no
for extra in ${extras//,/ }; do
  was_installed "$(line_of "$extra")" || covered=no
done
if [ "$covered" = no ]; then
  # Extras installed before stay installed, at their pins of now.
  for extra in $(printf '%s\n' "$had" | awk '$1 != "base" { print $1 }'); do
    case ",$extras," in *",$extra,"*) ;; *) [ -n "$(line_of "$extra")" ] && extras="${extras:+$extras,}$extra" ;; esac
  done
  say "Installing the companion and its pinned dependencies into .venv"
  # The pip the .venv was made with (Debian 12's 23.0 or newer) installs everything pinned here;
  # upgrading it would fetch an unpinned pip at every install, and costs a Pi most of a minute.
  # setuptools warns of every editable install that a folder named as the package may shadow it:
  # that folder is the package here, so the warning says nothing to whoever reads it.
  PYPI=1 PYTHONWARNINGS="ignore:Editable installation" \
    .venv/bin/python -m pip install -q --disable-pip-version-check -e ".${extras:+[$extras]}"
  { line_of base; for extra in ${extras//,/ }; do line_of "$extra"; done; } > "$stamp"
fi
# The table's modules as bytecode now rather than at its first start (a Pi reading an SD card
# would compile each one then, with players waiting); what is up to date is skipped.
.venv/bin/python -m compileall -q companion
