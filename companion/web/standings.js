/* The hall's standings: the one place where plays become a ranking (docs/hall.md, "Standings").
 * Pure functions over the plays the venue broker holds; no page, no network. The hall page and
 * its tests both call HallStandings.* (window.HallStandings).
 *
 * A play: {id, game, title, ended_at, players: [{name, score, rank, winner}], table: {id, name}}.
 * The rules an organiser chooses, and their tie-breaks in order (names never break a tie: players
 * still equal share the position and are listed alphabetically):
 *   wins      most wins; then fewer plays (the better share of wins); then most players beaten
 *   points    most points (the sum of the scores the games count; a play without scores adds 0);
 *             then most wins; then fewer plays
 *   placings  most players beaten (in each play, the players who finished below; a shared place
 *             beats nobody it is shared with); then most wins; then fewer plays
 */
(function (root) {
  "use strict";

  var RULES = {
    wins: { label: "Wins", keys: [["wins", -1], ["plays", 1], ["beaten", -1]] },
    points: { label: "Points", keys: [["points", -1], ["wins", -1], ["plays", 1]] },
    placings: { label: "Placings", keys: [["beaten", -1], ["wins", -1], ["plays", 1]] },
  };

  // A player's name at two tables is the same player: spaces and letter case do not matter.
  function playerKey(name) {
    return String(name || "").normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase();
  }

  // A play among every table's: its table and its name there ("uid": its number and start, so two
  // Pis of one table never share one), or its bare number as tables sent plays before.
  function playKey(play) {
    return ((play.table && play.table.id) || "?") + "/" + (play.uid || play.id);
  }

  // Each play once, however many times the bridge delivered it, oldest first.
  function unique(plays) {
    var seen = {};
    var out = [];
    (plays || []).forEach(function (p) {
      if (!p || !Array.isArray(p.players)) return;
      var key = playKey(p);
      if (seen[key]) return;
      seen[key] = true;
      out.push(p);
    });
    return out.sort(function (a, b) {
      return String(a.ended_at).localeCompare(String(b.ended_at)) || playKey(a).localeCompare(playKey(b));
    });
  }

  // The day of a play in the hall's own time zone, "YYYY-MM-DD".
  function dayOf(play) {
    var d = new Date(play.ended_at);
    if (isNaN(d)) return "";
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate());
  }

  function days(plays) {
    var found = {};
    unique(plays).forEach(function (p) { found[dayOf(p)] = true; });
    return Object.keys(found).filter(Boolean).sort().reverse();
  }

  function games(plays) {
    var found = {};
    unique(plays).forEach(function (p) { found[p.game] = p.title || p.game; });
    return Object.keys(found).sort(function (a, b) { return found[a].localeCompare(found[b]); })
      .map(function (id) { return { id: id, title: found[id] }; });
  }

  function tally(plays) {
    var players = {};
    unique(plays).forEach(function (p) {
      var seats = p.players;
      seats.forEach(function (s) {
        var key = playerKey(s.name);
        if (!key) return;
        var row = players[key] || (players[key] = { key: key, name: String(s.name).trim(), plays: 0, wins: 0, points: 0, beaten: 0 });
        row.plays += 1;
        if (s.winner) row.wins += 1;
        if (typeof s.score === "number" && isFinite(s.score)) row.points += s.score;
        row.beaten += seats.filter(function (o) { return o !== s && o.rank > s.rank; }).length;
      });
    });
    return Object.keys(players).map(function (k) { return players[k]; });
  }

  // The standings under `rule` ("wins", "points" or "placings"): rows with a position each;
  // players equal on every tie-break share it (`shared`).
  function standings(plays, rule) {
    var spec = RULES[rule] || RULES.wins;
    var compare = function (a, b) {
      for (var i = 0; i < spec.keys.length; i++) {
        var field = spec.keys[i][0], sign = spec.keys[i][1];
        if (a[field] !== b[field]) return sign * (a[field] - b[field]);
      }
      return 0;
    };
    var rows = tally(plays).sort(function (a, b) { return compare(a, b) || a.name.localeCompare(b.name); });
    rows.forEach(function (row, i) {
      var prev = rows[i - 1];
      row.position = prev && compare(prev, row) === 0 ? prev.position : i + 1;
    });
    rows.forEach(function (row) {
      row.shared = rows.filter(function (o) { return o.position === row.position; }).length > 1;
    });
    return rows;
  }

  function forDay(plays, day) {
    return unique(plays).filter(function (p) { return !day || dayOf(p) === day; });
  }

  function forGame(plays, game) {
    return unique(plays).filter(function (p) { return !game || p.game === game; });
  }

  root.HallStandings = {
    RULES: RULES, playerKey: playerKey, playKey: playKey, unique: unique, dayOf: dayOf, days: days,
    games: games, standings: standings, forDay: forDay, forGame: forGame,
  };
})(typeof window !== "undefined" ? window : this);
