/* The Tianxia table: the round, its phase and whose turn it is; the board as a picture
   (tables/tianxia/map.js) with a legend of the owners' colours; the opening's choices while they
   are made; the rival's board (Li Mu's or the Bot's: prestige, action markers, pieces, the open
   cards, a face-down one as a back, the discard pile, the deck, Li Mu's last roll as a die face);
   and each seat's supply (prestige, coins, resources and goods, discs, meeples, walls, towers and
   soldiers left, figurines, tiles, objectives, its own ones by name). The board's places and
   pieces are drawn from the catalogue GET /api/rules/tianxia answers, fetched once before the first
   table (`ready`).

   Every decision is a button, in words (tables/tianxia/words.js), under a heading of what it acts
   on (`group`); the map's places lead to them too (keys): clicking a region, a governor space, a
   barge, a port or a Palace track takes the decision made there, and clicking a wall section keeps
   the buttons of the pieces it may take. The map zooms and pans in its own window
   (tables/tianxia/zoom.js). */
"use strict";
(function (tx) {
  const GOODS = ["coins", "wood", "stone", "rice", "silk", "salt", "bronze"];
  const CHOICES = { arrangement: "chooses a building arrangement", start: "chooses a player board side and a starting building",
    supply: "chooses a starting supply" };

  tx.ready = fetch("/api/rules/tianxia", { headers: { Accept: "application/json" } })
    .then((answer) => (answer.ok ? answer.json() : Promise.reject(new Error(answer.statusText))))
    .then((rules) => {
      for (const piece of rules.cards || []) tx.pieces.set(piece.id, piece);
      tx.board = tx.pieces.get("board") || null;
      if (tx.board && !tx.board.map) tx.board = null; // an older catalogue: draw from the view alone
    })
    .catch((error) => console.warn("the Tianxia catalogue could not be read; the board is drawn from the view alone:", error.message));

  const goodWords = (good, count) => (good === "coins" ? tx.plural(count, "coin") : `${count} ${good}`);
  const stat = (path, words, extra = {}) => h("span", { class: "stat", dataset: { path }, ...extra }, words);
  const swatch = (owner, table) => h("span", {
    class: `tx-swatch${table.rival && owner === table.rival.owner ? " rival" : ""}`,
    style: { "--owner": tx.ownerHex(owner) }, "aria-hidden": "true" });

  function whoseTurn(shown) {
    const table = shown.table;
    if (table.phase === "opening") return table.choices.length ? table.choices[0].seat : null;
    return table.phase === "action" ? table.active : null;
  }

  function status(shown) {
    const table = shown.table;
    const turn = whoseTurn(shown);
    const parts = [table.round ? `Round ${table.round}` : "Before the first round", tx.PHASES[table.phase] || table.phase];
    if (table.phase === "opening" && table.choices.length) {
      parts.push(`${tx.ownerName(shown, table.choices[0].seat)} ${CHOICES[table.choices[0].kind] || "chooses"}`);
    } else if (turn !== null && turn !== undefined) {
      parts.push(turn === tx.viewer(shown) ? "your turn" : `${tx.ownerName(shown, turn)}'s turn`);
    }
    if (table.phase === "over") {
      parts.push(table.winners.length ? `${tx.namesOf(shown, table.winners)} won` : table.rival ? `${tx.RIVALS[table.rival.kind]} won` : "nobody won");
    }
    const counts = table.counts;
    return h("div", { class: "tx-head" },
      h("p", { class: "tx-status", dataset: { path: "phase" } }, parts.join(" · ")),
      h("p", { class: "tx-line" },
        stat("order", `Turn order: ${tx.namesOf(shown, table.order)}`),
        table.next_order.length ? stat("next_order", `next round: ${tx.namesOf(shown, table.next_order)}`) : null,
        stat("attack", `Nomad attack card: ${attackCard(table.attack)}`),
        stat("counts.attack_deck", `attack deck ${counts.attack_deck}`),
        stat("counts.tile_bag", `tile bag ${counts.tile_bag}`),
        stat("counts.ship_deck", `ship deck ${counts.ship_deck}`),
        stat("counts.objective_deck", `objective deck ${counts.objective_deck}`)),
      h("p", { class: "tx-line", dataset: { path: "display" } },
        `Bonus tiles of the round: ${table.display.length ? table.display.map(tx.tileWords).join(", ") : "none"}`));
  }

  /* "normal-3" -> "the Normal deck's card 3": the card by its deck and number, never its id. */
  function attackCard(id) {
    const match = /^([a-z]+)-(\d+)$/.exec(id || "");
    if (!id) return "none yet";
    return match ? `the ${match[1][0].toUpperCase()}${match[1].slice(1)} deck's card ${match[2]}` : id.replace(/-/g, " ");
  }

  function legend(shown) {
    const table = shown.table;
    const me = tx.viewer(shown);
    const items = tx.owners(table).map((owner) => h("li", {}, swatch(owner, table),
      `${tx.ownerName(shown, owner)}${owner === me ? " (you)" : ""}: ${tx.ownerColour(owner)}`
      + `${table.rival && owner === table.rival.owner ? " (square pieces)" : ""}`));
    items.push(h("li", {}, h("span", { class: "tx-swatch neutral", style: { "--owner": tx.NEUTRAL.hex }, "aria-hidden": "true" }),
      `neutral: ${tx.NEUTRAL.colour}`));
    return h("ul", { class: "tx-legend", "aria-label": "The colours of the pieces" }, items);
  }

  /* The opening: the two building arrangements to choose from, the supplies offered. */
  function opening(shown) {
    const table = shown.table;
    if (table.phase !== "opening") return null;
    const arrangements = table.arrangements.map((arrangement, index) => h("li", {},
      h("b", {}, `Arrangement ${index + 1}: `),
      tx.regions(table).map((region) => `${region.name}: ${region.sites.map((site) => tx.buildingName(arrangement[site])).join(" & ")}`).join("; ")));
    return h("section", { class: "tx-opening", "aria-label": "The opening" },
      h("h2", {}, "The opening"),
      table.arrangements.length ? h("ol", { class: "tx-arrangements", dataset: { path: "arrangements" } }, arrangements) : null,
      table.supplies.length ? h("p", { dataset: { path: "supplies" } }, `Starting supplies offered: ${table.supplies.map(tx.supplyWords).join("; ")}`) : null);
  }

  /* ---- the rival ---- */

  /* A die's face with its pips, or a blank face before the first roll. */
  const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
    5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

  function die(rival) {
    const roll = rival.roll;
    const slot = roll && tx.board && tx.board.die ? tx.board.die[String(roll)] : null;
    const words = roll ? `Li Mu's die: he rolled ${roll}${slot ? `, for ${tx.SLOTS[slot]}` : ""}` : "Li Mu's die: not rolled yet this round";
    const s = tx.svg;
    return h("div", { class: "tx-die", dataset: { path: "rival.roll", roll: roll ?? "" } },
      s("svg", { viewBox: "0 0 40 40", width: 44, height: 44, role: "img", "aria-label": words },
        s("title", {}, words),
        s("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, class: "tx-die-face" }),
        roll ? (PIPS[roll] || []).map(([cx, cy]) => s("circle", { cx: cx * 9 + 2, cy: cy * 9 + 2, r: 3.6, class: "tx-pip" }))
          : s("text", { x: 20, y: 26, "text-anchor": "middle", class: "tx-die-blank" }, "–")),
      h("span", { "aria-hidden": "true" }, roll ? `rolled ${roll}${slot ? `: ${tx.SLOTS[slot]}` : ""}` : "no roll yet"));
  }

  function rivalCard(id, index) {
    const path = `rival.open[${index}]`;
    if (id === null) {
      return h("div", { class: "tx-card back", dataset: { path }, role: "group", "aria-label": `Open card ${index + 1}: face down` },
        h("span", { "aria-hidden": "true" }, "face down"));
    }
    const card = tx.pieces.get(id);
    const lines = card && card.lines ? card.lines.map(tx.lineWords) : [];
    return h("div", { class: "tx-card", dataset: { path, rivalCard: id }, role: "group", "aria-label": `Open card ${index + 1}: ${tx.cardWords(id)}` },
      h("b", { class: "tx-card-id", "aria-hidden": "true" }, id),
      card ? h("span", { class: "tx-card-top", "aria-hidden": "true" }, tx.cardTop(card)) : null,
      lines.length ? h("ul", { "aria-hidden": "true" }, lines.map((line) => h("li", {}, line))) : null);
  }

  function rivalPanel(shown) {
    const rival = shown.table.rival;
    if (!rival) return null;
    const name = tx.RIVAL_TITLES[rival.kind] || rival.kind;
    const turn = whoseTurn(shown) === rival.owner;
    const at = (field) => `rival.${field}`;
    return h("section", { class: `tx-panel tx-rival${turn ? " to-act" : ""}`, "aria-label": `${name}'s board`, dataset: { rival: rival.kind } },
      h("header", {}, swatch(rival.owner, shown.table), h("h2", {}, name),
        h("span", { class: "badge" }, rival.kind === "li-mu" ? "solo rival" : "rival of two"),
        turn ? h("span", { class: "badge turn" }, "their turn") : null,
        rival.passed ? h("span", { class: "badge", dataset: { path: at("passed") } }, "passed") : null),
      h("p", { class: "tx-stats" },
        stat(at("prestige"), `${rival.prestige} prestige`),
        stat(at("markers"), `${tx.plural(rival.markers, "action marker")} left`),
        stat(at("turn"), `turn ${rival.turn} this round`),
        stat(at("walls"), `${tx.plural(rival.walls, "wall")}`),
        stat(at("soldiers"), `${tx.plural(rival.soldiers, "soldier")}`),
        stat(at("meeples"), `${tx.plural(rival.meeples, "meeple")}`),
        rival.kind === "li-mu" ? stat(at("barge_meeples"), `${rival.barge_meeples} barge workers`) : null,
        stat(at("shipping"), `${tx.plural(rival.shipping, "shipping marker")}`),
        stat(at("crates"), `${tx.plural(rival.crates, "crate")}`)),
      h("div", { class: "tx-rival-cards" },
        h("div", { class: "tx-cards", dataset: { path: at("open") }, role: "group", "aria-label": "Open cards" },
          rival.open.length ? rival.open.map(rivalCard) : h("span", { class: "tx-none" }, "no open card")),
        rival.kind === "li-mu" ? die(rival) : null),
      h("p", { class: "tx-stats" },
        stat(at("counts.deck"), `deck ${rival.counts.deck}`),
        stat(at("discard"), `discard: ${tx.cards(rival.discard)}`),
        stat(at("figurines"), `figurines: ${rival.figurines.join(", ") || "none"}`)));
  }

  /* ---- the seats ---- */

  function seatPanel(shown, seat) {
    const table = shown.table;
    const mine = table.seats[seat];
    const record = shown.seats[seat] || {};
    const me = tx.viewer(shown) === seat;
    const turn = whoseTurn(shown) === seat;
    const at = (field) => `seats[${seat}].${field}`;
    const name = tx.ownerName(shown, seat);
    return h("section", { class: `tx-panel tx-seat${turn ? " to-act" : ""}`, "aria-label": `${name}'s supply`, dataset: { seat } },
      h("header", {}, swatch(seat, table), h("h2", {}, name),
        me ? h("span", { class: "badge you" }, "you") : null,
        record.bot ? h("span", { class: "badge" }, `${record.bot} bot`) : null,
        turn ? h("span", { class: "badge turn" }, me ? "your turn" : "their turn") : null,
        mine.passed ? h("span", { class: "badge", dataset: { path: at("passed") } }, "passed") : null),
      h("p", { class: "tx-stats" },
        stat(at("prestige"), `${mine.prestige} prestige`),
        mine.side ? stat(at("side"), `board side ${mine.side}`) : null,
        mine.starting_building ? stat(at("starting_building"), `starting building: ${tx.startingName(mine.starting_building)}`) : null,
        mine.supply ? stat(at("supply"), `supply: ${tx.words(mine.supply)}`) : null),
      h("p", { class: "tx-goods", "aria-label": "Coins, resources and goods", role: "group" },
        GOODS.map((good) => stat(at(`goods.${good}`), goodWords(good, mine.goods[good] ?? 0), { class: `stat res-${good}` }))),
      h("p", { class: "tx-stats" },
        stat(at("discs"), `${tx.plural(mine.discs, "disc")} in hand`),
        mine.discarded_discs ? stat(at("discarded_discs"), `${mine.discarded_discs} discarded`) : null,
        stat(at("meeples"), `${tx.plural(mine.meeples, "meeple")}`),
        stat(at("walls"), `${tx.plural(mine.walls, "wall")} left`),
        stat(at("towers"), `${tx.plural(mine.towers, "tower")} left`),
        stat(at("soldiers"), `${tx.plural(mine.soldiers, "soldier")} left`),
        stat(at("shipping"), `${tx.plural(mine.shipping, "shipping marker")}`),
        stat(at("crates"), `${tx.plural(mine.crates, "crate")}`),
        mine.merchants ? stat(at("merchants"), `${tx.plural(mine.merchants, "merchant")}`) : null),
      h("p", { class: "tx-stats" },
        stat(at("figurines"), `figurines: ${mine.figurines.join(", ") || "none"}`),
        stat(at("tiles"), `tiles: ${mine.tiles.length ? mine.tiles.map(tx.tileWords).join(", ") : "none"}`)),
      h("p", { class: "tx-stats" },
        stat(at("objective_count"), `${tx.plural(mine.objective_count, "objective")}`),
        mine.objectives ? stat(at("objectives"), mine.objectives.length ? `yours: ${mine.objectives.map(tx.objectiveName).join(", ")}` : "none kept") : null,
        mine.offer && mine.offer.length ? stat(at("offer"), `starting buildings drawn: ${mine.offer.map(tx.startingName).join(", ")}`) : null));
  }

  function render(container, shown) {
    const table = shown.table;
    const me = tx.viewer(shown);
    const seats = table.seats.map((seat, index) => index);
    const order = me === null ? seats : [me, ...seats.filter((seat) => seat !== me)];
    container.replaceChildren(h("div", { class: "tx-table" },
      status(shown),
      opening(shown),
      h("figure", { class: "tx-board" }, tx.zoomable(tx.map(shown), container), h("figcaption", {}, legend(shown))),
      h("div", { class: "tx-panels" }, order.map((seat) => seatPanel(shown, seat)), rivalPanel(shown))));
    tx.restoreZoom(container);
  }

  /* ---- decisions in words ---- */

  function label(action, shown) {
    const table = shown.table;
    switch (action.type) {
      case "arrangement": return `Choose building arrangement ${action.choice + 1}`;
      case "start": return `Take player board side ${action.side} and keep the ${tx.startingName(action.building)}`;
      case "supply": return `Take the ${tx.supplyWords(action.supply)} supply`;
      case "region": {
        const region = tx.region(table, action.region);
        const cost = (table.discs[action.region] || []).length;
        return `Region action in ${region.name}${region.palace ? ` (a step on the ${region.palace} track` : " ("}${cost ? `, ${tx.plural(cost, "coin")}` : ""})`;
      }
      case "military": return action.track ? `Military action: a step on the ${action.track} track, then fortify or train`
        : "Military action: fortify or train (no track left to climb)";
      case "governor": return `Install a governor in ${tx.siteName(action.site)} (${tx.buildingName((table.sites[action.site] || {}).building)}), space ${action.space + 1}`;
      case "exchange": {
        // The region of the action under way (`acting`) gives the rate.
        const region = table.acting && table.acting.region ? tx.region(table, table.acting.region) : null;
        const give = region && region.give ? Object.entries(region.give).map(([name, count]) => tx.amount(name, count * action.times)).join(" and ") : null;
        return give ? `Exchange ${give} for ${tx.amount(action.get, action.times)} in ${region.name}`
          : `Exchange ${action.times === 1 ? "once" : `${action.times} times`} for ${action.times} ${action.get}`;
      }
      case "ship": {
        const region = table.acting && table.acting.region ? tx.region(table, table.acting.region) : null;
        const where = region && region.port ? ` in ${tx.portName(region.port)}` : "";
        return action.goods.length ? `Ship ${action.goods.join(", ")}${where} (a shipping marker and ${tx.plural(action.goods.length, "crate")})`
          : `Place a shipping marker${where}, with no crate`;
      }
      case "wall": return `Build a wall in ${tx.sectionName(action.section)}`;
      case "tower": return `Build a ${action.double ? "double tower" : "tower"} in ${tx.sectionName(action.section)}`;
      case "soldier": return `Place a soldier in ${tx.sectionName(action.section)}`;
      case "barge": {
        const resource = (tx.barges(table).find((barge) => barge.id === action.barge) || {}).resource;
        return `Put a worker on ${tx.bargeName(action.barge)}${resource ? `: gain ${tx.amount(resource, 1)}` : ""}`;
      }
      case "pass": return "Pass";
      case "tile": return `Take the ${tx.tileName(action.tile)} tile${tx.tileEffect(action.tile) ? ` (${tx.tileEffect(action.tile)})` : ""}`;
      case "buy_advance": return `Buy an advance on the ${action.track} track`;
      case "good": return `Take 1 ${action.good}`;
      case "advance": return `Advance on the ${action.track} track`;
      case "port": return `Place the bonus shipping marker in ${tx.portName(action.port)}`;
      case "forgo": return "Forgo the reward: nothing is left to choose";
      case "end": return "End the action";
      case "discard_disc": return "Discard an action disc for 2 coins";
      case "use_tile": return `Use the ${tx.tileName(action.tile)} tile${tx.tileEffect(action.tile) ? ` (${tx.tileEffect(action.tile).replace(/, once$/, "")})` : ""}`;
      case "discard_objective": return `Discard the objective ${tx.objectiveName(action.objective)} for its reward`;
      default: return ChronicleTables.generic.label(action);
    }
  }

  function keys(action) {
    switch (action.type) {
      case "region": return [`region:${action.region}`];
      case "military": return action.track ? [`track:${action.track}`] : [];
      case "advance":
      case "buy_advance": return [`track:${action.track}`];
      case "governor": return [`site:${action.site}:${action.space}`];
      case "wall":
      case "tower":
      case "soldier": return [`section:${action.section}`];
      case "barge": return [`barge:${action.barge}`];
      case "port": return [`port:${action.port}`];
      default: return [];
    }
  }

  /* What a decision acts on: the heading its button stands under, in the decision bar. */
  const GROUPS = { arrangement: "The opening", start: "The opening", supply: "The opening", region: "Region actions",
    military: "The Palace tracks", advance: "The Palace tracks", buy_advance: "The Palace tracks", barge: "The river's barges",
    port: "The ports", tile: "Bonus tiles", use_tile: "Bonus tiles", good: "Goods", discard_objective: "Objectives",
    discard_disc: "Your supply", pass: "Ending the turn", end: "Ending the turn", forgo: "Ending the turn" };

  function group(action, shown) {
    const table = shown.table;
    switch (action.type) {
      case "governor": return `Governor spaces in ${tx.regionName(String(action.site).replace(/-\d+$/, ""))}`;
      case "exchange":
      case "ship": return table.acting && table.acting.region ? `Exchange and ship in ${tx.region(table, table.acting.region).name}` : "Exchange and ship";
      case "wall":
      case "tower":
      case "soldier": return `The ${tx.sectionName(action.section)} wall section`;
      default: return GROUPS[action.type] || "Other decisions";
    }
  }

  /* ---- what changed, in words ---- */

  const SEAT_FIELDS = { prestige: "prestige", side: "board side", starting_building: "starting building", supply: "starting supply",
    discs: "action discs", discarded_discs: "discarded discs", meeples: "meeples", walls: "walls left", towers: "towers left",
    soldiers: "soldiers left", shipping: "shipping markers", crates: "crates", objective_count: "objectives",
    offer_count: "starting buildings drawn", figurines: "figurines", tiles: "tiles", merchants: "merchants", passed: "pass",
    objectives: "objectives", offer: "starting buildings drawn" };
  const RIVAL_FIELDS = { prestige: "prestige", markers: "action markers", walls: "walls", soldiers: "soldiers", meeples: "meeples",
    barge_meeples: "barge workers", shipping: "shipping markers", crates: "crates", open: "open cards", face_down: "face-down cards",
    discard: "discard pile", figurines: "figurines", turn: "turns this round", passed: "pass", roll: "die", deck: "deck",
    basic: "Basic stack", advanced: "Advanced stack", counts: "card counts", owner: "seat", kind: "kind" };
  const COUNTS = { attack_deck: "cards in the nomad attack deck", tile_bag: "tiles in the bag", ship_deck: "ships in the deck",
    objective_deck: "objective cards in the deck", round_stacks: "the round stacks of bonus tiles" };
  const TOP = { mode: "the mode", difficulty: "the difficulty", round: "the round", phase: "the phase", order: "the turn order",
    next_order: "next round's turn order", active: "whose turn it is", choices: "the opening's choices", arrangements: "the building arrangements",
    supplies: "the starting supplies offered", fortify_discs: "the discs on the Fortify/Train space", attack: "the nomad attack card",
    display: "the bonus tiles of the round", winners: "the winners", hidden: "the hidden decks and bags", wave: "the ship on the wave",
    acting: "the action under way" };

  function place(path, shown) {
    let match;
    const who = (seat) => tx.ownerName(shown, Number(seat));
    const rival = shown.table.rival ? tx.RIVALS[shown.table.rival.kind] : "the rival";
    if ((match = path.match(/^seats\[(\d+)\]\.goods\.(\w+)/))) return `${who(match[1])}'s ${match[2]}`;
    if ((match = path.match(/^seats\[(\d+)\]\.(\w+)/))) return `${who(match[1])}'s ${SEAT_FIELDS[match[2]] || tx.words(match[2])}`;
    if ((match = path.match(/^seats\[(\d+)\]$/))) return `${who(match[1])}'s supply`;
    if ((match = path.match(/^rival\.open\[(\d+)\]/))) return `${rival}'s open card ${Number(match[1]) + 1}`;
    if ((match = path.match(/^rival\.counts\.(\w+)/))) return `cards in ${rival}'s ${match[1] === "deck" ? "deck" : `${match[1]} stack`}`;
    if ((match = path.match(/^rival\.(\w+)/))) return `${rival}'s ${RIVAL_FIELDS[match[1]] || tx.words(match[1])}`;
    if ((match = path.match(/^palace\.(\w+)\[(\d+)\]/))) return `step ${match[2]} of the ${match[1]} track`;
    if ((match = path.match(/^palace\.(\w+)/))) return `the ${match[1]} track`;
    if ((match = path.match(/^step_tiles\.(\w+)\[(\d+)\]/))) return `the tiles on step ${match[2]} of the ${match[1]} track`;
    if ((match = path.match(/^discs\.([\w-]+)/))) return `the discs in ${tx.regionName(match[1])}`;
    if ((match = path.match(/^sites\.([\w-]+)\.governors\[(\d+)\]/))) return `governor space ${Number(match[2]) + 1} of ${tx.siteName(match[1])}`;
    if ((match = path.match(/^sites\.([\w-]+)\.(\w+)/))) {
      return { building: `the building of ${tx.siteName(match[1])}`, governors: `the governors of ${tx.siteName(match[1])}`,
        raided: `the raids on ${tx.siteName(match[1])}`, tile: `the tile beside ${tx.siteName(match[1])}` }[match[2]] || tx.siteName(match[1]);
    }
    if ((match = path.match(/^barges\.([\w-]+)\[(\d+)\]/))) return `worker space ${Number(match[2]) + 1} of ${tx.bargeName(match[1])}`;
    if ((match = path.match(/^barges\.([\w-]+)/))) return `the workers on ${tx.bargeName(match[1])}`;
    if ((match = path.match(/^ports\.([\w-]+)\[(\d+)\]\.crates\[(\d+)\]/))) return `crate space ${Number(match[3]) + 1} of ship ${Number(match[2]) + 1} in ${tx.portName(match[1])}`;
    if ((match = path.match(/^ports\.([\w-]+)\[(\d+)\]/))) return `ship ${Number(match[2]) + 1} in ${tx.portName(match[1])}`;
    if ((match = path.match(/^ports\.([\w-]+)/))) return `the ships in ${tx.portName(match[1])}`;
    if ((match = path.match(/^wave\[(\d+)\]\.crates/))) return "the crates on the ship on the wave";
    if ((match = path.match(/^demands\.([\w-]+)/))) return `the demand of ${tx.portName(match[1])}`;
    if ((match = path.match(/^shipping\.([\w-]+)/))) return `the shipping markers in ${tx.portName(match[1])}`;
    if ((match = path.match(/^sections\.([\w-]+)\.(\w+)/))) return `the ${match[2]} of ${tx.sectionName(match[1])}`;
    if ((match = path.match(/^nomads\.([\w-]+)\.(\w+)/))) return `the ${tx.nomadName(match[1])}'s ${match[2] === "distance" ? "distance from the wall" : match[2]}`;
    if ((match = path.match(/^nomads\.([\w-]+)$/))) return `the ${tx.nomadName(match[1])}`;
    if ((match = path.match(/^sections\.([\w-]+)$/))) return `the ${tx.sectionName(match[1])} wall section`;
    if ((match = path.match(/^sites\.([\w-]+)$/))) return tx.siteName(match[1]);
    if ((match = path.match(/^step_tiles\.(\w+)$/))) return `the tiles on the ${match[1]} track`;
    if (path === "seats") return "the seats' supplies";
    if (path === "rival") return rival;
    if ((match = path.match(/^counts\.(\w+)/))) return COUNTS[match[1]] || tx.words(match[1]);
    if ((match = path.match(/^order\[(\d+)\]/))) return `place ${Number(match[1]) + 1} in the turn order`;
    return TOP[path.replace(/[[.].*$/, "")] || path || "the table";
  }

  /* Values the generic words would say as numbers or ids: owners by name, tiles, buildings and
     cards by their words. */
  function words(value, path, shown) {
    const owner = (each) => (each === null || each === undefined ? "empty" : tx.ownerName(shown, each));
    const owners = (list) => (list.length ? list.map(owner).join(", ") : "none");
    if (/^(palace\.\w+\[\d+\]|discs\.|fortify_discs|barges\.[\w-]+$|sections\.|shipping\.|order$|next_order$|winners$)/.test(path) && Array.isArray(value)) {
      return owners(value);
    }
    if (/^(barges\.[\w-]+\[\d+\]|sites\.[\w-]+\.governors\[\d+\]|ports\.[\w-]+\[\d+\]\.crates\[\d+\]|wave\[\d+\]\.crates\[\d+\])/.test(path)) {
      return owner(value);
    }
    if (/^(active|order\[\d+\]|next_order\[\d+\]|winners\[\d+\])$/.test(path)) return tx.ownerName(shown, value);
    if (/^(ports\.[\w-]+\[\d+\]\.crates|wave\[\d+\]\.crates)$/.test(path) && Array.isArray(value)) return owners(value);
    if (/^(display|step_tiles\.|seats\[\d+\]\.tiles)/.test(path) && Array.isArray(value)) return tx.tiles(value);
    if (/^sites\.[\w-]+\.tile$/.test(path)) return value ? tx.tileName(value) : "none";
    if (/^sites\.[\w-]+\.building$/.test(path)) return value ? tx.buildingName(value) : "none";
    if (/^(ports\.[\w-]+\[\d+\]|wave\[\d+\])\.ship$/.test(path)) return value ? `the ${tx.shipName(value)}` : "none";
    if (/^(ports\.[\w-]+|wave)$/.test(path) && Array.isArray(value)) return value.length ? value.map((ship) => `the ${tx.shipName(ship.ship)}`).join(", ") : "none";
    if (/^(ports\.[\w-]+\[\d+\]|wave\[\d+\])$/.test(path) && value && typeof value === "object") return `the ${tx.shipName(value.ship)}`;
    if (/^demands\./.test(path)) return value ? tx.demandWords(value) : "none";
    if (/^seats\[\d+\]\.(objectives)$/.test(path) && Array.isArray(value)) return value.length ? value.map(tx.objectiveName).join(", ") : "none";
    if (/^seats\[\d+\]\.(offer)$/.test(path) && Array.isArray(value)) return value.length ? value.map(tx.startingName).join(", ") : "none";
    if (/^seats\[\d+\]\.starting_building$/.test(path)) return value ? tx.startingName(value) : "none";
    if (/^seats\[\d+\]\.supply$/.test(path)) return value ? tx.words(value) : "none";
    if (/^seats\[\d+\]\.passed$|^rival\.passed$/.test(path)) return value ? "passed" : "not passed";
    if (path === "attack") return attackCard(value);
    if (path === "acting") {
      if (!value) return "nothing";
      const where = value.region ? ` in ${tx.regionName(value.region)}` : "";
      return `the ${tx.words(value.kind)} action${where}, ${value.finished ? "finished" : "under way"}`;
    }
    if (/^rival\.(open|discard|deck|basic|advanced)$/.test(path) && Array.isArray(value)) return value.length ? tx.cards(value) : "none";
    if (/^rival\.open\[\d+\]$/.test(path)) return value === null ? "a face-down card" : value;
    if (/^rival\.face_down/.test(path)) return Array.isArray(value) ? value.map((down) => (down ? "face down" : "face up")).join(", ") || "none" : value ? "face down" : "face up";
    if (path === "rival.roll") return value ? `a roll of ${value}` : "no roll";
    if (path === "choices" && Array.isArray(value)) {
      return value.length ? value.map((choice) => `${tx.ownerName(shown, choice.seat)} ${CHOICES[choice.kind] || choice.kind}`).join("; ") : "none left";
    }
    if (path === "arrangements" && Array.isArray(value)) return value.length ? tx.plural(value.length, "arrangement") : "none";
    if (path === "supplies" && Array.isArray(value)) return value.length ? value.map(tx.words).join(", ") : "none";
    if (path === "counts.round_stacks" && Array.isArray(value)) return value.length ? value.map((count) => tx.plural(count, "tile")).join(", ") : "none";
    if (path === "hidden") return value ? "revealed" : "hidden";
    if (path === "phase") return tx.PHASES[value] || value;
    // Whole places, laid out at set-up
    if (/^nomads\.[\w-]+$/.test(path) && value) return `strength ${value.strength}, ${value.distance} to walk`;
    if (/^sections\.[\w-]+$/.test(path) && value) return `walls ${owners(value.walls)}; towers ${owners(value.towers)}; soldiers ${owners(value.soldiers)}`;
    if (/^sites\.[\w-]+$/.test(path) && value) {
      return `${value.building ? tx.buildingName(value.building) : "no building"}; governors ${owners(value.governors)}`
        + `${value.tile ? `; tile ${tx.tileName(value.tile)}` : ""}${value.raided ? `; raided ${value.raided}` : ""}`;
    }
    if (/^step_tiles\.\w+$/.test(path) && Array.isArray(value)) return tx.plural(value.flat().length, "tile");
    if (path === "seats" && Array.isArray(value)) return value.length ? `${tx.plural(value.length, "seat")} laid out` : "none";
    if (path === "rival") return value ? `${tx.RIVALS[value.kind] || value.kind}, ${value.prestige} prestige` : "none";
    return null;
  }

  ChronicleTables.tianxia = { ready: tx.ready, render, label, group, keys, place, words };
})(window.ChronicleTianxia);
