#!/bin/sh
# gpio-sim, the kernel's simulated GPIO chip, built out of tree for the virtual table's own
# kernel, as DKMS builds a module: Debian's kernel (6.12) is built without it
# (# CONFIG_GPIO_SIM is not set), and without IRQ_SIM, the interrupt simulator it needs (a
# built-in option that only such test drivers select). Both sources come from Debian's
# linux-source package of exactly the installed kernel's version; they are compiled against
# that kernel's linux-headers and installed as DKMS installs: /lib/modules/VERSION/updates/dkms.
# The headers and sources are removed again; so is the compiler, by build-image.sh once it has
# also built lgpio's wheel: the image stays what a Pi's image is.
#
# Run by build-image.sh inside the guest's root (apt works there):  build-gpio-sim.sh KERNEL_VERSION
set -eu

kver=$1
version=$(dpkg-query -W -f='${Version}' "linux-image-$kver")
series=$(echo "$kver" | cut -d. -f1,2)  # 6.12.117+deb13-amd64 -> 6.12 (the source package's name)
kernel_tools="linux-headers-$kver linux-source-$series=$version xz-utils bc"
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends gcc make libc6-dev $kernel_tools >/dev/null

build=/usr/src/gpio-sim-$kver
rm -rf "$build" && mkdir -p "$build"
tar -xJf "/usr/src/linux-source-$series.tar.xz" -C "$build" --strip-components=1 \
  "linux-source-$series/drivers/gpio/gpio-sim.c" "linux-source-$series/kernel/irq/irq_sim.c"
# One module, gpio-sim.ko, of the driver and the interrupt simulator it links against.
mv "$build/drivers/gpio/gpio-sim.c" "$build/gpio-sim-main.c"
mv "$build/kernel/irq/irq_sim.c" "$build/irq_sim.c"
# irq_sim.c calls handle_simple_irq(irq_to_desc(irq)), and irq_to_desc is not exported to
# modules. generic_handle_irq(irq) (exported) calls the very handler irq_sim.c gives each of its
# interrupts (handle_simple_irq): the same call, through the interface a module may use.
grep -q 'handle_simple_irq(irq_to_desc(irqnum));' "$build/irq_sim.c"
sed -i 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' "$build/irq_sim.c"
cat > "$build/Kbuild" <<'KBUILD'
obj-m := gpio-sim.o
gpio-sim-y := gpio-sim-main.o irq_sim.o
KBUILD
make -s -C "/usr/src/linux-headers-$kver" M="$build" modules
install -D -m 644 "$build/gpio-sim.ko" "/lib/modules/$kver/updates/dkms/gpio-sim.ko"
depmod -a "$kver"
modinfo -k "$kver" gpio-sim | grep -E '^(filename|vermagic|depends):'

rm -rf "$build"
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive apt-get purge -y -q $(echo "$kernel_tools" | sed 's/=[^ ]*//g') >/dev/null
