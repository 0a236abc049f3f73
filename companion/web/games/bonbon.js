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

  // Under the scoring table, in the touchscreen's words (companion/ui/boards/bonbon/words.py, decided).
  var DECIDED = {
    points: "most points",
    "cards played": "tied on points: most cards played, zeros not counted",
    "face-down cards": "tied on points and cards: most face-down cards",
    tie: "still tied after both tie-breaks: every tied player takes one",
  };

  function decided(scoring) {
    var winners = scoring.winners || [];
    if (!winners.length) return "Nobody scored: no bonbon token this round.";
    var takes = winners.length === 1 ? "takes a bonbon token" : "take a bonbon token";
    return names(winners) + " " + takes + " (" + (DECIDED[scoring.decided_by] || scoring.decided_by) + ").";
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

  function names(list) {
    list = list || [];
    return list.length > 1 ? list.slice(0, -1).join(", ") + " and " + list[list.length - 1] : list.join("");
  }

  // Bonbon's events carry no text of their own (companion/games/bonbon/events.py). The same words
  // as the touchscreen's story of a past game (companion/ui/boards/bonbon/words.py, NEWS).
  var TILES = {
    three: "Gain 3 points",
    zeros: "1 point for every 0 played",
    face_up: "1 point per face-up card (not zeros)",
    ones: "1 point per card showing 1",
    sets: "2 points per face-down set of 2+",
    variety: "1 point per different illustration",
  };
  var ENDS = { collective_limit: "the table went over the collective limit", everyone_done: "everyone passed or is out" };
  var EVENTS = {
    // Board mode's rounds have no starter: the table only keeps the collective total.
    round_started: function (e) { return "Round " + e.round + " starts" + (e.starter ? " with " + e.starter : ""); },
    passed: function (e) { return e.player + (e.first ? " passed first" : " passed"); },
    tile_taken: function (e) { return e.player + " took a tile: " + (TILES[e.tile] || G.label(e.tile)); },
    eliminated: function (e) { return e.player + " is out: " + (e.reason === "collective" ? "the table went over its limit" : "over their limit"); },
    // Same words as the touchscreen (companion/ui/boards/bonbon/words.py).
    effect_skipped: function (e) {
      return e.effect === "peek"
        ? e.player + "'s reveal card does nothing: no other player still in has a face-down card"
        : e.player + "'s swap card does nothing: no other player still in has a card to swap with";
    },
    discarded: function (e) { return e.player + " discarded " + e.cards + (e.cards === 1 ? " card" : " cards"); },
    round_over: function (e) { return "Round " + e.round + " is over: " + (ENDS[e.reason] || "it ended"); },
    round_won: function (e) { return e.winners && e.winners.length ? names(e.winners) + " won round " + e.round : "Nobody won round " + e.round; },
    game_won: function (e) { return names(e.winners) + " won the game"; },
    collective_overflow: function (e) { return "The table went over the collective limit (" + e.total + " of " + e.limit + ")"; },
  };

  Companion.games.register("bonbon", {
    scoreLabel: "tokens",
    event: function (e) { return EVENTS[e.type] ? EVENTS[e.type](e) : null; },
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
      if (p.tile) rows.push(["tile", G.label(p.tile)]);
      var line = scoringLine(state, name);
      return line ? rows.concat(scored(line)) : rows;
    },
    table: function (state, generic) {
      var v = state.view || {};
      var rows = [];
      var scoring = v.scoring;
      if (scoring) {
        // First, as the touchscreen's scoring table: the round, who takes a token and why, how it ended.
        rows.push(["round\u00a0" + scoring.round, decided(scoring)]); // kept on one line beside a long value
        if (ENDS[scoring.end_reason]) rows.push(["ended", ENDS[scoring.end_reason]]);
      }
      if (v.collective) rows.push(["on the table", v.collective.total + " / " + v.collective.limit]);
      if (v.round && !scoring) rows.push(["round", v.round]);
      if (v.tokens_to_win) rows.push(["tokens to win", v.tokens_to_win]);
      if (v.tiles && v.tiles.available && v.tiles.available.length) rows.push(["bonus tiles", G.text(v.tiles.available.map(G.label))]);
      return rows.length ? rows : generic;
    },
    more: function () { return []; },
  });
})();
