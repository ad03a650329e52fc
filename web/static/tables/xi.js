/* The Xi Cards table: each player's side (life, T, pT, hand and deck sizes, discard pile, the units
   they control drawn as cards, their lasting spells), the statements, tags and effects in force,
   the decision waiting above the turn (tables/xi/steps.js), the viewer's hand, and the editor of
   the viewer's standing rules (tables/xi/standing.js). Cards are drawn from the catalogue that
   GET /api/rules/xi answers, fetched once before the first table (`ready`), so any card of it is
   drawn from data.

   What a player clicks (keys): a card of the hand (`hand:<id>`), then its target, a unit
   (`unit:<uid>`) or a player (`player:<seat>`); a unit of theirs, then the unit or player it
   skirmishes; a card in play with an ability (`unit:` or `spell:<iid>`), then its target (a choice
   among words, such as an element, is a button once the rest is clicked). The step panels hold
   the controls of their own decisions (a named deck, first or second, Pass, Strike, an effect's
   choice); drawing, banking and ending the turn are buttons (`byCards`). */
"use strict";
(function (xi) {
  const START_LIFE = 40; // xi.setup.life; the view gives the caps (life 99, pT 20)
  const opened = new Set(); // the <details> a reader opened, kept open across redraws
  const PHASES = { setup: "Setting up", decks: "Each player brings a deck", order: "The coin's winner chooses to go first or second" };
  const ENDED = { "zero-life": "a player's life reached 0", resignation: "a player resigned", "no-win": "nobody could win any more",
    "turn-limit": "the turn limit was reached" };

  xi.ready = fetch("/api/rules/xi", { headers: { Accept: "application/json" } })
    .then((answer) => (answer.ok ? answer.json() : Promise.reject(new Error(answer.statusText))))
    .then((rules) => {
      for (const card of rules.cards || []) xi.catalogue.set(card.id, card);
      xi.namedDecks = rules.decks || [];
    })
    .catch((error) => console.warn("the Xi catalogue could not be read; cards are named by id:", error.message));

  /* Draw, then give the focus back to the element of the same id (a field being edited). */
  xi.keepingFocus = function (draw) {
    const active = document.activeElement;
    const id = active && active !== document.body ? active.id : "";
    draw();
    const again = id && document.getElementById(id);
    if (again && again !== active) again.focus({ preventScroll: true });
  };

  function kept(key, summary, ...content) {
    const head = h("summary", {}, summary);
    const box = h("details", { open: opened.has(key) }, head, ...content);
    // The toggle a click causes comes a moment after it: a table redrawn in between opens as asked.
    head.addEventListener("click", () => (box.open ? opened.delete(key) : opened.add(key)));
    box.addEventListener("toggle", () => (box.open ? opened.add(key) : opened.delete(key)));
    return box;
  }

  function lifeWords(life, cap) {
    if (life <= START_LIFE) return `${life}/${START_LIFE} life`;
    return life >= cap ? `${life} life (the cap)` : `${life} life (cap ${cap})`;
  }

  function badges(shown, seat) {
    const table = shown.table;
    const record = shown.seats[seat] || {};
    const player = table.players[seat];
    return [
      table.viewer === seat ? h("span", { class: "badge you" }, "you") : null,
      record.bot ? h("span", { class: "badge" }, `${record.bot} bot`) : null,
      table.phase === "play" && table.active === seat
        ? h("span", { class: "badge turn", dataset: { path: "active" } }, table.viewer === seat ? "your turn" : "their turn") : null,
      table.to_act === seat ? h("span", { class: "badge decide", dataset: { path: "to_act" } }, "to decide") : null,
      player.out ? h("span", { class: "badge out", dataset: { path: `players[${seat}].out` } }, "out") : null,
      table.phase === "decks" ? h("span", { class: "badge" }, player.deck_brought ? "deck brought" : "no deck yet") : null,
      table.winners.includes(seat) ? h("span", { class: "badge won" }, "won") : null,
    ];
  }

  /* The player's plate (their name and counts; a target to click) and what is theirs on the table. */
  function side(shown, seat) {
    const table = shown.table;
    const player = table.players[seat];
    const name = xi.seatName(shown, seat);
    const at = (field) => ({ path: `players[${seat}].${field}` });
    const stat = (field, text) => h("span", { class: "stat", dataset: at(field) }, text);
    const units = table.units.map((unit, index) => [unit, index]).filter(([unit]) => unit.controller === seat);
    const spells = table.in_play.filter((each) => each.controller === seat && !each.on && (xi.card(each.card) || {}).kind !== "statement");
    const revealed = table.hands && seat !== table.viewer ? table.hands[seat] : null;
    return h("section", { class: `xi-player${table.to_act === seat ? " to-act" : ""}${player.out ? " out" : ""}`, dataset: { seat },
      "aria-label": `${name}'s side` },
    h("div", { class: "xi-plate", dataset: { key: `player:${seat}` } },
      h("span", { class: "xi-who" }, name), ...badges(shown, seat),
      stat("life", lifeWords(player.life, table.caps.life)), stat("t", `${player.t}T`), stat("pt", `${player.pt}/${table.caps.pt} pT`),
      stat("hand_size", `${player.hand_size} in hand`), stat("deck_size", `${player.deck_size} in deck`)),
    h("div", { class: "xi-units" }, units.length ? units.map(([unit, index]) => xi.unitCard(shown, unit, index))
      : h("span", { class: "xi-none" }, "no unit in play")),
    spells.length ? h("div", { class: "xi-spells" }, h("span", { class: "xi-label" }, "Spells in play: "),
      spells.map((each) => xi.spellChip(shown, each))) : null,
    h("div", { class: "xi-piles" },
      h("div", { dataset: at("discard") }, player.discard.length
        ? kept(`discard:${seat}`, `Discard pile (${player.discard.length}), top first`, xi.nameChips([...player.discard].reverse()))
        : h("span", { class: "xi-none" }, "discard pile empty")),
      seat === table.viewer && table.deck ? h("div", { dataset: { path: "deck" } },
        kept("deck", `What is left in your deck (${table.deck.length}), in no order`, xi.nameChips(table.deck))) : null,
      revealed ? h("div", {}, `Hand (revealed): ${xi.cards(revealed)}`) : null));
  }

  /* Statements (for everyone: xi.statement.both), tags in force and effects under way. */
  function inForce(shown) {
    const table = shown.table;
    const statements = table.in_play.filter((each) => (xi.card(each.card) || {}).kind === "statement");
    if (!statements.length && !table.tags.length && !table.effects.length) return null;
    return h("section", { class: "xi-in-force", "aria-label": "In force for everyone" },
      statements.length ? h("p", { dataset: { path: "in_play" } }, h("span", { class: "xi-label" }, "Statements: "),
        statements.map((each) => xi.spellChip(shown, each))) : null,
      table.tags.length ? h("p", { dataset: { path: "tags" } }, h("span", { class: "xi-label" }, "Tags in force: "), table.tags.join(", ")) : null,
      table.effects.length ? h("ul", { class: "xi-effects", dataset: { path: "effects" } },
        table.effects.map((each) => h("li", {}, xi.effect(shown, each)))) : null);
  }

  function status(shown) {
    const table = shown.table;
    let text = PHASES[table.phase] || "";
    if (table.phase === "play" && (table.active === null || table.active === undefined)) {
      text = "The first turn is about to begin"; // after the deal, before a seat's turn starts
    } else if (table.phase === "play") {
      text = `Turn ${table.turn}: ${table.active === table.viewer ? "your" : `${xi.seatName(shown, table.active)}'s`} turn`;
      if (table.to_act !== null && table.to_act !== table.active) text += ` · ${xi.capital(xi.who(shown, table.to_act))} to decide`;
    } else if (table.phase === "over") {
      const winners = table.winners.map((seat) => xi.seatName(shown, seat)).join(" and ");
      text = `Over after turn ${table.turn}: ${ENDED[table.ended_by] || "the game ended"}; ${winners ? `${winners} won` : "a draw"}`;
    }
    return h("p", { class: "xi-status", dataset: { path: "turn" } }, text);
  }

  function hand(table) {
    if (!table.hand) return null;
    return h("section", { class: "xi-hand", "aria-label": "Your hand", dataset: { path: "hand" } },
      h("h2", {}, `Your hand (${table.hand.length})`),
      table.hand.length ? h("div", { class: "xi-cards" }, table.hand.map((id, index) =>
        xi.printedCard(id, { card: id, key: `hand:${id}`, path: `hand[${index}]` }))) : h("p", { class: "xi-none" }, "No card in hand."));
  }

  function render(container, shown, play) {
    const table = shown.table;
    const order = table.players.map((player, seat) => seat);
    const me = table.viewer;
    const seats = me === null || me === undefined ? order : [...order.slice(me + 1), ...order.slice(0, me), me];
    xi.keepingFocus(() => container.replaceChildren(h("div", { class: "xi-table" },
      status(shown), xi.steps(shown, play), inForce(shown), seats.map((seat) => side(shown, seat)), hand(table),
      xi.unableSwitch(shown, play), xi.standingEditor(shown, play))));
  }

  /* What clicking means: a unit's key, or a spell's, for an id in play; a player's for a seat. */
  function thingKey(table, id) {
    if (typeof id === "number") return `player:${id}`;
    return xi.unit(table, id) ? `unit:${id}` : `spell:${id}`;
  }

  function keys(action, shown) {
    const table = shown.table;
    const aimed = action.target === undefined ? [] : [thingKey(table, action.target)];
    switch (action.type) {
      case "bring_deck": return action.deck ? [`deck:${action.deck}`] : [];
      case "choose_order": return [`order:${action.first ? "first" : "second"}`];
      case "play": return [`hand:${action.card}`, ...aimed];
      case "use": return [thingKey(table, action.source), ...aimed];
      case "skirmish": return [`unit:${action.unit}`, thingKey(table, action.target)];
      case "strike": return ["skirmish:strike"];
      case "pass": return ["window:pass"];
      case "choose": return [`choice:${action.choice}`];
      default: return [];
    }
  }

  function label(action, shown) {
    const table = shown.table;
    const top = (table.pending || [])[table.pending.length - 1];
    const onto = action.target === undefined ? "" : ` on ${xi.target(shown, action.target)}`;
    switch (action.type) {
      case "bring_deck": {
        if (!action.deck) return `Bring a deck of ${action.cards.length} cards`;
        const named = (table.named_decks || []).find((deck) => deck.name === action.deck);
        return `Bring the ${action.deck} deck${named ? ` (${named.cards} cards)` : ""}`;
      }
      case "choose_order": return action.first ? "Go first" : "Go second";
      case "draw": return "Draw a card";
      case "play": {
        const card = xi.card(action.card);
        const verb = top && top.kind === "window" ? "Answer with" : "Play";
        return `${verb} ${xi.cardName(action.card)}${card ? ` (${xi.costWords(card.cost)})` : ""}${onto}`;
      }
      case "use": return `Use ${xi.thing(shown, action.source)}${onto}${action.choice !== undefined ? `, choosing ${action.choice}` : ""}`;
      case "skirmish": return `${xi.thing(shown, action.unit)} skirmishes ${xi.target(shown, action.target)}`;
      case "strike": return action.damage !== undefined ? `Strike, picking ${action.damage} damage` : "Strike";
      case "bank": return `Bank ${2 * action.pt}T as ${action.pt}pT`;
      case "end_turn": return "End the turn";
      case "pass": return top && top.kind === "window" ? `Pass (no answer to: ${xi.declaration(shown, top.on)})` : "Pass";
      case "choose": {
        const what = typeof action.choice === "string" ? xi.target(shown, action.choice) : action.choice;
        return `Choose ${what}${top && top.kind === "choose" ? ` for ${xi.cardName(top.card)}` : ""}`;
      }
      case "set_standing": return xi.standing(action);
      default: return ChronicleTables.generic.label(action);
    }
  }

  const FIELDS = { life: "life", t: "T", pt: "pT", hand_size: "hand size", deck_size: "deck size", discard: "discard pile",
    out: "place in the game", deck_brought: "deck", damage: "damage", max_life: "max life", type: "type",
    keywords: "keywords", skirmishes_left: "skirmishes left", attached: "spells attached", controller: "controller",
    printed: "printed stats", on: "unit it is on" };
  const PLACES = { units: "the units in play", in_play: "the spells and statements in play", hand: "your hand",
    deck: "your deck", deck_list: "your deck list", standing: "your standing rules", pending: "the decisions waiting",
    tags: "the tags in force", effects: "the effects under way", turn: "the turn", active: "whose turn it is",
    to_act: "whose decision it is", phase: "the phase", first: "who went first", quiet_turns: "the quiet turns",
    winners: "the winners", ended_by: "how the game ended", hands: "the hands", decks: "the decks",
    deck_lists: "the deck lists", standings: "the standing rules" };

  function place(path, shown) {
    const table = shown.table;
    let match;
    if ((match = path.match(/^players\[(\d+)\]\.(\w+)/))) return `${xi.seatName(shown, Number(match[1]))}'s ${FIELDS[match[2]] || match[2]}`;
    if ((match = path.match(/^(units|in_play)\[(\d+)\](?:\.(\w+))?/))) {
      const found = table[match[1]][Number(match[2])];
      const what = found ? xi.named(table, found.uid || found.iid) : `a ${match[1] === "units" ? "unit" : "spell"}`;
      return match[3] ? `${what}'s ${FIELDS[match[3]] || match[3]}` : what;
    }
    if ((match = path.match(/^standing\.kinds\.(\w+)/))) return `your standing answer when ${xi.WINDOW_KINDS[match[1]] || match[1]}`;
    if ((match = path.match(/^standing\.when\[(\d+)\]/))) return `your conditional answer ${Number(match[1]) + 1}`;
    if (path.startsWith("standing.when")) return "your conditional answers";
    if (path === "standing.pass_when_unable") return "passing the windows you hold nothing to answer";
    if ((match = path.match(/^(hands|decks|deck_lists|standings)\[(\d+)\]/))) return `${xi.seatName(shown, Number(match[2]))}'s ${PLACES[match[1]].replace(/^the /, "").replace(/s$/, "")}`;
    return PLACES[path.replace(/[[.].*$/, "")] || path;
  }

  /* Values the generic words would say as field lists or ids: cards by name, seats by name. */
  function words(value, path, shown) {
    const table = shown.table;
    const field = path.replace(/^.*\./, "").replace(/\[\d+\]$/, "");
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
      if (field === "attached") return value.length ? value.map((iid) => xi.thing(shown, iid)).join(", ") : "none";
      if (["hand", "discard", "deck", "deck_list", "hands", "decks", "deck_lists"].includes(field)) return xi.cards(value);
      if (field === "keywords") return value.length ? value.map(xi.keyword).join(", ") : "none";
    }
    if (Array.isArray(value) && (field === "units" || field === "in_play")) return value.length ? value.map((each) => xi.named(table, each.uid || each.iid) || each.name).join(", ") : "none";
    if (Array.isArray(value) && field === "pending") {
      return value.length ? value.map((step) => `${step.kind === "window" ? `${xi.seatName(shown, step.seat)}'s window` : step.kind} (${xi.seatName(shown, step.seat)})`).join(", ") : "nothing waiting";
    }
    if (Array.isArray(value) && field === "effects") return value.length ? value.map((each) => xi.effect(shown, each)).join("; ") : "none";
    if (path === "players" && Array.isArray(value)) return value.map((player, seat) => `${xi.seatName(shown, seat)} at ${player.life} life`).join("; ");
    if (Array.isArray(value) && field === "winners") return value.length ? value.map((seat) => xi.seatName(shown, seat)).join(", ") : "nobody yet";
    if (["active", "to_act", "first", "controller"].includes(field)) return value === null || value === undefined ? "nobody" : xi.seatName(shown, value);
    if (path.startsWith("standing.when") && Array.isArray(value)) return value.length ? value.map((rule) => xi.rule(shown, rule)).join("; ") : "none";
    if (path.startsWith("standing.when") && value && typeof value === "object" && "on" in value) return xi.rule(shown, value);
    if (path.startsWith("standing.kinds.")) return value === null || value === undefined ? "ask" : null; // ask: the default
    if (field === "inert") return value ? "inert" : "in force";
    if (field === "pass_when_unable") return value ? "on" : "off";
    if (path.startsWith("standing") && value && typeof value === "object") return "set";
    if (field === "deck_brought") return value ? "brought" : "not yet";
    if (field === "printed" && value) return `${value.type}, ${value.damage} damage, ${value.life} life`;
    if (field === "out") return value ? "out" : "in";
    if (typeof value === "string" && xi.card(value)) return xi.cardName(value);
    return null;
  }

  /* Units and cards in play come and go whole, by their ids in play. */
  function idOf(value) {
    return value.uid ?? value.iid ?? value.id;
  }

  function cardName(card) {
    if (typeof card === "string") return xi.cardName(card);
    return card && card.name ? card.name : card && card.id ? xi.cardName(card.id) : ChronicleTables.generic.cardName(card);
  }

  ChronicleTables.xi = { ready: xi.ready, byCards: true, render, keys, label, place, words, cardName, idOf };
})(window.ChronicleXi);
