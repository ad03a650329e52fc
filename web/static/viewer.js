/* The table viewer: replays a game step by step, follows it live, and plays a seat's turns.

   Everything comes from the REST API, as for any client; the table itself is drawn by the game's
   script (static/tables/<game>.js). The step on show is in the address (?step=n), so a link
   points at a moment of the game. A seat's token arrives in the link's fragment (#token=...),
   which browsers never send to a server; the page keeps it in this browser's storage and takes
   it out of the address bar, so a link copied from there never hands the seat to anyone. */
"use strict";
(function () {
  const root = document.getElementById("viewer");
  const gameId = root.dataset.gameId;
  const api = `/api/games/${gameId}`;
  const generic = ChronicleTables.generic;
  const drawer = Object.assign({}, generic, ChronicleTables[root.dataset.game] || {});
  const STREAM_RETRY_MS = 1000;
  const SETTLE_MS = 60;
  const CACHED_STEPS = 300;
  const TOKEN_KEY = `chronicle:token:${gameId}`;
  const $ = (id) => document.getElementById(id);
  let whatIf = null; // the "What if…" beside each decision (what-if.js)
  let actionWords = null; // the words for a decision's actions (action-words.js)
  let attention = null; // the title, announcements, sound and notification (attention.js)
  let moveList = null; // the game as turns and decisions (move-list.js)
  let result = null; // a finished game's result, score chart and rematch (result.js)
  let since = null; // "Since your last move" and the places changed since (since.js)

  const view = {
    game: null, // the game now, as this seat sees it (GET /api/games/{id})
    step: 0, // the step on show
    wanted: 0, // the step asked for last (answers for older asks are dropped)
    shown: null, // the replay step on show
    following: true, // move on to each new step as it arrives
    playing: null, // the timer of play/pause
    cache: new Map(), // step number -> replay step
    legal: [], // this seat's legal actions at actionsVersion
    openActions: [], // actions open to this seat whoever's decision it is (resign)
    actions: [], // the legal actions on offer: this seat's decision, at the last step
    actionsVersion: null,
    chosen: [], // the keys clicked so far towards an action (a Yin, then its target)
    token: null,
    asPlayer: false, // the token is the signed-in player's key, not this game's own
    busy: false,
    playFocus: false, // the keyboard's focus was last in the table or the buttons
    heard: [], // the descriptions of the steps the stream brought since the last were announced
  };

  /* ---- talking to the API ---- */

  async function call(path, options = {}) {
    const headers = Object.assign({ Accept: "application/json" }, options.headers || {});
    if (view.token) headers.Authorization = `Bearer ${view.token}`;
    const answer = await fetch(api + path, Object.assign({}, options, { headers }));
    const body = await answer.json().catch(() => ({}));
    if (!answer.ok) {
      const error = new Error(body.detail || body.title || answer.statusText);
      error.status = answer.status;
      error.problem = body;
      throw error;
    }
    return body;
  }

  function problemText(error) {
    const problem = error.problem || {};
    const rule = problem.rule ? ` (rule ${problem.rule})` : "";
    return `${problem.title ? problem.title + ": " : ""}${error.message}${rule}`;
  }

  /* ---- the seat's token ---- */

  function readToken() {
    const fragment = new URLSearchParams(location.hash.slice(1));
    const fromLink = fragment.get("token");
    if (fromLink) {
      localStorage.setItem(TOKEN_KEY, fromLink);
      history.replaceState(null, "", location.pathname + location.search);
    }
    const own = localStorage.getItem(TOKEN_KEY);
    const player = window.ChronicleSignIn ? ChronicleSignIn.key() : null;
    view.asPlayer = !own && Boolean(player);
    return own || player;
  }

  function forgetToken() {
    localStorage.removeItem(TOKEN_KEY);
    view.token = null;
    view.asPlayer = false;
  }

  function drawSeat(message) {
    const box = $("seat");
    const game = view.game;
    if (view.asPlayer && game && game.you !== null) { // no secret link: the key opens every seat of theirs
      box.replaceChildren(h("span", {}, `You hold ${game.seats[game.you].name}'s seat, as yourself: you are signed in on this browser.`));
      return;
    }
    if (view.token && game && game.you !== null) {
      const link = `${location.origin}${location.pathname}#token=${view.token}`;
      box.replaceChildren(
        h("span", {}, `You hold ${game.seats[game.you].name}'s seat. `),
        h("details", { class: "secret-link" },
          h("summary", {}, "your seat's secret link"),
          h("p", {}, "Keep it to come back to this game from anywhere; whoever has it plays your seat."),
          h("input", { readonly: true, value: link, id: "seat-link", size: 60 })),
        h("button", { type: "button", id: "leave-seat" }, "leave the seat on this browser"),
      );
      $("leave-seat").onclick = () => { forgetToken(); reload(); };
      return;
    }
    if (game && game.status === "finished") {
      box.replaceChildren(); // everything is shown to everyone now
      return;
    }
    const form = h("form", { id: "take-seat" },
      h("span", {}, message || "Watching as a spectator. "),
      h("input", { name: "token", id: "token-input", placeholder: "a seat's token", autocomplete: "off", size: 32 }),
      h("button", { type: "submit" }, "take the seat"));
    form.onsubmit = (event) => {
      event.preventDefault();
      const token = form.elements.token.value.trim();
      if (!token) return;
      localStorage.setItem(TOKEN_KEY, token);
      view.token = token;
      reload();
    };
    box.replaceChildren(form);
  }

  /* ---- the game as a whole ---- */

  async function loadGame() {
    try {
      view.game = await call("");
    } catch (error) {
      if (error.status !== 403 || !view.token) throw error;
      const asPlayer = view.asPlayer;
      forgetToken(); // a token of no seat of this game: watch as a spectator instead
      view.game = await call("");
      drawSeat(asPlayer ? "" : "That token holds no seat of this game; watching as a spectator. ");
      return;
    }
    drawSeat();
  }

  function lastStep() {
    return view.game.version;
  }

  function drawStatus() {
    const game = view.game;
    const names = game.seats.map((seat) => seat.name);
    $("sandbox").hidden = !game.sandbox;
    $("live").hidden = game.status !== "running";
    let text;
    if (game.status === "finished" && game.outcome) {
      // The result as the server words it (domain/result_words.py): the same on the game list.
      const words = game.outcome.words;
      const ranked = words.standings.map((one) => `${one.name} ${one.score}`).join(", ");
      text = `Finished. ${words.headline}${words.standings.length > 1 ? ` (${ranked})` : ""}: ${words.reason}.`;
    } else if (game.to_act) {
      text = game.to_act.seat === game.you ? "Your decision." : `${game.to_act.name} to decide${game.to_act.bot ? " (a bot)" : ""}.`;
    } else if (game.rules_turn) {
      text = `${capital(rivalName(game.rules_turn))} is taking a turn, played by the rules.`;
    } else {
      text = "Running.";
    }
    // A seed is one long word: it breaks anywhere rather than widen a phone's page.
    $("status").replaceChildren(text, ...(game.status === "finished" && game.seed
      ? [" Seed: ", h("code", { class: "seed" }, game.seed), "."] : []));
    $("status").dataset.status = game.status;
    attention.decided(myDecision());
    result.show(game, view.token).catch((error) => console.warn("the result:", error.message));
    const deadline = $("deadline");
    deadline.hidden = !game.deadline;
    deadline.dataset.deadline = game.deadline || "";
    deadline.textContent = game.deadline ? dueText(game.deadline) : "";
    const failed = $("failed-turn");
    failed.hidden = !game.failed_turn;
    failed.textContent = game.failed_turn ? failedText(game) : "";
    root.dataset.version = game.version;
  }

  function capital(text) {
    return text ? text[0].toUpperCase() + text.slice(1) : text;
  }

  /* "Li Mu's turn failed (IndexError, 4 tries); it will be tried again at 10:04 (in 2 min)." */
  function failedText(game) {
    const failed = game.failed_turn;
    const who = game.rules_turn ? rivalName(game.rules_turn) : `${game.to_act.name}`;
    const when = new Date(failed.next_try);
    const left = Math.round((when - Date.now()) / 60000);
    const at = when.toLocaleTimeString(undefined, { timeStyle: "short" });
    const tries = `${failed.attempts} ${failed.attempts === 1 ? "try" : "tries"}`;
    return `${who[0].toUpperCase()}${who.slice(1)}'s turn failed (${failed.error}, ${tries}); ` +
      `it will be tried again at ${at}${left > 0 ? ` (in ${left} min)` : ""}.`;
  }

  /* A turn that failed changes no version, so no message of the stream tells of it: while the
     game waits on a bot or the rules, look at it again whenever a stream connection ends (within
     a minute: a stream's lifetime). */
  async function recheckWaiting() {
    const game = view.game;
    if (game.status !== "running" || !(game.rules_turn || (game.to_act && game.to_act.bot))) return;
    const now = await call("");
    if (now.version !== view.game.version) return; // the stream brings what changed
    view.game = now;
    drawStatus();
  }

  /* "due 24 Nov 2026, 10:00 (in 23 h 5 min)", in the reader's own time zone. */
  function dueText(deadline) {
    const due = new Date(deadline);
    const when = due.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
    const left = Math.round((due - Date.now()) / 60000);
    if (left <= 0) return `The decision was due ${when}: the clock's policy applies now.`;
    const days = Math.floor(left / 1440), hours = Math.floor((left % 1440) / 60), minutes = left % 60;
    const span = [days && `${days} d`, hours && `${hours} h`, !days && (minutes || !hours) && `${minutes} min`]
      .filter(Boolean).join(" ");
    const policy = view.game.clock && view.game.clock.on_timeout === "bot" ? `then the ${view.game.clock.bot} bot plays it` : "then the seat forfeits";
    return `Due ${when} (in ${span}); ${policy}.`;
  }

  /* ---- one step ---- */

  async function stepAt(n) {
    if (view.cache.has(n)) return view.cache.get(n);
    const step = await call(`/replay/${n}`);
    if (view.cache.size >= CACHED_STEPS) view.cache.delete(view.cache.keys().next().value);
    view.cache.set(n, step);
    return step;
  }

  function clamp(n) {
    return Math.min(Math.max(1, n), lastStep());
  }

  async function show(n) {
    n = clamp(n);
    view.wanted = n;
    const step = await stepAt(n);
    if (view.wanted !== n) return; // a later ask overtook this one
    // The step already on show (the stream's news of a move this page has just drawn) is not drawn
    // again: the table stays the one under the player's finger, only its marks brought up to date.
    const again = view.drawn === step && view.drawnPlaying === playing(step.step);
    view.step = n;
    view.shown = step;
    root.dataset.step = n;
    if (again) markSince($("table"), step.step === lastStep() ? since.changed : []);
    else drawStep(step);
    drawControls();
    const address = new URL(location.href);
    address.searchParams.set("step", n);
    history.replaceState(null, "", address.pathname + address.search);
    await refreshPlay();
  }

  function drawStep(step) {
    const tableBox = $("table");
    view.drawn = step; // the step whose table #table holds, and whether it was drawn to be played on
    view.drawnPlaying = playing(step.step);
    drawer.render(tableBox, step.table, playing(step.step) ? { act: (action) => submit(action, step.step) } : undefined);
    highlight(tableBox, step.explanation.changes);
    markSince(tableBox, step.step === lastStep() ? since.changed : []);
    tableBox.dataset.step = step.step;
    $("info-step").textContent = step.step;
    $("description").textContent = step.description;
    moveList.show(step.step, lastStep())
      .then(() => { if (view.shown === step) drawChanges(step); }) // with the lines of the steps on show
      .catch((error) => console.warn("the move list:", error.message));
    $("rule-id").textContent = step.rule.id;
    $("rule-section").textContent = step.rule.section ? `(${step.rule.section})` : "";
    $("rule-text").textContent = step.rule.text || "";
    drawDecision(step);
    drawChanges(step);
    drawDisputes(step);
  }

  function ids(value, found = new Set()) {
    if (Array.isArray(value)) value.forEach((item) => ids(item, found));
    else if (value && typeof value === "object") {
      const id = drawer.idOf(value);
      if (id !== undefined) found.add(id);
      else Object.values(value).forEach((item) => ids(item, found));
    }
    return found;
  }

  /* Mark what this step changed: a count or slot whose path changed, and each card that arrived
     where it now lies. */
  function highlight(container, changes) {
    const arrived = changes.map((change) => {
      const before = ids(change.before);
      return { path: change.path, cards: new Set([...ids(change.after)].filter((id) => !before.has(id))) };
    });
    for (const element of container.querySelectorAll("[data-path]")) {
      const path = element.dataset.path;
      const card = element.dataset.card;
      const changed = arrived.some((change) =>
        card
          ? (path === change.path || path.startsWith(change.path + "[") || path.startsWith(change.path + ".")) && change.cards.has(card)
          : path === change.path);
      element.classList.toggle("changed", changed);
    }
  }

  /* Mark the places of the newest table changed since this seat's last own decision (lichess's
     last move): each element whose place is one changed, or lies within one. */
  function markSince(container, paths) {
    for (const element of container.querySelectorAll("[data-path]")) {
      const path = element.dataset.path;
      element.classList.toggle("since-move", paths.some((changed) =>
        path === changed || path.startsWith(changed + "[") || path.startsWith(changed + ".")));
    }
  }

  /* "What changed", in sentences: the lines of the steps on show (the decision's, up to this
     step, bookkeeping left out), then the changes to the viewer's own score, life, prestige and
     hand, then cards that came or went and what the table's script can put in words. A value
     nobody can say in words ("whose turn it is: 1 → 0") is left to the lines. */
  function drawChanges(step) {
    const you = step.table.you;
    const told = moveList.linesUpTo(step.step);
    const own = [], moved = [];
    for (const change of step.explanation.changes) {
      const sentence = ownChange(change, you, step.table);
      if (sentence !== undefined) {
        if (sentence) own.push(sentence);
        continue;
      }
      const before = ids(change.before);
      const after = ids(change.after);
      const came = [...after].filter((id) => !before.has(id));
      const went = [...before].filter((id) => !after.has(id));
      const given = drawer.place(change.path, step.table);
      const place = given === change.path ? given.replace(/_/g, " ") : given; // a path no script names
      if (came.length || went.length) {
        const name = (id) => drawer.cardName(findCard(id, change));
        const parts = [];
        if (came.length) parts.push(`+ ${came.map(name).join(", ")}`);
        if (went.length) parts.push(`− ${went.map(name).join(", ")}`);
        moved.push(`${place}: ${parts.join("; ")}`);
        continue;
      }
      const was = sayable(change.before, change.path, step.table);
      const now = sayable(change.after, change.path, step.table);
      // Something that came or went is said so, never as a change to or from "nothing".
      if (was === null || now === null || (empty(was) && empty(now))) continue;
      if (empty(was)) moved.push(`${place}: now ${now}`);
      else if (empty(now)) moved.push(`${place}: no longer ${was}`);
      else moved.push(`${place}: ${was} → ${now}`);
    }
    const lines = [...new Set([...(told.length ? told : [step.description]), ...own, ...moved])];
    const list = $("changes");
    list.replaceChildren(...lines.map((line) => h("li", { class: own.includes(line) ? "own" : "" }, line)));
  }

  // Fields that hold a seat by its number, in any game: said by the seat's name.
  const SEAT_FIELDS = /(^|\.)(current|to_act|active|turn_owner|first|resigned)$/;
  const EMPTY = new Set(["nothing", "none", "", "empty", "nobody", "nobody yet", "none yet", "none left"]);
  const empty = (words) => String(words).split(/, |; /).every((part) => EMPTY.has(part)); // "nothing, nothing" too

  /* A value of the table in words: the table script's, a seat by its name, a plain word ("pass"),
     nothing; null for what only a program reads (a number no script names, a flag, a record). */
  function sayable(value, path, table) {
    const own = drawer.words && drawer.words(value, path, table);
    if (own !== null && own !== undefined) return own;
    if (SEAT_FIELDS.test(path) && Number.isInteger(value) && table.seats && table.seats[value]) return table.seats[value].name;
    if (value === null || value === undefined) return "nothing";
    return typeof value === "string" && /^[a-z][a-z ]*$/.test(value) ? value : null;
  }

  /* A change to the viewer's own score, life, prestige or hand as a sentence ("Your score: 9 → 6",
     "You gain the red Yin"); null for one not worth a line (a hand's order); undefined for a change
     that is not the viewer's own. */
  const OWN_VALUES = { scores: "score", points_in_play: "points in play", life: "life", prestige: "prestige",
    score: "score", vp: "VP", cp: "treasury (CP)" };
  function ownChange(change, you, table) {
    const path = change.path;
    const solo = table.seats && table.seats.length === 1;
    let match = path.match(/^(scores|points_in_play)\[(\d+)\]$/) || path.match(/^(?:players|seats)\[(\d+)\]\.(life|prestige|score)$/);
    if (match) {
      const [seat, what] = /^\d+$/.test(match[1]) ? [Number(match[1]), match[2]] : [Number(match[2]), match[1]];
      if (seat !== you) return undefined;
      if (what === "scores" && table.points_in_play) return null; // Chi's running score is its points in play
      return `Your ${OWN_VALUES[what]}: ${change.before} → ${change.after}`;
    }
    if (solo && you === 0 && ["score", "vp", "cp"].includes(path)) return `Your ${OWN_VALUES[path]}: ${change.before} → ${change.after}`;
    if (path === "hand" || path.startsWith("hand[")) {
      const before = ids(change.before), after = ids(change.after);
      const came = [...after].filter((id) => !before.has(id)).map((id) => drawer.cardName(findCard(id, change)));
      const went = [...before].filter((id) => !after.has(id)).map((id) => drawer.cardName(findCard(id, change)));
      const parts = [];
      if (came.length) parts.push(`You gain ${came.join(", ")}`);
      if (went.length) parts.push(`${came.length ? "you" : "You"} lose ${went.join(", ")}`);
      return parts.length ? parts.join("; ") : null;
    }
    return undefined;
  }

  function findCard(id, change) {
    let found = null;
    const walk = (value) => {
      if (found || !value || typeof value !== "object") return;
      if (!Array.isArray(value) && drawer.idOf(value) === id) found = value;
      else Object.values(value).forEach(walk);
    };
    walk(change.after);
    walk(change.before);
    return found || { id };
  }

  function sameAction(one, other) {
    return JSON.stringify(one) === JSON.stringify(other);
  }

  function drawDecision(step) {
    const box = $("decision");
    const decision = step.explanation.decision;
    const lines = [];
    box.dataset.worded = "true";
    if (!(decision && decision.action)) whatIf.control(step); // leaves the answer of another decision
    if (decision && decision.kind === "deal") lines.push(h("p", {}, "Part of the deal, drawn from the game's seed."));
    else if (decision && decision.action) {
      const seat = step.table.seats[decision.seat];
      const legal = decision.legal_actions;
      const chosen = h("q", { class: "chosen-action" });
      const list = h("ul", {});
      const say = (label) => { // at once in plain words, then in those of the table it was decided on
        chosen.textContent = label(decision.action);
        list.replaceChildren(...legal.map((action) => sameAction(action, decision.action)
          ? h("li", { class: "taken" }, label(action), h("span", { class: "hint" }, " (taken)"))
          : h("li", {}, label(action))));
      };
      say(actionWords.plain);
      box.dataset.worded = "false"; // until the words of the table it was decided on are in
      actionWords.labeller(decision.decided_on_version).then((label) => { say(label); box.dataset.worded = "true"; });
      lines.push(h("p", { class: "taken" }, `${seat ? seat.name : "The seat"} chose `, chosen,
        ` on step ${decision.decided_on_version}${decision.actor ? ` (${decision.actor.bot || "a bot"})` : ""}.`));
      lines.push(h("details", { class: "legal" }, h("summary", {}, `${legal.length} legal action${legal.length === 1 ? " was" : "s were"} open`), list));
      lines.push(whatIf.control(step));
    } else if (decision && decision.hidden) lines.push(h("p", { class: "hint" }, "The decision behind this step is shown to its seat, and to everyone once the game is over."));
    const rules = step.explanation.rules.filter((rule) => rule.id !== step.rule.id);
    // The other rules in words, each with its id beside it, as the step's own rule is shown.
    if (rules.length) lines.push(h("p", { class: "hint rule" }, "Also applied: ", rules.map((rule) => h("span", {},
      rule.text || "a rule", " ", h("code", {}, rule.id))).flatMap((one, i) => (i ? ["; ", one] : [one]))));
    if (step.explanation.rerun) lines.push(h("p", { class: step.explanation.rerun.same_events ? "rerun ok" : "rerun problem" }, `Re-run: ${step.explanation.rerun.detail}.`));
    box.replaceChildren(...lines);
  }

  function drawDisputes(step) {
    const box = $("disputes");
    const disputes = step.disputes || [];
    const total = Math.max(step.disputes_total || 0, disputes.length); // the step carries the first few
    box.replaceChildren(...(disputes.length
      ? [h("h3", {}, `Disputed (${total})`), ...disputes.map((dispute) => h("p", { class: "dispute" }, `“${dispute.claim}”`)),
        ...(total > disputes.length ? [h("p", { class: "hint" }, `and ${total - disputes.length} more, listed with the game's disputes`)] : [])]
      : []), ...whatIf.record(step));
  }

  /* A what-if just answered joins the record of each step of its decision already fetched (an
     answer asked again comes back with its old number). */
  function keepWhatIf(answer) {
    for (const step of view.cache.values()) {
      const decision = step.explanation.decision;
      if (!decision || decision.decided_on_version !== answer.step || !decision.action) continue;
      const kept = step.what_ifs || [];
      if (!kept.some((each) => each.number === answer.number)) {
        step.what_ifs = [...kept, answer];
        step.what_ifs_total = Math.max(step.what_ifs_total || 0, kept.length) + 1;
      }
    }
    if (view.shown) drawDisputes(view.shown);
  }

  /* ---- the step controls ---- */

  function drawControls() {
    const last = lastStep();
    $("slider").max = last;
    $("slider").value = view.step;
    $("step-number").textContent = view.step;
    $("step-count").textContent = last;
    $("first").disabled = $("back").disabled = view.step <= 1;
    $("forward").disabled = $("last").disabled = view.step >= last;
    $("play").textContent = view.playing ? "pause" : "play";
    $("play").setAttribute("aria-pressed", view.playing ? "true" : "false");
  }

  function goTo(n) {
    view.following = clamp(n) >= lastStep();
    return show(n);
  }

  function pause() {
    clearTimeout(view.playing);
    view.playing = null;
    // A step the last tick asked for may still be on its way: pausing keeps the one on show.
    if (view.wanted !== view.step) view.wanted = view.step;
    drawControls();
  }

  function play() {
    if (view.step >= lastStep()) show(1); // at the end, play from the start
    const tick = async () => {
      if (view.step >= lastStep()) return pause();
      await goTo(view.wanted + 1);
      if (view.playing) view.playing = setTimeout(tick, Number($("speed").value));
    };
    view.playing = setTimeout(tick, Number($("speed").value));
    drawControls();
  }

  function bindControls() {
    $("first").onclick = () => goTo(1);
    $("back").onclick = () => goTo(view.wanted - 1);
    $("forward").onclick = () => goTo(view.wanted + 1);
    $("last").onclick = () => goTo(lastStep());
    $("play").onclick = () => (view.playing ? pause() : play());
    $("slider").oninput = () => goTo(Number($("slider").value));
    const byMoves = (find) => async () => {
      const step = await find(view.wanted, lastStep());
      if (step !== null) await goTo(step);
    };
    const moves = {
      previousDecision: byMoves(moveList.previousDecision),
      nextDecision: byMoves(moveList.nextDecision),
      previousTurn: byMoves(moveList.previousTurn),
      nextTurn: byMoves(moveList.nextTurn),
    };
    $("previous-decision").onclick = moves.previousDecision;
    $("next-decision").onclick = moves.nextDecision;
    $("previous-turn").onclick = moves.previousTurn;
    $("next-turn").onclick = moves.nextTurn;
    document.addEventListener("keydown", (event) => {
      const target = event.target;
      if (target.closest("input, select, textarea, summary") || event.altKey || event.ctrlKey || event.metaKey) return;
      const keys = {
        ArrowLeft: () => goTo(view.wanted - 1),
        ArrowRight: () => goTo(view.wanted + 1),
        ArrowUp: moves.previousDecision,
        ArrowDown: moves.nextDecision,
        PageUp: moves.previousTurn,
        PageDown: moves.nextTurn,
        Home: () => goTo(1),
        End: () => goTo(lastStep()),
        " ": () => (view.playing ? pause() : play()),
        Escape: () => choose([]),
      };
      const move = keys[event.key];
      if (!move || (event.key === " " && target.closest("button, [role=button]"))) return;
      event.preventDefault();
      move();
    });
  }

  /* ---- playing a seat ---- */

  /* Whether the table of `step` is the one this seat plays on: the game's last step, running. */
  function playing(step) {
    const game = view.game;
    return Boolean(view.token && game.you !== null && game.status === "running" && step === lastStep());
  }

  function myDecision() {
    const game = view.game;
    return Boolean(view.token && game.you !== null && game.status === "running" && game.to_act && game.to_act.seat === game.you);
  }

  /* The seat's legal and open actions are fetched once per version; the legal ones are offered
     only at the last step (a past table cannot be played on). */
  async function refreshPlay() {
    const panel = $("play-panel");
    const seated = Boolean(view.token && view.game.you !== null && view.game.status === "running");
    panel.hidden = !seated;
    if (seated && view.actionsVersion !== view.game.version) {
      const answer = await call("/actions");
      view.legal = answer.actions;
      view.openActions = answer.open_actions || [];
      view.actionsVersion = answer.version;
      view.chosen = [];
    }
    view.actions = seated && myDecision() && view.step === lastStep() ? view.legal : [];
    drawOpenActions(seated ? view.openActions : []);
    if (!seated) {
      $("actions").replaceChildren();
    } else if (!myDecision()) {
      const awaited = view.game.to_act ? view.game.to_act.name : view.game.rules_turn && rivalName(view.game.rules_turn);
      $("play-hint").textContent = awaited ? `Waiting for ${awaited}…` : "";
      $("actions").replaceChildren();
    } else if (view.step !== lastStep()) {
      $("play-hint").textContent = "It is your decision: go to the last step to play.";
      $("actions").replaceChildren(h("button", { type: "button", id: "to-last" }, "go to the last step"));
      $("to-last").onclick = () => goTo(lastStep());
    } else {
      drawActions();
      markSettled();
      return;
    }
    markPlayable();
    markSettled();
  }

  /* The step the page shows, actions included, once no other step is on its way: what a test
     (or anyone) waits on. The game may have moved on meanwhile (a slow answer): then the step
     still to come marks itself once drawn. */
  /* A rival the rules play (Tianxia's "li-mu"), as a reader would name it. */
  function rivalName(rival) {
    return { "li-mu": "Li Mu", bot: "the Bot" }[rival] || rival;
  }

  function markSettled() {
    keepPlayFocus();
    if (view.wanted === view.step) root.dataset.settled = view.step;
  }

  /* A move taken from the keyboard redraws the table and the buttons under the focus: rather than
     let it fall back to the top of the page, put it on the first highlighted card, or the first
     button, so that a whole turn is played with Tab, Enter and Space. */
  function keepPlayFocus() {
    const lost = document.activeElement === document.body || !document.activeElement;
    if (!lost || !view.playFocus) return;
    const next = $("table").querySelector(".playable") || $("actions").querySelector("button");
    if (next) next.focus({ preventScroll: true });
  }

  /* Actions open whoever's decision it is: taking back one's last move, resigning (which asks
     first: there is no way back from it). */
  function drawOpenActions(actions) {
    $("open-actions").replaceChildren(...actions.map((action) => {
      const label = drawer.label(action, view.shown.table);
      const button = h("button", { type: "button", class: `open-action ${action.type}`, dataset: { action: JSON.stringify(action) } }, label);
      button.onclick = () => {
        if (action.type !== "resign" || confirm(`${label}? The game ends at once; this cannot be taken back.`)) submit(action);
      };
      return button;
    }));
  }

  function drawActions() {
    const shown = view.shown.table;
    const matching = view.actions.filter((action) => startsWith(drawer.keys(action, view.shown.table), view.chosen))
      // A table of many card actions (byCards) offers a button only once no card is left to click.
      .filter((action) => !drawer.byCards || drawer.keys(action, view.shown.table).length <= view.chosen.length);
    $("play-hint").textContent = view.chosen.length
      ? "Now choose among the highlighted cards, or press Escape to choose again."
      : "Click a highlighted card, or a button.";
    $("actions").dataset.version = view.actionsVersion;
    const labels = matching.map((action) => drawer.label(action, shown));
    const buttons = matching.map((action, index) => {
      // Two identical cards make two actions with the same words: each is numbered among its
      // like ("card 1 of 2"), never told by the card's id.
      const alike = labels.filter((label) => label === labels[index]).length;
      const nth = labels.slice(0, index + 1).filter((label) => label === labels[index]).length;
      const words = alike > 1 ? `${labels[index]} (card ${nth} of ${alike})` : labels[index];
      const button = h("button", { type: "button", class: "action", dataset: { action: JSON.stringify(action) } }, words);
      button.onclick = () => submit(action);
      return button;
    });
    $("actions").replaceChildren(...grouped(matching, buttons, shown),
      ...(view.chosen.length ? [h("button", { type: "button", class: "cancel", id: "cancel-choice" }, "choose again")] : []));
    if (view.chosen.length) $("cancel-choice").onclick = () => choose([]);
    markPlayable();
  }

  /* The buttons under headings of what they act on, where the table names it (drawer.group), in
     the order each heading first comes. */
  function grouped(actions, buttons, table) {
    if (!drawer.group) return buttons;
    const groups = new Map();
    actions.forEach((action, index) => {
      const heading = drawer.group(action, table);
      if (!groups.has(heading)) groups.set(heading, []);
      groups.get(heading).push(buttons[index]);
    });
    return [...groups].map(([heading, members]) => h("section", { class: "action-group", "aria-label": heading },
      h("h3", {}, heading), h("div", { class: "action-buttons" }, members)));
  }

  function startsWith(keys, prefix) {
    return prefix.every((key, index) => keys[index] === key);
  }

  /* Only the cards that lead to a legal action can be clicked: an illegal click is impossible. */
  function markPlayable() {
    const next = new Set();
    for (const action of view.actions) {
      const keys = drawer.keys(action, view.shown.table);
      if (keys.length > view.chosen.length && startsWith(keys, view.chosen)) next.add(keys[view.chosen.length]);
    }
    for (const element of $("table").querySelectorAll("[data-key]")) {
      const key = element.dataset.key;
      const playable = next.has(key);
      element.classList.toggle("playable", playable);
      element.classList.toggle("chosen", view.chosen.includes(key));
      if (playable) {
        element.setAttribute("role", "button");
        element.tabIndex = 0;
      } else {
        element.removeAttribute("role");
        element.removeAttribute("tabindex");
      }
    }
  }

  function choose(keys) {
    view.chosen = keys;
    if (view.actions.length) drawActions();
  }

  function clickCard(event) {
    const element = event.target.closest("[data-key]");
    if (!element || !element.classList.contains("playable") || view.busy) return;
    const chosen = [...view.chosen, element.dataset.key];
    const matching = view.actions.filter((action) => startsWith(drawer.keys(action, view.shown.table), chosen));
    const complete = matching.filter((action) => drawer.keys(action, view.shown.table).length === chosen.length);
    if (complete.length === 1 && matching.length === 1) submit(complete[0]);
    else choose(chosen);
  }

  /* The key that makes sending the same move twice take it once: the version and the action, or
     for a long action (a deck list) a digest of it, within the service's 200 characters. */
  function idempotencyKey(version, action) {
    const json = JSON.stringify(action);
    const key = `${version}-${encodeURIComponent(json)}`;
    if (key.length <= 200) return key;
    let one = 0x811c9dc5, other = 0x01000193; // two FNV-1a-like hashes of the action
    for (let i = 0; i < json.length; i++) {
      one = Math.imul(one ^ json.charCodeAt(i), 0x01000193) >>> 0;
      other = Math.imul(other ^ json.charCodeAt(i), 0x5bd1e995) >>> 0;
    }
    return `${version}-${action.type}-${json.length}-${one.toString(16)}${other.toString(16)}`;
  }

  /* Send `action`, decided on `version` (the legal actions' own, unless a table composed it); true
     once the game took it. */
  async function submit(action, version = view.actionsVersion) {
    if (view.busy) return false;
    view.busy = true;
    let taken = false;
    const error = $("play-error");
    for (const button of $("actions").querySelectorAll("button")) button.disabled = true;
    try {
      await call("/actions", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey(version, action) },
        body: JSON.stringify({ action, expected_version: version }),
      });
      error.hidden = true;
      taken = true;
    } catch (refused) {
      error.textContent = refused.status === 409 ? "The game moved on before your move arrived: here is the table now." : problemText(refused);
      error.hidden = false;
    } finally {
      view.busy = false;
      view.chosen = [];
      view.actionsVersion = null;
    }
    await catchUp(true);
    return taken;
  }

  /* ---- following the game ---- */

  async function catchUp(follow) {
    const before = view.game;
    await loadGame();
    if (before.status !== view.game.status) view.cache.clear(); // the end reveals every hidden card
    drawStatus();
    await since.refresh(view.game, view.token);
    if (follow) view.following = true;
    if (view.following && !view.playing) await show(lastStep());
    else {
      drawControls();
      await refreshPlay();
    }
  }

  /* Follow the game through its stream (GET /api/games/{id}/stream), read with fetch so that the
     seat's token travels in a header; after a break, resume after the last version seen. The
     first message of a connection carries this seat's whole view, each later one a JSON Patch
     from the view of the message before, so the newest view is all it takes. */
  async function follow() {
    while (view.game.status === "running") {
      try {
        const headers = { "Last-Event-ID": String(view.game.version) };
        if (view.token) headers.Authorization = `Bearer ${view.token}`;
        let held = null; // the view this connection's next patch applies to
        const ended = await ChronicleEventStream.read(`${api}/stream`, headers, (message) => { held = news(message.data, held); });
        if (ended === "over") return;
      } catch (error) {
        console.warn("following the game:", error.message);
      }
      await recheckWaiting().catch((error) => console.warn("looking at the game again:", error.message));
      await new Promise((resolve) => setTimeout(resolve, STREAM_RETRY_MS));
    }
  }

  /* One message of the stream; returns the view it brings. */
  function news(data, held) {
    const message = JSON.parse(data);
    if (message.patch && !held) throw new Error("a patch came before any whole view"); // reconnect
    const game = message.game || ChronicleJsonPatch.apply(held, message.patch);
    if (message.version < view.game.version) return game;
    const before = view.game;
    view.game = game;
    if (before.status !== view.game.status) view.cache.clear(); // the end reveals every hidden card
    if (message.event && message.event.description && message.version > before.version) view.heard.push(message.event.description);
    clearTimeout(view.settling); // a decision's events come together: draw once they have
    view.settling = setTimeout(settle, SETTLE_MS);
    return game;
  }

  async function settle() {
    if (view.heard.length) attention.announce(view.heard.splice(0).join(" "));
    drawStatus();
    await since.refresh(view.game, view.token);
    if (view.following && !view.playing) await show(lastStep());
    else {
      drawControls();
      await refreshPlay();
    }
  }

  function reload() {
    view.cache.clear();
    view.actionsVersion = null;
    return catchUp(false);
  }

  async function start() {
    view.token = readToken();
    actionWords = ChronicleActionWords.create({ drawer, stepAt });
    attention = ChronicleAttention.create();
    result = ChronicleResult.create({ call });
    moveList = ChronicleMoveList.create({ call, goTo, seatName: (seat) => (view.game.seats[seat] || { name: `seat ${seat}` }).name });
    since = ChronicleSince.create({ call, goTo });
    whatIf = ChronicleWhatIf.create({ call, drawer, words: actionWords, problemText, asked: keepWhatIf });
    bindControls();
    $("table").addEventListener("click", clickCard);
    $("table").addEventListener("keydown", (event) => {
      if ((event.key === "Enter" || event.key === " ") && event.target.closest("[data-key]")) {
        event.preventDefault(); // Space on a card chooses it, as on a button, rather than scrolling
        clickCard(event);
      }
    });
    // Whether the keyboard is at play (in the table or the buttons), for keepPlayFocus.
    document.addEventListener("focusin", (event) => {
      view.playFocus = Boolean(event.target.closest("#table, #actions, #open-actions"));
    });
    try {
      await loadGame();
    } catch (error) {
      $("status").textContent = `The game could not be loaded: ${problemText(error)}`;
      return;
    }
    drawStatus();
    await since.refresh(view.game, view.token); // read first by a seat that comes back
    await drawer.ready; // a table script's own data (Xi's card catalogue), before its first table
    const asked = parseInt(new URLSearchParams(location.search).get("step"), 10);
    const step = Number.isInteger(asked) ? clamp(asked) : lastStep();
    view.following = step >= lastStep();
    await show(step);
    root.dataset.ready = "true";
    follow();
  }

  start();
})();
