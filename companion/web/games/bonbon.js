/* Bonbon on the phone: each player's cards (face-down ones stay blank), face-up total
 * against their limit, and the collective total against its limit. */
(function () {
  "use strict";
  var G = Companion.generic;

  function record(state, name) {
    var players = (state.view && state.view.players) || [];
    for (var i = 0; i < players.length; i++) if (players[i].name === name) return players[i];
    return null;
  }

  function card(c) {
    if (!c || c.face !== "up") return "▢"; // face-down: its value is not known here either
    return c.value !== undefined && c.value !== null ? String(c.value) : G.label(c.kind);
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
      return out;
    },
    stats: function (state, name, generic) {
      var p = record(state, name);
      if (!p) return generic;
      var rows = [["face-up", p.face_up_total + " / " + p.limit]];
      if (p.cards && p.cards.length) rows.push(["cards", p.cards.map(card).join(" ")]);
      if (p.tile) rows.push(["tile", G.label(p.tile)]);
      return rows;
    },
    table: function (state, generic) {
      var v = state.view || {};
      var rows = [];
      if (v.collective) rows.push(["on the table", v.collective.total + " / " + v.collective.limit]);
      if (v.round) rows.push(["round", v.round]);
      if (v.tokens_to_win) rows.push(["tokens to win", v.tokens_to_win]);
      if (v.tiles && v.tiles.available && v.tiles.available.length) rows.push(["bonus tiles", G.text(v.tiles.available.map(G.label))]);
      return rows.length ? rows : generic;
    },
    more: function () { return []; },
  });
})();
