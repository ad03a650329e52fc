/* Challenges on the home page, for the player signed in (static/sign-in.js tells this script who
   that is, and my-games.js passes on each notice of the player's stream): the challenges
   waiting for your answer (Accept, or Decline with a reason), yours still open (Cancel), the
   last ones answered; a form to challenge a player found by name, or to offer a game to anyone;
   and what is open to join: others' challenges to anyone, and games with an empty seat.
   Accepting or joining opens the game in your seat. */
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const panel = $("challenges");
  if (!panel) return;
  const REFRESH_MS = 20000; // others' open challenges and seats come with no notice: look again now and then
  let key = null;
  let me = null;
  let drawing = null;
  let refresher = null;
  let chosen = null; // the player picked from several of one name, or from their page

  async function api(path, options = {}) {
    const headers = Object.assign({ Accept: "application/json", Authorization: `Bearer ${key}` }, options.headers || {});
    if (options.body) headers["Content-Type"] = "application/json";
    const answer = await fetch(path, Object.assign({}, options, { headers }));
    const body = await answer.json().catch(() => ({}));
    if (!answer.ok) throw Object.assign(new Error(body.detail || answer.statusText), { status: answer.status });
    return body;
  }

  const UNITS = [["W", "week"], ["D", "day"], ["H", "hour"], ["M", "minute"], ["S", "second"]];
  /* "P1D" as "1 day", "PT1H30M" as "1 hour 30 minutes". */
  function duration(text) {
    const match = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?)?$/.exec(text || "");
    if (!match) return text;
    return UNITS.map(([, unit], index) => [Number(match[index + 1] || 0), unit])
      .filter(([amount]) => amount).map(([amount, unit]) => `${amount} ${unit}${amount === 1 ? "" : "s"}`).join(" ");
  }

  function when(moment) {
    return new Date(moment).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  }

  /* "Chi · 1 day per move · rated · seats by lot" */
  function terms(challenge) {
    const seat = { random: "seats drawn by lot", first: `${challenge.challenger.name} plays first`,
      second: `${challenge.challenger.name} plays second` }[challenge.seat];
    return [challenge.title, challenge.clock ? `${duration(challenge.clock.per_decision)} per move` : "no time limit",
      challenge.rated ? "rated" : "casual", seat].join(" · ");
  }

  /* A party's name, with a "bot" badge for a bot account. */
  function party(who) {
    return h("span", {}, h("b", {}, who.name), ...(who.bot ? [" ", h("span", { class: "badge bot", title: "a bot account: a program plays as this player" }, "bot")] : []));
  }

  function gameLink(gameId, text) {
    return h("a", { href: `/games/${gameId}#token=${encodeURIComponent(key)}` }, text);
  }

  function failed(error) {
    const box = $("challenges-error");
    box.textContent = error.message;
    box.hidden = false;
  }

  async function act(doing) {
    $("challenges-error").hidden = true;
    try {
      await doing();
    } catch (error) {
      failed(error);
      draw();
    }
  }

  function accept(challenge) {
    return act(async () => {
      const accepted = await api(`/api/challenges/${challenge.id}/accept`, { method: "POST" });
      location.href = `/games/${accepted.game_id}#token=${encodeURIComponent(key)}`;
    });
  }

  function incomingRow(challenge) {
    const reason = h("input", { name: "reason", maxlength: "200", placeholder: "a reason (optional)",
      "aria-label": `Why you decline ${challenge.challenger.name}'s challenge` });
    const accepting = h("button", { type: "button", class: "accept" }, "Accept");
    accepting.onclick = () => accept(challenge);
    const declining = h("button", { type: "button", class: "decline" }, "Decline");
    declining.onclick = () => act(async () => {
      await api(`/api/challenges/${challenge.id}/decline`, { method: "POST", body: JSON.stringify({ reason: reason.value || null }) });
      draw();
    });
    return h("li", { class: "challenge incoming", dataset: { challenge: challenge.id } },
      h("span", {}, party(challenge.challenger), " challenges you: ", terms(challenge),
        h("small", {}, ` (open until ${when(challenge.expires_at)})`)),
      h("span", { class: "answers" }, accepting, reason, declining));
  }

  function outgoingRow(challenge) {
    const cancelling = h("button", { type: "button", class: "cancel" }, "Cancel");
    cancelling.onclick = () => act(async () => {
      await api(`/api/challenges/${challenge.id}/cancel`, { method: "POST" });
      draw();
    });
    const whom = challenge.to ? ["You challenged ", party(challenge.to)] : ["You offered to anyone"];
    return h("li", { class: "challenge outgoing", dataset: { challenge: challenge.id } },
      h("span", {}, ...whom, ": ", terms(challenge), h("small", {}, ` (open until ${when(challenge.expires_at)})`)),
      h("span", { class: "answers" }, cancelling));
  }

  function recentRow(challenge) {
    const mine = challenge.challenger.id === me.id;
    const other = mine ? (challenge.to ? challenge.to.name : "anyone") : challenge.challenger.name;
    let line;
    if (challenge.status === "accepted") {
      const taker = challenge.taker.id === me.id ? "You" : challenge.taker.name;
      line = [`${taker} accepted ${mine ? "your" : `${other}'s`} challenge to ${challenge.title}: `, gameLink(challenge.game_id, "open the game")];
    } else if (challenge.status === "declined") {
      const who = mine ? `${other} declined your` : `You declined ${other}'s`;
      line = [`${who} challenge to ${challenge.title}`, challenge.reason ? `: “${challenge.reason}”` : ""];
    } else if (challenge.status === "cancelled") {
      line = [mine ? `You cancelled your challenge to ${other}` : `${other} cancelled their challenge`, ` (${challenge.title})`];
    } else {
      line = [mine ? `Your challenge to ${other}` : `${other}'s challenge`, ` (${challenge.title}) expired unanswered`];
    }
    return h("li", { class: `challenge recent ${challenge.status}`, dataset: { challenge: challenge.id } }, ...line);
  }

  function openChallengeRow(challenge) {
    const joining = h("button", { type: "button", class: "join" }, "Join");
    joining.onclick = () => accept(challenge);
    return h("li", { class: "challenge open", dataset: { challenge: challenge.id } },
      h("span", {}, party(challenge.challenger), " offers: ", terms(challenge)), h("span", { class: "answers" }, joining));
  }

  function openSeatRow(game) {
    const seat = game.open_seats[0];
    const joining = h("button", { type: "button", class: "join" }, "Join");
    joining.onclick = () => act(async () => {
      await api(`/api/games/${game.id}/seats/${seat}/join`, { method: "POST" });
      location.href = `/games/${game.id}#token=${encodeURIComponent(key)}`;
    });
    const seated = game.seats.filter((other) => other.kind !== "open").map((other) => other.name);
    return h("li", { class: "open-game", dataset: { game: game.id } },
      h("span", {}, `${game.title}: `, seated.length ? `${seated.join(", ")} ${seated.length === 1 ? "waits" : "wait"} for a player` : "an empty table"),
      h("span", { class: "answers" }, joining));
  }

  function list(id, heading, rows) {
    $(id).replaceChildren(...(rows.length ? [h("h2", {}, heading), h("ul", { class: "challenges" }, rows)] : []));
  }

  async function drawNow() {
    const [mine, open] = await Promise.all([api("/api/challenges"), api("/api/games?open=true&limit=20")]);
    list("challenges-incoming", "Waiting for your answer", mine.incoming.map(incomingRow));
    list("challenges-outgoing", "Your challenges", mine.outgoing.map(outgoingRow));
    list("challenges-recent", "Answered lately", mine.recent.slice(0, 5).map(recentRow));
    const seats = open.games.filter((game) => !game.seats.some((seat) => seat.player === me.id));
    const rows = [...mine.open.map(openChallengeRow), ...seats.map(openSeatRow)];
    $("challenges-open").replaceChildren(rows.length ? h("ul", { class: "challenges" }, rows)
      : h("p", { class: "empty" }, "Nothing open right now: offer a game to anyone above."));
    panel.dataset.refreshed = String(Number(panel.dataset.refreshed || 0) + 1);
  }

  /* One drawing at a time; a call during one draws once more after it. */
  function draw() {
    if (!key) return Promise.resolve();
    if (drawing) {
      drawing.again = true;
      return drawing.done;
    }
    drawing = { again: false };
    drawing.done = (async () => {
      do {
        drawing.again = false;
        await drawNow().catch((error) => console.warn("challenges:", error.message));
      } while (drawing.again);
      drawing = null;
    })();
    return drawing.done;
  }

  async function issue(toAnyone) {
    const body = { game: $("challenge-game").value, rated: $("challenge-rated").checked };
    if ($("challenge-clock").value) body.clock = { per_decision: $("challenge-clock").value };
    if (!toAnyone) {
      const to = chosen || await findPlayer($("challenge-name").value.trim());
      if (!to) return;
      body.to = to.id;
    }
    await api("/api/challenges", { method: "POST", body: JSON.stringify(body) });
    chosen = null;
    $("challenge-name").value = "";
    $("challenge-choices").replaceChildren();
    await draw();
  }

  /* The one player of that name (names compared case aside), or null after offering a choice. */
  async function findPlayer(name) {
    if (!name) throw new Error("Give the name of the player to challenge, or offer the game to anyone.");
    const found = (await api(`/api/players?name=${encodeURIComponent(name)}`)).players.filter((player) => player.id !== me.id);
    const same = found.filter((player) => player.name.toLowerCase() === name.toLowerCase());
    const candidates = same.length ? same : found;
    if (candidates.length === 1) return candidates[0];
    if (!candidates.length) throw new Error(`No other player is called “${name}”.`);
    $("challenge-choices").replaceChildren(h("p", {}, `Several players are called “${name}”: which one?`),
      h("ul", { class: "challenges" }, candidates.map((player, index) => {
        const picking = h("button", { type: "button" }, `Challenge ${player.name}${same.length > 1 ? ` (${index + 1})` : ""}`);
        picking.onclick = () => { chosen = player; act(() => issue(false)); };
        return h("li", {}, picking, " ", h("a", { href: `/players/${player.id}`, target: "_blank" }, "their page"));
      })));
    return null;
  }

  let suggesting = 0;
  $("challenge-name").addEventListener("input", async () => {
    chosen = null;
    const name = $("challenge-name").value.trim();
    const asked = ++suggesting;
    if (!name || !key) return;
    try {
      const found = (await api(`/api/players?name=${encodeURIComponent(name)}`)).players;
      if (asked === suggesting) {
        $("challenge-found").replaceChildren(...found.filter((p) => p.id !== me.id).map((p) => h("option", { value: p.name })));
      }
    } catch (error) {
      console.warn("players:", error.message);
    }
  });

  $("challenge-form").onsubmit = (event) => {
    event.preventDefault();
    act(() => issue(false));
  };
  $("challenge-anyone").onclick = () => act(() => issue(true));

  /* From a player's page: /?challenge=<their id> fills in their name. */
  async function fromPlayerPage() {
    const wanted = new URLSearchParams(location.search).get("challenge");
    if (!wanted) return;
    const player = await fetch(`/api/players/${encodeURIComponent(wanted)}`).then((answer) => (answer.ok ? answer.json() : null));
    if (player && player.id !== me.id) {
      chosen = { id: player.id, name: player.name };
      $("challenge-name").value = player.name;
      $("challenge-name").focus();
    }
  }

  document.addEventListener("chronicle:signed-in", (event) => {
    key = ChronicleSignIn.key();
    me = event.detail;
    panel.hidden = false;
    draw();
    fromPlayerPage().catch((error) => console.warn("challenge:", error.message));
    clearInterval(refresher);
    refresher = setInterval(draw, REFRESH_MS);
  });
  document.addEventListener("chronicle:signed-out", () => {
    key = me = null;
    clearInterval(refresher);
    panel.hidden = true;
  });
  document.addEventListener("chronicle:notice", (event) => {
    if (["inbox", "challenge", "game_moved"].includes(event.detail.event)) draw();
  });
})();
