/* BondCones on the phone: points captured, points still to win, cones and BondOs per side,
 * the roll while it is current, any BondO Battle and how the last one was decided. */
(function () {
  "use strict";
  var G = Companion.generic;

  // Die faces as the Dice Cone and the touchscreen show them: 1-4, PEEK, BONDO.
  function face(f) { return String(f).toUpperCase(); }

  function side(state, name) {
    return (state.view && state.view.sides && state.view.sides[name]) || null;
  }

  /* The roll, only while it is current (docs/rules/bondcones.md, as the touchscreen's Dice Cone
   * panel): the turn's roll while its player moves; the turn before's PEEK or BONDO while its roller
   * still carries out what it demands; the roll that ended the game. Never a roll from an earlier
   * turn beside a new turn's waiting die, a BondO Battle or its outcome. */
  function current(v, decided) {
    var roll = v.last_roll;
    if (!roll || decided || v.battle) return null;
    var said = roll.player + ": " + face(roll.face);
    if (v.step === "move" || v.phase === "over") return said;
    var demand = roll.demand || {};
    if (v.step === "roll" && roll.turn_number === v.turn_number - 1 && (demand.kind === "peek" || demand.kind === "bondo")) {
      // As the touchscreen words it while the next player's die waits.
      if (!demand.text) return said;
      return roll.player + " rolled " + face(roll.face) + ": " + demand.text.charAt(0).toLowerCase() + demand.text.slice(1);
    }
    return null;
  }

  // The battle's dice as rolled so far; after equal faces, that pair until the next battle roll.
  function battleDice(fight) {
    var rolls = fight.rolls || {};
    var both = [fight.challenger, fight.defender];
    var rolled = both.filter(function (p) { return rolls[p] !== null && rolls[p] !== undefined; });
    var ties = fight.ties || [];
    if (!rolled.length && ties.length) return "both rolled " + face(ties[ties.length - 1][0]) + ": roll again";
    return rolled.map(function (p) { return p + " " + face(rolls[p]); }).join(", ");
  }

  Companion.games.register("bondcones", {
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
      var roll = current(v, decided);
      if (roll) rows.push(["last roll", roll]);
      if (v.battle) {
        rows.push(["BondO Battle", v.battle.challenger + " against " + v.battle.defender]);
        var dice = battleDice(v.battle);
        if (dice) rows.push(["battle roll", dice]);
      }
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
