/* B.O.N on the phone: the colour rank stack top to bottom (what players most often get wrong),
 * the trick with who played what, tricks against the goal and the track per player, a proven
 * failure to follow and the round's scoring, all in the touchscreen's words (the view's and the
 * events' `text`, companion/games/bon/words.py). Nothing of a hand is ever in the view. */
(function () {
  "use strict";
  var G = Companion.generic;

  var COLOUR = { red: "Red", yellow: "Yellow", blue: "Blue" };
  function colour(c) { return COLOUR[c] || "none"; }

  function record(state, name) {
    var players = (state.view && state.view.players) || [];
    for (var i = 0; i < players.length; i++) if (players[i].name === name) return players[i];
    return null;
  }

  function scoringLine(state, name) {
    var scoring = state.view && state.view.scoring;
    var lines = (scoring && scoring.lines) || [];
    for (var i = 0; i < lines.length; i++) if (lines[i].player === name) return lines[i];
    return null;
  }

  // "1 Red · 2 Yellow · 3 Blue": numbered, so the order cannot be misread on a small screen.
  function stack(ranks) {
    return (ranks || []).map(function (c, i) { return (i + 1) + " " + colour(c); }).join(" · ");
  }

  function plays(trick) {
    return (trick.plays || []).map(function (p) { return p.player + " " + p.label; }).join(", ");
  }

  // A short label kept on one line beside a long value ("trick 1" never breaks after "trick").
  function tag(words) { return words.replace(/ /g, "\u00a0"); }

  function names(list) {
    list = list || [];
    return list.length > 1 ? list.slice(0, -1).join(", ") + " and " + list[list.length - 1] : list.join("");
  }

  Companion.games.register("bon", {
    badges: function (state, name, generic) {
      var v = state.view || {};
      // The round's first leader ("leader" in the view) is not who leads now: the turn badge says that.
      var out = generic.filter(function (b) { return b !== "leader"; });
      if (v.turn === name) out.push(v.trick && v.trick.plays && v.trick.plays.length ? "to play" : "leads");
      (v.revokes || []).forEach(function (r) { if (r.player === name) out.push("did not follow " + colour(r.colour)); });
      return out;
    },
    stats: function (state, name, generic) {
      var p = record(state, name);
      if (!p) return generic;
      var v = state.view || {};
      var rows = [["tricks", p.tricks + " of " + p.goal], ["track", p.track + " / " + v.target]];
      var line = scoringLine(state, name);
      if (line) rows.push([tag("round " + v.scoring.round), line.text]);
      return rows;
    },
    table: function (state, generic) {
      var v = state.view || {};
      if (!v.phase || v.phase === "start") return generic;
      var rows = [["ranks, top first", stack(v.ranks)]];
      var t = v.trick;
      if (t) {
        rows.push([tag("trick " + t.number + " of 7"), t.plays.length ? plays(t) : (t.leader + " leads")]);
        rows.push(["Prime", t.prime ? colour(t.prime) : (t.plays.length ? "none yet: a Pass was led" : "set by the lead")]);
      }
      var last = v.last_trick;
      if (last) {
        rows.push([tag("trick " + last.number + " taken"), last.winner + " with " + G.text(last.plays.filter(function (p) {
          return p.card === last.card;
        }).map(function (p) { return p.label; })) + "; " + colour(last.colour) + " to the bottom"]);
        if (!t || !t.plays.length) rows.push([tag("trick " + last.number), plays(last)]);
      }
      var left = v.leftovers || [];
      if (left.length) {
        rows.push(["left over", left[0].face === "down" ? "2 cards, face down" : left.map(function (c) { return c.label; }).join(", ")]);
      }
      (v.revokes || []).forEach(function (r) { rows.push(["failure to follow", r.text]); });
      var scoring = v.scoring;
      if (scoring) {
        if (scoring.winners && scoring.winners.length) {
          rows.push(["Champion", names(scoring.winners) + " (" + scoring.decided + ")"]);
        }
      }
      rows.push(["round", v.round + " · goal " + v.goal + " tricks · line at " + v.target]);
      return rows;
    },
    more: function () { return []; },
  });
})();
