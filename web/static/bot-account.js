/* "Bot account" in "Your games": the signed-in player makes their account a bot account
   (POST /api/players/me/bot), after a confirmation, since it cannot be undone. The server says
   no once the player has a game (or a seat kept for them), and its words are shown as they come. */
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  if (!$("bot-account")) return;

  function show(player) {
    $("bot-account-is").hidden = !player.bot;
    $("bot-account-offer").hidden = Boolean(player.bot);
    $("bot-account-confirm").hidden = true;
    $("bot-account-start").hidden = false;
    $("bot-account-error").hidden = true;
    $("bot-account-name").textContent = player.name;
  }

  $("bot-account-start").onclick = () => {
    $("bot-account-start").hidden = true;
    $("bot-account-confirm").hidden = false;
    $("bot-account-error").hidden = true;
  };
  $("bot-account-no").onclick = () => show(ChronicleSignIn.player);
  $("bot-account-yes").onclick = async () => {
    const key = ChronicleSignIn.key();
    const answer = await fetch("/api/players/me/bot", {
      method: "POST", headers: { Accept: "application/json", Authorization: `Bearer ${key}` } });
    const body = await answer.json().catch(() => ({}));
    if (!answer.ok) {
      show(ChronicleSignIn.player);
      $("bot-account-error").textContent = body.detail || answer.statusText;
      $("bot-account-error").hidden = false;
      return;
    }
    ChronicleSignIn.signedIn(key, body);
  };
  document.addEventListener("chronicle:signed-in", (event) => show(event.detail));
})();
