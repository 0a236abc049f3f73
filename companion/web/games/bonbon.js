/* Bonbon on the phone: each player's cards (face-down ones stay blank until the table turns
 * them over), face-up total against their limit, the collective total against its limit, and
 * after a round its scoring: each player's points and who takes a bonbon token, and why. */
(function () {
  "use strict";
  var G = Companion.generic;

  function record(state, name) {
    var players = (state.view && state.view.players) || [];
    for (var i = 0; i < players.length; i++) if (players[i].name === name) return players[i];
    return null;
  }

  function known(value) { return value !== undefined && value !== null; }

  // A face-down card is a blank back; once the table turns it over for scoring, the view carries
  // its value and the back shows it ("▢4"), so it still reads as played face-down.
  function card(c) {
    if (!c) return "▢";
    if (c.face !== "up") return known(c.value) ? "▢" + c.value : "▢";
    return known(c.value) ? String(c.value) : G.label(c.kind);
  }

  // The round's scoring (view.scoring), present from the scoring of a round to the next round's start.
  function scoringLine(state, name) {
    var scoring = state.view && state.view.scoring;
    var lines = (scoring && scoring.lines) || [];
    for (var i = 0; i < lines.length; i++) if (lines[i].player === name) return lines[i];
    return null;
  }

  // The limit a player's cards were played against. Once a round is scored, the view's limit already
  // counts the token just won, which lowers the limit only "in future rounds": that round was played
  // one higher (the touchscreen's scoring table counts the tokens held before it the same way).
  function playedLimit(state, p) {
    var line = scoringLine(state, p.name);
    return line && line.token ? p.limit + 1 : p.limit;
  }

  // The game's own words for what the view names by id (companion/games/bonbon/view.py, "words"):
  // the tiles as the touchscreen shows them, who took the token and why, how the round ended.
  function words(state) { return (state.view && state.view.words) || {}; }

  function tileWords(state, tile) {
    var tiles = words(state).tiles || {};
    return tiles[tile] || G.label(tile);
  }

  // One player's line of the scoring table: the points and what they are made of, and the tie-breaks.
  function scored(line) {
    if (line.eliminated) return [["scored", "out: does not score"]];
    var parts = ["sets " + line.sets_points, "values " + line.card_values];
    if (line.tile) parts.push("tile " + line.tile_points);
    return [
      ["scored", line.total + " (" + parts.join(" + ") + ")"],
      // The tie-breaks, as the touchscreen's "played" and "down" columns.
      ["played (not 0s)", line.cards_played],
      ["face-down", line.face_down_cards],
    ];
  }

  Companion.games.register("bonbon", {
    // Instead of the touchscreen's prompt ("replace the taken tile"): what is going on.
    prompt: function (state, generic) { return words(state).situation || generic; },
    badges: function (state, name, generic) {
      var p = record(state, name);
      if (!p) return generic;
      var out = generic.slice();
      if (p.status === "out") out.push(p.out_reason ? "out: " + G.label(p.out_reason) : "out");
      if (p.status === "passed") out.push(p.first_passer ? "passed first" : "passed");
      var line = scoringLine(state, name);
      if (line && line.token) out.push("takes a token");
      return out;
    },
    stats: function (state, name, generic) {
      var p = record(state, name);
      if (!p) return generic;
      var rows = [["face-up", p.face_up_total + " / " + playedLimit(state, p)]];
      if (p.cards && p.cards.length) rows.push(["cards", p.cards.map(card).join(" ")]);
      if (p.tile) rows.push(["tile", tileWords(state, p.tile)]);
      var line = scoringLine(state, name);
      return line ? rows.concat(scored(line)) : rows;
    },
    table: function (state, generic) {
      var v = state.view || {};
      var rows = [];
      var scoring = v.scoring;
      if (scoring) {
        // First, as the touchscreen's scoring table: the round, who takes a token and why, how it ended.
        var said = words(state);
        if (said.decided) rows.push(["round\u00a0" + scoring.round, said.decided]); // kept on one line beside a long value
        if (said.ended) rows.push(["ended", said.ended]);
      }
      if (v.collective) rows.push(["on the table", v.collective.total + " / " + v.collective.limit]);
      if (v.round && !scoring) rows.push(["round", v.round]);
      if (v.tokens_to_win) rows.push(["tokens to win", v.tokens_to_win]);
      if (v.tiles && v.tiles.available && v.tiles.available.length) rows.push(["bonus tiles", v.tiles.available.map(function (t) {
        return tileWords(state, t).replace(/ /g, "\u00a0"); // a tile's words never split over two lines
      }).join(", ")]);
      return rows.length ? rows : generic;
    },
    more: function () { return []; },
  });
})();
