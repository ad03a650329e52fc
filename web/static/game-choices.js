/* What a game offers a form, read from its <option> in the form's game select
   (templates/game_choice.html): its bots (one with levels has strengths), its seats, and the option
   values each table of it takes. The new-game form (static/new-game.js) and the form that
   organises a tournament (static/tournament.js) offer them alike through these. */
"use strict";
window.ChronicleGameChoices = (function () {
  const json = (game, key) => JSON.parse(game.dataset[key] || "{}");

  return {
    seats: (game) => game.dataset.seats.split(" ").map(Number),
    tables: (game) => json(game, "tables"),

    /* The game's bots as "the greedy bot", keeping `keep` if the game has it, else its own. */
    offerBots(select, game, keep) {
      const offered = game.dataset.bots.split(" ");
      const kept = offered.includes(keep) ? keep : game.dataset.defaultBot;
      select.replaceChildren(...offered.map((each) => new Option(`the ${each} bot`, each, false, each === kept)));
    },

    /* The levels of the bot chosen (none for a bot without), the game's default first; returns them. */
    offerStrengths(select, game, bot, keep) {
      const levels = (json(game, "strengths")[bot] || []).map(String);
      const kept = levels.includes(keep) ? keep : "";
      select.replaceChildren(new Option("the game's default", "", false, kept === ""),
        ...levels.map((level) => new Option(level, level, false, level === kept)));
      return levels;
    },

    /* A labelled select per option, each value offered, the game's default first. `wanted` holds
       the values chosen by the select's id, kept while a table that does not take them is chosen. */
    optionLabels(offered, wanted, prefix) {
      return Object.entries(offered).map(([option, choices]) => {
        const select = document.createElement("select");
        select.name = select.id = `${prefix}${option}`;
        select.dataset.option = option;
        const keep = choices.includes(wanted[select.id]) ? wanted[select.id] : "";
        select.append(new Option("the game's default", "", false, keep === ""),
          ...choices.map((choice) => new Option(choice, choice, false, choice === keep)));
        select.addEventListener("change", () => { wanted[select.id] = select.value; });
        const label = document.createElement("label");
        label.append(option[0].toUpperCase() + option.slice(1), " ", select);
        return label;
      });
    },

    /* The options chosen in those selects, as the API takes them (Xanadu's edition "2" is 2). */
    chosenOptions(game, selects) {
      const values = json(game, "optionValues");
      const chosen = {};
      for (const select of selects) {
        if (select.value) chosen[select.dataset.option] = (values[select.dataset.option] || {})[select.value];
      }
      return chosen;
    },
  };
})();
