/* BondCones on the phone: points captured, points still to win, cones and BondOs per side,
 * the last roll and any BondO Battle. */
(function () {
  "use strict";
  var G = Companion.generic;

  function side(state, name) {
    return (state.view && state.view.sides && state.view.sides[name]) || null;
  }

  Companion.games.register("bondcones", {
    scoreLabel: "points",
    stats: function (state, name, generic) {
      var s = side(state, name);
      if (!s) return generic;
      var rows = [["to win", s.to_win], ["cones left", s.cones_left], ["BondOs", s.bondos]];
      if (s.taken && s.taken.length) rows.push(["captured", G.text(s.taken)]);
      return rows;
    },
    table: function (state, generic) {
      var v = state.view || {};
      var rows = [];
      if (v.turn_number) rows.push(["turn", v.turn_number]);
      if (v.target) rows.push(["points to win", v.target]);
      if (v.last_roll) rows.push(["last roll", v.last_roll.player + ": " + G.label(v.last_roll.face)]);
      if (v.battle) rows.push(["BondO Battle", v.battle.challenger + " against " + v.battle.defender]);
      return rows.length ? rows : generic;
    },
    more: function () { return []; },
  });
})();
