/* Who plays on this browser: a player's key, kept in this browser's storage (never in an
   address), read once per page. The header shows the player's name (a link to their page) and
   "Sign out", or "Sign in" (the home page's "Your games" registers or takes a key).

   Other scripts follow it through ChronicleSignIn: `player` (null, or {id, name, bot}), `key()`,
   `signedIn(key, player)` and `signOut()`, and the document's events "chronicle:signed-in"
   (detail: the player) and "chronicle:signed-out". */
"use strict";
window.ChronicleSignIn = (function () {
  const KEY = "chronicle:player-key";
  const $ = (id) => document.getElementById(id);
  const state = { player: null };

  function key() {
    try {
      return localStorage.getItem(KEY);
    } catch (error) {
      return null; // storage off: nobody stays signed in
    }
  }

  function keep(value) {
    try {
      if (value) localStorage.setItem(KEY, value);
      else localStorage.removeItem(KEY);
    } catch (error) {
      // storage off: the key lasts as long as the page
    }
  }

  function show() {
    if (!$("who")) return;
    $("who").hidden = false;
    $("who-in").hidden = !state.player;
    $("who-out").hidden = Boolean(state.player);
    if (state.player) {
      $("who-name").textContent = state.player.name;
      $("who-name").href = `/players/${encodeURIComponent(state.player.id)}`;
    }
  }

  function signedIn(value, player) {
    keep(value);
    state.player = { id: player.id, name: player.name, bot: Boolean(player.bot) };
    show();
    document.dispatchEvent(new CustomEvent("chronicle:signed-in", { detail: state.player }));
  }

  function signOut() {
    keep(null);
    state.player = null;
    show();
    document.dispatchEvent(new CustomEvent("chronicle:signed-out"));
  }

  async function recognise(value) {
    const answer = await fetch("/api/players/me", { headers: { Accept: "application/json", Authorization: `Bearer ${value}` } });
    if (answer.status === 401 || answer.status === 403) return signOut(); // a key of no player any more
    if (!answer.ok) return show();
    const player = await answer.json();
    if (key() === value) signedIn(value, player);
  }

  document.addEventListener("DOMContentLoaded", () => {
    if ($("sign-out")) $("sign-out").onclick = signOut;
    const stored = key();
    if (stored) recognise(stored).catch(() => show());
    else show();
  });

  return { get player() { return state.player; }, key, signedIn, signOut };
})();
