/* The table viewer: replays a game step by step, follows it live, and plays a seat's turns.

   Everything comes from the REST API, as for any client; the table itself is drawn by the game's
   script (static/tables/<game>.js). The step on show is in the address (?step=n), so a link
   points at a moment of the game. A seat's token arrives in the link's fragment (#token=...),
   which browsers never send to a server; the page keeps it in this browser's storage and takes
   it out of the address bar, so a link copied from there never hands the seat to anyone.

   The viewer is made of parts, each a script loaded before this one: stepping through the replay
   (replay-steps.js, with what a step explains in step-explained.js), following the game live
   (live-follow.js) and playing a seat (seat-play.js). This script holds what they share in one
   object, `page` (the game and the step on show in `view`, the API, the seat's token and the
   game's status), makes each part with it, and starts; a part reaches another as page.steps,
   page.explained, page.live or page.seat, and the helpers (move list, since, what-if, the
   analysis, ...) as page.moveList, page.since, page.whatIf, page.analysis and so on. */
"use strict";
(function () {
  const root = document.getElementById("viewer");
  const gameId = root.dataset.gameId;
  const api = `/api/games/${gameId}`;
  const generic = ChronicleTables.generic;
  const drawer = Object.assign({}, generic, ChronicleTables[root.dataset.game] || {});
  const TOKEN_KEY = `chronicle:token:${gameId}`;
  const $ = (id) => document.getElementById(id);

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
      $("leave-seat").onclick = () => { forgetToken(); page.live.reload(); };
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
      page.live.reload();
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
    page.attention.decided(page.seat.myDecision());
    page.result.show(game, view.token).catch((error) => console.warn("the result:", error.message));
    page.analysis.refresh(game).catch((error) => console.warn("the analysis:", error.message));
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

  /* A rival the rules play (Tianxia's "li-mu"), as a reader would name it. */
  function rivalName(rival) {
    return { "li-mu": "Li Mu", bot: "the Bot" }[rival] || rival;
  }

  const page = { root, api, drawer, view, $, call, problemText, loadGame, lastStep, drawStatus, rivalName };
  page.steps = ChronicleReplaySteps.create(page);
  page.explained = ChronicleStepExplained.create(page);
  page.seat = ChronicleSeatPlay.create(page);
  page.live = ChronicleLiveFollow.create(page);

  async function start() {
    view.token = readToken();
    const { stepAt, goTo } = page.steps;
    page.actionWords = ChronicleActionWords.create({ drawer, stepAt }); // the words for a decision's actions
    page.attention = ChronicleAttention.create(); // the title, announcements, sound and notification
    page.result = ChronicleResult.create({ call }); // a finished game's result, score chart and rematch
    page.analysis = ChronicleAnalysis.create(page); // the chart, marks and "best was" of the game's analysis
    page.moveList = ChronicleMoveList.create({ call, goTo, seatName: (seat) => (view.game.seats[seat] || { name: `seat ${seat}` }).name,
      judged: page.analysis.judgement });
    page.since = ChronicleSince.create({ call, goTo }); // "Since your last move" and the places changed since
    page.whatIf = ChronicleWhatIf.create({ call, drawer, words: page.actionWords, problemText, asked: page.explained.keepWhatIf });
    page.seat.bindTable();
    try {
      await loadGame();
    } catch (error) {
      $("status").textContent = `The game could not be loaded: ${problemText(error)}`;
      return;
    }
    page.steps.bindControls(); // once there is a game to step through: a slider dragged before would find none
    drawStatus();
    await page.since.refresh(view.game, view.token); // read first by a seat that comes back
    await drawer.ready; // a table script's own data (Xi's card catalogue), before its first table
    const asked = parseInt(new URLSearchParams(location.search).get("step"), 10);
    const step = Number.isInteger(asked) ? page.steps.clamp(asked) : lastStep();
    view.following = step >= lastStep();
    await page.steps.show(step);
    root.dataset.ready = "true";
    page.live.follow();
  }

  start();
})();
