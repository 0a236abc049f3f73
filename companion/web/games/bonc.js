/* BONC! on the phone: each player's lives out of the maximum, cards in hand and shield side;
 * whose turn it is, the last card and what it did, the chain and who it threatens next. Every
 * line is the touchscreen's own words, which the view carries ("said"). */
(function () {
  "use strict";

  function record(state, name) {
    var players = (state.view && state.view.players) || [];
    for (var i = 0; i < players.length; i++) if (players[i].name === name) return players[i];
    return null;
  }

  Companion.games.register("bonc", {
    badges: function (state, name, generic) {
      var p = record(state, name);
      return p ? (p.said || []) : generic;
    },
    stats: function (state, name, generic) {
      var p = record(state, name);
      if (!p) return generic;
      return [["cards", p.cards]];
    },
    table: function (state, generic) {
      var v = state.view;
      if (!v || !v.said) return generic;
      var rows = [["deal", v.deal + " (" + v.deal_size + " cards each)"], ["lives at most", v.max_lives]];
      rows.push(["last card", v.said.last]);
      if (v.said.threat) rows.push(["chain", v.said.threat]);
      if (v.blockers && v.blockers.length) rows.push(["may BLOCK", v.blockers.join(", ")]);
      rows.push(["draw pile", v.draw_pile]);
      return rows;
    },
    more: function () { return []; },
  });
})();
