/* The hall's export: the chosen day's plays in `companion export`'s formats, as
 * `companion hall-export` writes them (companion/hall/export.py; tests/hall/test_export.py
 * holds the two to the same bytes). A play's id names its table: "<table>-<its name there>" (its number and start).
 */
(function (root) {
  "use strict";

  var COLUMNS = ["play", "game", "started_at", "ended_at", "duration_min", "location", "player", "score", "rank",
                 "winner", "start_player"];

  function location(p) { return p.location || (p.table && p.table.name) || ""; }
  function playId(p) { return ((p.table && p.table.id) || "?") + "-" + (p.uid || p.id); }

  function minutes(p) {
    var ms = Date.parse(p.ended_at) - Date.parse(p.started_at);
    return isNaN(ms) ? 0 : Math.max(0, Math.round(ms / 60000));
  }

  // Python's csv module, minimal quoting: only a field with a comma, a quote or a line break.
  function cell(value) {
    var text = value === null || value === undefined ? "" : String(value);
    return /[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
  }

  function csv(plays) {
    var lines = [COLUMNS.join(",")];
    plays.forEach(function (p) {
      p.players.forEach(function (s) {
        lines.push([playId(p), p.title, p.started_at, p.ended_at, minutes(p), location(p), s.name,
                    typeof s.score === "number" ? s.score : "", s.rank, s.winner ? "yes" : "no",
                    s.start_player ? "yes" : "no"].map(cell).join(","));
      });
    });
    return lines.join("\r\n") + "\r\n";
  }

  function json(plays) {
    return JSON.stringify(plays.map(function (p) {
      return {
        id: playId(p), game: p.game, title: p.title, started_at: p.started_at, ended_at: p.ended_at,
        duration_min: minutes(p), summary: p.summary || "",
        players: p.players.map(function (s) {
          return { name: s.name, score: typeof s.score === "number" ? s.score : null, rank: s.rank,
                   winner: !!s.winner, start_player: !!s.start_player };
        }),
        location: location(p), table: p.table,
      };
    }), null, 2) + "\n";
  }

  function download(name, text, type) {
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: type }));
    link.download = name;
    document.body.appendChild(link);
    link.click();
    setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
  }

  root.HallExport = { csv: csv, json: json, download: download };
})(typeof window !== "undefined" ? window : this);
