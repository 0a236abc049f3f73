/* Baon on the phone: each player's baons card by card, generosity, tokens, favourite food and
 * hand size; the four majorities (who holds each token, who leads now); the pile and Lola; at the
 * end each player's score line by line. The news is the touchscreen's words (event.text). */
(function () {
  "use strict";

  // The same words as the touchscreen (companion/games/baon/words.py).
  var TOKENS = { biggest: "Biggest Baon", baons: "Most Baons", treats: "Most Treats", generous: "Most Generous" };
  var LINES = [
    ["variety", "variety bonuses"],
    ["generosity", "generosity (3 each)"],
    ["tokens", "bonus tokens"],
    ["food_both", "food matching container and favourite (5 each)"],
    ["food_one", "food matching one of them (3 each)"],
    ["food_neither", "food matching neither (1 each)"],
    ["wilds", "treats (1 each)"],
  ];
  var LOLA = {
    hidden: "hidden",
    near: "near: the pile is almost gone",
    revealed: "revealed: this turn finishes, then everybody has one last turn",
    dealt: "her cards are on the countertop: last round",
  };

  var NEAR = 6; // as the touchscreen's "Lola near!" (companion/ui/boards/baon/words.py)

  function view(state) { return (state && state.view) || {}; }

  function suitNames(v) {
    var out = {};
    (v.suits || []).forEach(function (s) { out[s.id] = s.name; });
    return out;
  }

  function record(v, name) {
    var players = v.players || [];
    for (var i = 0; i < players.length; i++) if (players[i].name === name) return players[i];
    return null;
  }

  function cardText(c, suits) {
    return c.wild ? "wild " + c.value : c.value + " " + (suits[c.suit] || c.suit);
  }

  function baonText(b, suits) {
    var cards = b.cards.map(function (c) { return cardText(c, suits); }).join(", ");
    var extra = b.variety ? " (" + b.suits + " suits: +" + b.variety + ")" : "";
    return cards + extra;
  }

  function scoreRow(v, name) {
    var rows = v.scoring || [];
    for (var i = 0; i < rows.length; i++) if (rows[i].player === name) return rows[i];
    return null;
  }

  function names(list) {
    return list.length > 1 ? list.slice(0, -1).join(", ") + " and " + list[list.length - 1] : list.join("");
  }

  Companion.games.register("baon", {
    badges: function (state, name) {
      var v = view(state);
      var out = [];
      (v.majorities || []).forEach(function (m) { if (m.holder === name) out.push(TOKENS[m.token]); });
      if (v.lola && v.lola.revealed_by === name) out.push("revealed Lola");
      return out;
    },
    stats: function (state, name, generic) {
      var v = view(state);
      var p = record(v, name);
      if (!p) return generic;
      var suits = suitNames(v);
      var rows = [];
      rows.push(["favourite food", p.favourite ? suits[p.favourite] : "none yet"]);
      rows.push(["generosity", p.generosity]);
      if (p.hand !== null && p.hand !== undefined) rows.push(["cards in hand", p.hand]);
      p.baons.forEach(function (b) { rows.push([suits[b.container] + " baon", baonText(b, suits)]); });
      if (!p.baons.length) rows.push(["baons", "none yet"]);
      if (v.step === "over") {
        var row = scoreRow(v, name);
        if (row) LINES.forEach(function (l) { if (row.lines[l[0]]) rows.push([l[1], row.lines[l[0]]]); });
      }
      return rows;
    },
    table: function (state) {
      var v = view(state);
      var rows = [];
      (v.majorities || []).forEach(function (m) {
        var now = m.leader ? m.leader + " leads now" : "no clear majority now";
        rows.push([m.name + " (" + m.points + ")", (m.holder ? "held by " + m.holder : "not claimed") + "; " + now]);
      });
      if (v.mode === "game") {
        rows.push(["pile", v.pile]);
        rows.push(["countertop", (v.spaces || []).join(" · ")]);
        if (v.lola) rows.push(["Lola", v.lola.state === "hidden" && v.pile <= NEAR ? LOLA.near : LOLA[v.lola.state] || v.lola.state]);
        if (v.lola && v.lola.last_round && v.lola.last_round.length) rows.push(["last turns to come", names(v.lola.last_round)]);
      }
      if (v.winners && v.winners.length) {
        var how = { points: "", generosity: " (tied: most generosity)", shared: " (tied: shared victory)" }[v.decided] || "";
        rows.push(["winner", names(v.winners) + how]);
      }
      return rows;
    },
    more: function () { return []; },
  });
})();
