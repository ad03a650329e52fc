/* Tianxia in words and colours: the board's places and pieces by name (from the catalogue that
   GET /api/rules/tianxia answers, loaded once by tianxia.js), owners by name and colour (the
   seats, the rival, the neutral pieces), amounts ("2 coins, a good of your choice"), tiles, ships,
   demands and the rival's cards, for the map, the panels, the buttons and the list of what
   changed. Without the catalogue the board is drawn from the view alone, its ids made words. */
"use strict";
window.ChronicleTianxia = window.ChronicleTianxia || {};
(function (tx) {
  tx.pieces = new Map(); // id -> the piece as printed (GET /api/rules/tianxia), "board" the board's own facts
  tx.board = null;

  // Owner n takes the nth piece colour (domain/tianxia/setup.py); these are their shades on screen.
  const PIECE_HEX = { yellow: "#f2c81d", green: "#2f9e4f", purple: "#8e52d1", orange: "#f08a24", brown: "#8b5a2b",
    red: "#d4372c", blue: "#2f6fd6", white: "#f4f1ea", black: "#222222" };
  const FALLBACK_PIECES = ["yellow", "green", "purple", "orange", "brown"];
  tx.NEUTRAL = { colour: "grey", hex: "#9a9a9a" };
  tx.PALACE_HEX = { black: "#2b2b2b", white: "#efe9da", blue: "#2a5fbf", red: "#b3302a" };
  tx.PALACE_INK = { black: "#ffffff", white: "#1c1c1c", blue: "#ffffff", red: "#ffffff" };
  tx.RIVALS = { "li-mu": "Li Mu", bot: "the Bot" };
  tx.RIVAL_TITLES = { "li-mu": "Li Mu", bot: "The Bot" };
  tx.PHASES = { opening: "Opening", setup: "Setup phase", income: "Income phase", action: "Action phase",
    attack: "Attack phase", cleanup: "Cleanup phase", over: "The game is over" };
  tx.SLOTS = { first: "the first open card", second: "the second open card", deck: "the top card of the deck" };

  tx.words = (text) => String(text).replace(/-/g, " ");
  tx.capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);
  tx.title = (id) => String(id).split("-").map(tx.capital).join(" ");
  tx.plural = (count, one, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

  /* ---- the board's places ---- */

  tx.regions = function (table) {
    if (tx.board) return tx.board.map.regions;
    return Object.keys(table.discs).map((id) => ({ id, name: tx.title(id), palace: null, port: table.ports[id] ? id : null,
      give: {}, get: null, under: [], sites: Object.keys(table.sites).filter((site) => site.startsWith(`${id}-`)) }));
  };
  tx.region = (table, id) => tx.regions(table).find((region) => region.id === id) || { id, name: tx.title(id), sites: [] };
  tx.regionName = (id) => (tx.board && (tx.board.map.regions.find((region) => region.id === id) || {}).name) || tx.title(id);
  tx.sections = (table) => (tx.board ? tx.board.map.walls : Object.keys(table.sections).map((id) => ({ id, name: tx.title(id), walls: 4, towers: 2, soldiers: 6 })));
  tx.sectionName = (id) => (tx.board && (tx.board.map.walls.find((wall) => wall.id === id) || {}).name) || tx.title(id);
  tx.nomadOf = (table, section) => {
    if (tx.board) return tx.board.map.nomads.find((nomad) => nomad.attacks === section);
    const ids = Object.keys(table.nomads), sections = Object.keys(table.sections);
    const id = ids[sections.indexOf(section)];
    return id ? { id, name: tx.title(id), attacks: section, strength: table.nomads[id].strength, path: 3, raids: [] } : null;
  };
  tx.nomadName = (id) => (tx.board && (tx.board.map.nomads.find((nomad) => nomad.id === id) || {}).name) || tx.title(id);
  tx.barges = (table) => (tx.board ? tx.board.map.barges : Object.keys(table.barges).map((id) => ({ id, resource: null, workers: 3 })));
  tx.bargeName = (id) => `the ${tx.words(id)}`;
  tx.ports = (table) => (tx.board ? tx.board.map.ports : Object.keys(table.ports).map((id) => ({ id, ships: table.ports[id].length })));
  tx.portName = (id) => `${tx.regionName(id)}'s port`;
  tx.tracks = (table) => (tx.board ? tx.board.tracks : Object.keys(table.palace));
  tx.trackName = (colour) => `the ${colour} track`;
  tx.neutralStep = () => (tx.board ? tx.board.palace.neutral_step : 4);
  tx.stepPrint = (colour, step) => {
    const printed = tx.board && tx.board.palace.track_steps[colour] && tx.board.palace.track_steps[colour][step];
    if (!printed) return "";
    const parts = [];
    if (Object.keys(printed.reward).length) parts.push(tx.amounts(printed.reward));
    if (printed.tiles) parts.push(`${tx.plural(printed.tiles, "bonus tile")} laid at set-up`);
    if (printed.token) parts.push(`the ${tx.words(printed.token)} token`);
    return parts.join("; ");
  };
  tx.siteName = (id) => {
    const match = /^(.*)-(\d+)$/.exec(id);
    return match ? `${tx.regionName(match[1])} site ${match[2]}` : tx.title(id);
  };
  tx.siteOf = (id) => (tx.board && tx.board.map.sites.find((site) => site.id === id)) || { id, kind: null, governor_wood: [0, 1], raid: 1 };

  /* ---- owners ---- */

  tx.ownerName = function (shown, owner) {
    const table = shown.table;
    if (owner === null || owner === undefined) return "nobody";
    if (owner < 0) return "neutral";
    if (table.rival && owner === table.rival.owner) return tx.RIVALS[table.rival.kind] || table.rival.kind;
    const seat = shown.seats && shown.seats[owner];
    return seat ? seat.name : `seat ${owner + 1}`;
  };
  tx.ownerColour = function (owner) {
    if (owner === null || owner === undefined || owner < 0) return tx.NEUTRAL.colour;
    const colours = tx.board ? tx.board.colours.pieces : FALLBACK_PIECES;
    return colours[owner] || FALLBACK_PIECES[owner % FALLBACK_PIECES.length];
  };
  tx.ownerHex = (owner) => (owner === null || owner === undefined || owner < 0 ? tx.NEUTRAL.hex : PIECE_HEX[tx.ownerColour(owner)] || "#777");
  tx.owners = (table) => [...table.seats.map((seat, index) => index), ...(table.rival ? [table.rival.owner] : [])];
  tx.namesOf = (shown, owners) => (owners.length ? owners.map((owner) => tx.ownerName(shown, owner)).join(", ") : "none");
  tx.viewer = (shown) => (shown.you === null || shown.you === undefined ? null : shown.you);

  /* ---- amounts, tiles, ships, demands ---- */

  const ONE = { good: "a good of your choice", advance: "a Palace advance", soldier: "a free soldier", wall: "a free wall",
    objective: "an objective card" };
  tx.amount = (name, count) => {
    if (ONE[name]) return count === 1 ? ONE[name] : `${count} × ${ONE[name]}`;
    return name === "coins" ? tx.plural(count, "coin") : `${count} ${name}`;
  };
  tx.amounts = (amounts) => {
    const parts = Object.entries(amounts || {}).filter(([, count]) => count).map(([name, count]) => tx.amount(name, count));
    return parts.length ? parts.join(", ") : "nothing";
  };
  tx.tileName = (id) => tx.title(id);
  /* What a tile gives: "a dragon figurine", "3 coins, once"; "" when the catalogue is not read. */
  tx.tileEffect = (id) => {
    const tile = tx.pieces.get(id);
    if (!tile || tile.kind !== "tile") return "";
    return tile.figurine ? `a ${tile.figurine} figurine` : `${tx.amounts(tile.once)}, once`;
  };
  tx.tileWords = (id) => (tx.tileEffect(id) ? `${tx.tileName(id)} (${tx.tileEffect(id)})` : tx.tileName(id));
  tx.tiles = (ids) => (ids.length ? ids.map(tx.tileName).join(", ") : "none");
  tx.buildingName = (id) => {
    const building = id && tx.pieces.get(id);
    return building && building.name ? building.name : id ? tx.title(id) : "no building yet";
  };
  tx.buildingWords = (id) => {
    const building = id && tx.pieces.get(id);
    // A building's piece carries its class (income or passive) as its kind.
    if (!building || building.wood === undefined) return tx.buildingName(id);
    const does = building.kind === "income" ? `income ${tx.amounts(building.income)}`
      : (building.effects || []).map(tx.effect).join("; ");
    return `${building.name} (${building.wood} wood; ${does})`;
  };
  tx.effect = (effect) => {
    if (effect.gain) return `${tx.amounts(effect.gain)} on ${effect.on}`;
    if (effect.pay) return `pay ${effect.less} ${effect.pay} less to ${effect.on}`;
    if (effect.defence) return `+${effect.defence} defence in battle`;
    return effect.on;
  };
  tx.shipName = (id) => tx.title(id);
  tx.shipSpaces = (id) => {
    const ship = tx.pieces.get(id);
    return ship && ship.kind === "ship" ? ship.spaces : null;
  };
  tx.demandWords = (id) => {
    const demand = tx.pieces.get(id);
    if (!demand || demand.kind !== "demand") return id ? tx.words(id) : "none";
    return `${demand.goods.join(" or ")} (${tx.amounts(demand.bonus)} a crate)`;
  };
  tx.supplyWords = (id) => {
    const supply = tx.pieces.get(id);
    return supply && supply.kind === "supply" ? `${tx.words(id)} (${tx.amounts(supply.gain)})` : tx.words(id);
  };
  /* Objectives and starting buildings are a seat's secret: the catalogue leaves them out, so their
     ids are made words. */
  tx.objectiveName = (id) => tx.title(id);
  tx.startingName = (id) => tx.title(id);

  /* ---- the rival's cards ---- */

  const WHERE = { strongest: "where the nomad is strongest", weakest: "where the nomad is weakest",
    closest: "where the chieftain is closest", fewest: "where the fewest walls stand" };
  tx.lineWords = (line) => {
    switch (line.word) {
      case "soldier": return `a soldier in ${line.sections.map(tx.sectionName).join(" and ")}`;
      case "soldiers": return `${tx.plural(line.count, "soldier")} ${WHERE[line.where] || ""}`.trim();
      case "wall": return `a wall ${WHERE[line.where] || ""}${line.with_soldier ? ", with a soldier" : ""}`;
      case "worker": return `a worker on ${tx.bargeName(line.barge)}`;
      case "workers": return "a worker on the barge with the fewest of his";
      case "deliver": return `${tx.plural(line.count, "delivery", "deliveries")} in ${tx.portName(line.port)}, from the ${line.side}`;
      case "pass_late": return "passes if resolved on his 3rd or 4th turn";
      case "advance": return `a step on ${tx.trackName(line.track)}`;
      case "advance_least": return "a step on his least advanced track";
      case "prestige": return `${line.count} prestige per ${tx.words(line.per || "thing")}`;
      default: return tx.words(line.word);
    }
  };
  tx.cardTop = (card) => {
    if (!card || !card.top) return "";
    const top = card.top.word === "fortify" ? "Fortify/Train space" : `Region ${tx.regionName(card.top.region)}`;
    return card.top.starred ? `${top} ★` : top;
  };
  tx.cardWords = (id) => {
    const card = tx.pieces.get(id);
    if (!card || card.kind !== "rival-card") return `card ${id}`;
    return `card ${id}: ${[tx.cardTop(card), ...card.lines.map(tx.lineWords)].join("; ")}`;
  };
  tx.cards = (ids) => (ids.length ? ids.map((id) => (id === null ? "a face-down card" : id)).join(", ") : "none");
})(window.ChronicleTianxia);
