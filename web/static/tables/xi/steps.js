/* The decision waiting above the turn, in a panel of its own: bringing a deck (a named one, or a
   pasted list), the coin winner's choice, a response window (what it answers, Pass, the pT cards
   that may answer it), the skirmish step (Strike) and an effect's choice. The controls are the
   keys of the legal actions (`deck:aqua`, `order:first`, `window:pass`, `skirmish:strike`,
   `choice:u3`): the viewer makes those that lead to one clickable. A window and the skirmish step
   also offer each card of the hand and each card in play that might answer or be used there,
   drawn only once the viewer highlights it (the view does not say which are legal; the legal
   actions do). A pasted deck list is the one action no list of legal actions holds: it is sent
   through `play.act`. */
"use strict";
window.ChronicleXi = window.ChronicleXi || {};
(function (xi) {
  const drafts = { deckList: "" }; // what the seat has typed, kept across redraws of the table

  function control(key, text, optional = false) {
    return h("span", { class: `xi-control${optional ? " optional" : ""}`, dataset: { key } }, text);
  }

  function panel(title, yours, ...children) {
    return h("section", { class: `xi-step${yours ? " yours" : ""}`, dataset: { path: "pending" }, "aria-label": title },
      h("h2", {}, title), ...children);
  }

  /* A deck list as typed or pasted: JSON (a list, or the whole bring_deck action), or ids
     separated by commas, spaces or lines, each perhaps with a count ("3 flood", "flood x3"). */
  function parseDeck(text) {
    const trimmed = text.trim();
    if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
      const parsed = JSON.parse(trimmed);
      const cards = Array.isArray(parsed) ? parsed : parsed.cards;
      if (!Array.isArray(cards)) throw new Error("a JSON deck list is a list of card ids, or an object with `cards`");
      return cards.map(String);
    }
    const cards = [];
    for (const line of trimmed.split(/[\n,;]+/)) {
      const words = line.trim().split(/\s+/).filter(Boolean);
      let count = 1;
      const counted = words.findIndex((word) => /^(x?\d+x?)$/i.test(word));
      if (counted >= 0 && words.length > 1) count = Number(words.splice(counted, 1)[0].replace(/x/i, ""));
      for (const id of words) for (let i = 0; i < count; i++) cards.push(id.toLowerCase());
    }
    return cards;
  }

  function deckForm(play) {
    const area = h("textarea", { id: "xi-deck-list", rows: 4, spellcheck: "false",
      placeholder: "flood, rainfall, 3 snow-beast … or [\"flood\", …]" });
    area.value = drafts.deckList;
    area.addEventListener("input", () => { drafts.deckList = area.value; });
    const note = h("p", { class: "xi-problem", id: "xi-deck-note", role: "alert", hidden: true });
    const bring = h("button", { type: "button", id: "xi-deck-bring" }, "Bring this list");
    bring.onclick = async () => {
      note.hidden = true;
      let cards;
      try {
        cards = parseDeck(area.value);
      } catch (error) {
        note.textContent = `The list could not be read: ${error.message}`;
        note.hidden = false;
        return;
      }
      const unknown = [...new Set(cards.filter((id) => !xi.card(id)))];
      if (!cards.length || unknown.length) {
        note.textContent = cards.length ? `Not Xi cards: ${unknown.join(", ")}` : "The list is empty.";
        note.hidden = false;
        return;
      }
      if (await play.act({ type: "bring_deck", cards })) drafts.deckList = "";
    };
    return h("div", { class: "xi-deck-form" },
      h("label", { for: "xi-deck-list" }, "Or a list of your own, card ids (see the cards' names below):"),
      area, bring, note);
  }

  function deckStep(shown, step, play) {
    const table = shown.table;
    if (step.seat !== table.viewer) return panel("Decks", false, h("p", {}, `${xi.seatName(shown, step.seat)} is bringing a deck.`));
    return panel("Bring your deck", true,
      h("p", {}, "A named deck, or a list of your own (at least 30 cards, at most 3 copies of a card)."),
      h("div", { class: "xi-controls" }, table.named_decks.map((deck) =>
        control(`deck:${deck.name}`, `The ${deck.name} deck (${deck.cards} cards)`))),
      play ? deckForm(play) : null,
      play ? h("details", { class: "xi-catalogue" }, h("summary", {}, `Every card's id (${xi.catalogue.size})`),
        h("ul", { class: "xi-names" }, [...xi.catalogue.values()].map((card) =>
          h("li", { class: `xi-name ${xi.typeClass(card.type)}` }, h("code", {}, card.id), ` ${card.name}`)))) : null);
  }

  function orderStep(shown, step) {
    if (step.seat !== shown.table.viewer) {
      return panel("The coin", false, h("p", {}, `The coin fell for ${xi.seatName(shown, step.seat)}, who chooses to go first or second.`));
    }
    return panel("The coin fell for you", true, h("p", {}, "Go first (6T on your first turn) or second?"),
      h("div", { class: "xi-controls" }, control("order:first", "Go first"), control("order:second", "Go second")));
  }

  /* The viewer's cards in hand (pT ones only, in a window) and cards in play: each might be played
     or used now, and is shown once the viewer highlights it. */
  function usable(shown, verb, ptOnly) {
    const table = shown.table;
    const ids = [...new Set(table.hand || [])].filter((id) => {
      const card = xi.card(id);
      return card && (!ptOnly || (card.cost && card.cost.pt !== undefined));
    });
    const mine = [...table.units.map((unit) => [unit.uid, unit.controller, "unit"]), ...table.in_play.map((each) => [each.iid, each.controller, "spell"])]
      .filter(([, controller]) => controller === table.viewer);
    return [
      ...ids.map((id) => control(`hand:${id}`, `${verb} ${xi.cardName(id)} (${xi.costWords(xi.card(id).cost)})`, true)),
      ...mine.map(([id, , kind]) => control(`${kind}:${id}`, `Use the ability of ${xi.thing(shown, id)}`, true)),
    ];
  }

  function windowStep(shown, step) {
    const table = shown.table;
    const what = xi.declaration(shown, step.on);
    if (step.seat !== table.viewer) {
      return panel("A window is open", false, h("p", {}, `${xi.seatName(shown, step.seat)} may answer: ${what}.`));
    }
    const pt = table.players[table.viewer].pt;
    return panel("Your window", true,
      h("p", { class: "xi-declaration" }, `${what}.`),
      h("p", {}, `You may answer once, with a pT card or a pT ability (you have ${pt}pT), or pass.`),
      h("div", { class: "xi-controls" }, control("window:pass", "Pass"), usable(shown, "Answer with", true)));
  }

  function skirmishStep(shown, step) {
    const table = shown.table;
    const what = `${xi.capital(xi.thing(shown, step.attacker, true))} skirmishes ${xi.target(shown, step.target)}`;
    if (step.seat !== table.viewer) return panel("A skirmish", false, h("p", {}, `${what}: ${xi.seatName(shown, step.seat)} to strike.`));
    return panel("Your skirmish", true, h("p", { class: "xi-declaration" }, `${what}.`),
      h("p", {}, "Strike, or first play a card or use an ability."),
      h("div", { class: "xi-controls" }, control("skirmish:strike", "Strike"), usable(shown, "Play", false)));
  }

  function option(shown, value) {
    if (typeof value === "string" && (xi.unit(shown.table, value) || xi.spell(shown.table, value))) return xi.thing(shown, value, true);
    return String(value);
  }

  function chooseStep(shown, step) {
    const source = xi.thing(shown, step.source);
    if (step.seat !== shown.table.viewer) return panel("A choice", false, h("p", {}, `${xi.seatName(shown, step.seat)} chooses for ${source}.`));
    return panel("Your choice", true, h("p", {}, `${xi.capital(xi.thing(shown, step.source))} asks you to choose:`),
      h("div", { class: "xi-controls" }, step.options.map((value) => control(`choice:${value}`, xi.capital(option(shown, value))))));
  }

  function under(shown, step) {
    if (step.kind === "skirmish") return `the skirmish of ${xi.thing(shown, step.attacker, true)} on ${xi.target(shown, step.target)}`;
    if (step.kind === "window") return `${xi.seatName(shown, step.seat)}'s window on: ${xi.declaration(shown, step.on)}`;
    return step.kind;
  }

  const STEPS = { deck: deckStep, order: orderStep, window: windowStep, skirmish: skirmishStep, choose: chooseStep };

  /* The panel of the step on top of the stack, and a line for each one waiting under it. */
  xi.steps = function (shown, play) {
    const pending = shown.table.pending || [];
    if (!pending.length || shown.table.phase === "over") return null;
    const top = pending[pending.length - 1];
    const drawn = STEPS[top.kind] ? STEPS[top.kind](shown, top, play) : panel(top.kind, false);
    const below = pending.slice(0, -1).reverse().filter((step) => step.kind === "skirmish" || step.kind === "window");
    if (below.length) drawn.append(h("p", { class: "xi-under" }, `Under way: ${below.map((step) => under(shown, step)).join("; ")}.`));
    return drawn;
  };
  xi.parseDeck = parseDeck;
})(window.ChronicleXi);
