/* The Tianxia board as a picture: one inline SVG, laid out schematically (no map's geography): the
   wall along the top, each section with its walls, towers and soldiers and the nomad walking towards
   it; the eight regions below, each in its Palace colour with its sites (the building, its governor
   spaces, the tile beside it, its raids) and its action discs; the sea on the right with the ports,
   their ships and crates and the ship on the wave; the river with its barges and their workers; the
   four Palace tracks at the foot, steps 0 to 12, every owner's marker and the neutral one.

   Every piece is in its owner's colour (tx.ownerHex); a seat's markers are round, the rival's square.
   What a place holds is in words for a screen reader: each region, site, section, port, barge and
   track is a group named by its aria-label, each picture inside an image named alike, and <title>s
   name the rest on hover. Elements carry data-path (where in the view they draw) and, for the places
   a decision is taken on, data-key: a region (`region:<id>`), a governor space (`site:<id>:<n>`), a
   wall section (`section:<id>`), a barge (`barge:<id>`), a port (`port:<id>`), a Palace track
   (`track:<colour>`). Keyed elements hold no aria-label: the viewer makes them buttons named by
   their <title> when they lead to a legal action. The whole of a place takes its click: a transparent
   area under its pieces fills its gaps (between a track's steps, around a barge's name) and the
   inside of an empty governor space, which is drawn as a dashed ring. */
"use strict";
window.ChronicleTianxia = window.ChronicleTianxia || {};
(function (tx) {
  const NS = "http://www.w3.org/2000/svg";
  const WIDTH = 1000;
  const INK = "#1c1c1c";
  // The schematic map: regions in two rows of four, west to east, north to south.
  const GRID = ["qin", "zhao", "wei", "yan", "han", "zhou", "chu", "qi"];

  /* s("rect", {x: 1, class: "tx-shape", dataset: {path: "discs.qi"}}, child, "text", ...) */
  function s(tag, attributes, ...children) {
    const element = document.createElementNS(NS, tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "dataset") Object.assign(element.dataset, value);
      else element.setAttribute(name, value === true ? "" : value);
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      element.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return element;
  }
  const title = (text) => s("title", {}, text);
  const text = (x, y, words, attributes = {}) => s("text", { x, y, "aria-hidden": "true", ...attributes }, words);
  /* A group a screen reader reads by its name. */
  const group = (label, attributes = {}, ...children) => s("g", { role: "group", "aria-label": label, ...attributes }, ...children);
  /* A picture named in words; what is inside it is not read. */
  const picture = (label, attributes = {}, ...children) => s("g", { role: "img", "aria-label": label, ...attributes }, title(label), ...children);
  /* A place a player clicks: named by its <title> (no aria-label: it is a button only when playable). */
  const place = (key, label, attributes = {}, ...children) => s("g", { class: "tx-hit", dataset: { key, ...(attributes.dataset || {}) },
    ...Object.fromEntries(Object.entries(attributes).filter(([name]) => name !== "dataset")) }, title(label), ...children);
  /* The whole of a place takes a click, its gaps and empty (unfilled) spaces included: a transparent
     shape under its pieces, outlined when the place is playable. */
  const hitArea = (box) => s("rect", { ...box, class: "tx-shape tx-hit-area" });

  /* A piece of `owner`'s: a seat's round, the rival's square, a neutral one grey; an empty space dashed. */
  function piece(shown, owner, x, y, r, extra = {}) {
    if (owner === null || owner === undefined) {
      return s("circle", { cx: x, cy: y, r, class: "tx-empty", ...extra });
    }
    const fill = tx.ownerHex(owner);
    const rival = shown.table.rival && owner === shown.table.rival.owner;
    const attributes = { fill, stroke: INK, "stroke-width": 1.5, class: "tx-piece", dataset: { owner }, ...extra };
    return rival ? s("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 2, ...attributes })
      : s("circle", { cx: x, cy: y, r, ...attributes });
  }

  function counted(shown, owners, room) {
    return `${tx.namesOf(shown, owners)} (${owners.length} of ${room})`;
  }

  /* ---- the wall and the nomads ---- */

  function wall(shown, section, index) {
    const table = shown.table;
    const x = 10 + index * 245, y = 64, width = 235;
    const pieces = table.sections[section.id] || { walls: [], towers: [], soldiers: [] };
    const nomad = tx.nomadOf(table, section.id);
    const path = `sections.${section.id}`;
    const words = `${section.name} wall section: walls ${counted(shown, pieces.walls, section.walls)}; `
      + `towers ${counted(shown, pieces.towers, section.towers)}; soldiers ${counted(shown, pieces.soldiers, section.soldiers)}`;
    const walls = Array.from({ length: section.walls }, (_, k) => {
      const owner = pieces.walls[k];
      const box = { x: x + 10 + k * 30, y: y + 28, width: 26, height: 16, rx: 2 };
      return owner === undefined ? s("rect", { ...box, class: "tx-empty" })
        : s("rect", { ...box, fill: tx.ownerHex(owner), stroke: INK, "stroke-width": 1.5, class: "tx-piece", dataset: { owner } });
    });
    const towers = Array.from({ length: section.towers }, (_, k) => {
      const owner = pieces.towers[k];
      const left = x + 152 + k * 36, top = y + 22;
      const outline = `M${left} ${top + 34}V${top + 6}h5v-6h5v6h4v-6h5v6h5V${top + 34}Z`;
      return owner === undefined ? s("path", { d: outline, class: "tx-empty" })
        : s("path", { d: outline, fill: tx.ownerHex(owner), stroke: INK, "stroke-width": 1.5, class: "tx-piece", dataset: { owner } });
    });
    const soldiers = Array.from({ length: section.soldiers }, (_, k) => piece(shown, pieces.soldiers[k], x + 18 + k * 25, y + 84, 8));
    return group(words, { class: "tx-section", dataset: { section: section.id } },
      nomad ? nomadPath(shown, nomad, x) : null,
      place(`section:${section.id}`, `${section.name}: build or place a piece here`, {},
        s("rect", { x, y, width, height: 108, rx: 8, class: "tx-shape tx-wall-shape" }),
        text(x + 10, y + 18, section.name, { class: "tx-name" }),
        text(x + width - 8, y + 18, "walls · towers · soldiers", { class: "tx-small", "text-anchor": "end" }),
        picture(`Walls: ${counted(shown, pieces.walls, section.walls)}`, { dataset: { path: `${path}.walls` } }, walls),
        picture(`Towers: ${counted(shown, pieces.towers, section.towers)}`, { dataset: { path: `${path}.towers` } }, towers),
        picture(`Soldiers: ${counted(shown, pieces.soldiers, section.soldiers)}`, { dataset: { path: `${path}.soldiers` } }, soldiers)));
  }

  /* The nomad's path: its spaces, farthest first, and the wall; its chieftain on the space it has
     reached, bearing its strength. */
  function nomadPath(shown, nomad, x) {
    const state = shown.table.nomads[nomad.id] || { strength: nomad.strength, distance: nomad.path };
    const at = Math.max(0, Math.min(nomad.path, nomad.path - state.distance));
    const away = state.distance === 0 ? "at the wall" : `${tx.plural(state.distance, "space")} from the wall`;
    const short = state.distance === 0 ? "at the wall" : `${state.distance} to walk`;
    const words = `${nomad.name}: strength ${state.strength}, ${away}`;
    const cells = Array.from({ length: nomad.path + 1 }, (_, k) => {
      const cx = x + 22 + k * 30;
      return [s("rect", { x: cx - 12, y: 22, width: 24, height: 24, rx: k === nomad.path ? 2 : 12, class: k === nomad.path ? "tx-path-end" : "tx-path" }),
        k === nomad.path ? null : text(cx, 38, nomad.path - k, { class: "tx-small tx-path-number", "text-anchor": "middle" })];
    });
    const cx = x + 22 + at * 30;
    return group(words, { class: "tx-nomad", dataset: { nomad: nomad.id } },
      text(x + 4, 14, nomad.name, { class: "tx-name tx-on-felt" }),
      picture(`${nomad.name}'s path: ${away}`, { dataset: { path: `nomads.${nomad.id}.distance`, distance: state.distance } }, cells),
      picture(`${nomad.name}'s strength: ${state.strength}`, { dataset: { path: `nomads.${nomad.id}.strength`, strength: state.strength } },
        s("circle", { cx, cy: 34, r: 14, class: "tx-chieftain" }),
        text(cx, 39, state.strength, { class: "tx-strength", "text-anchor": "middle" })),
      text(x + 22 + (nomad.path + 1) * 30, 30, `strength ${state.strength}`, { class: "tx-small tx-on-felt" }),
      text(x + 22 + (nomad.path + 1) * 30, 44, short, { class: "tx-small tx-on-felt" }));
  }

  /* ---- the regions ---- */

  function regionOrder(table) {
    const regions = tx.regions(table);
    const known = GRID.map((id) => regions.find((region) => region.id === id)).filter(Boolean);
    return [...known, ...regions.filter((region) => !GRID.includes(region.id))];
  }

  function region(shown, info, index) {
    const table = shown.table;
    const x = 10 + (index % 4) * 190, y = 195 + Math.floor(index / 4) * 180, width = 180, height = 170;
    const fill = tx.PALACE_HEX[info.palace] || "#5f6f66", ink = tx.PALACE_INK[info.palace] || "#ffffff";
    const discs = table.discs[info.id] || [];
    const exchange = info.get ? `${tx.amounts(info.give)} for ${info.get === "good" ? "any good" : info.get}` : "";
    const words = `${info.name}: a region of the ${info.palace || "unknown"} Palace track${info.port ? ", with a port" : ""}`
      + `${exchange ? `; exchange ${exchange}` : ""}; discs: ${tx.namesOf(shown, discs)}`;
    return group(words, { class: "tx-region", dataset: { region: info.id, palace: info.palace || "" } },
      place(`region:${info.id}`, `${info.name}: a region action here`, {},
      s("rect", { x, y, width, height, rx: 10, fill, class: "tx-shape tx-region-shape" }),
      text(x + 10, y + 20, info.name, { class: "tx-region-name", fill: ink }),
      text(x + 10, y + 34, `${info.palace || ""} track`, { class: "tx-small", fill: ink }),
      info.port ? text(x + width - 10, y + 20, "⚓ port", { class: "tx-small", fill: ink, "text-anchor": "end" }) : null,
      (info.sites || []).map((site, k) => siteElement(shown, site, x + 8, y + 42 + k * 52)),
      picture(`Discs in ${info.name}: ${tx.namesOf(shown, discs)}`, { dataset: { path: `discs.${info.id}` } },
        text(x + 10, y + 160, "discs", { class: "tx-small", fill: ink }),
        discs.map((owner, k) => piece(shown, owner, x + 48 + k * 15, y + 156, 6))),
      exchange ? text(x + width - 8, y + 160, exchange.replace(/^1 /, "").replace(" for ", " → "), { class: "tx-small", fill: ink, "text-anchor": "end" }) : null));
  }

  function siteElement(shown, id, x, y) {
    const site = shown.table.sites[id] || { building: null, governors: [], raided: 0, tile: null };
    const printed = tx.siteOf(id);
    const path = `sites.${id}`;
    const governors = site.governors.map((owner) => tx.ownerName(shown, owner)).map((name) => (name === "nobody" ? "empty" : name));
    const words = `${tx.siteName(id)}: ${site.building ? tx.buildingWords(site.building) : "no building yet"}`
      + `${printed.kind ? ` (an ${printed.kind} site)` : ""}; governors: ${governors.join(", ") || "none"}`
      + `; tile beside it: ${site.tile ? tx.tileWords(site.tile) : "none"}${site.raided ? `; raided ${site.raided} time${site.raided === 1 ? "" : "s"}` : ""}`;
    const width = 164;
    return group(words, { class: "tx-site", dataset: { site: id } },
      s("g", { dataset: { path: `${path}.building` } },
        s("rect", { x, y, width, height: 46, rx: 5, class: "tx-site-shape" }),
        text(x + 6, y + 15, site.building ? tx.buildingName(site.building) : "no building yet", { class: "tx-site-name" })),
      text(x + 6, y + 28, `${printed.kind || "site"}${site.building && tx.pieces.get(site.building) ? ` · ${tx.pieces.get(site.building).wood} wood` : ""}`, { class: "tx-small tx-ink" }),
      s("g", { dataset: { path: `${path}.tile` } },
        text(x + 6, y + 40, site.tile ? `tile: ${tx.tileName(site.tile)}` : "no tile", { class: "tx-small tx-ink" })),
      site.raided ? s("g", { dataset: { path: `${path}.raided` } },
        s("rect", { x: x + width - 62, y: y + 4, width: 18, height: 14, rx: 3, class: "tx-raid" }),
        text(x + width - 53, y + 15, site.raided, { class: "tx-small tx-raid-number", "text-anchor": "middle" })) : null,
      site.governors.map((owner, space) => {
        const cx = x + width - 30 + space * 18, cy = y + 32;
        const extra = printed.governor_wood[space] ? ` (+${printed.governor_wood[space]} wood)` : "";
        return place(`site:${id}:${space}`, `Governor space ${space + 1} of ${tx.siteName(id)}${extra}: ${governors[space]}`,
          { class: "tx-hit tx-space", dataset: { path: `${path}.governors[${space}]` } },
          hitArea({ x: cx - 8.5, y: cy - 12, width: 17, height: 24, rx: 4 }),
          piece(shown, owner, cx, cy, 7));
      }));
  }

  /* ---- the sea ---- */

  function sea(shown) {
    const table = shown.table;
    const x = 775, y = 195, width = 215;
    const ports = tx.ports(table);
    const height = 30 + ports.length * 100 + 56;
    return s("g", { class: "tx-sea" },
      s("rect", { x, y, width, height, rx: 10, class: "tx-sea-shape" }),
      text(x + 10, y + 18, "The sea", { class: "tx-name tx-on-sea" }),
      ports.map((port, k) => portElement(shown, port, x, y + 26 + k * 100, width)),
      (table.wave || []).map((ship, k) => shipElement(shown, ship, `wave[${k}]`, "on the wave", x + 8 + k * 104, y + height - 54)),
      text(x + width - 8, y + height - 8, "on the wave", { class: "tx-small tx-on-sea", "text-anchor": "end" }));
  }

  function portElement(shown, port, x, y, width) {
    const table = shown.table;
    const ships = table.ports[port.id] || [];
    const markers = table.shipping[port.id] || [];
    const demand = table.demands[port.id];
    const name = tx.portName(port.id);
    const words = `${tx.capital(name)}: it takes ${tx.demandWords(demand)}; shipping markers: ${tx.namesOf(shown, markers)}`;
    return group(words, { class: "tx-port", dataset: { port: port.id } },
      place(`port:${port.id}`, `${tx.capital(name)}: place a shipping marker here`, {},
      s("rect", { x: x + 4, y, width: width - 8, height: 96, rx: 6, class: "tx-shape tx-port-shape" }),
      text(x + 10, y + 14, tx.capital(name), { class: "tx-port-name tx-on-sea" }),
      s("g", { dataset: { path: `demands.${port.id}` } },
        text(x + 10, y + 27, `wants ${demand ? tx.demandWords(demand) : "—"}`, { class: "tx-small tx-on-sea" })),
      picture(`Shipping markers in ${name}: ${tx.namesOf(shown, markers)}`, { dataset: { path: `shipping.${port.id}` } },
        markers.map((owner, k) => piece(shown, owner, x + width - 14 - k * 12, y + 10, 5))),
      ships.map((ship, k) => shipElement(shown, ship, `ports.${port.id}[${k}]`, `ship ${k + 1} in ${name}`, x + 8 + k * 104, y + 34))));
  }

  function shipElement(shown, ship, path, where, x, y) {
    const spaces = tx.shipSpaces(ship.ship);
    const crates = ship.crates.map((owner, k) => `space ${k + 1}${spaces ? ` (${tx.amounts(spaces[k])})` : ""}: ${owner === null ? "empty" : tx.ownerName(shown, owner)}`);
    const words = `The ${tx.shipName(ship.ship)}, ${where}: ${crates.join("; ")}`;
    const hull = `M${x} ${y + 24}h100l-10 22h-80Z`;
    return picture(words, { class: "tx-ship", dataset: { path: `${path}.ship`, ship: ship.ship } },
      s("path", { d: hull, class: "tx-hull" }),
      s("path", { d: `M${x + 50} ${y + 24}V${y + 4}l16 12h-16`, class: "tx-mast" }),
      text(x + 2, y + 10, tx.shipName(ship.ship), { class: "tx-tiny tx-on-sea" }),
      s("g", { dataset: { path: `${path}.crates` } },
        ship.crates.map((owner, k) => {
          const box = { x: x + 8 + k * 22, y: y + 27, width: 16, height: 16, rx: 2, dataset: { path: `${path}.crates[${k}]` } };
          return owner === null ? s("rect", { ...box, class: "tx-crate-space" })
            : s("rect", { ...box, fill: tx.ownerHex(owner), stroke: INK, "stroke-width": 1.5, class: "tx-piece", dataset: { ...box.dataset, owner } });
        })));
  }

  /* ---- the river ---- */

  function river(shown, top) {
    const table = shown.table;
    const barges = tx.barges(table);
    return s("g", { class: "tx-river" },
      s("rect", { x: 10, y: top, width: WIDTH - 20, height: 90, rx: 24, class: "tx-river-shape" }),
      text(24, top + 16, "The river", { class: "tx-name tx-on-sea" }),
      barges.map((barge, k) => {
        const workers = table.barges[barge.id] || [];
        const x = 24 + k * 242, y = top + 24;
        const slots = Array.from({ length: barge.workers }, (_, slot) => (workers[slot] === undefined ? null : workers[slot]));
        const words = `${tx.capital(tx.bargeName(barge.id))}${barge.resource ? ` (${barge.resource})` : ""}: workers `
          + slots.map((owner) => (owner === null ? "empty" : tx.ownerName(shown, owner))).join(", ");
        return group(words, { class: "tx-barge", dataset: { barge: barge.id, path: `barges.${barge.id}` } },
          place(`barge:${barge.id}`, `${tx.capital(tx.bargeName(barge.id))}: put a worker on it`, {},
          s("rect", { x: x - 4, y: y - 6, width: 230, height: 66, rx: 8, class: "tx-hit-area" }),
          s("path", { d: `M${x} ${y + 14}h222l-14 44h-194Z`, class: "tx-shape tx-barge-shape" }),
          text(x + 4, y + 8, `${tx.title(barge.id)}${barge.resource ? ` · ${barge.resource}` : ""}`, { class: "tx-small tx-on-sea" }),
          slots.map((owner, slot) => {
            const cx = x + 40 + slot * 52, cy = y + 34;
            return s("g", { dataset: { path: `barges.${barge.id}[${slot}]` } },
              title(`Worker space ${slot + 1}: ${owner === null ? "empty" : tx.ownerName(shown, owner)}`),
              owner === null ? s("circle", { cx, cy, r: 11, class: "tx-empty tx-on-hull" }) : piece(shown, owner, cx, cy, 11));
          })));
      }));
  }

  /* ---- the Palace ---- */

  /* What a step prints, in a word or two for its cell ("2 coins", "wood+stone"); in full in its name. */
  function stepShort(colour, step) {
    const printed = tx.board && tx.board.palace.track_steps[colour] && tx.board.palace.track_steps[colour][step];
    if (!printed) return "";
    if (printed.token) return "token";
    if (printed.tiles) return `${printed.tiles} tiles`;
    return Object.entries(printed.reward)
      .map(([name, count]) => (count > 1 ? `${count} ${name}` : name === "coins" ? "coin" : name)).join("+");
  }

  function palace(shown, top) {
    const table = shown.table;
    return s("g", { class: "tx-palace" },
      text(14, top + 14, "The Palace", { class: "tx-name tx-on-felt" }),
      tx.tracks(table).map((colour, index) => track(shown, colour, top + 22 + index * 56)));
  }

  function track(shown, colour, y) {
    const table = shown.table;
    const steps = table.palace[colour] || [];
    const tiles = table.step_tiles[colour] || [];
    const where = [];
    steps.forEach((owners, step) => owners.forEach((owner) => where.push(`${owner < 0 ? "the neutral marker" : tx.ownerName(shown, owner)} on step ${step}`)));
    const fill = tx.PALACE_HEX[colour] || "#777", ink = tx.PALACE_INK[colour] || "#fff";
    return group(`The ${colour} Palace track: ${where.join(", ")}`, { class: "tx-track", dataset: { track: colour } },
      place(`track:${colour}`, `The ${colour} track: a step on it`, {},
      s("rect", { x: 10, y, width: 98 + steps.length * 68, height: 50, rx: 6, class: "tx-hit-area" }),
      s("rect", { x: 10, y, width: 88, height: 50, rx: 6, fill, class: "tx-shape tx-track-shape" }),
      text(54, y + 22, colour, { class: "tx-track-name", fill: ink, "text-anchor": "middle" }),
      text(54, y + 38, "track", { class: "tx-small", fill: ink, "text-anchor": "middle" }),
      steps.map((owners, step) => {
        const x = 104 + step * 68;
        const markers = owners.map((owner, k) => (owner < 0
          ? s("circle", { cx: x + 10 + k * 12, cy: y + 27, r: 6, class: "tx-neutral-marker tx-marker", dataset: { owner } })
          : piece(shown, owner, x + 10 + k * 12, y + 27, 6, { class: "tx-piece tx-marker" })));
        const held = owners.map((owner) => (owner < 0 ? "the neutral marker" : tx.ownerName(shown, owner)));
        const print = tx.stepPrint(colour, step);
        return s("g", {},
          picture(`Step ${step} of the ${colour} track: ${held.join(", ") || "no marker"}${print ? `; prints ${print}` : ""}`,
            { class: "tx-step", dataset: { path: `palace.${colour}[${step}]`, step } },
            s("rect", { x, y, width: 64, height: 50, rx: 4, class: `tx-step-shape${step === tx.neutralStep() ? " tx-neutral-step" : ""}`, stroke: fill }),
            text(x + 4, y + 12, step, { class: "tx-small tx-ink tx-step-number" }),
            text(x + 4, y + 46, stepShort(colour, step), { class: "tx-tiny tx-ink" }),
            markers),
          (tiles[step] || []).length ? picture(`Tiles on step ${step} of the ${colour} track: ${tx.tiles(tiles[step])}`,
            { class: "tx-step-tiles", dataset: { path: `step_tiles.${colour}[${step}]` } },
            tiles[step].map((tile, k) => s("rect", { x: x + 52 - k * 11, y: y + 4, width: 9, height: 9, rx: 1,
              class: (tx.pieces.get(tile) || {}).figurine ? "tx-jade" : "tx-tile" }))) : null);
      })));
  }

  /* ---- the whole board ---- */

  tx.map = function (shown) {
    const table = shown.table;
    const ports = tx.ports(table);
    const seaBottom = 195 + 30 + ports.length * 100 + 56;
    const riverTop = Math.max(195 + 360, seaBottom) + 10;
    const palaceTop = riverTop + 100;
    const height = palaceTop + 22 + tx.tracks(table).length * 56 + 6;
    return s("svg", { class: "tx-map", viewBox: `0 0 ${WIDTH} ${height}`, width: "100%", role: "group",
      "aria-label": "The board: the wall and the nomads, the regions, the sea, the river and the Palace", preserveAspectRatio: "xMidYMid meet" },
    s("rect", { x: 0, y: 0, width: WIDTH, height, class: "tx-ground" }),
    tx.sections(table).map((section, index) => wall(shown, section, index)),
    regionOrder(table).map((info, index) => region(shown, info, index)),
    sea(shown),
    river(shown, riverTop),
    palace(shown, palaceTop));
  };

  tx.svg = s; // the SVG builder, for the die on the rival's board
})(window.ChronicleTianxia);
