/* The Chi table: the opponent's area at the top, the deck, the centre row and the discard pile
   in the middle, the viewer's own area and hand at the bottom (seat 0 for a spectator). */
"use strict";
(function () {
  const COLOURS = {
    red: "#d4372c", orange: "#f08a24", yellow: "#f2cf2e", green: "#3a9d4f", blue: "#2f6fd6",
    purple: "#8a4fc9", pink: "#f07ab8", brown: "#8b5a2b", black: "#222222", white: "#f4f1ea",
    grey: "#9a9a9a", gold: "#d4a017",
  };
  // Colours too light for white print: their cards are printed in ink, and outlined.
  const LIGHT = new Set(["yellow", "white", "gold", "orange", "pink", "grey"]);
  const KIND = { yin: "Yin", yang: "Yang", chi: "Chi" };
  const STACKS_TO_END = 6;

  /* As the rules' own describe() says it: "the red Yang (3)", "the green Yin", "a Chi". */
  function cardName(card) {
    if (!card) return "an empty slot";
    if (card.kind === "chi") return "a Chi";
    const points = card.kind === "yang" ? ` (${card.points})` : "";
    return `the ${card.colour} ${KIND[card.kind]}${points}`;
  }

  function cardElement(card, path, key) {
    return h(
      "div",
      {
        class: `card ${card.kind}${LIGHT.has(card.colour) ? " light-colour" : ""}`,
        title: cardName(card),
        style: card.colour ? { "--colour": COLOURS[card.colour] || "#777" } : null,
        dataset: { card: card.id, path, key: key || `card:${card.id}` },
      },
      h("span", { class: "visually-hidden" }, cardName(card)), // its name for a screen reader; the face is drawn
      h("span", { class: "kind", "aria-hidden": "true" }, KIND[card.kind]),
      h("span", { class: "points", "aria-hidden": "true" }, card.kind === "yang" ? card.points : card.kind === "chi" ? "✦" : "☯"),
      h("span", { class: "colour", "aria-hidden": "true" }, card.colour || ""),
    );
  }

  function names(shown) {
    return shown.seats.map((seat) => seat.name);
  }

  function handOf(table, seat) {
    if (table.viewer === seat && table.hand) return { cards: table.hand, path: "hand" };
    if (table.hands) return { cards: table.hands[seat], path: `hands[${seat}]` };
    return null;
  }

  function player(shown, seat, position) {
    const table = shown.table;
    const over = table.phase === "over";
    const record = shown.seats[seat];
    const known = handOf(table, seat);
    const hand = known
      ? known.cards.map((card, index) => cardElement(card, `${known.path}[${index}]`))
      : Array.from({ length: table.hand_sizes[seat] }, () => h("div", { class: "card back", title: "a hidden card" }, "?"));
    const stacks = table.areas[seat].map((stack, index) =>
      h("div", { class: "stack", dataset: { path: `areas[${seat}][${index}]` } },
        stack.map((card, depth) => cardElement(card, `areas[${seat}][${index}][${depth}]`))));
    return h(
      "section",
      { class: `player ${position}${table.to_act === seat ? " to-act" : ""}`, dataset: { seat } },
      h("header", {},
        h("span", { class: "name" }, record.name),
        record.bot ? h("span", { class: "badge" }, `${record.bot} bot`) : null,
        table.viewer === seat ? h("span", { class: "badge you" }, "you") : null,
        table.to_act === seat ? h("span", { class: "badge turn" }, "to decide") : null,
        h("span", { class: "stat", dataset: { path: `stacks[${seat}]` } }, `${table.stacks[seat]} of ${STACKS_TO_END} stacks`),
        h("span", { class: "stat", dataset: { path: `scores[${seat}]` } }, over ? `score ${table.scores[seat]}` : `${table.points_in_play[seat]} points in play`),
      ),
      h("div", { class: "area", dataset: { path: `areas[${seat}]` } },
        stacks.length ? stacks : h("span", { class: "empty" }, "no Yang in play")),
      h("div", { class: "hand" },
        h("span", { class: "label", dataset: { path: `hand_sizes[${seat}]` } }, `hand: ${table.hand_sizes[seat]} card${table.hand_sizes[seat] === 1 ? "" : "s"}`),
        h("div", { class: "cards" }, hand)),
    );
  }

  function centre(table) {
    const top = table.discard[table.discard.length - 1];
    return h(
      "section",
      { class: "centre" },
      h("div", { class: "pile deck", dataset: { path: "deck_count" } },
        h("div", { class: "card back" }, table.deck_count), h("span", { class: "label" }, "deck")),
      h("div", { class: "row" },
        table.row.map((card, slot) =>
          h("div", { class: "slot", dataset: { slot } },
            card ? cardElement(card, `row[${slot}]`, `row:${slot}`) : h("div", { class: "card none", dataset: { path: `row[${slot}]` } }, "empty")))),
      h("div", { class: "pile discard", dataset: { path: "discard" } },
        top ? cardElement(top, `discard[${table.discard.length - 1}]`, "discard:top") : h("div", { class: "card none" }, "none"),
        h("span", { class: "label" }, `discard: ${table.discard.length}`)),
    );
  }

  function conflict(shown) {
    const c = shown.table.conflict;
    if (!c) return null;
    const who = names(shown);
    return h(
      "section",
      { class: "conflict", dataset: { path: "conflict" } },
      h("p", {}, `${who[c.attacker]} attacks ${who[c.defender]}'s ${cardName(c.target).replace(/^the /, "")} with ${cardName(c.yin)}. `,
        `Chi played: ${c.chi.length}. ${who[c.to_decide]} to play a Chi or pass.`),
      h("div", { class: "cards" }, cardElement(c.yin, "conflict.yin", "conflict:yin"),
        c.chi.map((card, index) => cardElement(card, `conflict.chi[${index}]`, `conflict:chi:${index}`))),
    );
  }

  function status(shown) {
    const table = shown.table;
    const who = names(shown);
    const parts = [`turn ${table.turn}`];
    if (table.phase === "discard") parts.push(`${who[table.to_act]} holds more than 5 cards and discards`);
    if (table.end_triggered && table.final_turn_for !== null && table.phase !== "over") parts.push(`last turn: ${who[table.final_turn_for]}`);
    else if (table.end_triggered && table.phase !== "over") parts.push("6 stacks reached: this is the last turn");
    return h("p", { class: "table-status", dataset: { path: "phase" } }, parts.join(" · "));
  }

  function revealedDeck(table) {
    if (!table.deck) return null;
    return h("details", { class: "revealed-deck" }, h("summary", {}, `the deck, top first (${table.deck.length} cards, revealed)`),
      h("div", { class: "cards" }, table.deck.map((card, index) => cardElement(card, `deck[${index}]`, "deck:" + index))));
  }

  const PLACES = [
    [/^deck_count$/, () => "cards in the deck"],
    [/^discard/, () => "the discard pile"],
    [/^row\[(\d)\]$/, (m) => `row slot ${Number(m[1]) + 1}`],
    [/^hand(\[|$)/, () => "your hand"],
    [/^hands\[(\d)\]/, (m, who) => `${who[m[1]]}'s hand`],
    [/^hand_sizes\[(\d)\]$/, (m, who) => `cards in ${who[m[1]]}'s hand`],
    [/^areas\[(\d)\]/, (m, who) => `${who[m[1]]}'s play area`],
    [/^stacks\[(\d)\]$/, (m, who) => `${who[m[1]]}'s stacks`],
    [/^points_in_play\[(\d)\]$/, (m, who) => `${who[m[1]]}'s points in play`],
    [/^scores\[(\d)\]$/, (m, who) => `${who[m[1]]}'s score`],
    [/^conflict/, () => "the conflict"],
    [/^(current|to_act|starter)$/, () => "whose turn it is"],
    [/^turn$/, () => "the turn"],
    [/^phase$/, () => "the phase of the turn"],
    [/^(end_triggered|final_turn_for)$/, () => "the end of the game"],
    [/^deck(\[|$)/, () => "the deck"],
  ];

  ChronicleTables.chi = {
    cardName,
    render(container, shown) {
      const table = shown.table;
      const bottom = table.viewer ?? 0;
      const top = 1 - bottom;
      container.replaceChildren(
        h("div", { class: "chi-table" },
          player(shown, top, "top"), status(shown), centre(table), conflict(shown), player(shown, bottom, "bottom"),
          revealedDeck(table)));
    },
    label(action, shown) {
      const table = shown.table;
      const who = names(shown);
      const find = (id) => [...table.hand || [], ...(table.hands || []).flat(), ...table.areas.flat(2)].find((card) => card && card.id === id);
      switch (action.type) {
        case "draw": return `Draw ${cardName(table.row[action.slot])} (slot ${action.slot + 1})`;
        case "play_yang": return `Play ${cardName(find(action.card))}`;
        case "attack": return `Attack ${cardName(find(action.target))} with ${cardName(find(action.card))}`;
        case "chi": return "Play a Chi";
        case "pass": return table.conflict ? `Pass: ${who[table.conflict.last_played]} wins the conflict` : "Pass";
        case "discard": return `Discard ${cardName(find(action.card))}`;
        case "resign":
        case "take_back": return ChronicleTables.generic.label(action);
        default: return ChronicleTables.generic.label(action);
      }
    },
    keys(action) {
      switch (action.type) {
        case "draw": return [`row:${action.slot}`];
        case "attack": return [`card:${action.card}`, `card:${action.target}`];
        case "pass": return [];
        default: return [`card:${action.card}`];
      }
    },
    place(path, shown) {
      const who = names(shown);
      for (const [pattern, words] of PLACES) {
        const match = path.match(pattern);
        if (match) return words(match, who);
      }
      return path;
    },
  };
})();
