/* The new-game form follows the chosen game at once: it offers that game's bots only, and a number
   of bots its seats allow (one seat fewer when a person is named). The server renders the same for
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
  form.querySelector("#choose-game").hidden = true;

  function offerBots(chosen) {
    const offered = chosen.dataset.bots.split(" ");
    const keep = offered.includes(bot.value) ? bot.value : chosen.dataset.defaultBot;
    bot.replaceChildren(...offered.map((each) => new Option(`the ${each} bot`, each, false, each === keep)));
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

  game.addEventListener("change", () => { offerBots(game.selectedOptions[0]); boundBots(game.selectedOptions[0]); });
  name.addEventListener("input", () => boundBots(game.selectedOptions[0]));
  offerBots(game.selectedOptions[0]);
  boundBots(game.selectedOptions[0]);
})();
