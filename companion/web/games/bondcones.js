/* BondCones on the phone: points captured, points still to win, cones and BondOs per side,
 * the last roll, any BondO Battle and how the last one was decided. */
(function () {
  "use strict";
  var G = Companion.generic;

  // Die faces as the Dice Cone and the touchscreen show them: 1-4, PEEK, BONDO.
  function face(f) { return String(f).toUpperCase(); }

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
      var b = v.last_battle;
      var decided = b && b.rolls && b.winner;
      // After a battle the roll before it is old news, as on the touchscreen (docs/rules/bondcones.md).
      if (v.last_roll && !decided) rows.push(["last roll", v.last_roll.player + ": " + face(v.last_roll.face)]);
      if (v.battle) rows.push(["BondO Battle", v.battle.challenger + " against " + v.battle.defender]);
      if (decided) {
        // The deciding pair, as both players rolled it openly at the table.
        var pair = [b.challenger, b.defender].map(function (p) { return p + " " + face(b.rolls[p]); });
        rows.push(["BondO Battle won by", b.winner + " (" + pair.join(", ") + ")"]);
      }
      return rows.length ? rows : generic;
    },
    more: function () { return []; },
  });
})();
