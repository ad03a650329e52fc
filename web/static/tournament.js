/* Tournaments for the player signed in on this browser (static/sign-in.js keeps their key).

   On a tournament's page: Join or Withdraw while it is open (Start for its organiser), Withdraw
   while it runs, and "your game" beside the player's game of the round; each through the REST API
   (POST /api/tournaments/{id}/join, /withdraw, /start), after which the page is read again. On
   the list: the form that organises one (POST /api/tournaments), opening its page. The server's
   words are shown as they come when it says no. */
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);

  async function send(path, body) {
    const headers = { Accept: "application/json", Authorization: `Bearer ${ChronicleSignIn.key()}` };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const answer = await fetch(path, { method: "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const found = await answer.json().catch(() => ({}));
    if (!answer.ok) throw new Error(found.detail || answer.statusText);
    return found;
  }

  function failed(box, error) {
    box.textContent = error.message;
    box.hidden = false;
  }

  /* -- a tournament's page -- */
  const panel = $("tournament");
  if (panel) {
    const id = panel.dataset.tournament;
    const status = panel.dataset.status;
    const entrants = new Set((panel.dataset.entrants || "").split(" ").filter(Boolean));

    function show(player) {
      const inIt = Boolean(player) && entrants.has(player.id);
      if ($("tournament-join")) $("tournament-join").hidden = !player || inIt || status !== "open";
      if ($("tournament-join-hint")) $("tournament-join-hint").hidden = !player || inIt || status !== "open";
      if ($("tournament-withdraw")) $("tournament-withdraw").hidden = !inIt || status === "finished";
      if ($("tournament-start")) $("tournament-start").hidden = !player || player.id !== panel.dataset.organiser || status !== "open";
      if ($("tournament-sign-in")) $("tournament-sign-in").hidden = Boolean(player) || status !== "open";
      for (const row of document.querySelectorAll("#current-round li[data-players]")) {
        row.querySelector(".yours").hidden = !player || !row.dataset.players.split(" ").includes(player.id);
      }
    }

    function act(button, verb) {
      if (!button) return;
      button.onclick = async () => {
        button.disabled = true;
        try {
          await send(`/api/tournaments/${id}/${verb}`);
          location.reload();
        } catch (error) {
          button.disabled = false;
          failed($("tournament-error"), error);
        }
      };
    }

    act($("tournament-join"), "join");
    act($("tournament-withdraw"), "withdraw");
    act($("tournament-start"), "start");
    show(null);
    document.addEventListener("chronicle:signed-in", (event) => show(event.detail));
    document.addEventListener("chronicle:signed-out", () => show(null));
    panel.dataset.ready = "true";
  }

  /* -- the list: organising one -- */
  const form = $("organise-form");
  if (form) {
    function showForm(player) {
      form.hidden = !player;
      $("organise-sign-in").hidden = Boolean(player);
    }

    /* Tables for the games of more seats, Swiss for two: the format follows the game chosen. */
    $("organise-game").onchange = () => {
      const [fewest, most] = $("organise-game").selectedOptions[0].dataset.seats.split(" ").map(Number);
      if (fewest > 2) $("organise-format").value = "tables";
      else if (most < 3 && $("organise-format").value === "tables") $("organise-format").value = "swiss";
    };

    form.onsubmit = async (event) => {
      event.preventDefault();
      $("organise-error").hidden = true;
      $("organise-send").disabled = true;
      try {
        const opened = await send("/api/tournaments", {
          game: $("organise-game").value, format: $("organise-format").value,
          rounds: Number($("organise-rounds").value), rated: $("organise-rated").checked,
          withdraw_after_timeouts: Number($("organise-timeouts").value),
          clock: { per_decision: $("organise-clock").value, on_timeout: "forfeit" } });
        location.assign(`/tournaments/${opened.id}`);
      } catch (error) {
        $("organise-send").disabled = false;
        failed($("organise-error"), error);
      }
    };
    showForm(null);
    document.addEventListener("chronicle:signed-in", (event) => showForm(event.detail));
    document.addEventListener("chronicle:signed-out", () => showForm(null));
  }
})();
