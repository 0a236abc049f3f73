"""The phone page's address, and its QR code for the touchscreen to show.

`phone_url(config, address)` and `reachable_url(config, address)` are pure;
`lan_address()` asks the Pi's network interfaces (no traffic is sent), and
`reachable_page_url(config)` combines them: the address to show on the touchscreen now.
"""

from __future__ import annotations

import fcntl
import ipaddress
import socket
import struct
from typing import Any
from urllib.parse import quote

_SIOCGIFADDR = 0x8915


def phone_url(config: Any, address: str | None) -> str:
    """http://<address>:<port>/#table=<id>&prefix=<prefix>; [phone] url replaces it when set."""
    if config["phone"]["url"]:
        return config["phone"]["url"]
    host = config["phone"]["address"] or address or "localhost"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address
    fragment = f"table={quote(config['table']['id'])}&prefix={quote(config['mqtt']['topic_prefix'])}"
    return f"http://{host}:{config['phone']['port']}/#{fragment}"


def reachable_url(config: Any, address: str | None) -> str | None:
    """phone_url, or None when no phone could reach it: nothing configured and no LAN address.

    Without either the address would be localhost, which on a phone is the phone itself.
    A configured address or url is trusted as given, since someone chose it for this table.
    """
    configured = config["phone"]["url"] or config["phone"]["address"]
    if not configured and (address is None or _is_loopback(address)):
        return None
    return phone_url(config, address)


def reachable_page_url(config: Any) -> str | None:
    """The phone page's address now (the Pi's LAN address may change), or None while the Pi has
    no address a phone could use (e.g. Wi-Fi still joining)."""
    return reachable_url(config, lan_address())


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address.strip("[]")).is_loopback
    except ValueError:
        return address.lower() == "localhost"


def lan_address() -> str | None:
    """The Pi's address on the local network (Wi-Fi or Ethernet), or None when it has none."""
    found: list[ipaddress.IPv4Address] = []
    for _, name in socket.if_nameindex():
        address = _interface_address(name)
        if address is not None and not address.is_loopback and not address.is_link_local:
            found.append(address)
    # A private address (the table's Wi-Fi) before any other, e.g. a container's bridge.
    found.sort(key=lambda a: (not a.is_private, str(a)))
    return str(found[0]) if found else None


def _interface_address(name: str) -> ipaddress.IPv4Address | None:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            packed = fcntl.ioctl(s.fileno(), _SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
    except OSError:
        return None  # down, or no IPv4 address
    return ipaddress.IPv4Address(packed[20:24])


MASK_PATTERN = 0


def qr_matrix(text: str, border: int = 2) -> list[list[bool]]:
    """The QR code as rows of modules, True for dark, with a quiet zone of `border` modules."""
    import qrcode  # here: the table's first frame does not wait for it (it draws the code a frame later)
    from qrcode.constants import ERROR_CORRECT_M

    # One fixed mask: left to choose, qrcode draws the code with all eight masks and keeps the
    # easiest to scan, eight times the work on the first frames; every phone reads any of them.
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=border, mask_pattern=MASK_PATTERN)
    code.add_data(text)
    code.make(fit=True)
    return [[bool(m) for m in row] for row in code.get_matrix()]
