/* Tally on the phone: the smallest renderer, as docs/new-game.md describes. The target stands
 * with the table; a face-down card shows as a back until it is revealed. */
(function () {
  "use strict";

  function card(secret) {
    if (!secret) return null;
    return secret.owner + ": " + (secret.face === "up" ? String(secret.value) : "face-down");
  }

  Companion.games.register("tally", {
    badges: function (state, player, generic) {
      var passed = (state.view && state.view.passed) || [];
      return passed.indexOf(player) >= 0 ? ["passed"] : [];
    },
    stats: function () { return []; },
    table: function (state) {
      var v = state.view || {};
      var lines = [["target", String(v.target)]];
      var shown = card(v.secret);
      if (shown) lines.push(["card", shown]);
      return lines;
    },
    more: function () { return []; },
  });
})();
