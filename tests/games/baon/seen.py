"""What a player reads of generosity, tokens, majorities and baons: on the touchscreen (its
labels' words and colours), on the phone page (its text), and in the session's view, each put
in one shape so the three can be compared."""

from __future__ import annotations

import re
from typing import Any

from companion.ui.boards.baon.words import TOKEN_SHORT, suit_text_colour
from companion.games.baon.words import TOKEN_NAMES

MARKUP = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")
BAON = re.compile(r"^\[color=(#[0-9A-Fa-f]{6})\]\[b\](.+?)\[/b\]\[/color\] (.*?)(?: \[color=#3DDC84\]\+(\d+)\[/color\])?$")
CARD = re.compile(r"\[color=(#[0-9A-Fa-f]{6})\](\d+)\[/color\]|\[font=[^\]]+\]★\[/font\]\[/color\](\d+)")
SHORT_TO_TOKEN = {short: token for token, short in TOKEN_SHORT.items()}
NAME_TO_TOKEN = {name: token for token, name in TOKEN_NAMES.items()}


def plain(markup: str) -> str:
    return MARKUP.sub("", markup)


def from_view(view: dict[str, Any]) -> dict[str, Any]:
    """The session's own view in the compared shape."""
    game, names = view["view"], {s["id"]: s["name"] for s in view["view"]["suits"]}
    players = {}
    for p in game["players"]:
        players[p["name"]] = {
            "score": view["scores"][p["name"]],
            "generosity": p["generosity"],
            "hand": p["hand"],
            "tokens": sorted(p["tokens"]),
            "baons": {names[b["container"]]: [("wild" if c["wild"] else names[c["suit"]], c["value"])
                                              for c in b["cards"]] for b in p["baons"]},
        }
    majorities = {m["token"]: (m["holder"], m["leader"]) for m in game["majorities"]}
    return {"players": players, "majorities": majorities}


def touchscreen(board, view: dict[str, Any]) -> dict[str, Any]:
    """The board's player panels and token boxes, read as a player reads them."""
    suits = view["view"]["suits"]
    by_colour = {suit_text_colour(s["hex"]).lower(): s["name"] for s in suits}
    players = {}
    for panel, seat in zip(board.players.panels, view["players"]):
        head = plain(panel.head.text).replace("▶", "").strip()
        parts = head.split(" · ")
        name, score = re.match(r"^(\S+)\s+(-?\d+) pts$", parts[0]).groups()
        assert name == seat["name"], head
        record: dict[str, Any] = {"score": int(score), "generosity": None, "hand": None, "tokens": [], "baons": {}}
        for part in parts[1:]:
            if part.endswith(" gen"):
                record["generosity"] = int(part.split()[0])
            elif part.endswith(" in hand"):
                record["hand"] = int(part.split()[0])
            elif not part.startswith("fav "):
                record["tokens"] = sorted(SHORT_TO_TOKEN[t] for t in part.split(", "))
        if plain(panel.baons.text) != "no baon yet":
            for one in panel.baons.text.split("   "):
                one = re.sub(r"\[/?ref[^\]]*\]", "", one)  # a baon is a place to touch, not words
                found = BAON.match(one)
                assert found, one
                cards = [(by_colour[colour.lower()], int(value)) if colour else ("wild", int(wild))
                         for colour, value, wild in CARD.findall(found.group(3))]
                record["baons"][found.group(2)] = cards
        players[name] = record
    majorities = {}
    turn = next((plain(p.head.text).replace("▶", "").split()[0] for p in board.players.panels
                 if "▶" in p.head.text), None)
    for box in board.tokens:
        first, held, now = (plain(line.text) for line in box.lines)
        token = SHORT_TO_TOKEN[first.split()[0]]
        holder = held.removeprefix("held: ")
        # The token the player whose turn it is leads and may claim says so instead: theirs.
        leader = turn if now == "tap to claim" else now.removeprefix("now: ")
        majorities[token] = (None if holder == "—" else holder, None if leader == "tie" else leader)
    return {"players": players, "majorities": majorities}


READ_PHONE = """
var out = {players: {}, info: {}};
document.querySelectorAll('#players .player').forEach(function (card) {
  var stats = {};
  card.querySelectorAll('.stats div').forEach(function (d) {
    stats[d.querySelector('dt').textContent] = d.querySelector('dd').textContent;
  });
  var score = card.querySelector('.score');
  out.players[card.dataset.player] = {
    score: score && score.firstChild ? score.firstChild.textContent : '',
    badges: Array.from(card.querySelectorAll('.badge')).map(function (b) { return b.textContent; }),
    stats: stats,
  };
});
document.querySelectorAll('#table-info div').forEach(function (d) {
  out.info[d.querySelector('dt').textContent] = d.querySelector('dd').textContent;
});
return out;
"""


def _phone_cards(text: str) -> list[tuple[str, int]]:
    text = re.sub(r" \(\d suits: \+\d+\)$", "", text)
    out = []
    for card in text.split(", "):
        first, second = card.split(" ", 1)
        out.append(("wild", int(second)) if first == "wild" else (second, int(first)))
    return out


def phone(browser) -> dict[str, Any]:
    """The phone page's player cards and table lines, read as a player reads them."""
    page = browser.execute_script(READ_PHONE)
    players = {}
    for name, card in page["players"].items():
        stats = card["stats"]
        players[name] = {
            "score": int(card["score"]),
            "generosity": int(stats["generosity"]),
            "hand": int(stats["cards in hand"]) if "cards in hand" in stats else None,
            "tokens": sorted(NAME_TO_TOKEN[b] for b in card["badges"] if b in NAME_TO_TOKEN),
            "baons": {label.removesuffix(" baon"): _phone_cards(text) for label, text in stats.items()
                      if label.endswith(" baon")},
        }
    majorities = {}
    for label, text in page["info"].items():
        token = NAME_TO_TOKEN.get(re.sub(r" \(\d+\)$", "", label))
        if token is None:
            continue
        held, now = text.split("; ")
        majorities[token] = (None if held == "not claimed" else held.removeprefix("held by "),
                             None if now == "no clear majority now" else now.removesuffix(" leads now"))
    return {"players": players, "majorities": majorities, "info": page["info"]}
