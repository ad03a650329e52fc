/* Tournaments for the player signed in on this browser (static/sign-in.js keeps their key).

   On a tournament's page: Join or Withdraw while it is open (Start for its organiser), Withdraw
   while it runs, and "your game" beside the player's game of the round; each through the REST API
   (POST /api/tournaments/{id}/join, /withdraw, /start), after which the page is read again. On
   the list: the form that organises one (POST /api/tournaments, every term the API takes),
   opening its page. The server's words are shown as they come when it says no, by the field it
   names. */
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);

  async function send(path, body) {
    const headers = { Accept: "application/json", Authorization: `Bearer ${ChronicleSignIn.key()}` };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const answer = await fetch(path, { method: "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const found = await answer.json().catch(() => ({}));
    if (!answer.ok) throw Object.assign(new Error(found.detail || answer.statusText), { field: found.field });
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

    // The start time is shown in UTC by the server; beside it, the reader's own time, as they typed it.
    for (const time of panel.querySelectorAll("dl.terms time[datetime]")) {
      const local = new Date(time.dateTime).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
      time.after(`, ${local} your time`);
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
  if (form) organiseWith(form);

  /* The form offers the chosen game's bots, with their strengths, and the options every table of
     the tournament takes (static/game-choices.js, as the new-game form does); it sends them with
     the rest of the tournament's terms, the start time as UTC. The server's refusal is said by the
     field it names. */
  function organiseWith(form) {
    const choices = window.ChronicleGameChoices;
    const game = $("organise-game");
    const format = $("organise-format");
    const fewest = $("organise-fewest");
    const most = $("organise-most");
    const seatsList = $("organise-bot-seats");
    const chosen = () => game.selectedOptions[0];
    const atTables = () => format.value === "tables";
    const wantedOptions = {};

    function showForm(player) {
      form.hidden = !player;
      $("organise-sign-in").hidden = Boolean(player);
    }

    /* The seats at a table: two, or for tables the fewest to the most asked within the game's. */
    function tableSeats() {
      if (!atTables()) return [2];
      const seats = [];
      for (let n = Number(fewest.value); n <= Number(most.value) && seats.length < 10; n += 1) seats.push(n);
      return seats;
    }

    /* The option values every table of the tournament takes: those of each seat count's table. */
    function offerOptions() {
      const tables = choices.tables(chosen());
      const seats = tableSeats();
      const offered = {};
      for (const [option, values] of Object.entries((tables[seats[0]] || {}).options || {})) {
        const everywhere = values.filter((value) => seats.every((n) => ((tables[n] || {}).options || {})[option]?.includes(value)));
        if (everywhere.length) offered[option] = everywhere;
      }
      const labels = choices.optionLabels(offered, wantedOptions, "organise-option-");
      for (const label of labels) label.dataset.field = `options.${label.querySelector("select").dataset.option}`;
      $("organise-options").replaceChildren(...labels);
    }

    /* Tables for the games of more seats, Swiss for two: the format follows the game chosen. */
    function followGame() {
      const [low, high] = choices.seats(chosen());
      if (low > 2) format.value = "tables";
      else if (high < 3 && atTables()) format.value = "swiss";
      // Within a table's bounds even for a game of two, which the server then says is not for tables.
      fewest.value = Math.min(Math.max(low, Number(fewest.min)), Number(fewest.max));
      most.value = Math.max(Math.min(high, Number(most.max)), Number(fewest.value));
      for (const row of seatsList.children) offerBot(row);
      followFormat();
    }

    function followFormat() {
      for (const id of ["organise-fewest", "organise-most"]) {
        $(id).disabled = !atTables();
        $(`${id}-choice`).hidden = !atTables();
      }
      offerOptions();
    }

    /* A bot seat: the game's bot, its strength where it has levels, and the name it plays under. */
    function offerBot(row) {
      const bot = row.querySelector("select.bot");
      const strength = row.querySelector("select.strength");
      choices.offerBots(bot, chosen(), bot.value);
      const levels = choices.offerStrengths(strength, chosen(), bot.value, strength.value);
      strength.closest("label").hidden = levels.length === 0;
    }

    function labelled(words, control) {
      const label = document.createElement("label");
      label.append(words, " ", control);
      return label;
    }

    function addBot() {
      const row = document.createElement("li");
      const bot = Object.assign(document.createElement("select"), { className: "bot" });
      const strength = Object.assign(document.createElement("select"), { className: "strength" });
      const name = Object.assign(document.createElement("input"), { className: "name", maxLength: 40,
        placeholder: "the bot's own" });
      const remove = Object.assign(document.createElement("button"), { type: "button", textContent: "Remove" });
      row.append(labelled("Bot", bot), labelled("Strength", strength), labelled("Name", name), remove);
      bot.addEventListener("change", () => offerBot(row));
      remove.addEventListener("click", () => { row.remove(); numberBots(); $("organise-add-bot").focus(); });
      seatsList.append(row);
      offerBot(row);
      numberBots();
      bot.focus();
    }

    function numberBots() {  // bots[i] of a refusal is the i-th row
      [...seatsList.children].forEach((row, index) => {
        row.dataset.field = `bots[${index}]`;
        row.querySelector("button").setAttribute("aria-label", `Remove seat ${index + 1}`);
      });
    }

    function bots() {
      return [...seatsList.children].map((row) => {
        const seat = { bot: row.querySelector("select.bot").value };
        const strength = row.querySelector("select.strength").value;
        const name = row.querySelector("input.name").value.trim();
        if (strength) seat.strength = Number(strength);
        if (name) seat.name = name;
        return seat;
      });
    }

    /* A datetime-local value is the browser's time: the API takes it in UTC, with its zone. */
    function startsAt() {
      const value = $("organise-starts-at").value;
      if (!value) return null;
      const when = new Date(value);
      return Number.isNaN(when.getTime()) ? value : when.toISOString().replace(/\.\d{3}Z$/, "Z");
    }

    function request() {
      const body = {
        game: game.value, format: format.value, options: choices.chosenOptions(chosen(), $("organise-options").querySelectorAll("select")),
        rounds: Number($("organise-rounds").value), rated: $("organise-rated").checked,
        size_limit: Number($("organise-size").value), starts_at: startsAt(), bots: bots(),
        withdraw_after_timeouts: Number($("organise-timeouts").value),
        clock: { per_decision: $("organise-clock").value, on_timeout: $("organise-on-timeout").value },
      };
      if (atTables()) Object.assign(body, { table_seats_min: Number(fewest.value), table_seats_max: Number(most.value) });
      return body;
    }

    /* The place a refusal names: the most precise part of the form marked with its field. */
    function placeOf(field) {
      let best = null;
      for (const part of form.querySelectorAll("[data-field]")) {
        const named = part.dataset.field;
        if ((field === named || field.startsWith(`${named}.`) || field.startsWith(`${named}[`))
            && (!best || named.length > best.dataset.field.length)) best = part;
      }
      return best;
    }

    function clearProblems() {
      $("organise-error").hidden = true;
      for (const shown of form.querySelectorAll(".field-problem")) shown.remove();
      for (const marked of form.querySelectorAll("[aria-invalid]")) {
        marked.removeAttribute("aria-invalid");
        marked.removeAttribute("aria-describedby");
      }
    }

    function refused(error) {
      const place = error.field ? placeOf(error.field) : null;
      if (!place) return failed($("organise-error"), error);
      const said = Object.assign(document.createElement("p"), { id: "organise-field-problem", className: "problem field-problem",
        textContent: error.message });
      said.setAttribute("role", "alert");
      place.after(said);
      const control = place.matches("input, select") ? place : place.querySelector("input, select");
      if (control) {
        control.setAttribute("aria-invalid", "true");
        control.setAttribute("aria-describedby", said.id);
        control.focus();
      }
    }

    game.addEventListener("change", followGame);
    format.addEventListener("change", followFormat);
    fewest.addEventListener("input", offerOptions);
    most.addEventListener("input", offerOptions);
    $("organise-add-bot").addEventListener("click", addBot);
    form.onsubmit = async (event) => {
      event.preventDefault();
      clearProblems();
      $("organise-send").disabled = true;
      try {
        const opened = await send("/api/tournaments", request());
        location.assign(`/tournaments/${opened.id}`);
      } catch (error) {
        $("organise-send").disabled = false;
        refused(error);
      }
    };
    followGame();
    showForm(null);
    document.addEventListener("chronicle:signed-in", (event) => showForm(event.detail));
    document.addEventListener("chronicle:signed-out", () => showForm(null));
    form.dataset.ready = "true";
  }
})();
