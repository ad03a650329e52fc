/* The Xanadu table: the turn and its phase, the plan of the turn under way (to its player), every
   player's buildings in play and the viewer's hand, each building drawn as a card: its colour band
   and name, its cost and passives, its rows from the top down with their harvest and Favor, the
   value circles with the current one marked, and the workers on the covered rows.

   What a player clicks (keys): a card of the hand (`hand:<id>`) to start with, to build or to
   place as a worker; a building in play (`building:<seat>:<i>`) to sell it; the next row of a
   building (`row:<seat>:<i>:<r>`) to cover it. The rest (done selling, skipping, building nothing,
   done placing, ending the turn) has no card: those alone are buttons (`byCards`). */
"use strict";
(function () {
  const TREND = { up: "▲", down: "▼", flat: "=" };
  const TREND_WORDS = { up: "rises with the next worker", down: "falls with the next worker", flat: "stays with the next worker" };
  const PHASES = {
    setup: "Setting up",
    start: "Set-up: each player chooses a starting building from hand",
    foothold: "No building in play: one from hand goes into play",
    sell: "Sell phase: gift buildings to the Khan for their value, or go on",
    build: "Construction phase: build a building of the hand that can be paid for, or nothing",
    workers: "Worker phase: cover rows of buildings in play, from the bottom up",
    choose: "Worker phase: choose the cards of the hand placed face down as workers",
    confirm: "Draw phase: end the turn to commit it",
    over: "The game is over",
  };

  const BUILDING_FIELDS = { value: "its value", trend: "its value's trend", worker_cards: "the workers on it",
    workers: "its covered rows", favors: "its Favors unlocked" };

  function cardName(card) {
    return card && card.name ? `the ${card.name}` : ChronicleTables.generic.cardName(card);
  }

  function words(resources) {
    return resources.length ? resources.join(", ") : "nothing";
  }

  /* Spaced, so that a screen reader reads them as words. */
  function chips(resources) {
    return resources.flatMap((resource, i) => [i ? " " : null, h("span", { class: `res res-${resource}` }, resource)]);
  }

  /* Words for a screen reader that the picture says without them. */
  function unseen(text) {
    return h("span", { class: "visually-hidden" }, text);
  }

  const FAVOR = "Favor: once a worker covers this row, its resource is its owner's to use every turn while the building stands";
  // The decks a game may be dealt from (xanadu.house.deck-count): what a player meets in each.
  const EDITIONS = {
    1: "the first deck, of games stored before editions: each Favor on its building's top row",
    2: "each Favor on its building's bottom row, the first a worker covers; yellow and green buildings unlock a rare Favor",
  };

  /* What the marks of a building mean, in a line above the players (each in full as its tooltip,
     as on the marks themselves). */
  function legend(table) {
    const edition = EDITIONS[table.edition];
    const item = (mark, words, title, path) => h("li", { title, dataset: path ? { path } : {} },
      mark ? h("span", { class: "mark", "aria-hidden": "true" }, mark) : null, words);
    return h("ul", { class: "xlegend", "aria-label": "What the marks mean" },
      item("★", " Favor: unlocked by a worker on its row, then its owner's every turn", FAVOR),
      item("◯", " worth: the ringed circle now, the next above", "A value circle: what the building is worth with the rows below it covered; the ringed one is its worth now"),
      item(`${TREND.up}${TREND.down}`, " the next worker raises or lowers it", "Where the next worker on the building sends its worth"),
      edition ? item(null, `deck edition ${table.edition}: ${table.edition === 2 ? "Favors on bottom rows" : "Favors on top rows"}`,
        `Deck edition ${table.edition}: ${edition}`, "edition") : null);
  }

  /* How many rows of each building the plan of the turn covers: "seat:index" -> rows. */
  function plannedCovers(table) {
    const planned = new Map();
    for (const [owner, index] of table.plan ? table.plan.covers : []) {
      planned.set(`${owner}:${index}`, (planned.get(`${owner}:${index}`) || 0) + 1);
    }
    return planned;
  }

  /* The next row a worker would cover: past the covered rows and those already planned. */
  function nextRow(table, owner, index) {
    return table.buildings[owner][index].workers + (plannedCovers(table).get(`${owner}:${index}`) || 0);
  }

  /* One row: its Favor on the left (as on the card), its harvest, its value circle on the right; a
     worker stands on the circle once the row is covered (a planned one is drawn dashed). `play`:
     the building in play the card is, if it is. Its words for a screen reader (its name as a button)
     are its own content, the unseen parts included. */
  function rowElement(card, r, play) {
    const row = card.rows[r];
    const workers = play ? play.building.workers : 0;
    const covered = r < workers;
    const planned = play && !covered && r < workers + play.planned;
    const current = play && r === workers;
    return h("div", {
      class: `xrow${covered ? " covered" : ""}${planned ? " planned" : ""}${current ? " current" : ""}`,
      // Rows are clicked in the Worker phase only: in the others a click anywhere on a building is the building's.
      dataset: play && play.phase === "workers" ? { key: `row:${play.owner}:${play.index}:${r}`, row: r } : { row: r },
    },
    unseen(`Row ${r + 1} of ${play ? `${play.ownerName}'s` : "the"} ${card.name}: `),
    h("span", { class: `favor${covered && row.favor ? " unlocked" : ""}`, title: row.favor ? `${FAVOR}${covered ? " (unlocked)" : ""}` : null }, row.favor
      ? [h("span", { class: "star", "aria-hidden": "true" }, "★"), unseen("Favor "), ...chips([row.favor]), unseen(covered ? " (unlocked), " : ", ")]
      : null),
    h("span", { class: "harvest" }, unseen("harvest "), chips(row.harvest)),
    planned ? h("span", { class: "worker planned", title: "a worker planned this turn" }, unseen(", a worker planned this turn")) : null,
    covered ? h("span", { class: "worker", title: "a worker" }, unseen(", covered by a worker"))
      : [unseen(", value "), h("span", { class: `circle${current ? " current" : ""}` }, card.values[r]), current ? unseen(", the current value") : null]);
  }

  /* A building as a card; `play` places it in play (owner, index, its workers, value and trend;
     the phase, for its rows).
     A group named `label` holds the whole card: a screen reader's words for it, and its name as a
     button too, when the viewer makes it one to click. */
  function cardElement(card, play, { label, dataset, chosen }) {
    const rows = card.rows.length;
    const workers = play ? play.building.workers : 0;
    const full = workers === rows;
    const rowElements = card.rows.map((row, r) => rowElement(card, r, play)).reverse();
    const roof = h("div", { class: `xrow roof${play && full ? " current" : ""}` },
      h("span", { class: "favor" }), h("span", { class: "harvest hint" }, "all rows covered", unseen(": value")),
      h("span", { class: `circle${play && full ? " current" : ""}` }, card.values[rows]));
    return h("div", { class: `xcard colour-${card.colour}${chosen ? " in-plan" : ""}`, dataset },
      h("div", { class: "face", role: "group", "aria-label": label },
        h("div", { class: "band" }, h("span", { class: "name" }, card.name)),
        h("div", { class: "line cost" }, h("span", { class: "what" }, "cost"), chips(card.cost)),
        card.passive.length ? h("div", { class: "line passive" }, h("span", { class: "what" }, "passive"), chips(card.passive)) : null,
        h("div", { class: "xrows", dataset: play ? { path: `buildings[${play.owner}][${play.index}].workers` } : {} }, roof, rowElements),
        play ? h("p", { class: "value", dataset: { path: `buildings[${play.owner}][${play.index}].value` } },
          `worth ${play.building.value}`, full ? " (full)" : ` · next ${card.values[workers + 1]} ${TREND[play.building.trend]}`) : null,
        chosen ? h("span", { class: "ribbon" }, chosen) : null));
  }

  function buildingElement(table, seats, owner, index) {
    const building = table.buildings[owner][index];
    const card = building.card;
    const planned = plannedCovers(table).get(`${owner}:${index}`) || 0;
    const ownerName = seats[owner].name;
    const favors = building.favors.length ? `; Favors unlocked: ${words(building.favors)}` : "";
    const trend = building.trend ? `, ${TREND_WORDS[building.trend]}` : "";
    const label = `${ownerName}'s ${card.name} (${card.colour}): worth ${building.value}${trend}; ` +
      `${building.workers} of ${card.rows.length} rows covered${planned ? `, ${planned} more planned` : ""}${favors}; ` +
      `passive ${words(card.passive)}`;
    return cardElement(card, { building, owner, index, ownerName, planned, phase: table.phase }, {
      label, dataset: { card: card.id, path: `buildings[${owner}][${index}]`, key: `building:${owner}:${index}` },
    });
  }

  function handCard(card, plan) {
    const chosen = plan && plan.build === card.id ? "to build" : plan && plan.workers.includes(card.id) ? "as a worker" : null;
    const label = `${card.name} (${card.colour}): cost ${words(card.cost)}; passive ${words(card.passive)}; ` +
      `${card.rows.length} rows; values ${card.values.join(", ")} from the bottom row up${chosen ? `; chosen ${chosen} this turn` : ""}`;
    return cardElement(card, null, { label, chosen, dataset: { card: card.id, path: "hand", key: `hand:${card.id}` } });
  }

  function player(shown, seat) {
    const table = shown.table;
    const record = shown.seats[seat];
    const owned = table.buildings[seat];
    return h("section", { class: `xplayer${table.to_act === seat ? " to-act" : ""}`, dataset: { seat }, "aria-label": `${record.name}'s buildings` },
      h("header", {}, h("h2", { class: "name" }, record.name),
        record.bot ? h("span", { class: "badge" }, `${record.bot} bot`) : null,
        table.viewer === seat ? h("span", { class: "badge you" }, "you") : null,
        table.to_act === seat ? h("span", { class: "badge turn" }, "to play") : null,
        table.phase === "start" && table.started[seat] ? h("span", { class: "badge" }, "starting building chosen") : null,
        h("span", { class: "stat", dataset: { path: `scores[${seat}]` } }, `${table.scores[seat]} tong bao`),
        h("span", { class: "stat", dataset: { path: `hand_sizes[${seat}]` } }, `hand ${table.hand_sizes[seat]}`)),
      h("div", { class: "xbuildings" }, owned.length ? owned.map((b, index) => buildingElement(table, shown.seats, seat, index))
        : h("span", { class: "empty" }, "no building in play")));
  }

  /* The turn under way, as its player sees it: what is being built and what it still lacks, the
     rows planned and the worker cards chosen. */
  function plan(table) {
    const p = table.plan;
    if (!p || !["build", "workers", "choose", "confirm"].includes(table.phase)) return null;
    const building = p.build && table.hand.find((card) => card.id === p.build);
    const parts = [];
    if (building) {
      parts.push(h("span", { dataset: { path: "plan.build" } }, `Building ${cardName(building)}`));
      parts.push(h("span", { dataset: { path: "plan.missing" } }, p.missing.length ? ["still missing ", ...chips(p.missing)] : "paid for"));
    }
    if (table.phase !== "build") parts.push(h("span", { dataset: { path: "plan.covers" } }, `${p.covers.length} row${p.covers.length === 1 ? "" : "s"} planned`));
    if (["choose", "confirm"].includes(table.phase)) {
      parts.push(h("span", { dataset: { path: "plan.workers" } }, `${p.workers.length} of ${p.covers.length} worker cards chosen`));
    }
    return h("p", { class: "plan", dataset: { path: "plan" } }, parts.flatMap((part, i) => (i ? [" · ", part] : [part])));
  }

  ChronicleTables.xanadu = {
    cardName,
    byCards: true,
    render(container, shown) {
      const table = shown.table;
      const seats = shown.seats;
      const current = table.phase === "start" ? null : seats[table.current];
      container.replaceChildren(h("div", { class: "xanadu-table" },
        h("p", { class: "counters" },
          h("span", { class: "stat", dataset: { path: "turn" } }, `turn ${table.turn}`),
          h("span", { class: "stat", dataset: { path: "deck_count" } }, `deck ${table.deck_count}`),
          h("span", { class: "stat", dataset: { path: "discard_count" } }, `discard ${table.discard_count}`),
          table.reshuffled ? h("span", { class: "stat" }, "END OF GAME is in the deck") : null),
        h("p", { class: "phase", dataset: { path: "phase" } },
          current && table.phase !== "over" ? h("b", {}, `${current.name}'s turn. `) : null, PHASES[table.phase] || table.phase),
        plan(table), legend(table),
        table.buildings.map((owned, seat) => player(shown, seat)),
        table.hand ? h("section", { class: "xhand", "aria-label": "Your hand" }, h("h2", {}, `Your hand (${table.hand.length})`),
          h("div", { class: "cards" }, table.hand.map((card) => handCard(card, table.plan)))) : null));
    },
    label(action, shown) {
      const table = shown.table;
      // Every card an action names is in hand: the viewer's, or (a finished game's replay) the seat's.
      const find = (id) => [...(table.hand || []), ...(table.hands || []).flat()].find((card) => card.id === id);
      const building = (owner, index) => table.buildings[owner][index];
      const seller = table.viewer ?? table.current; // a spectator reads the sale of the seat whose turn it is
      const name = (seat) => shown.seats[seat].name;
      switch (action.type) {
        case "start": return `Put ${cardName(find(action.card))} in play`;
        case "sell": return `Sell ${cardName(building(seller, action.building).card)} for ${building(seller, action.building).value}`;
        case "end_sell": return "Done selling";
        case "skip_turn": return "Skip the turn (refill to 7)";
        case "build": return `Build ${cardName(find(action.card))}`;
        case "skip_build": return "Build nothing";
        case "cover": return `Cover the next row of ${name(action.owner)}'s ${building(action.owner, action.building).card.name}`;
        case "done_covering": return "Done placing";
        case "worker": return `Place ${cardName(find(action.card))} face down`;
        case "end_turn": return "End the turn";
        case "undo": return "Undo";
        default: return ChronicleTables.generic.label(action);
      }
    },
    keys(action, shown) {
      switch (action.type) {
        case "start":
        case "build":
        case "worker": return [`hand:${action.card}`];
        case "sell": return [`building:${shown.table.viewer}:${action.building}`];
        case "cover": return [`row:${action.owner}:${action.building}:${nextRow(shown.table, action.owner, action.building)}`];
        default: return [];
      }
    },
    place(path, shown) {
      let match;
      if ((match = path.match(/^buildings\[(\d)\]\[(\d+)\]\.(\w+)/))) {
        const owned = shown.table.buildings[Number(match[1])][Number(match[2])];
        const what = owned ? owned.card.name : "a building";
        return `${shown.seats[Number(match[1])].name}'s ${what}: ${BUILDING_FIELDS[match[3]] || match[3].replace(/_/g, " ")}`;
      }
      if ((match = path.match(/^buildings\[(\d)\]/))) return `${shown.seats[Number(match[1])].name}'s buildings`;
      if ((match = path.match(/^hands\[(\d)\]/))) return `${shown.seats[Number(match[1])].name}'s hand`;
      if ((match = path.match(/^(scores|hand_sizes)\[(\d)\]/))) {
        return `${shown.seats[Number(match[2])].name}'s ${match[1] === "scores" ? "score" : "hand size"}`;
      }
      return { deck_count: "cards in the deck", discard_count: "cards discarded", hand: "your hand", plan: "your plan",
        turn: "the turn", current: "whose turn it is", to_act: "whose turn it is", phase: "the phase",
        sold_this_turn: "a sale this turn" }[path.replace(/[[.].*$/, "")] || path.replace(/_/g, " ");
    },
    /* Values the generic words would give as ids or booleans. */
    words(value, path, shown) {
      const planWords = (p) => {
        const building = p.build && [...(shown.table.hand || [])].find((card) => card.id === p.build);
        const parts = [building ? `building ${cardName(building)}` : "no building chosen",
          `${p.covers.length} row${p.covers.length === 1 ? "" : "s"} planned`];
        if (p.workers.length) parts.push(`${p.workers.length} worker card${p.workers.length === 1 ? "" : "s"} chosen`);
        return parts.join(", ");
      };
      if (path === "plan") return value ? planWords(value) : "nothing";
      if (path === "plan.build") return value ? cardName([...(shown.table.hand || [])].find((card) => card.id === value) || { name: "building of your hand" }) : "nothing";
      if (path === "plan.covers" && Array.isArray(value)) return `${value.length} row${value.length === 1 ? "" : "s"} planned`;
      if (path === "plan.workers" && Array.isArray(value)) return `${value.length} worker card${value.length === 1 ? "" : "s"} chosen`;
      if (path === "plan.undo_steps") return `${value} step${value === 1 ? "" : "s"} to undo`;
      if (path === "plan.missing" && Array.isArray(value)) return value.length ? `still missing ${words(value)}` : "paid for";
      if (/\.worker_cards$/.test(path) && Array.isArray(value)) return value.length === 1 ? "1 card face down" : `${value.length} cards face down`;
      if (/\.trend$/.test(path)) return { up: "rising", down: "falling" }[value] || "steady";
      if (path === "sold_this_turn") return value ? "made" : "not yet";
      return null;
    },
  };
})();
