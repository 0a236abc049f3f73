/* The phone page's renderers: a neutral one that shows any game's public view, and
 * per-game ones in games/<id>.js that may replace any part of it (see games/README.md).
 * Everything is written with textContent: nothing from the broker is ever parsed as HTML.
 */
(function () {
  "use strict";

  var renderers = {};
  var BGSTATS = "https://app.bgstatsapp.com/createPlay.html?data=";

  function register(gameId, renderer) {
    renderers[gameId] = renderer;
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function label(key) {
    return String(key).replace(/_/g, " ");
  }

  function isScalar(value) {
    return value !== null && (typeof value === "string" || typeof value === "number" || typeof value === "boolean");
  }

  function text(value) {
    if (value === null || value === undefined) return "–";
    if (typeof value === "boolean") return value ? "yes" : "no";
    if (Array.isArray(value)) return value.length ? value.map(text).join(", ") : "none";
    if (typeof value === "string" && /^[a-z]+(_[a-z]+)+$/.test(value)) return label(value); // an id like "two_bondo_cones"
    if (typeof value === "object") {
      return Object.keys(value).map(function (k) { return label(k) + " " + text(value[k]); }).join(" · ");
    }
    return String(value);
  }

  function names(state) {
    return (state.players || []).map(function (p) { return p.name; });
  }

  function keyedByPlayers(value, players) {
    if (!value || typeof value !== "object" || Array.isArray(value)) return false;
    var keys = Object.keys(value);
    return keys.length > 0 && keys.every(function (k) { return players.indexOf(k) >= 0; });
  }

  function allPlayers(list, players) {
    return Array.isArray(list) && list.length > 0 && list.every(function (x) { return players.indexOf(x) >= 0; });
  }

  function playerRecords(list, players) {
    return Array.isArray(list) && list.length > 0 && list.every(function (r) {
      return r && typeof r === "object" && players.indexOf(r.name) >= 0;
    });
  }

  // One player's record ({field: value}): plain values and lists of them as lines; a list of
  // records (cards, say) as how many there are.
  function addRecord(stats, record) {
    Object.keys(record).forEach(function (field) {
      var v = record[field];
      if (field === "name" || v === null || v === undefined) return;
      if (isScalar(v) || (Array.isArray(v) && v.every(isScalar))) stats.push([label(field), text(v)]);
      else if (Array.isArray(v)) stats.push([label(field), String(v.length)]);
    });
  }

  /* The neutral reading of a game's own view, field by field:
   *   {name: value} for every player        -> a line on each player's card
   *   {name: {field: value}} (e.g. "sides") -> one line per field on each card
   *   [{name: ..., field: value}] (players)  -> the same
   *   a player's name, or a list of names    -> a badge on those players' cards
   *   a plain value or a short list          -> a line about the table
   *   anything else                          -> "More about this game", folded
   */
  function analyse(state) {
    var players = names(state);
    var view = state.view && typeof state.view === "object" ? state.view : {};
    var expected = state.expected || {};
    var scores = state.scores || {};
    var hasScores = Object.keys(scores).length > 0;
    var out = { stats: {}, badges: {}, table: [], more: [] };
    players.forEach(function (p) { out.stats[p] = []; out.badges[p] = []; });

    Object.keys(view).forEach(function (key) {
      var value = view[key];
      if (value === null || value === undefined || value === "") return;
      if (key === "prompt" && value === expected.prompt) return;
      // The turn badge already marks whose turn it is: no second badge for the same fact.
      if ((key === "turn" || key === "to_act") && value === expected.turn) return;
      if (typeof value === "string" && players.indexOf(value) >= 0) {
        out.badges[value].push(label(key));
      } else if (allPlayers(value, players)) {
        value.forEach(function (p) { out.badges[p].push(label(key)); });
      } else if (keyedByPlayers(value, players)) {
        players.forEach(function (p) {
          if (!(p in value)) return;
          var mine = value[p];
          if (mine && typeof mine === "object" && !Array.isArray(mine)) {
            addRecord(out.stats[p], mine);
          } else if (!(key === "scores" && hasScores)) {
            out.stats[p].push([label(key), text(mine)]);
          }
        });
      } else if (playerRecords(value, players)) {
        value.forEach(function (record) { addRecord(out.stats[record.name], record); });
      } else if (isScalar(value)) {
        out.table.push([label(key), text(value)]);
      } else if (Array.isArray(value) && value.every(isScalar)) {
        if (value.length) out.table.push([label(key), text(value)]);
      } else if (!(Array.isArray(value) && value.length === 0)) {
        out.more.push([label(key), text(value)]);
      }
    });
    return out;
  }

  function describeEvent(event) {
    if (!event || typeof event !== "object") return "";
    // The table words every event (the game's own words; "Took back: ..." for an undo).
    if (typeof event.text === "string" && event.text) return event.text;
    if (event.type === "undo") return "The last move was taken back";
    if (event.type === "redo") return "A move taken back was put back";
    if (typeof event.message === "string" && event.message) return event.message;
    var who = event.player || event.by || "";
    var rest = Object.keys(event)
      .filter(function (k) { return ["type", "player", "by"].indexOf(k) < 0 && isScalar(event[k]); })
      .map(function (k) { return label(k) + " " + text(event[k]); });
    return [who, label(event.type || "something happened")].concat(rest).join(" ").trim();
  }

  /* A game's own renderer must never stop the page: if one of its hooks throws, that part
     falls back to the generic view (the newest state still shows) and the error goes to the
     console, where the tests see it. */
  function own(custom, hook, fallback, args) {
    if (!custom || !custom[hook]) return fallback;
    try {
      return custom[hook].apply(custom, args);
    } catch (err) {
      console.error("the " + hook + " of this game's page failed: " + err);
      return fallback;
    }
  }

  /* Put one state on the page. `root` holds the elements of index.html by id. */
  function render(state, root) {
    var custom = renderers[state.game] || {};
    var generic = analyse(state);
    var players = state.players || [];
    var expected = state.expected || {};
    var scores = state.scores || {};

    root.title.textContent = state.title || state.game || "Game";
    // A game may say what is going on instead of the touchscreen's prompt, which speaks to the
    // person at the touchscreen ("replace the taken tile").
    root.prompt.textContent = own(custom, "prompt", expected.prompt || "", [state, expected.prompt || ""]) || "";

    var result = state.result;
    root.result.hidden = !result;
    root.result.textContent = "";
    if (result) {
      var winners = result.winners || [];
      root.result.appendChild(el("strong", null, winners.length ? winners.join(" and ") + (winners.length > 1 ? " win" : " wins") : "Game over"));
      if (result.summary) root.result.appendChild(el("span", null, result.summary));
      // BG Stats' own push link (docs/stats.md): only that address, so nothing else can be slipped in.
      if (typeof state.bgstats === "string" && state.bgstats.indexOf(BGSTATS) === 0) {
        var log = el("a", "bgstats", "Log in BG Stats");
        log.href = state.bgstats;
        root.result.appendChild(log);
      }
    }

    root.players.textContent = "";
    players.forEach(function (seat) {
      var name = seat.name;
      var card = el("li", "player");
      if (/^#[0-9A-Fa-f]{6}$/.test(seat.colour || "")) card.style.setProperty("--colour", seat.colour);
      var isTurn = !result && expected.turn === name;
      if (isTurn) card.classList.add("turn");
      if (result && (result.winners || []).indexOf(name) >= 0) card.classList.add("winner");
      card.setAttribute("data-player", name);

      var line = el("div", "line");
      line.appendChild(el("span", "dot"));
      line.appendChild(el("span", "name", name));
      var badges = el("span", "badges");
      var badgeList = own(custom, "badges", generic.badges[name], [state, name, generic.badges[name]]) || [];
      if (isTurn) badgeList = ["turn"].concat(badgeList);
      badgeList.forEach(function (b) { badges.appendChild(el("span", "badge", b)); });
      line.appendChild(badges);
      var score = el("span", "score", name in scores ? scores[name] : "");
      if (state.score_label && name in scores) score.appendChild(el("small", null, state.score_label));
      line.appendChild(score);
      card.appendChild(line);

      var stats = own(custom, "stats", generic.stats[name], [state, name, generic.stats[name]]) || [];
      if (stats.length) {
        var dl = el("dl", "stats");
        stats.forEach(function (pair) {
          var item = el("div");
          item.appendChild(el("dt", null, pair[0]));
          item.appendChild(el("dd", null, pair[1]));
          dl.appendChild(item);
        });
        card.appendChild(dl);
      }
      root.players.appendChild(card);
    });

    fillPairs(root.tableInfo, own(custom, "table", generic.table, [state, generic.table]));
    var more = own(custom, "more", generic.more, [state, generic.more]);
    root.more.hidden = !more || !more.length;
    fillPairs(root.moreList, more || []);
  }

  function fillPairs(dl, pairs) {
    dl.textContent = "";
    (pairs || []).forEach(function (pair) {
      var item = el("div");
      item.appendChild(el("dt", null, pair[0]));
      item.appendChild(el("dd", null, pair[1]));
      dl.appendChild(item);
    });
  }

  // One wording for an event everywhere: the text the table gave it (Game.describe).
  function eventText(event) {
    return describeEvent(event);
  }

  window.Companion = {
    games: { register: register, known: function (id) { return id in renderers; } },
    generic: { analyse: analyse, describeEvent: describeEvent, text: text, label: label, isScalar: isScalar },
    render: render,
    eventText: eventText,
    el: el,
  };
})();
