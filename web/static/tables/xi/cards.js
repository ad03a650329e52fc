/* Xi's cards drawn in the project's card language (a paper card, a band of its type's colour): the
   name and cost on the band, the type and kind, the text, and a unit's damage and life at its
   foot. A unit in play shows its derived stats, the printed ones beside those that differ, its
   keywords, skirmishes left, the spells on it and who controls it.

   Each card is a group named by its words for a screen reader (the viewer makes the outer element
   a button when it leads to a legal action); the drawn face repeats them for the eye. */
"use strict";
window.ChronicleXi = window.ChronicleXi || {};
(function (xi) {
  const unseen = (text) => h("span", { class: "visually-hidden" }, text);
  const shown = (text) => h("span", { "aria-hidden": "true" }, text); // said by the group's label already

  function typeClass(type) {
    return `xi-type-${/^[a-z]+$/.test(type || "") ? type : "unknown"}`;
  }

  /* The face every Xi card shares: band (name, cost), type line, and what follows. */
  function face(label, card, { cost, typeLine, body }) {
    return h("div", { class: "xi-face", role: "group", "aria-label": label },
      h("div", { class: "xi-band" }, shown(card.name), cost ? h("span", { class: "xi-cost", "aria-hidden": "true" }, cost) : null),
      h("div", { class: "xi-typeline", "aria-hidden": "true" }, typeLine),
      body);
  }

  /* A card of the hand (or any card as printed): `id` a catalogue id. */
  function printedCard(id, dataset) {
    const card = xi.card(id) || { id, name: xi.cardName(id), kind: "card", type: "unknown", text: "", keywords: [] };
    const cost = xi.costWords(card.cost);
    const stats = card.kind === "unit" ? `; ${card.damage} damage, ${card.life} life` : "";
    const label = `${card.name}: ${card.type} ${xi.kindWords(card.kind)}, costs ${cost}${stats}. ${card.statement ? `“${card.statement}”. ` : ""}${card.text}`;
    return h("div", { class: `xi-card ${typeClass(card.type)}`, dataset },
      face(label, card, {
        cost,
        typeLine: `${card.type} ${xi.kindWords(card.kind)}`,
        body: [
          card.statement ? h("p", { class: "xi-statement", "aria-hidden": "true" }, `“${card.statement}”`) : null,
          h("p", { class: "xi-text", "aria-hidden": "true" }, card.text),
          card.kind === "unit" ? h("div", { class: "xi-foot", "aria-hidden": "true" },
            h("span", { class: "xi-damage", title: "damage" }, `⚔ ${card.damage}`),
            h("span", { class: "xi-life", title: "life" }, `♥ ${card.life}`)) : null,
        ],
      }));
  }

  /* "8 (printed 1)" where the derived value differs from the printed one. */
  function stat(value, printed) {
    return printed !== undefined && printed !== null && printed !== value ? `${value} (printed ${printed})` : `${value}`;
  }

  /* The printed value under a derived one that differs from it, small, on a line of its own if need be. */
  function beside(value, printed) {
    return printed !== undefined && printed !== null && printed !== value ? h("small", {}, ` (printed ${printed})`) : null;
  }

  /* A unit in play, `index` its place in the view's list; the spells attached to it follow it. */
  function unitCard(shownGame, unit, index) {
    const table = shownGame.table;
    const printed = unit.printed || {};
    const card = xi.card(unit.card) || { name: unit.name, text: "" };
    const path = `units[${index}]`;
    const type = stat(unit.type, printed.type);
    const owner = unit.owner !== unit.controller ? `${xi.seatName(shownGame, unit.owner)}'s, controlled by ${xi.who(shownGame, unit.controller)}` : null;
    const keywords = unit.keywords.map(xi.keyword);
    const skirmishes = unit.skirmishes_left === 1 ? "1 skirmish left" : `${unit.skirmishes_left} skirmishes left`;
    const attached = unit.attached.map((iid) => xi.spell(table, iid)).filter(Boolean);
    const named = xi.named(table, unit.uid);
    const label = `${xi.seatName(shownGame, unit.controller)}'s ${named}: ${type} unit; ` +
      `damage ${stat(unit.damage, printed.damage)}; life ${unit.life} of ${stat(unit.max_life, printed.life)}` +
      `${keywords.length ? `; ${keywords.join(", ")}` : ""}; ${skirmishes}` +
      `${attached.length ? `; with ${attached.map((each) => each.name).join(", ")}` : ""}${owner ? `; ${owner}` : ""}`;
    const element = h("div", { class: `xi-card xi-unit ${typeClass(unit.type)}`, dataset: { path, card: unit.uid, key: `unit:${unit.uid}` } },
      face(label, { name: unit.name }, {
        cost: named === unit.name ? "" : named.slice(unit.name.length + 1), // "(2)": another in play shares its name
        typeLine: h("span", { dataset: { path: `${path}.type` } }, `${type} unit`),
        body: [
          keywords.length ? h("p", { class: "xi-keywords", dataset: { path: `${path}.keywords` }, "aria-hidden": "true" }, keywords.join(" · ")) : null,
          card.text ? h("p", { class: "xi-text", "aria-hidden": "true" }, card.text) : null,
          h("p", { class: "xi-skirmishes", dataset: { path: `${path}.skirmishes_left` }, "aria-hidden": "true" }, skirmishes),
          owner ? h("p", { class: "xi-owner", dataset: { path: `${path}.controller` }, "aria-hidden": "true" }, owner) : null,
          h("div", { class: "xi-foot", "aria-hidden": "true" },
            h("span", { class: "xi-damage", title: "damage", dataset: { path: `${path}.damage` } }, `⚔ ${unit.damage}`, beside(unit.damage, printed.damage)),
            h("span", { class: "xi-life", title: "life of max life", dataset: { path: `${path}.life` } },
              `♥ ${unit.life}/${unit.max_life}`, beside(unit.max_life, printed.life))),
        ],
      }));
    return h("div", { class: "xi-slot" }, element,
      attached.length ? h("ul", { class: "xi-attached", "aria-label": `on ${named}` },
        attached.map((each) => h("li", {}, spellChip(shownGame, each)))) : null);
  }

  /* A lasting spell or a statement in play: its name (and a statement's sentence), who controls it. */
  function spellChip(shownGame, each) {
    const card = xi.card(each.card) || { type: "unknown" };
    const index = shownGame.table.in_play.indexOf(each);
    const sentence = card.statement ? ` “${card.statement}”` : "";
    const controller = xi.seatName(shownGame, each.controller);
    return h("span", { class: `xi-chip ${typeClass(card.type)}`, dataset: { path: `in_play[${index}]`, card: each.iid, key: `spell:${each.iid}` },
      title: card.text || "" },
    h("b", {}, xi.named(shownGame.table, each.iid)), sentence ? h("span", { class: "xi-sentence" }, sentence) : null,
    h("small", {}, ` ${controller}'s`));
  }

  /* A row of card names (a discard pile, a deck), each chip typed by its colour. */
  function nameChips(ids) {
    return h("ul", { class: "xi-names" }, ids.map((id) => {
      const card = xi.card(id);
      return h("li", { class: `xi-name ${typeClass(card ? card.type : "")}` }, xi.cardName(id));
    }));
  }

  Object.assign(xi, { printedCard, unitCard, spellChip, nameChips, typeClass, unseen });
})(window.ChronicleXi);
