/* The phone page: follows one table's topics on the Pi's broker and shows them.
 * Address: http://<pi>:<port>/#table=<id>&prefix=<prefix>  (docs/mqtt.md);
 * without a table it lists the tables it can see. Phones only read: nothing here publishes.
 */
(function () {
  "use strict";

  var MAX_EVENTS = 8;
  var $ = function (id) { return document.getElementById(id); };
  var root = {
    title: $("game-title"), prompt: $("prompt"), result: $("result"), players: $("players"),
    tableInfo: $("table-info"), more: $("more"), moreList: $("more-list"),
  };

  var params = readParams();
  var prefix = params.prefix || "companion";
  var tableId = params.table || "";
  var shown = { version: -1, state: null };
  var events = [];
  var tableOnline = null; // null: not heard yet
  var connected = false;
  var tried = {}; // game renderers asked for: "loading", then "done" (loaded or not there)
  var tables = {}; // the picker: id -> name
  var rules = {}; // game id -> its rules page, as the table publishes it (docs/mqtt.md)
  var rulesShown = ""; // the game whose page is in the list now

  function readParams() {
    var out = {};
    [location.search, location.hash].forEach(function (part) {
      new URLSearchParams((part || "").replace(/^[?#]/, "")).forEach(function (v, k) { out[k] = v; });
    });
    return out;
  }

  function safeWord(word) {
    return /^[A-Za-z0-9_-]+$/.test(word || "");
  }

  function brokerUrl() {
    if (params.broker) return params.broker;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    return scheme + (location.host || "localhost:9001") + "/mqtt";
  }

  function topic(name) {
    return prefix + "/" + tableId + "/" + name;
  }

  // Mosquitto serves style.css without a Content-Type; a strict browser may refuse it as a
  // stylesheet, so then it is fetched and put inline.
  function ensureStyle() {
    var probe = getComputedStyle(document.documentElement).getPropertyValue("--style-loaded");
    if (probe && probe.trim() === "1") return;
    fetch("style.css").then(function (r) { return r.text(); }).then(function (css) {
      var style = document.createElement("style");
      style.textContent = css;
      document.head.appendChild(style);
    }).catch(function () {});
  }

  function setStatus() {
    var node = $("status");
    var status, words;
    if (!connected) { status = "connecting"; words = "Connecting…"; }
    else if (tableOnline === true) { status = "online"; words = "Live"; }
    else if (tableOnline === false) { status = "offline"; words = "Table offline"; }
    else { status = "unknown"; words = "Waiting for the table"; }
    if (!tableId) { status = connected ? "picking" : status; words = connected ? "Choose a table" : words; }
    node.setAttribute("data-status", status);
    node.textContent = words;
    document.body.classList.toggle("stale", status !== "online" && !!tableId);
    $("stale-note").hidden = !(status === "offline" && shown.state);
  }

  function showState(state) {
    $("table-name").textContent = (state.table && state.table.name) || tableId;
    if (!state.game) {
      $("game").hidden = true;
      $("idle").hidden = false;
      $("idle").textContent = "No game at the table right now.";
      document.title = ((state.table && state.table.name) || "Game table");
      return;
    }
    if (!Companion.games.known(state.game) && !tried[state.game]) loadRenderer(state.game);
    $("idle").hidden = true;
    $("game").hidden = false;
    $("game").setAttribute("data-game", state.game);
    $("game").setAttribute("data-revision", String(state.revision));
    // Which view is on screen: the game's own, the neutral one, or the neutral one for now
    // while the game's file is on its way (its arrival draws the state again).
    $("game").setAttribute("data-renderer", Companion.games.known(state.game) ? state.game
      : tried[state.game] === "loading" ? "loading" : "neutral");
    Companion.render(state, root);
    showRules(state.game);
    document.title = (state.title || state.game) + " · " + ((state.table && state.table.name) || "Game table");
    $("updated").textContent = "Updated " + new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  }

  // A game's own renderer is one small file, games/<id>.js, loaded when its game first shows up;
  // without one (a 404), the neutral view stays.
  function loadRenderer(gameId) {
    tried[gameId] = "done";
    if (!safeWord(gameId)) return;
    tried[gameId] = "loading";
    var script = document.createElement("script");
    script.src = "games/" + gameId + ".js";
    script.onload = script.onerror = function () {
      tried[gameId] = "done";
      if (shown.state && shown.state.game === gameId) showState(shown.state);
      renderEvents();
    };
    document.head.appendChild(script);
  }

  // The rules of the game being played, folded away under its title: drawn again only when the
  // game changes, so a player reading a section keeps their place while moves come in.
  function showRules(gameId) {
    var page = rules[gameId];
    $("rules").hidden = !page;
    if (!page || rulesShown === gameId) return;
    rulesShown = gameId;
    $("rules-title").textContent = page.title;
    $("rules-opening").textContent = page.opening;
    var list = $("rules-sections");
    list.textContent = "";
    page.sections.forEach(function (section) {
      var part = Companion.el("section", "rules-section");
      part.id = "rule-" + section.id;
      part.appendChild(Companion.el("h4", null, section.title));
      var items = null;
      section.text.split("\n").forEach(function (line) {
        if (/^- /.test(line)) {
          if (!items) { items = Companion.el("ul"); part.appendChild(items); }
          items.appendChild(Companion.el("li", null, line.slice(2).replace(/\*\*/g, "")));
        } else if (line.trim()) {
          items = null;
          part.appendChild(Companion.el("p", null, line.replace(/\*\*/g, "")));
        } else {
          items = null;
        }
      });
      list.appendChild(part);
    });
  }

  function onRules(topicName, payload) {
    var page = parse(payload);
    var gameId = topicName.slice(topic("rules/").length);
    if (!page || !Array.isArray(page.sections) || !safeWord(gameId)) return;
    rules[gameId] = page;
    if (rulesShown === gameId) rulesShown = ""; // a newer page: drawn again
    if (shown.state && shown.state.game) showRules(shown.state.game);
  }

  function renderEvents() {
    var list = $("event-list");
    list.textContent = "";
    events.forEach(function (e) {
      var item = Companion.el("li", e.undone ? "undone" : null);
      if (e.undone) item.title = "Taken back at the table";
      item.appendChild(Companion.el("time", null, e.time));
      item.appendChild(Companion.el("span", null, Companion.eventText(e.event)));
      // A scoring line, limit or elimination says why: the numbers that went in (docs/mqtt.md).
      if (Array.isArray(e.event.why) && e.event.why.length) {
        item.appendChild(Companion.el("span", "why", "Why: " + e.event.why.join("; ")));
      }
      list.appendChild(item);
    });
    $("events").hidden = events.length === 0;
  }

  function onState(state) {
    if (!state || typeof state.version !== "number") return;
    if (state.version <= shown.version) return; // older than what is on screen: drop it
    // Another game at the table: its news only. An event can arrive before the first state of
    // its game (the state may wait on the broker's acknowledgement), so events are kept by
    // game number (docs/mqtt.md: version = game number x GAME_SPAN + revision), not cleared.
    if (shown.state && gameNumber(shown.state.version) !== gameNumber(state.version)) {
      events = events.filter(function (e) { return gameNumber(e.version) === gameNumber(state.version); });
      renderEvents();
    }
    shown = { version: state.version, state: state };
    if (typeof state.moves === "number" && takeBack(function (e) { return e.move > state.moves; })) renderEvents();
    showState(state);
  }

  /* News taken back at the table is struck out. Events are sent once and may be missed (a
     reconnect, a broker that was away), so every message that says what happened is used:
     - a state's `moves`: the news of any later move was taken back;
     - an undo of move N: its news was taken back;
     - a redo of move N: the news of the action it put back stands again, found by the revision
       it was made at (`made`): older news of a move N that was replaced stays struck out.
     A redo the phone missed leaves true news struck out, never taken-back news looking true. */
  function isNews(e) { return e.event.type !== "undo" && e.event.type !== "redo"; }

  function takeBack(which) {
    var changed = false;
    events.forEach(function (e) {
      if (isNews(e) && !e.undone && gameNumber(e.version) === gameNumber(shown.version) && which(e)) {
        e.undone = true;
        changed = true;
      }
    });
    return changed;
  }

  var GAME_SPAN = 16777216; // 2^24, as companion/broadcast/topics.py
  function gameNumber(version) { return Math.floor((version || 0) / GAME_SPAN); }

  function onEvent(message) {
    if (!message || !message.event) return;
    var at = message.at ? new Date(message.at) : new Date();
    var kind = message.event.type;
    // Struck out, not removed, so that nobody wonders where "Mia wins" went (docs/mqtt.md: "move").
    if (typeof message.move === "number") {
      var same = function (e) { return isNews(e) && gameNumber(e.version) === gameNumber(message.version); };
      events.forEach(function (e) {
        if (!same(e)) return;
        if (kind === "undo" && e.move === message.move) e.undone = true;
        else if (kind === "redo" && e.move === message.move && e.revision === message.made) e.undone = false;
      });
    }
    events.unshift({
      version: message.version,
      game: message.game,
      move: message.move,
      revision: message.revision,
      event: message.event,
      time: at.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" }),
    });
    events = events.slice(0, MAX_EVENTS);
    renderEvents();
  }

  function onAvailability(word) {
    var online = word === "online";
    // The table came back (restarted, perhaps with a new database): trust its next state whatever its version.
    if (online && tableOnline === false) shown.version = -1;
    tableOnline = online;
    setStatus();
  }

  function parse(payload) {
    try {
      return JSON.parse(new TextDecoder().decode(payload));
    } catch (err) {
      return null;
    }
  }

  function onPick(topicName, payload) {
    var parts = topicName.split("/");
    var id = parts[1];
    var state = parse(payload);
    if (!safeWord(id)) return;
    tables[id] = (state && state.table && state.table.name) || id;
    var list = $("pick-list");
    list.textContent = "";
    Object.keys(tables).sort().forEach(function (key) {
      var item = Companion.el("li");
      var link = Companion.el("a", null, tables[key]);
      link.href = "#table=" + encodeURIComponent(key) + "&prefix=" + encodeURIComponent(prefix);
      item.appendChild(link);
      list.appendChild(item);
    });
    $("pick-empty").hidden = true;
  }

  function start() {
    ensureStyle();
    if (!safeWord(prefix) || (tableId && !safeWord(tableId))) {
      $("idle").hidden = false;
      $("idle").textContent = "This address names no valid table. Scan the code on the table's screen again.";
      return;
    }
    $("pick").hidden = !!tableId;
    setStatus();
    var client = mqtt.connect(brokerUrl(), {
      clientId: "phone-" + Math.random().toString(16).slice(2, 10),
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 1000,
      connectTimeout: 5000,
      resubscribe: false, // subscribed anew on every connect, below
    });
    client.on("connect", function () {
      connected = true;
      // Whether the table is there is the broker's word on this connection, never a memory of
      // the last one: after a power cut the broker comes back before the app, knows nothing, and
      // the page must not go on calling the state it kept "Live".
      tableOnline = null;
      // What the broker keeps is the current truth: trust the retained state that follows,
      // whatever its version (the table may have restarted with a new database meanwhile).
      shown.version = -1;
      setStatus();
      var wanted = tableId
        // The state before the availability: the broker sends what it keeps in this order, and
        // "online" must not light up over the state kept from before the reconnect.
        ? [topic("state"), topic("availability"), topic("events"), topic("rules/+")]
        : [prefix + "/+/state"];
      client.subscribe(wanted, { qos: 1 });
    });
    client.on("close", function () { connected = false; setStatus(); });
    client.on("offline", function () { connected = false; setStatus(); });
    client.on("error", function () { /* reconnects by itself; the status shows it */ });
    client.on("message", function (topicName, payload) {
      if (!tableId) return onPick(topicName, payload);
      if (topicName === topic("availability")) return onAvailability(new TextDecoder().decode(payload).trim());
      if (topicName === topic("state")) return onState(parse(payload));
      if (topicName === topic("events")) return onEvent(parse(payload));
      if (topicName.indexOf(topic("rules/")) === 0) return onRules(topicName, payload);
    });
    window.addEventListener("hashchange", function () { location.reload(); });
  }

  start();
})();
