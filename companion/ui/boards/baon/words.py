"""What the Baon board says, as plain functions of the public view (no Kivy widgets)."""

from __future__ import annotations

from typing import Any

from kivy.utils import get_color_from_hex

from companion.ui.styling import _luminance, hex_of, readable, symbol

TOKEN_SHORT = {"biggest": "Biggest", "baons": "Baons", "treats": "Treats", "generous": "Generous"}


def suits(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in view["suits"]}


def suit_text_colour(hex_colour: str) -> str:
    """A suit's colour as text on the dark panels."""
    return hex_of(readable(hex_colour))


def on_colour(hex_colour: str) -> list[float]:
    """Dark or light text on a button painted in a suit's colour, whichever reads better."""
    rgb = list(get_color_from_hex(hex_colour))[:3]
    return [0.07, 0.07, 0.07, 1] if _luminance(rgb) > 0.2 else [1, 1, 1, 1]


def card_markup(card: dict[str, Any], table: dict[str, dict[str, Any]], named: bool = False) -> str:
    """A laid card: its value in its suit's colour, a wild as a star and the value it stands for;
    `named`: the suit's first letters before it, as on the pad's keys ("Lum 4")."""
    if card["wild"]:
        return f"{symbol('★', '#FFFFFF')}{card['value']}"
    suit = table[card["suit"]]
    text = f"{suit['name'][:3]} {card['value']}" if named else str(card["value"])
    return f"[color={suit_text_colour(suit['hex'])}]{text}[/color]"


def baon_markup(baon: dict[str, Any], table: dict[str, dict[str, Any]]) -> str:
    """"Adobo 3 4 Lum 5 Pan 6 +5": the container's name in its colour, the cards, the variety bonus.
    A card of another suit than the one before it (the container's, to begin with) has its suit's
    first letters: its colour alone is no sign for a colour-blind player (red, brown and green
    look alike to a deuteranope), and the variety bonus counts suits."""
    suit = table[baon["container"]]
    name = f"[color={suit_text_colour(suit['hex'])}][b]{suit['name']}[/b][/color]"
    cards, last = [], baon["container"]
    for card in baon["cards"]:
        cards.append(card_markup(card, table, named=not card["wild"] and card["suit"] != last))
        last = last if card["wild"] else card["suit"]  # a wild changes no suit: the next card reads on
    bonus = f" [color=#3DDC84]+{baon['variety']}[/color]" if baon["variety"] else ""
    return f"{name} {' '.join(cards)}{bonus}"


def entry_markup(cards: list[str], table: dict[str, dict[str, Any]]) -> str:
    """Cards being entered, in the order given, short enough for one line: each in its suit's
    colour, the suit's first letters (as on the pad's keys) only where the suit changes, a wild
    as a star: "Ado 3 4 ★ Lum 6"."""
    if not cards:
        return "no card yet"
    out, last = [], None
    for c in cards:
        if c == "w":
            out.append(symbol("★", "#FFFFFF"))
            last = None
            continue
        suit = table[c[0]]
        text = c[1:] if c[0] == last else f"{suit['name'][:3]} {c[1:]}"
        out.append(f"[color={suit_text_colour(suit['hex'])}]{text}[/color]")
        last = c[0]
    return " ".join(out)


def token_box(m: dict[str, Any], claimable: bool = False) -> str:
    """One token in three short lines: its name and points, who holds it, who has the majority now
    (the player whose turn it is, when they may claim it: a touch on the box claims it)."""
    return (f"[b]{TOKEN_SHORT[m['token']]}[/b] {m['points']}\n"
            f"held: {m['holder'] or '—'}\n"
            + ("[b]tap to claim[/b]" if claimable else f"now: {m['leader'] or 'tie'}"))


def counter_box(view: dict[str, Any]) -> str:
    """The pile, the countertop and Lola in three short lines; Lola's line turns yellow when she
    is near (a round or so of takes left)."""
    if view["mode"] != "game":
        return "[b]Scoring only[/b]\nenter baons,\ncubes, tokens"
    spaces = " ".join(str(n) for n in view["spaces"])
    state = view["lola"]["state"]
    lola = f"Lola {LOLA_SHORT.get(state, state)}"
    if state == "hidden" and view["pile"] <= NEAR:
        lola = "[color=#FFD34D][b]Lola near![/b][/color]"
    return f"[b]Pile[/b] {view['pile']}\nspaces {spaces}\n{lola}"


NEAR = 6


LOLA_SHORT = {"hidden": "hidden", "revealed": "shows!", "dealt": "dealt"}
