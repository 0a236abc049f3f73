"""Draws hardware/wiring.svg: `python hardware/draw_wiring.py > hardware/wiring.svg`.

The tables in hardware/README.md are the reference; this drawing shows the same wiring.
"""

from __future__ import annotations

import sys

W, H = 1280, 830
INK = "#222"
BLUE, RED, BLACK, PURPLE = "#1f6fb2", "#c0392b", "#333", "#7d3c98"
out: list[str] = []


def add(s: str) -> None:
    out.append(s)


def text(x, y, s, size=13, anchor="start", weight="normal", fill=INK):
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    add(f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" fill="{fill}">{s}</text>')


def wire(points, color=BLUE, width=2.2, dash=None):
    d = " ".join(f"{x},{y}" for x, y in points)
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    add(f'<polyline points="{d}" fill="none" stroke="{color}" stroke-width="{width}" stroke-linejoin="round"{extra}/>')


def dot(x, y):
    add(f'<circle cx="{x}" cy="{y}" r="4" fill="{INK}"/>')


def terminal(x, y, label):
    """A connection point on a board's right edge, its name inside the board."""
    add(f'<circle cx="{x}" cy="{y}" r="5" fill="#fff" stroke="{INK}" stroke-width="2"/>')
    text(x - 10, y + 4, label, 12, "end")


def box(x, y, w, h, fill, title=None, rx=8):
    add(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{rx}" fill="{fill}" stroke="{INK}" stroke-width="2"/>')
    if title:
        text(x + w / 2, y + 22, title, 14, "middle", "bold")


def button(x, y, label):
    """A normally-open push switch from (x, y) to (x + 60, y); its name above."""
    wire([(x, y), (x + 18, y)], INK)
    wire([(x + 42, y), (x + 60, y)], INK)
    for cx in (x + 18, x + 42):
        add(f'<circle cx="{cx}" cy="{y}" r="3" fill="#fff" stroke="{INK}" stroke-width="2"/>')
    wire([(x + 14, y - 9), (x + 46, y - 9)], INK)
    wire([(x + 30, y - 9), (x + 30, y - 17)], INK)
    text(x + 30, y - 22, label, 12, "middle", "bold")


def resistor_h(x, y, length, label):
    mid = x + length / 2
    wire([(x, y), (mid - 14, y)], INK)
    add(f'<rect x="{mid - 14}" y="{y - 6}" width="28" height="12" fill="#fff" stroke="{INK}" stroke-width="2"/>')
    wire([(mid + 14, y), (x + length, y)], INK)
    text(mid, y - 11, label, 11, "middle")


def resistor_v(x, y1, y2, label):
    mid = (y1 + y2) / 2
    wire([(x, y1), (x, mid - 14)], INK)
    add(f'<rect x="{x - 6}" y="{mid - 14}" width="12" height="28" fill="#fff" stroke="{INK}" stroke-width="2"/>')
    wire([(x, mid + 14), (x, y2)], INK)
    text(x + 12, mid + 4, label, 11)


def capacitor_down(x, y, label):
    wire([(x, y), (x, y + 14)], INK)
    wire([(x - 11, y + 14), (x + 11, y + 14)], INK, 3)
    wire([(x - 11, y + 22), (x + 11, y + 22)], INK, 3)
    wire([(x, y + 22), (x, y + 34)], INK)
    text(x + 16, y + 22, label, 11)
    ground(x, y + 34)


def ground(x, y, label=None):
    wire([(x - 11, y), (x + 11, y)], INK)
    wire([(x - 7, y + 4), (x + 7, y + 4)], INK)
    wire([(x - 3, y + 8), (x + 3, y + 8)], INK)
    if label:
        text(x + 14, y + 8, label, 11)


def supply(x, y, label="3V3"):
    wire([(x - 10, y), (x + 10, y)], RED, 3)
    text(x, y - 6, label, 11, "middle", "bold", RED)


def led(x, y, label):
    """An LED from (x, y) to (x + 40, y), anode left; its name above the wire to its right."""
    wire([(x, y), (x + 12, y)], INK)
    add(f'<polygon points="{x + 12},{y - 9} {x + 12},{y + 9} {x + 28},{y}" fill="#f7dc6f" stroke="{INK}" stroke-width="2"/>')
    wire([(x + 28, y - 9), (x + 28, y + 9)], INK)
    wire([(x + 28, y), (x + 40, y)], INK)
    for dx in (0, 6):
        wire([(x + 18 + dx, y - 12), (x + 24 + dx, y - 19)], "#b7950b", 1.5)
    text(x + 52, y - 6, label, 12, weight="bold")


def header_inset(x0, y0):
    """The Pi's 40-pin header from above, pin 1 (square) top left; the pins used, coloured."""
    used = {11: BLUE, 13: BLUE, 15: BLUE, 16: BLUE, 29: BLUE, 31: BLUE, 37: BLUE,
            9: BLACK, 14: BLACK, 20: BLACK, 25: BLACK, 30: BLACK, 39: BLACK, 17: RED}
    text(x0 + 12, y0 - 26, "Pi header", 12, "middle", "bold")
    text(x0 + 12, y0 - 12, "(from above)", 10, "middle")
    add(f'<rect x="{x0 - 10}" y="{y0 - 8}" width="44" height="{19 * 13 + 16}" rx="4" fill="#eafaf1" stroke="{INK}"/>')
    for pin in range(1, 41):
        row, col = divmod(pin - 1, 2)
        cx, cy = x0 + col * 24, y0 + row * 13
        fill = used.get(pin, "#fff")
        if pin == 1:
            add(f'<rect x="{cx - 4.5}" y="{cy - 4.5}" width="9" height="9" fill="{fill}" stroke="{INK}"/>')
        else:
            add(f'<circle cx="{cx}" cy="{cy}" r="4.5" fill="{fill}" stroke="{INK}"/>')
        if pin in used or pin in (1, 2):
            tx, anchor = (cx - 9, "end") if col == 0 else (cx + 9, "start")
            text(tx, cy + 4, str(pin), 10, anchor)


def table_controls() -> None:
    text(30, 24, "Table controls: Raspberry Pi 4 / 5", 18, weight="bold")
    box(30, 60, 160, 580, "#e8f5e9", "Raspberry Pi")
    x, rail = 190, 540
    rows = {"confirm": 110, "undo": 170, "pass": 230, "roll": 290, "3v3": 360, "a": 420, "b": 490, "push": 560}
    names = {"confirm": "GPIO17 · pin 11", "undo": "GPIO27 · pin 13", "pass": "GPIO22 · pin 15",
             "roll": "GPIO23 · pin 16", "3v3": "3V3 · pin 17", "a": "GPIO5 · pin 29", "b": "GPIO6 · pin 31",
             "push": "GPIO26 · pin 37"}
    for key, y in rows.items():
        terminal(x, y, names[key])
    terminal(x, 615, "GND · any of pins")
    text(180, 631, "9, 14, 20, 25, 30, 39", 12, "end")
    # Ground rail: every button and the encoder's common and switch return here.
    wire([(x, 615), (rail, 615), (rail, rows["confirm"])], BLACK)
    for key, label in (("confirm", "Confirm"), ("undo", "Undo · hold: Redo"), ("pass", "Pass"), ("roll", "Roll")):
        y = rows[key]
        wire([(x, y), (330, y)])
        button(330, y, label)
        wire([(390, y), (rail, y)], BLACK)
        dot(rail, y)
    # 3V3 for the filters' pull-ups.
    wire([(x, rows["3v3"]), (220, rows["3v3"])], RED)
    supply(230, rows["3v3"])
    # The encoder and its two filters.
    enc_x, enc_w = 430, 80
    box(enc_x, 395, enc_w, 190, "#fdf2e9", rx=6)
    text(enc_x + enc_w / 2, 388, "rotary encoder", 12, "middle", "bold")
    text(enc_x + 8, rows["a"] + 4, "A", 12, weight="bold")
    text(enc_x + 8, rows["b"] + 4, "B", 12, weight="bold")
    text(enc_x + enc_w - 8, 455 + 4, "C", 12, "end", weight="bold")
    text(enc_x + 8, rows["push"] + 4, "SW", 12, weight="bold")
    text(enc_x + enc_w - 8, rows["push"] + 4, "SW", 12, "end", weight="bold")
    for key in ("a", "b"):
        y = rows[key]
        box(260, y - 18, 90, 36, "#fff", rx=4)
        text(305, y + 4, "RC filter", 11, "middle")
        wire([(x, y), (260, y)])
        wire([(350, y), (enc_x, y)])
    text(305, rows["b"] + 34, "detail below", 10, "middle")
    wire([(enc_x + enc_w, 455), (rail, 455)], BLACK)
    dot(rail, 455)
    wire([(x, rows["push"]), (enc_x, rows["push"])])
    wire([(enc_x + enc_w, rows["push"]), (rail, rows["push"])], BLACK)
    dot(rail, rows["push"])
    # One filter channel in detail.
    y0 = 715
    text(30, 668, "RC filter, one per encoder line (A shown; B the same with GPIO6)", 13, weight="bold")
    add(f'<rect x="30" y="678" width="520" height="130" rx="6" fill="none" stroke="#999" stroke-dasharray="5 4"/>')
    add(f'<circle cx="70" cy="{y0 + 20}" r="5" fill="#fff" stroke="{INK}" stroke-width="2"/>')
    text(70, y0 + 44, "GPIO5 (pin 29)", 11, "middle")
    wire([(75, y0 + 20), (160, y0 + 20)])
    dot(160, y0 + 20)
    capacitor_down(160, y0 + 20, "10 nF")
    resistor_h(160, y0 + 20, 150, "10 kΩ (series)")
    dot(310, y0 + 20)
    supply(310, y0 - 18)
    resistor_v(310, y0 - 18, y0 + 20, "10 kΩ (pull-up)")
    wire([(310, y0 + 20), (430, y0 + 20)])
    text(440, y0 + 24, "encoder A", 12, weight="bold")
    text(176, y0 + 84, "GND (pin 30)", 11)
    header_inset(592, 430)


def dice_tray() -> None:
    text(690, 24, "Dice tray: Raspberry Pi Pico", 18, weight="bold")
    px, top = 690, 90
    box(px, top, 160, 500, "#eaf2f8", "Raspberry Pi Pico")
    add(f'<rect x="{px + 60}" y="{top - 12}" width="40" height="14" rx="2" fill="#bbb" stroke="{INK}"/>')
    text(px + 106, top - 2, "USB", 11)
    x, rail = px + 160, 1240
    faces = [("GP2 · pin 4", 140, "face 1"), ("GP3 · pin 5", 185, "face 2"), ("GP4 · pin 6", 230, "face 3"),
             ("GP5 · pin 7", 275, "face 4"), ("GP6 · pin 9", 320, "face peek"), ("GP7 · pin 10", 365, "face bondo"),
             ("GP8 · pin 11", 410, "ready (a roll is expected)")]
    for name, y, label in faces:
        terminal(x, y, name)
        wire([(x, y), (890, y)])
        resistor_h(890, y, 70, "330 Ω")
        led(960, y, label)
        wire([(1000, y), (rail, y)], BLACK)
        dot(rail, y)
    terminal(x, 470, "GP14 · pin 19")
    wire([(x, 470), (1000, 470)])
    button(1000, 470, "tilt switch (optional)")
    wire([(1060, 470), (rail, 470)], BLACK)
    dot(rail, 470)
    terminal(x, 530, "GP15 · pin 20")
    wire([(x, 530), (1000, 530)])
    button(1000, 530, "roll button")
    wire([(1060, 530), (rail, 530)], BLACK)
    dot(rail, 530)
    terminal(x, 572, "GND · pin 18")
    wire([(x, 572), (rail, 572), (rail, 140)], BLACK)
    text(890, 612, "LEDs: long leg (anode) towards the resistor, flat side to GND.", 11)
    text(890, 628, "Button and tilt switch: no resistors (internal pull-ups).", 11)
    # The USB cable to the Pi.
    wire([(px + 80, top - 12), (px + 80, 48), (110, 48), (110, 60)], PURPLE, 3, "8 5")
    text(400, 42, "USB cable (data) to any USB port of the Pi: /dev/dicetray (udev rule)", 12, "middle", fill=PURPLE)


def legend() -> None:
    x, y = 690, 680
    text(x, y, "Wires", 13, weight="bold")
    for i, (color, label) in enumerate(((BLUE, "signal"), (BLACK, "ground (GND)"), (RED, "3.3 V"), (PURPLE, "USB"))):
        wire([(x, y + 20 + i * 20), (x + 30, y + 20 + i * 20)], color, 3)
        text(x + 40, y + 24 + i * 20, label, 12)
    text(x + 200, y + 24, "3.3 V only: nothing connects to 5 V.", 12, weight="bold")
    text(x + 200, y + 44, "Pins are BCM GPIO numbers (Pi) and GP numbers (Pico),", 12)
    text(x + 200, y + 64, "with the board's physical pin numbers.", 12)
    text(x + 200, y + 84, "Reference tables: hardware/README.md", 12)


def main() -> None:
    add(f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
        'font-family="DejaVu Sans, Arial, sans-serif">')
    add(f'<rect width="{W}" height="{H}" fill="#fff"/>')
    table_controls()
    dice_tray()
    legend()
    add("</svg>")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
