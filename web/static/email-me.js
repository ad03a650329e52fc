/* "Email me when it is my move", in "Your games" on the home page: the signed-in player's email
   settings (GET and PUT /api/players/me/email, DELETE to stop). A new address is sent a link to
   confirm it; the form says so, and says once it is confirmed. The key goes in a header, as
   static/my-games.js sends it. */
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const form = $("email-me-form");
  if (!form) return;
  const CHOICES = { each: "for each move", digest: "in a daily digest", off: "never about your moves" };

  async function asPlayer(method, body) {
    const key = ChronicleSignIn.key();
    const headers = { Accept: "application/json", Authorization: `Bearer ${key}` };
    if (body) headers["Content-Type"] = "application/json";
    const answer = await fetch("/api/players/me/email", { method, headers, body: body && JSON.stringify(body) });
    const shown = await answer.json().catch(() => ({}));
    if (!answer.ok) throw new Error(shown.detail || answer.statusText);
    return shown;
  }

  function show(settings) {
    $("email-me-error").hidden = true;
    $("email-me-remove").hidden = !settings.address;
    if (!settings.address) {
      $("email-me-status").textContent = "No emails: give an address to get them.";
      return;
    }
    $("email-me-address").value = settings.address;
    $("email-me-when").value = settings.your_turn;
    $("email-me-challenges").checked = settings.challenges;
    const what = `${CHOICES[settings.your_turn]}${settings.challenges ? ", and when someone challenges you" : ""}`;
    $("email-me-status").textContent = settings.confirmed
      ? `Emails go to ${settings.address}: ${what}.`
      : `We sent a link to ${settings.address}: follow it to confirm the address, and emails will come ${what}.`;
  }

  function failed(error) {
    $("email-me-error").textContent = error.message;
    $("email-me-error").hidden = false;
  }

  form.onsubmit = async (event) => {
    event.preventDefault();
    try {
      show(await asPlayer("PUT", { address: $("email-me-address").value.trim(), your_turn: $("email-me-when").value,
        challenges: $("email-me-challenges").checked }));
    } catch (error) {
      failed(error);
    }
  };
  $("email-me-remove").onclick = async () => {
    try {
      show(await asPlayer("DELETE"));
      $("email-me-address").value = "";
    } catch (error) {
      failed(error);
    }
  };

  function load() {
    asPlayer("GET").then(show).catch(failed);
  }
  // A bot account gets no email: a program reads its stream instead.
  document.addEventListener("chronicle:signed-in", (event) => {
    $("email-me").hidden = Boolean(event.detail && event.detail.bot);
    if (!$("email-me").hidden) load();
  });
  document.addEventListener("chronicle:signed-out", () => {
    form.reset();
    $("email-me-status").textContent = "";
    $("email-me-remove").hidden = true;
  });
})();
