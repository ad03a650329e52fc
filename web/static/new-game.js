/* The new-game form follows the chosen game at once: it offers that game's bots only, a number
   of bots its seats allow (one seat fewer when a person is named), a strength for a bot that has
   levels (the search bot), and a choice for each of its
   options that has a list of values (Tianxia's difficulty). The server renders the same for
   the game it is given (the "Show its bots" button, for a browser without JavaScript) and checks
   what is sent. */
"use strict";
(function () {
  const form = document.querySelector("form.new-game");
  if (!form) return;
  const game = form.querySelector("#game");
  const bot = form.querySelector("#bot");
  const bots = form.querySelector("#bots");
  const name = form.querySelector("#name");
  const options = form.querySelector("#game-options");
  const strength = form.querySelector("#strength");
  const strengthChoice = form.querySelector("#strength-choice");
  form.querySelector("#choose-game").hidden = true;

  function offerBots(chosen) {
    const offered = chosen.dataset.bots.split(" ");
    const keep = offered.includes(bot.value) ? bot.value : chosen.dataset.defaultBot;
    bot.replaceChildren(...offered.map((each) => new Option(`the ${each} bot`, each, false, each === keep)));
  }

  let wantedStrength = strength.value;  // kept while another bot, without levels, is chosen

  function offerStrengths(chosen) {
    const levels = JSON.parse(chosen.dataset.strengths || "{}")[bot.value] || [];
    const keep = levels.map(String).includes(wantedStrength) ? wantedStrength : "";
    strength.replaceChildren(new Option("the game's default", "", false, keep === ""),
      ...levels.map((level) => new Option(String(level), String(level), false, String(level) === keep)));
    strengthChoice.hidden = strength.disabled = levels.length === 0;
  }

  function boundBots(chosen) {
    const [fewestSeats, mostSeats] = chosen.dataset.seats.split(" ").map(Number);
    const person = name.value.trim() ? 1 : 0;
    const fewest = Math.max(0, fewestSeats - person);
    const most = mostSeats - person;
    bots.min = fewest;
    bots.max = most;
    const count = Number(bots.value);
    if (bots.value === "" || !Number.isInteger(count) || count < fewest) bots.value = fewest;
    else if (count > most) bots.value = most;
  }

  function offerOptions(chosen) {
    const offered = JSON.parse(chosen.dataset.options || "{}");
    options.replaceChildren(...Object.entries(offered).map(([option, choices]) => {
      const select = document.createElement("select");
      select.name = select.id = `option-${option}`;
      select.append(new Option("the game's default", "", true, true), ...choices.map((choice) => new Option(choice, choice)));
      const label = document.createElement("label");
      label.append(option[0].toUpperCase() + option.slice(1), " ", select);
      return label;
    }));
  }

  game.addEventListener("change", () => {
    offerBots(game.selectedOptions[0]);
    offerStrengths(game.selectedOptions[0]);
    boundBots(game.selectedOptions[0]);
    offerOptions(game.selectedOptions[0]);
  });
  bot.addEventListener("change", () => offerStrengths(game.selectedOptions[0]));
  strength.addEventListener("change", () => { wantedStrength = strength.value; });
  name.addEventListener("input", () => boundBots(game.selectedOptions[0]));
  offerBots(game.selectedOptions[0]);
  offerStrengths(game.selectedOptions[0]);
  boundBots(game.selectedOptions[0]);
})();
