#!/usr/bin/env bash
# Build the virtual table's disk: Debian 13 (the base of today's Raspberry Pi OS Lite) from
# Debian's packages, with what a Pi image has that the app relies on: a kernel, systemd and
# udev, Mesa with GBM and EGL (KMSDRM draws through them), SSH, sudo, git, python3-venv.
# Used by tests/support/vm/image.py, which caches the result by a hash of this file.
#
#   build-image.sh OUT_DIR CA_BUNDLE
#
# OUT_DIR gets base.qcow2 (one ext4 file system, no partition table: the kernel is booted
# by QEMU's -kernel), vmlinuz, initrd.img and id_ed25519 (the key that logs in as "pi").
set -euo pipefail

out=$1
ca_bundle=$2
mirror=http://deb.debian.org/debian
packages=(
  linux-image-amd64 initramfs-tools systemd-sysv udev dbus kmod sudo git ca-certificates
  openssh-server iproute2 e2fsprogs procps less
  python3 python3-venv
  # Mesa: software rendering (llvmpipe) behind GBM and EGL, as KMSDRM uses them on the Pi's GPU.
  libgbm1 libegl1 libegl-mesa0 libgl1 libgles2 libgl1-mesa-dri libdrm2
  # The test's stand-in for the 7-inch panel writes to /dev/uinput with python3-evdev.
  python3-evdev evtest
)
root=$(mktemp -d /var/tmp/companion-vm-root.XXXXXX)
chmod 755 "$root"  # the guest's / (mktemp makes it private)
trap 'rm -rf "$root"' EXIT

# debootstrap in a mount namespace of its own: no mount it makes outlives it.
cache=()
[ -d /var/cache/apt/archives ] && cache=(--cache-dir /var/cache/apt/archives)
unshare --mount --propagation private --fork --kill-child=KILL \
  debootstrap --variant=minbase --include="$(IFS=,; echo "${packages[*]}")" "${cache[@]}" \
  trixie "$root" "$mirror"

in_root() {
  unshare --mount --propagation private --fork --kill-child=KILL sh -c '
    root=$1; shift
    mount -t proc proc "$root/proc"
    mount -t sysfs sysfs "$root/sys"
    mount --bind /dev "$root/dev"
    mount --bind /dev/pts "$root/dev/pts"
    exec chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"
  ' in_root "$root" "$@"
}

# The guest trusts what this machine trusts (a network that inspects TLS has its own authority).
cp "$ca_bundle" "$root/usr/local/share/ca-certificates/this-machine.crt"
in_root update-ca-certificates >/dev/null

echo table > "$root/etc/hostname"
printf '127.0.0.1 localhost\n127.0.1.1 table\n' > "$root/etc/hosts"
printf '/dev/vda / ext4 defaults 0 1\n' > "$root/etc/fstab"
# QEMU's user-mode network: DHCP, and its DNS forwarder.
cat > "$root/etc/systemd/network/20-wired.network" <<'NET'
[Match]
Name=en* eth*
[Network]
DHCP=yes
NET
rm -f "$root/etc/resolv.conf"
echo "nameserver 10.0.2.3" > "$root/etc/resolv.conf"
in_root systemctl enable systemd-networkd ssh >/dev/null
cat > "$root/etc/apt/sources.list.d/debian.sources" <<'APT'
Types: deb
URIs: http://deb.debian.org/debian
Suites: trixie trixie-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: trixie-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
APT
rm -f "$root/etc/apt/sources.list"

# The owner's account, as Raspberry Pi OS makes it on first boot: a normal user whose sudo
# asks for no password.
in_root useradd --create-home --shell /bin/bash --groups sudo pi
echo 'pi ALL=(ALL) NOPASSWD: ALL' > "$root/etc/sudoers.d/010_pi-nopasswd"
chmod 440 "$root/etc/sudoers.d/010_pi-nopasswd"
install -d -m 700 -o 1000 -g 1000 "$root/home/pi/.ssh"
ssh-keygen -q -t ed25519 -N '' -C companion-vm -f "$out/id_ed25519"
install -m 600 -o 1000 -g 1000 "$out/id_ed25519.pub" "$root/home/pi/.ssh/authorized_keys"
# sshd's host keys are made once, here, not at every boot under an emulated CPU.
in_root ssh-keygen -A >/dev/null

# What a run would otherwise download again and again, kept in the image: the package lists
# and the .deb files install.sh asks apt for, and pip's cache of the Python wheels. Installing
# them is still install.sh's job (what the test proves); only the downloads are spared.
in_root apt-get update -q >/dev/null
in_root apt-get install -y -q --download-only --no-install-recommends mosquitto libmtdev1t64 >/dev/null

# The Pi's GPIO on a kernel chip (tests/support/vm/gpio_sim.py): the gpio-sim module for this
# kernel, and lgpio (the Pi 5's pin library, with no wheel on PyPI for Python 3.13) built into
# pip's wheel cache as a Pi's install builds it (PYPI=1: its own C library inside; swig, gcc).
# The compilers go again afterwards.
build_tools="gcc make libc6-dev swig python3-dev"
# shellcheck disable=SC2086
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $build_tools >/dev/null
install -m 755 "$(dirname "$0")/build-gpio-sim.sh" "$root/tmp/build-gpio-sim.sh"
in_root /tmp/build-gpio-sim.sh "$(ls "$root"/boot/vmlinuz-* | sort -V | tail -n 1 | sed 's|.*/vmlinuz-||')"
rm -f "$root/tmp/build-gpio-sim.sh"
in_root runuser -u pi -- sh -c 'python3 -m venv /tmp/wheels && PYPI=1 /tmp/wheels/bin/pip install -q \
  kivy==2.3.1 gpiozero==2.0.1.post3 pyserial==3.5 paho-mqtt==2.2.0 qrcode==8.2 setuptools wheel lgpio==0.2.2.0'
rm -rf "$root/tmp/wheels"
# shellcheck disable=SC2086
in_root env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q --autoremove $build_tools >/dev/null

# A console on the first serial port, which the test keeps (and shows when something fails).
in_root systemctl enable serial-getty@ttyS0.service >/dev/null 2>&1 || true

kernel=$(ls "$root"/boot/vmlinuz-* | sort -V | tail -n 1)
cp "$kernel" "$out/vmlinuz"
cp "$root/boot/initrd.img-${kernel##*/vmlinuz-}" "$out/initrd.img"
rm -f "$out/base.raw"
mkfs.ext4 -q -L table -d "$root" "$out/base.raw" 6G
qemu-img convert -O qcow2 "$out/base.raw" "$out/base.qcow2"
rm -f "$out/base.raw"
