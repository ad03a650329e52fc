/* The Court of Xiang Chi: Society Row with its prices between the defeated Daemon Princes and the
   Court of the Daemon Princes, the counters, and the Royal Court (2 rows of 4 spaces, or of 3 in
   the Advanced Game), each space showing its top card and, on demand, the cards it covers.

   Every decision that involves a card is taken by clicking cards (byCards): a card of Society Row,
   then the space it goes to; a Courtesan's exchange the same way, onto her space; a Tax Collector's
   discard by the card it discards, then VP or CP by button; a fight by the Daemon Prince. Only
   what has no card (buy nothing, no fight, let a power go) stays a button. */
"use strict";
(function () {
  const ROLE = { minister: "Minister", "tax-collector": "Tax Collector", general: "General", poet: "Poet",
    courtesan: "Courtesan", daemon: "Daemon Prince" };
  const PHASE = { setup: "Set-up", choose: "Set-up: 3 starting cards", buy: "Phase 1A: buy a card",
    power: "A power waits", fight: "Phase 2: fight", over: "Game over" };

  const SETUP = new Set(["setup", "choose"]); // the phases whose cards are taken free
  const capital = (word) => word[0].toUpperCase() + word.slice(1);

  function cardName(card) {
    if (!card) return "an empty slot";
    if (card.role === "daemon") return `Daemon Prince ${card.id.split("-")[1]} (strength ${card.strength}, ${card.vp} VP)`;
    const strength = card.role === "general" ? `, strength ${card.strength}` : "";
    return `the ${capital(card.clan)} ${ROLE[card.role]} (${card.vp} VP${strength})`;
  }

  /* Text for screen readers only: a card's face is drawn for the eye and hidden from them. */
  const spoken = (text) => h("span", { class: "visually-hidden" }, text);

  let powers = {}; // each role's power, from the table drawn (the card data: domain/court/cards.toml)

  /* What a card does in full: its name, then the rulebook's paragraph for its role. */
  function helpText(card) {
    const power = powers[card.role];
    return power ? `${capital(cardName(card))}. ${power.name}: ${power.text}` : capital(cardName(card));
  }

  /* A card in Chi's visual language: a band of its clan's colour naming the clan, its role, its VP
     large, its power in a line, and below its strength and its Cost Modifier (left out where no
     price is paid: `free`). `where` ends its name in words ("Society Row slot 2, 3 CP"), which is
     what a player hears on reaching it with Tab; the full text is its description (title), shown
     on hover, a long press or the keyboard's focus (card-help.js). */
  function cardElement(card, path, key, where, free) {
    const power = powers[card.role];
    return ChronicleCardHelp.mark(h("div", { class: `card court-card ${card.role} clan-${card.clan}`,
      dataset: { card: card.id, path, key } },
    spoken(where ? `${cardName(card)}, ${where}` : cardName(card)),
    h("span", { class: "band", "aria-hidden": "true" }, capital(card.clan)),
    h("span", { class: "role", "aria-hidden": "true" }, ROLE[card.role]),
    h("span", { class: "vp", "aria-hidden": "true" }, card.vp, h("small", {}, " VP")),
    power ? h("span", { class: "power", "aria-hidden": "true" }, power.power) : null,
    card.strength ? h("span", { class: "extra", "aria-hidden": "true" }, `str ${card.strength}`) : null,
    card.role === "daemon" || free ? null : h("span", { class: "extra", "aria-hidden": "true" }, `cost +${card.cost}`)),
    helpText(card));
  }

  function emptyCard(text, words, dataset) {
    return h("div", { class: "card none", dataset }, spoken(words), h("span", { "aria-hidden": "true" }, text));
  }

  function pile(label, named, cards, path, extra) {
    const top = cards[cards.length - 1];
    return h("div", { class: "pile", dataset: { path } },
      top ? cardElement(top, `${path}[${cards.length - 1}]`, undefined, `on top of ${named}`)
        : emptyCard("none", `${named}: none`, {}),
      h("span", { class: "label" }, `${label}: ${cards.length}${extra ? ` (${extra})` : ""}`));
  }

  /* A slot of Society Row: its card and its price. At set-up the starting cards are free (the
     view gives no price), so neither a price nor a Cost Modifier is shown. */
  function rowSlot(slot, free) {
    const card = slot.card;
    const place = `Society Row slot ${slot.slot + 1}`;
    const price = card && card.role === "daemon" ? "not for sale" : slot.price === null ? "" : `${slot.price} CP`;
    return h("div", { class: "slot", dataset: { slot: slot.slot } },
      card ? cardElement(card, `row[${slot.slot}]`, `row:${slot.slot}`, price ? `${place}, ${price}` : place, free)
        : emptyCard("empty", `${place}: empty`, { path: `row[${slot.slot}]` }),
      h("span", { class: "price", dataset: { path: `row[${slot.slot}].price` } }, price));
  }

  function societyRow(table) {
    const defeatedVp = table.defeated.reduce((sum, card) => sum + card.vp, 0);
    return h("section", { class: "centre society", "aria-label": "Society Row" },
      pile("defeated", "the defeated Daemon Princes", table.defeated, "defeated", `+${defeatedVp} VP`),
      h("div", { class: "pile deck", dataset: { path: "deck_count" } },
        h("div", { class: "card back" }, spoken("cards in the deck: "), table.deck_count), h("span", { class: "label" }, "deck")),
      h("div", { class: "row" }, table.row.map((slot) => rowSlot(slot, SETUP.has(table.phase)))),
      pile("Court of the Daemon Princes", "the Court of the Daemon Princes", table.daemon_court, "daemon_court",
        `-${table.penalty} VP`));
  }

  function counters(table) {
    const stat = (path, text) => h("span", { class: "stat", dataset: { path } }, text);
    return h("p", { class: "counters" },
      stat("turn", `turn ${table.turn}`), stat("phase", PHASE[table.phase] || table.phase),
      stat("cp", `${table.cp} CP`), stat("vp", `${table.vp} VP`),
      stat("generals_strength", `Generals ${table.generals_strength}`),
      stat("drawn_daemons", `Daemon Princes drawn ${table.drawn_daemons} of 9`),
      stat("score", `score now ${table.score}: ${table.title}`));
  }

  function royalCourt(table) {
    const spaces = table.court.map((stack, space) => {
      const top = stack[stack.length - 1];
      const under = stack.slice(0, -1);
      const place = `space ${space + 1}`;
      return h("div", { class: "space", dataset: { space, path: `court[${space}]` } },
        h("span", { class: "label", "aria-hidden": "true" }, place),
        top ? cardElement(top, `court[${space}][${stack.length - 1}]`, `space:${space}`, `on ${place}`)
          : emptyCard("empty", `${place}: empty`, { key: `space:${space}` }),
        under.length ? h("details", { class: "covered" }, h("summary", {}, `${under.length} covered`),
          h("div", { class: "cards" }, under.map((card, depth) =>
            cardElement(card, `court[${space}][${depth}]`, undefined, `covered on ${place}`)))) : null);
    });
    return h("section", { class: "royal-court", style: { "--per-row": table.spaces / 2 }, "aria-label": "Royal Court" },
      h("h3", {}, "Royal Court"), h("div", { class: "spaces" }, spaces));
  }

  function pending(table) {
    if (!table.pending) return null;
    const what = table.pending.power === "tax"
      ? "the Tax Collector may discard the top card of another space of its clan"
      : "the General may lead the Generals against a Daemon Prince";
    return h("p", { class: "pending", dataset: { path: "pending" } }, `On space ${table.pending.space + 1}, ${what}.`);
  }

  ChronicleTables.court = {
    cardName,
    byCards: true,
    render(container, shown) {
      const table = shown.table;
      powers = table.powers || {};
      // Taking an action from the keyboard redraws the table under the focus: keep the focus (and
      // a screen reader's place) in the table rather than let it fall back to the page's body.
      const focused = container.contains(document.activeElement);
      const drawn = h("div", { class: "court-table", tabindex: focused ? "-1" : null },
        counters(table), societyRow(table), pending(table), royalCourt(table));
      container.replaceChildren(drawn);
      if (focused) drawn.focus({ preventScroll: true });
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
    /* A card of Society Row, then the space it goes to; an exchange the same way, onto the
       Courtesan's space (where a buy to that space is also legal, both are offered as buttons). */
    keys(action) {
      switch (action.type) {
        case "start":
        case "buy":
        case "exchange": return [`row:${action.slot}`, `space:${action.space}`];
        case "tax_for_vp":
        case "tax_for_cp": return [`space:${action.space}`];
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
