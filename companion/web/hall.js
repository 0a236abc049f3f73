/* The hall page: every table of the venue live, and the standings, from the venue's broker.
 * Address: http://<venue>:<port>/hall.html#name=<venue name>&prefix=<prefix>&idle=<minutes>
 * (docs/hall.md). It only reads, and depends on nothing Mosquitto-only: plain MQTT 3.1.1 over
 * websockets, retained messages and the tables' own topics (docs/mqtt.md).
 * A table's state is drawn only when it is newer than the one shown (a later epoch, or in the same
 * epoch a higher version): a bridge may deliver an old state after a new one, or the same one many
 * times, and a Pi replaced with a fresh database starts its versions low again.
 * Whose a state, play or link is: the table its topic names, the one thing a table's login cannot
 * forge at the venue; a state or play whose payload claims another table is dropped, and a play's
 * name is its topic's (companion/hall/claims.py keeps the same rule for hall-export).
 */
(function () {
  "use strict";

  var $ = function (id) { return document.getElementById(id); };
  var params = readParams();
  var prefix = safeWord(params.prefix) ? params.prefix : "companion";
  // Minutes: a table in a game with no change this long, or offline this long, stands out.
  var IDLE_MIN = minutes(params.idle, 10);
  var OFFLINE_MIN = minutes(params.offline, 1);
  var tables = {}; // id -> {id, state, version, availability, link, offlineSince, news}
  var plays = {}; // "table/id" -> play
  var connected = false;
  var chosenDay = null; // null: today
  var shownPlays = []; // the plays of the chosen day, for the export buttons

  function minutes(value, fallback) {
    var n = Number(value);
    return isFinite(n) && n > 0 ? n : fallback;
  }

  function readParams() {
    var out = {};
    [location.search, location.hash].forEach(function (part) {
      new URLSearchParams((part || "").replace(/^[?#]/, "")).forEach(function (v, k) { out[k] = v; });
    });
    return out;
  }

  function safeWord(word) { return /^[A-Za-z0-9_-]+$/.test(word || ""); }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function brokerUrl() {
    if (params.broker) return params.broker;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    return scheme + (location.host || "localhost:9001") + "/mqtt";
  }

  // Mosquitto serves hall.css without a Content-Type: if the browser refused it, put it inline.
  function ensureStyle() {
    var probe = getComputedStyle(document.documentElement).getPropertyValue("--style-loaded");
    if (probe && probe.trim() === "1") return;
    fetch("hall.css").then(function (r) { return r.text(); }).then(function (css) {
      var style = document.createElement("style");
      style.textContent = css;
      document.head.appendChild(style);
    }).catch(function () {});
  }

  function parse(payload) {
    try { return JSON.parse(new TextDecoder().decode(payload)); } catch (err) { return null; }
  }

  // A payload is its topic's table's when it names no table or that one: every table writes its
  // own id, so one naming another is never an honest table's (docs/hall.md, "Security").
  function owns(message, id) {
    var claimed = message.table;
    return claimed === undefined || claimed === null ||
      (typeof claimed === "object" && claimed.id === id);
  }

  function table(id) {
    return tables[id] || (tables[id] = { id: id, state: null, epoch: -1, version: -1, availability: null, link: null,
                                          offlineSince: null, news: null });
  }

  // -- tables ------------------------------------------------------------------------

  function online(t) {
    // The table says online, and its bridge (when it has one) has not said it is down.
    return t.availability === "online" && t.link !== "0";
  }

  function ago(ms) {
    var s = Math.max(0, Math.round(ms / 1000));
    if (s < 60) return "just now";
    var m = Math.floor(s / 60);
    if (m < 60) return m + " min ago";
    var h = Math.floor(m / 60);
    return h + " h " + (m % 60) + " min ago";
  }

  function roundText(state) {
    var view = state.view || {};
    var parts = [];
    if (typeof view.round === "number" && view.round > 0) parts.push("Round " + view.round);
    else if (typeof view.turn_number === "number") parts.push("Turn " + view.turn_number);
    if (typeof state.moves === "number") parts.push("move " + state.moves);
    return parts.join(", ");
  }

  function scoreList(state) {
    var list = el("ol", "scores");
    var turn = state.expected && state.expected.turn;
    var winners = (state.result && state.result.winners) || [];
    (state.players || []).forEach(function (p) {
      var item = el("li", p.name === turn ? "turn" : null);
      if (winners.indexOf(p.name) >= 0) item.classList.add("winner");
      var dot = el("span", "dot");
      if (/^#[0-9A-Fa-f]{6}$/.test(p.colour || "")) dot.style.background = p.colour;
      item.appendChild(dot);
      item.appendChild(el("span", "who", p.name));
      var score = state.scores && state.scores[p.name];
      item.appendChild(el("span", "score", typeof score === "number" ? score : ""));
      list.appendChild(item);
    });
    return list;
  }

  function tableCard(t, now) {
    var state = t.state || {};
    var card = el("li", "table");
    card.dataset.table = t.id;
    card.dataset.version = String(t.version);
    card.dataset.epoch = String(t.epoch);
    var isOnline = online(t);
    var changed = state.changed_at ? Date.parse(state.changed_at) : NaN;
    var idleMs = isNaN(changed) ? 0 : now - changed;
    var offlineMs = t.offlineSince ? now - t.offlineSince : 0;
    var late = !isOnline && offlineMs >= OFFLINE_MIN * 60000;
    var idle = isOnline && state.game && !state.result && idleMs >= IDLE_MIN * 60000;
    card.dataset.online = isOnline ? "yes" : "no";
    if (!isOnline) card.classList.add("offline");
    if (late) card.classList.add("alert");
    if (idle) card.classList.add("idle");

    var head = el("div", "table-head");
    head.appendChild(el("h3", null, label(t.id, cardName(t))));
    var pill = isOnline ? (idle ? "Idle" : "Live") : "Offline";
    head.appendChild(el("span", "pill " + pill.toLowerCase(), pill));
    card.appendChild(head);

    var line = el("p", "game-line");
    if (!t.state) line.textContent = "Nothing heard yet";
    else if (!state.game) line.textContent = "No game at the table";
    else {
      line.appendChild(el("b", null, state.title || state.game));
      var round = roundText(state);
      if (round) line.appendChild(el("span", "round", " · " + round));
    }
    card.appendChild(line);

    if (state.game) {
      var turnLine = el("p", "turn-line");
      if (state.result) turnLine.textContent = state.result.summary || "Game over";
      else if (state.expected && state.expected.turn) turnLine.textContent = state.expected.turn + " to play";
      else turnLine.textContent = (state.expected && state.expected.prompt) || "";
      card.appendChild(turnLine);
      card.appendChild(scoreList(state));
    }
    var news = t.news || state.news;
    if (news) card.appendChild(el("p", "news", news));
    var since = el("p", "since");
    var bits = [];
    if (!isNaN(changed)) bits.push("Changed " + ago(idleMs));
    if (!isOnline) {
      bits.push(t.offlineSince ? "offline since " + new Date(t.offlineSince).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
        : "offline");
    }
    since.textContent = bits.join(" · ");
    card.appendChild(since);
    return card;
  }

  function cardName(t) { return (t.state && t.state.table && t.state.table.name) || t.id; }

  // Each table names itself, and two may give one name (a mistake, or a stolen login posing as
  // another table): then each of them shows its id beside the name, which nobody can borrow.
  var inUse = {}; // name -> {id: true}, counted anew before each drawing (namesInUse)
  function label(id, name) {
    var ids = inUse[String(name).trim().toLowerCase()] || {};
    return Object.keys(ids).length > 1 ? name + " (" + id + ")" : name;
  }

  function namesInUse() {
    var used = inUse = {};
    var note = function (id, name) {
      var key = String(name).trim().toLowerCase();
      (used[key] = used[key] || {})[id] = true;
    };
    Object.keys(tables).forEach(function (id) { if (tables[id].state || tables[id].availability) note(id, cardName(tables[id])); });
    Object.keys(plays).forEach(function (k) { note(plays[k].table.id, plays[k].table.name); });
  }

  function renderTables() {
    namesInUse();
    var now = Date.now();
    var list = $("tables");
    list.textContent = "";
    var ids = Object.keys(tables).filter(function (id) { return tables[id].state || tables[id].availability; });
    ids.sort(function (a, b) {
      return cardName(tables[a]).localeCompare(cardName(tables[b]), undefined, { numeric: true }) ||
        a.localeCompare(b);
    });
    ids.forEach(function (id) { list.appendChild(tableCard(tables[id], now)); });
    $("no-tables").hidden = ids.length > 0;
    var live = ids.filter(function (id) { return online(tables[id]); }).length;
    $("counts").textContent = ids.length ? live + " of " + ids.length + " tables live" : "";
    $("clock").textContent = new Date(now).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  // A state's epoch is its game database's (a Pi replaced has a later one): a newer epoch wins
  // whatever its version, and within one epoch the higher version. A state without one counts as 0.
  function epochOf(message) { return typeof message.epoch === "number" ? message.epoch : 0; }

  function newer(message, t) {
    var e = epochOf(message);
    return e !== t.epoch ? e > t.epoch : message.version > t.version;
  }

  function onState(id, state) {
    if (!state || typeof state.version !== "number" || !owns(state, id)) return;
    var t = table(id);
    if (!newer(state, t)) return; // older than (or the same as) what is shown
    if (t.state && (epochOf(state) !== t.epoch ||
                    Math.floor(state.version / 16777216) !== Math.floor(t.version / 16777216))) t.news = null;
    t.epoch = epochOf(state);
    t.version = state.version;
    t.state = state;
    if (state.news !== undefined) t.news = state.news || null;
    scheduleRender();
  }

  function onAvailability(id, word) {
    var t = table(id);
    var was = online(t);
    t.availability = word;
    noteOffline(t, was);
  }

  function onLink(id, word) {
    var t = table(id);
    var was = online(t);
    t.link = word;
    noteOffline(t, was);
  }

  function noteOffline(t, was) {
    var now = online(t);
    if (!now && (was || !t.offlineSince)) t.offlineSince = Date.now();
    if (now) t.offlineSince = null;
    scheduleRender();
  }

  function onEvent(id, message) {
    if (!message || !message.event || typeof message.version !== "number") return;
    var t = table(id);
    // News of a state older than the one shown (another epoch: an older one, or a newer not shown yet).
    if (epochOf(message) !== t.epoch || message.version < t.version) return;
    t.news = message.event.text || t.news;
    scheduleRender();
  }

  // -- plays and standings --------------------------------------------------------------

  function onPlay(id, name, play) {
    if (!play || !Array.isArray(play.players) || play.id === undefined || !owns(play, id)) return;
    var own = play.table && typeof play.table.name === "string" && play.table.name ? play.table.name : id;
    play.table = { id: id, name: own };
    play.uid = name; // its name at the table is its topic's: a payload cannot take another play's place
    plays[HallStandings.playKey(play)] = play;
    scheduleRender();
  }

  function today() { return HallStandings.dayOf({ ended_at: new Date().toISOString() }); }

  function renderDays(all) {
    var select = $("day");
    var wanted = chosenDay || today();
    var options = HallStandings.days(all);
    if (options.indexOf(today()) < 0) options.unshift(today());
    select.textContent = "";
    options.forEach(function (d) {
      var o = el("option", null, d === today() ? "Today" : d);
      o.value = d;
      select.appendChild(o);
    });
    var any = el("option", null, "All days");
    any.value = "all";
    select.appendChild(any);
    select.value = wanted;
  }

  function standingsTable(title, rows, rule) {
    var box = el("section", "standing");
    box.appendChild(el("h3", null, title));
    var t = el("table");
    var head = el("tr");
    ["#", "Player", "Played", "Won", "Points", "Beaten"].forEach(function (h, i) {
      var th = el("th", null, h);
      if (i > 1) th.className = "num";
      var key = ["", "", "plays", "wins", "points", "beaten"][i];
      if (HallStandings.RULES[rule].keys[0][0] === key) th.classList.add("ranked");
      head.appendChild(th);
    });
    t.appendChild(head);
    rows.forEach(function (r) {
      var tr = el("tr");
      tr.dataset.player = r.name;
      tr.appendChild(el("td", "pos", (r.shared ? "=" : "") + r.position));
      tr.appendChild(el("td", "name", r.name));
      [r.plays, r.wins, Math.round(r.points * 100) / 100, r.beaten].forEach(function (v) { tr.appendChild(el("td", "num", v)); });
      t.appendChild(tr);
    });
    box.appendChild(t);
    return box;
  }

  var NOTES = {
    wins: "Most wins; then fewer plays; then most players beaten. Equal players share a place.",
    points: "Most points scored; then most wins; then fewer plays. Equal players share a place.",
    placings: "Most players beaten (finished below you); then most wins; then fewer plays. Equal players share a place.",
  };

  function renderStandings() {
    namesInUse();
    var all = Object.keys(plays).map(function (k) { return plays[k]; });
    renderDays(all);
    var day = $("day").value === "all" ? null : $("day").value;
    var rule = $("rule").value;
    var chosen = HallStandings.forDay(all, day);
    $("rule-note").textContent = NOTES[rule];
    var box = $("standings");
    box.textContent = "";
    $("no-plays").hidden = chosen.length > 0;
    box.dataset.plays = String(chosen.length);
    if (chosen.length) {
      var overall = standingsTable("All games", HallStandings.standings(chosen, rule), rule);
      overall.dataset.game = "";
      box.appendChild(overall);
      HallStandings.games(chosen).forEach(function (g) {
        var section = standingsTable(g.title, HallStandings.standings(HallStandings.forGame(chosen, g.id), rule), rule);
        section.dataset.game = g.id;
        box.appendChild(section);
      });
    }
    var list = $("plays");
    list.textContent = "";
    chosen.slice().reverse().forEach(function (p) {
      var item = el("li");
      var when = new Date(p.ended_at);
      item.appendChild(el("time", null, isNaN(when) ? "" : when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })));
      item.appendChild(el("b", null, " " + (p.title || p.game) + " "));
      item.appendChild(el("span", "muted", "at " + label(p.table.id, p.table.name) + ": "));
      item.appendChild(el("span", null, p.players.map(function (s) {
        return (s.winner ? "★ " : "") + s.name + (typeof s.score === "number" ? " " + s.score : "");
      }).join(", ")));
      list.appendChild(item);
    });
    $("plays-summary").textContent = chosen.length + " play" + (chosen.length === 1 ? "" : "s");
    shownPlays = chosen;
  }

  // -- drawing, connection ------------------------------------------------------------

  var pending = false;
  function scheduleRender() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () { pending = false; render(); });
  }

  function render() {
    renderTables();
    renderStandings();
  }

  function setStatus() {
    var node = $("status");
    node.setAttribute("data-status", connected ? "online" : "connecting");
    node.textContent = connected ? "Live" : "Connecting…";
  }

  function start() {
    ensureStyle();
    if (params.name) {
      $("hall-name").textContent = params.name;
      document.title = params.name;
    }
    $("rule").value = HallStandings.RULES[params.rule] ? params.rule : "wins";
    $("rule").addEventListener("change", render);
    $("day").addEventListener("change", function () {
      chosenDay = $("day").value === today() ? null : $("day").value;
      render();
    });
    var stamp = function () { return $("day").value === "all" ? "all-days" : $("day").value; };
    $("export-csv").addEventListener("click", function () {
      HallExport.download("hall-plays-" + stamp() + ".csv", HallExport.csv(shownPlays), "text/csv");
    });
    $("export-json").addEventListener("click", function () {
      HallExport.download("hall-plays-" + stamp() + ".json", HallExport.json(shownPlays), "application/json");
    });
    setStatus();
    render();
    // "Changed 3 min ago" keeps counting, and idle or long-offline tables stand out in time.
    setInterval(renderTables, Math.min(5000, Math.max(250, Math.min(IDLE_MIN, OFFLINE_MIN) * 60000 / 4)));
    var client = mqtt.connect(brokerUrl(), {
      clientId: "hall:" + Math.random().toString(16).slice(2, 10),
      protocolVersion: 4,
      clean: true,
      // After the venue broker restarts, the page is back within a quarter second rather than a
      // whole one: the tables' bridges already take up to 2 s (docs/hall.md), and a refused
      // connection on the venue's network costs next to nothing.
      reconnectPeriod: 250,
      connectTimeout: 5000,
      resubscribe: false,
    });
    client.on("connect", function () {
      connected = true;
      setStatus();
      // Retained messages bring every table's current state, availability, link and plays.
      // What is already shown stays unless newer (a broker restarted from an old save).
      client.subscribe([prefix + "/+/state", prefix + "/+/availability", prefix + "/+/link",
                        prefix + "/+/events", prefix + "/+/plays/+"], { qos: 1 });
    });
    client.on("close", function () { connected = false; setStatus(); });
    client.on("offline", function () { connected = false; setStatus(); });
    client.on("error", function () { /* reconnects by itself; the status shows it */ });
    client.on("message", function (topicName, payload) {
      var parts = topicName.split("/");
      if (parts.length < 3 || parts[0] !== prefix || !safeWord(parts[1])) return;
      var id = parts[1], kind = parts[2];
      if (kind === "state" && parts.length === 3) return onState(id, parse(payload));
      if (kind === "availability") return onAvailability(id, new TextDecoder().decode(payload).trim());
      if (kind === "link") return onLink(id, new TextDecoder().decode(payload).trim());
      if (kind === "events") return onEvent(id, parse(payload));
      if (kind === "plays" && parts.length === 4) {
        // Empty: the table took the play back (an undo reopened its game).
        if (!payload.length) { delete plays[id + "/" + parts[3]]; scheduleRender(); return; }
        return onPlay(id, parts[3], parse(payload));
      }
    });
    window.hallDebug = { tables: tables, plays: plays };
  }

  start();
})();
