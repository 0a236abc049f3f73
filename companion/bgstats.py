"""A finished play as a link that logs it in BG Stats (Board Game Stats), from a phone.

BG Stats documents its push format at
https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/ :
https://app.bgstatsapp.com/createPlay.html?data=<data>, where <data> is URL-encoded JSON with
"game" ({"name", "bggId", "highestWins", "noPoints", "sourceGameId"}), "playDate"
("2020-10-23 19:16:58"), "durationMin", "location", "comments", "board" and "players"
([{"name", "score", "rank", "winner", "startPlayer", "role", "sourcePlayerId"}]). Opened on a
phone with BG Stats installed, the app shows its import dialog, where the game and the players
are matched to its own. Fields we have nothing for (bggId, board, role) are left out.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any
from urllib.parse import quote

from companion.plays import Play

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"


def play_data(play: Play, location: str) -> dict[str, Any]:
    """The play in BG Stats' format; the date in the table's local time, as a person logs it."""
    points = play.has_points
    players = []
    for seat in play.seats:
        player: dict[str, Any] = {"name": seat.name, "rank": seat.rank, "winner": seat.winner,
                                  "startPlayer": seat.start_player}
        if points and seat.score is not None:
            player["score"] = seat.score
        players.append(player)
    return {
        "game": {"name": play.title, "sourceGameId": play.game, "highestWins": True, "noPoints": not points},
        "playDate": datetime.fromisoformat(play.started_at).astimezone().strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": play.minutes,
        "location": location,
        "players": players,
    }


def link(play: Play, location: str) -> str:
    """createPlay.html?data= with the play's JSON, URL-encoded."""
    data = json.dumps(play_data(play, location), separators=(",", ":"), ensure_ascii=False)
    return f"{CREATE_PLAY}?data={quote(data, safe='')}"
