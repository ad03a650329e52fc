/* The new-game form follows the chosen game at once: it offers that game's bots only, a number
   of bots its seats allow (one seat fewer when a person plays), a strength for a bot that has
   levels (the search bot), and for the table those seats make only the option values it takes
   (Tianxia's difficulty is Li Mu's: only alone against him). It says what the table is (the
   game's own words: "alone against General Li Mu") and whether it is rated. The server renders
   the same for the game it is given (the "Show its bots" button, for a browser without
   JavaScript), says it from the same rules (web/pages/new_game_form.py) and checks what is sent.
   The game's bots, strengths and options are offered by static/game-choices.js, as the form that
   organises a tournament offers them.

   A player signed in on this browser (static/sign-in.js) plays in their own seat: the form
   sends their key in its body (never in the address), and "Rated" (ticked unless they want a
   casual game) where the table can be rated. */
"use strict";
(function () {
  const form = document.querySelector("form.new-game");
  if (!form) return;
  const $ = (id) => document.getElementById(id);
  const game = $("game");
  const bot = $("bot");
  const bots = $("bots");
  const name = $("name");
  const options = $("game-options");
  const strength = $("strength");
  const strengthChoice = $("strength-choice");
  $("choose-game").hidden = true;

  const chosen = () => game.selectedOptions[0];
  // A bot account never takes a seat as a person: its browser plays here by a name, as anyone may.
  const signedIn = () => window.ChronicleSignIn && ChronicleSignIn.player && !ChronicleSignIn.player.bot ? ChronicleSignIn.player : null;
  const hasPerson = () => Boolean(signedIn() || name.value.trim());
  const choices = window.ChronicleGameChoices;
  const tables = () => choices.tables(chosen());
  const offerBots = () => choices.offerBots(bot, chosen(), bot.value);

  let wantedStrength = strength.value;  // kept while another bot, without levels, is chosen

  function offerStrengths() {
    const levels = choices.offerStrengths(strength, chosen(), bot.value, wantedStrength);
    strengthChoice.hidden = strength.disabled = levels.length === 0 || Number(bots.value) === 0;
  }

  function boundBots() {
    const [fewestSeats, mostSeats] = choices.seats(chosen());
    const person = hasPerson() ? 1 : 0;
    const fewest = Math.max(0, fewestSeats - person);
    const most = mostSeats - person;
    bots.min = fewest;
    bots.max = most;
    const count = Number(bots.value);
    if (bots.value === "" || !Number.isInteger(count) || count < fewest) bots.value = fewest;
    else if (count > most) bots.value = most;
    // A solitaire has no bot to choose when a person plays it; nor has a table of no bots.
    $("bot-choice").hidden = Number(bots.value) === 0;
    $("bot-label").textContent = person ? "Against" : "Played by";
  }

  let wantedOptions = {};  // the values chosen, kept while a table that does not take them is chosen
  options.querySelectorAll("select").forEach((select) => { wantedOptions[select.id] = select.value; });

  function offerOptions(table) {
    options.replaceChildren(...choices.optionLabels((table && table.options) || {}, wantedOptions, "option-"));
  }

  function describe(table) {
    $("table-words").textContent = table ? `${table.mode}.` : "";
    const rating = $("rating-words");
    const rateable = Boolean(signedIn() && table && table.unrated === null);
    $("rated-choice").hidden = !rateable;
    $("rated").disabled = !rateable;
    if (!table) rating.textContent = "";
    else if (rateable) {
      rating.textContent = $("rated").checked
        ? "Rated: the result moves your rating at this game. Untick Rated for a casual game."
        : "Casual: this game counts for no rating.";
    } else if (signedIn()) rating.textContent = `Not rated: ${table.unrated}.`;
    else rating.textContent = "Not rated: sign in under Your games to play rated games as yourself.";
    rating.hidden = !rating.textContent;
    $("game-modes").textContent = chosen().dataset.modes || "";
    $("game-modes").hidden = !chosen().dataset.modes;
  }

  function seatedAs() {
    const player = signedIn();
    $("name-choice").hidden = Boolean(player);
    name.disabled = Boolean(player);
    $("playing-as").hidden = !player;
    $("playing-as-name").textContent = player ? player.name : "";
    $("token-hint").hidden = Boolean(player);
  }

  function follow() {
    seatedAs();
    boundBots();
    offerStrengths();
    const table = tables()[String(Number(bots.value) + (hasPerson() ? 1 : 0))];
    offerOptions(table);
    describe(table);
  }

  game.addEventListener("change", () => { offerBots(); follow(); });
  bot.addEventListener("change", offerStrengths);
  strength.addEventListener("change", () => { wantedStrength = strength.value; });
  name.addEventListener("input", follow);
  bots.addEventListener("input", follow);
  $("rated").addEventListener("change", follow);
  document.addEventListener("chronicle:signed-in", follow);
  document.addEventListener("chronicle:signed-out", follow);
  form.addEventListener("submit", (event) => {
    // The key goes with the form's POST only, never with the GET of "Show its bots".
    const key = event.submitter && event.submitter.id === "start" && signedIn() ? ChronicleSignIn.key() : null;
    $("player-key").disabled = !key;
    $("player-key").value = key || "";
  });
  offerBots();
  follow();
})();
