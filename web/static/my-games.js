/* "Your games" on the home page, for a player (POST /api/players): the games awaiting your
   decision first, then those waiting on others, then the finished ones, each opened in your seat
   with your key. The list refreshes itself from the player's notice stream
   (GET /api/players/me/stream): each notice (your turn, a game finished or moved on, a
   tournament's news) reads the list again. Above it, the news of the player's tournaments in
   words (their game of the round, a bye, their withdrawal after losses on time, their final place),
   linked to the tournament and the game, and to all their tournaments on the tournaments' list.

   The key is the player's secret: static/sign-in.js keeps it in this browser's storage only, it
   is sent in a header (never in an address), and "Forget the key" (or the header's "Sign out")
   takes it out again. */
"use strict";
(function () {
  const RETRY_MS = 2000;
  const $ = (id) => document.getElementById(id);
  const panel = $("my-games");
  if (!panel) return;
  const title = document.title;
  let following = 0; // the generation of the stream being read: a new key stops the old one

  async function asPlayer(path, key, options = {}) {
    const headers = Object.assign({ Accept: "application/json", Authorization: `Bearer ${key}` }, options.headers || {});
    const answer = await fetch(path, Object.assign({}, options, { headers }));
    const body = await answer.json().catch(() => ({}));
    if (!answer.ok) throw Object.assign(new Error(body.detail || answer.statusText), { status: answer.status });
    return body;
  }

  function statusOf(row) {
    if (row.status === "finished") return "finished";
    if (row.your_decision) return "your decision";
    return row.to_act ? `${row.to_act.name} to decide` : "running";
  }

  function rowOf(row, key) {
    const opponents = row.opponents.map((seat) => seat.name + (seat.bot || seat.bot_account ? " (bot)" : "")).join(", ") || "alone";
    const link = h("a", { href: `/games/${row.id}#token=${encodeURIComponent(key)}` }, row.title);
    const sandbox = row.sandbox ? [" ", h("span", { class: "badge sandbox", title: "started from a chosen position: not a real game" }, "sandbox")] : [];
    return h("tr", { class: row.your_decision ? "awaiting" : "", dataset: { game: row.id } },
      h("td", {}, link, ...sandbox), h("td", {}, opponents),
      h("td", { class: "status" }, row.your_decision ? h("b", {}, statusOf(row)) : statusOf(row)),
      h("td", { class: "last-move" }, row.last_move ? row.last_move.description : ""),
      h("td", {}, row.deadline ? new Date(row.deadline).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : ""));
  }

  function tournamentNews(news, key) {
    return news.map((notice) => h("li", { dataset: { notice: notice.id } },
      h("a", { href: notice.links.tournament_page }, notice.words),
      ...(notice.links.page ? [" · ", h("a", { href: `${notice.links.page}#token=${encodeURIComponent(key)}` }, "open the game")] : [])));
  }

  async function drawList(key) {
    const page = await asPlayer("/api/players/me/games?limit=20", key);
    const news = page.tournament_news || [];
    $("my-games-tournaments").hidden = !news.length;
    $("my-games-tournaments").replaceChildren(...(news.length
      ? [h("h2", {}, "Your tournaments"), h("ul", { class: "tournament-news" }, tournamentNews(news, key)),
        h("p", {}, h("a", { href: "/tournaments#yours" }, "all your tournaments"))] : []));
    const awaiting = page.games.filter((row) => row.your_decision).length;
    document.title = awaiting ? `(${awaiting}) ${title}` : title;
    $("my-games-count").textContent = awaiting ? `${awaiting} awaiting your decision` : "none awaiting your decision";
    $("my-games-list").replaceChildren(page.games.length
      ? h("table", { class: "games mine" },
        h("thead", {}, h("tr", {}, ["Game", "Against", "Status", "Last move", "Due"].map((head) => h("th", { scope: "col" }, head)))),
        h("tbody", {}, page.games.map((row) => rowOf(row, key))))
      : h("p", { class: "empty" }, "No games yet: start one below, in your own seat."));
    panel.dataset.refreshed = String(Number(panel.dataset.refreshed || 0) + 1);
  }

  /* The notices, read until the key changes; the list again after each, and after a break. */
  async function follow(key, generation) {
    while (generation === following) {
      try {
        // Notices only: the list needs no game's table (a bot account's stream would carry them).
        await ChronicleEventStream.read("/api/players/me/stream?games=notices", { Authorization: `Bearer ${key}` }, (message) => {
          // Every notice goes on to the page's other parts too (static/challenges.js).
          if (generation === following) document.dispatchEvent(new CustomEvent("chronicle:notice", { detail: message }));
          if (generation === following && ["inbox", "your_turn", "game_finished", "game_moved", "tournament"].includes(message.event)) {
            drawList(key).catch((error) => console.warn("your games:", error.message));
          }
        });
      } catch (error) {
        console.warn("your notices:", error.message);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  async function signIn(key) {
    const me = await asPlayer("/api/players/me", key);
    ChronicleSignIn.signedIn(key, me);
    $("my-games-out").hidden = true;
    $("my-games-in").hidden = false;
    $("my-games-who").replaceChildren(Object.assign(document.createElement("a"), {
      href: `/players/${encodeURIComponent(me.id)}`, textContent: me.name, title: "your ratings" }));
    await drawList(key);
    following += 1;
    follow(key, following);
  }

  function signedOut() {
    following += 1;
    document.title = title;
    $("my-games-in").hidden = true;
    $("my-games-out").hidden = false;
    $("my-games-key-shown").hidden = true;
    $("my-games-list").replaceChildren();
    $("my-games-tournaments").replaceChildren();
    $("my-games-tournaments").hidden = true;
  }

  function refused(error) {
    const box = $("my-games-error");
    box.textContent = error.status === 403 || error.status === 401 ? "That key belongs to no player." : error.message;
    box.hidden = false;
  }

  $("my-games-register").onsubmit = async (event) => {
    event.preventDefault();
    $("my-games-error").hidden = true;
    try {
      const answer = await fetch("/api/players", {
        method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ name: $("my-games-name").value }),
      });
      const player = await answer.json();
      if (!answer.ok) throw new Error(player.detail || answer.statusText);
      $("my-games-key").textContent = player.key;
      $("my-games-id").textContent = player.id;
      await signIn(player.key);
      $("my-games-key-shown").hidden = false; // shown this once, as the API gives it
    } catch (error) {
      refused(error);
    }
  };
  $("my-games-sign-in").onsubmit = async (event) => {
    event.preventDefault();
    $("my-games-error").hidden = true;
    try {
      await signIn($("my-games-key-input").value.trim());
      $("my-games-key-input").value = "";
    } catch (error) {
      refused(error);
    }
  };
  $("my-games-forget").onclick = () => ChronicleSignIn.signOut();
  document.addEventListener("chronicle:signed-out", signedOut);

  panel.hidden = false; // without JavaScript there is nothing to show
  const key = ChronicleSignIn.key();
  if (key) signIn(key).catch((error) => { ChronicleSignIn.signOut(); refused(error); });
})();
