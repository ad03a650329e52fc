/* The Court of Xiang Chi: Society Row with its prices between the defeated Daemon Princes and the
   Court of the Daemon Princes, the counters, and the Royal Court (2 rows of 4, or 3 in the Advanced
   Game), each space showing its top card and, on demand, the cards it covers. */
"use strict";
(function () {
  const ROLE = { minister: "Minister", "tax-collector": "Tax Collector", general: "General", poet: "Poet",
    courtesan: "Courtesan", daemon: "Daemon Prince" };
  const ICON = { minister: "M", "tax-collector": "T", general: "G", poet: "P", courtesan: "C", daemon: "D" };

  function cardName(card) {
    if (!card) return "an empty slot";
    if (card.role === "daemon") return `Daemon Prince ${card.id.split("-")[1]} (strength ${card.strength}, ${card.vp} VP)`;
    const clan = card.clan[0].toUpperCase() + card.clan.slice(1);
    const strength = card.role === "general" ? `, strength ${card.strength}` : "";
    return `the ${clan} ${ROLE[card.role]} (${card.vp} VP${strength})`;
  }

  function cardElement(card, path, key) {
    return h("div", { class: `card court-card ${card.role} clan-${card.clan}`, title: cardName(card),
      dataset: { card: card.id, path, key } },
    h("span", { class: "kind" }, ROLE[card.role]),
    h("span", { class: "points" }, ICON[card.role]),
    h("span", { class: "colour" }, `${card.vp} VP` + (card.strength ? ` · str ${card.strength}` : "")
      + (card.role !== "daemon" ? ` · +${card.cost}` : "")));
  }

  function pile(label, cards, path, extra) {
    const top = cards[cards.length - 1];
    return h("div", { class: "pile", dataset: { path } },
      top ? cardElement(top, `${path}[${cards.length - 1}]`) : h("div", { class: "card none" }, "none"),
      h("span", { class: "label" }, `${label}: ${cards.length}${extra ? ` (${extra})` : ""}`));
  }

  function societyRow(table) {
    const defeatedVp = table.defeated.reduce((sum, card) => sum + card.vp, 0);
    return h("section", { class: "centre society" },
      pile("defeated", table.defeated, "defeated", `+${defeatedVp} VP`),
      h("div", { class: "pile deck", dataset: { path: "deck_count" } },
        h("div", { class: "card back" }, table.deck_count), h("span", { class: "label" }, "deck")),
      h("div", { class: "row" }, table.row.map((slot) => h("div", { class: "slot", dataset: { slot: slot.slot } },
        slot.card ? cardElement(slot.card, `row[${slot.slot}]`, `row:${slot.slot}`)
          : h("div", { class: "card none", dataset: { path: `row[${slot.slot}]` } }, "empty"),
        h("span", { class: "price", dataset: { path: `row[${slot.slot}].price` } },
          slot.card && slot.card.role === "daemon" ? "not for sale" : slot.price === null ? "" : `${slot.price} CP`)))),
      pile("Court of the Daemon Princes", table.daemon_court, "daemon_court", `-${table.penalty} VP`));
  }

  function counters(table) {
    const stat = (path, text) => h("span", { class: "stat", dataset: { path } }, text);
    return h("p", { class: "counters" },
      stat("turn", `turn ${table.turn}`), stat("cp", `${table.cp} CP`), stat("vp", `${table.vp} VP`),
      stat("generals_strength", `Generals ${table.generals_strength}`),
      stat("drawn_daemons", `Daemon Princes drawn ${table.drawn_daemons} of 9`),
      stat("score", `score now ${table.score}: ${table.title}`));
  }

  function royalCourt(table) {
    const perRow = table.spaces / 2;
    const spaces = table.court.map((stack, space) => {
      const top = stack[stack.length - 1];
      const under = stack.slice(0, -1);
      return h("div", { class: "space", dataset: { space, path: `court[${space}]` } },
        h("span", { class: "label" }, `space ${space + 1}`),
        top ? cardElement(top, `court[${space}][${stack.length - 1}]`, `space:${space}`)
          : h("div", { class: "card none", dataset: { key: `space:${space}` } }, "empty"),
        under.length ? h("details", { class: "covered" }, h("summary", {}, `${under.length} covered`),
          h("div", { class: "cards" }, under.map((card, depth) => cardElement(card, `court[${space}][${depth}]`)))) : null);
    });
    return h("section", { class: "royal-court", style: { "--per-row": perRow } }, h("h3", {}, "Royal Court"),
      h("div", { class: "spaces" }, spaces));
  }

  function pending(table) {
    if (!table.pending) return null;
    const what = table.pending.power === "tax" ? "the Tax Collector may discard a card of its clan"
      : "the General may lead the Generals against a Daemon Prince";
    return h("p", { class: "pending", dataset: { path: "pending" } }, `On space ${table.pending.space + 1}, ${what}.`);
  }

  ChronicleTables.court = {
    cardName,
    render(container, shown) {
      const table = shown.table;
      container.replaceChildren(h("div", { class: "court-table" }, counters(table), societyRow(table), pending(table),
        royalCourt(table)));
    },
    label(action, shown) {
      const table = shown.table;
      const row = (slot) => table.row[slot];
      const top = (space) => table.tops[space];
      switch (action.type) {
        case "start": return `Start with ${cardName(row(action.slot).card)} on space ${action.space + 1}`;
        case "buy": return `Buy ${cardName(row(action.slot).card)} for ${row(action.slot).price} CP, to space ${action.space + 1}`;
        case "exchange": return `Exchange the Courtesan of space ${action.space + 1} for ${cardName(row(action.slot).card)}`;
        case "skip": return "Buy nothing (Phase 1B)";
        case "tax_for_vp": return `Discard ${cardName(top(action.space))} for ${top(action.space).vp} VP`;
        case "tax_for_cp": return `Discard ${cardName(top(action.space))} for ${top(action.space).vp} CP (to the Daemon Princes)`;
        case "fight": return `Fight ${cardName(row(action.slot).card)}` + (action.pay ? `, paying ${action.pay} CP` : "");
        case "decline": return table.phase === "fight" ? "No fight" : "Let the power go";
        default: return ChronicleTables.generic.label(action);
      }
    },
    keys(action) {
      switch (action.type) {
        case "start":
        case "buy": return [`row:${action.slot}`, `space:${action.space}`];
        case "exchange": return [`space:${action.space}`, `row:${action.slot}`];
        case "fight": return [`row:${action.slot}`];
        default: return [];
      }
    },
    place(path) {
      let match;
      if ((match = path.match(/^row\[(\d)\]\.price/))) return `the price in Society Row slot ${Number(match[1]) + 1}`;
      if ((match = path.match(/^row\[(\d)\]/))) return `Society Row slot ${Number(match[1]) + 1}`;
      if ((match = path.match(/^(court|tops|placed_on)\[(\d)\]/))) return `space ${Number(match[2]) + 1}`;
      const words = { deck_count: "cards in the deck", daemon_court: "the Court of the Daemon Princes", defeated: "defeated Daemon Princes",
        discard: "the discard pile", cp: "CP", vp: "VP", score: "the score now", title: "the title now", penalty: "the Daemon Princes' penalty",
        generals_strength: "the Generals' strength", drawn_daemons: "Daemon Princes drawn", turn: "the turn", phase: "the phase",
        pending: "the power waiting", exchanged: "the Courtesan's exchange", set_aside: "Daemon Princes set aside" };
      return words[path.replace(/\[.*$/, "")] || path;
    },
  };
})();
