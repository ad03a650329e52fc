/* The Xanadu table: every player's buildings in play, each with its rows (covered ones marked,
   the next one to cover outlined), its current value and where it goes next; your hand; the deck,
   the discard pile and the scores. */
"use strict";
(function () {
  const TREND = { up: "▲", down: "▼", flat: "=" };

  function cardName(card) {
    return card && card.name ? `the ${card.name}` : ChronicleTables.generic.cardName(card);
  }

  function resources(list) {
    return list.length ? list.join(" ") : "—";
  }

  function buildingElement(building, owner, index) {
    const card = building.card;
    const rows = card.rows.map((row, r) => h("li", {
      class: `xrow${r < building.workers ? " covered" : ""}${r === building.workers ? " next" : ""}`,
      dataset: { path: `buildings[${owner}][${index}].workers` },
    }, row.favor ? h("span", { class: "favor", title: "Favor: the owner's for good once covered" }, `★${row.favor}`) : null,
    ` ${resources(row.harvest)}`, h("span", { class: "circle" }, card.values[r])));
    return h("div", { class: `building colour-${card.colour}`, title: cardName(card),
      dataset: { card: card.id, path: `buildings[${owner}][${index}]`, key: `building:${owner}:${index}` } },
    h("header", {}, h("b", {}, card.name)),
    h("p", { class: "cost" }, `cost ${resources(card.cost)}`, card.passive.length ? ` · passive ${resources(card.passive)}` : ""),
    h("ol", { class: "xrows", reversed: true }, rows.reverse()),
    h("p", { class: "value", dataset: { path: `buildings[${owner}][${index}].value` } },
      `worth ${building.value}`, building.trend ? ` ${TREND[building.trend]}` : " (full)", ` · top ${card.values[card.values.length - 1]}`));
  }

  function handCard(card) {
    return h("div", { class: `building small colour-${card.colour}`, title: cardName(card),
      dataset: { card: card.id, path: "hand", key: `hand:${card.id}` } },
    h("b", {}, card.name), h("p", { class: "cost" }, `cost ${resources(card.cost)}`),
    h("p", { class: "value" }, `values ${card.values.join(" ")}`));
  }

  ChronicleTables.xanadu = {
    cardName,
    render(container, shown) {
      const table = shown.table;
      const seats = shown.seats;
      const players = table.buildings.map((owned, seat) => h("section", {
        class: `xplayer${table.to_act === seat ? " to-act" : ""}`, dataset: { seat } },
      h("header", {}, h("span", { class: "name" }, seats[seat].name),
        seats[seat].bot ? h("span", { class: "badge" }, `${seats[seat].bot} bot`) : null,
        table.viewer === seat ? h("span", { class: "badge you" }, "you") : null,
        h("span", { class: "stat", dataset: { path: `scores[${seat}]` } }, `${table.scores[seat]} tong bao`),
        h("span", { class: "stat", dataset: { path: `hand_sizes[${seat}]` } }, `hand ${table.hand_sizes[seat]}`)),
      h("div", { class: "xbuildings" }, owned.length ? owned.map((b, index) => buildingElement(b, seat, index))
        : h("span", { class: "empty" }, "no building in play"))));
      const plan = table.plan ? h("p", { class: "plan" },
        table.plan.build ? `Building ${cardName(table.hand.find((c) => c.id === table.plan.build))}; ` : "",
        `${table.plan.covers.length} row(s) planned`, table.plan.missing.length ? `; still missing ${table.plan.missing.join(" ")}` : "") : null;
      container.replaceChildren(h("div", { class: "xanadu-table" },
        h("p", { class: "counters" },
          h("span", { class: "stat", dataset: { path: "turn" } }, `turn ${table.turn}`),
          h("span", { class: "stat", dataset: { path: "deck_count" } }, `deck ${table.deck_count}`),
          h("span", { class: "stat", dataset: { path: "discard_count" } }, `discard ${table.discard_count}`),
          table.reshuffled ? h("span", { class: "stat" }, "END OF GAME is in the deck") : null),
        plan, players,
        table.hand ? h("section", { class: "xhand" }, h("h3", {}, "Your hand"),
          h("div", { class: "cards" }, table.hand.map(handCard))) : null));
    },
    label(action, shown) {
      const table = shown.table;
      const find = (id) => (table.hand || []).find((card) => card.id === id); // every card an action names is in hand
      const building = (owner, index) => table.buildings[owner][index];
      const name = (seat) => shown.seats[seat].name;
      switch (action.type) {
        case "start": return `Put ${cardName(find(action.card))} in play`;
        case "sell": return `Sell ${cardName(building(table.viewer, action.building).card)} for ${building(table.viewer, action.building).value}`;
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
        case "cover": return [`building:${action.owner}:${action.building}`];
        default: return [];
      }
    },
    place(path, shown) {
      let match;
      if ((match = path.match(/^buildings\[(\d)\]/))) return `${shown.seats[Number(match[1])].name}'s buildings`;
      if ((match = path.match(/^(scores|hand_sizes)\[(\d)\]/))) {
        return `${shown.seats[Number(match[2])].name}'s ${match[1] === "scores" ? "score" : "hand size"}`;
      }
      return { deck_count: "cards in the deck", discard_count: "cards discarded", hand: "your hand", plan: "your plan",
        turn: "the turn", current: "whose turn it is", to_act: "whose turn it is", phase: "the phase" }[path.replace(/\[.*$/, "")] || path;
    },
  };
})();
