/* Xi in words: cards by name (from the catalogue GET /api/rules/xi gives, loaded once by xi.js),
   units and players as a seat sees them ("your Snow Beast", "bo's Cinder Hound (2)"), the declaration a window
   answers, effects, keywords and standing rules, for the table, its buttons and the list of what
   changed. Nothing here reads more than the view a seat was given. */
"use strict";
window.ChronicleXi = window.ChronicleXi || {};
(function (xi) {
  xi.catalogue = new Map(); // card id -> the card as printed (GET /api/rules/xi)
  xi.namedDecks = []; // [{name, cards: [ids]}]

  const KINDS = { unit: "unit", point: "point spell", lasting: "lasting spell", statement: "statement" };
  const WINDOW_KINDS = { spell: "a spell is played", ability: "an ability is used", skirmish: "a unit skirmishes",
    draw: "a card is drawn", end_turn: "a turn ends" };

  function card(id) {
    return xi.catalogue.get(id) || null;
  }

  /* A card id by its printed name; an id the catalogue lacks, in words all the same. */
  function cardName(id) {
    const known = card(id);
    return known ? known.name : String(id).replace(/-/g, " ");
  }

  function costWords(cost) {
    if (!cost) return "";
    return Object.entries(cost).map(([unit, amount]) => `${amount}${unit === "pt" ? "pT" : "T"}`).join(" + ");
  }

  function kindWords(kind) {
    return KINDS[kind] || kind;
  }

  /* The start of a sentence: "you" and "your" capitalised, a seat's name as it was given. */
  function capital(text) {
    return /^your?\b/.test(text) ? text.charAt(0).toUpperCase() + text.slice(1) : text;
  }

  function seatName(shown, seat) {
    const record = shown.seats && shown.seats[seat];
    return record ? record.name : `seat ${seat}`;
  }

  function unit(table, uid) {
    return (table.units || []).find((each) => each.uid === uid) || null;
  }

  function spell(table, iid) {
    return (table.in_play || []).find((each) => each.iid === iid) || null;
  }

  /* A unit or a card in play by its name, numbered when another in play shares it, in the order
     they came into play ("Cinder Hound (2)"); `whose` prefixes its controller as the viewer reads
     it: "your", "bo's". Ids (u3, s22) stay in the JSON. */
  function named(table, id) {
    const all = [...(table.units || []).map((each) => [each.uid, each.name]), ...(table.in_play || []).map((each) => [each.iid, each.name])];
    const found = all.find(([each]) => each === id);
    if (!found) return null;
    const order = (each) => Number(String(each).replace(/\D/g, ""));
    const alike = all.filter(([, name]) => name === found[1]).map(([each]) => each).sort((one, other) => order(one) - order(other));
    return alike.length > 1 ? `${found[1]} (${alike.indexOf(id) + 1})` : found[1];
  }

  function thing(shown, id, whose = false) {
    const table = shown.table;
    const found = unit(table, id) || spell(table, id);
    if (!found) return "a card no longer in play";
    const shownName = named(table, id);
    if (!whose) return shownName;
    return found.controller === table.viewer ? `your ${shownName}` : `${seatName(shown, found.controller)}'s ${shownName}`;
  }

  /* A target: a seat ("you", "bo") or a unit ("your Snow Beast (u3)"). */
  function target(shown, aim) {
    if (typeof aim === "number") return aim === shown.table.viewer ? "you" : seatName(shown, aim);
    return thing(shown, aim, true);
  }

  function who(shown, seat) {
    return seat === shown.table.viewer ? "you" : seatName(shown, seat);
  }

  /* What a window answers, as the seat it is open to reads it: "bo declared Flame Lick on your
     Snow Beast (u3)", "bo's Earth Soldier (u5) skirmishes your Snow Beast (u3)". */
  function declaration(shown, on) {
    const by = capital(who(shown, on.declarer));
    const onto = on.target !== undefined && on.target !== null ? ` on ${target(shown, on.target)}` : "";
    switch (on.kind) {
      case "spell": return `${by} declared ${cardName(on.card)}${onto}`;
      case "ability": return `${by} used the ability of ${thing(shown, on.source)}${onto}${on.choice !== undefined ? `, choosing ${on.choice}` : ""}`;
      case "skirmish": return `${capital(thing(shown, on.attacker, true))} skirmishes ${target(shown, on.target)}`;
      case "draw": return `${by} paid to draw a card`;
      case "end_turn": return `${by} ended the turn`;
      default: return `${by} declared ${on.kind}`;
    }
  }

  function keyword(word) {
    const [name, value] = String(word).split(":");
    if (name === "untargetable") return "cannot be chosen for a skirmish";
    if (name === "immune") return `immune to ${value} damage`;
    if (name === "reduce") return `takes ${value} less damage each time`;
    return word;
  }

  function effect(shown, each) {
    const units = each.to.map((uid) => thing(shown, uid)).join(", ") || "no unit";
    if (each.where === "1") return `${seatName(shown, each.value)} controls ${units} until the end of the turn`;
    if (each.where === "2") return `${units}: ${each.value} until the end of the turn`;
    if (each.op === "cannot_skirmish") return `${units} cannot skirmish this turn (${cardName(each.source)})`;
    return `${cardName(each.source)} affects ${units} until the end of the turn`;
  }

  /* A standing rule: "When a unit skirmishes you: play Sidestep, once". */
  function rule(shown, each) {
    const parts = [];
    const aimed = each.target === "me" ? "you" : each.target !== undefined ? target(shown, each.target) : null;
    if (each.on === "skirmish") {
      const attacker = each.attacker ? thing(shown, each.attacker, true)
        : `${each.attacker_type ? `an ${each.attacker_type}` : "a"} unit${each.card ? ` (${cardName(each.card)})` : ""}`;
      parts.push(`${attacker} skirmishes ${aimed || "anyone"}`);
    } else if (each.on === "spell" || each.on === "ability") {
      const what = each.card ? cardName(each.card) : each.on === "spell" ? "a spell" : "an ability";
      parts.push(`${what} is ${each.on === "spell" ? "played" : "used"}${aimed ? ` on ${aimed}` : ""}`);
    } else parts.push(WINDOW_KINDS[each.on] || each.on);
    if (each.declarer !== undefined) parts.push(`by ${who(shown, each.declarer)}`);
    const answer = each.play ? `play ${cardName(each.play)}` : `use ${thing(shown, each.use)}`;
    const given = each.with || {};
    const onto = given.target === undefined ? "" : ["attacker", "target", "declarer"].includes(given.target)
      ? ` on the ${given.target}` : ` on ${target(shown, given.target)}`;
    const choosing = given.choice !== undefined ? `, choosing ${given.choice}` : "";
    return `When ${parts.join(" ")}: ${answer}${onto}${choosing}${each.once ? ", once" : ""}`;
  }

  function cards(ids) {
    if (!ids.length) return "none";
    return ids.length > 6 ? `${ids.length} cards` : ids.map(cardName).join(", ");
  }

  /* The standing rules a `set_standing` sets, in a line. */
  function standing(action) {
    const kinds = Object.entries(action.kinds || {});
    const when = action.when || [];
    const passing = kinds.filter(([, answer]) => answer === "pass").map(([kind]) => kind.replace("_", " "));
    if (!when.length && passing.length === Object.keys(WINDOW_KINDS).length) return "Never answer a window (standing rules)";
    if (!when.length && !passing.length) return "Be asked in every window (standing rules)";
    const parts = [passing.length ? `pass on ${passing.join(", ")}` : "ask in every window"];
    if (when.length) parts.push(`${when.length} conditional answer${when.length === 1 ? "" : "s"}`);
    return `Set standing rules: ${parts.join("; ")}`;
  }

  Object.assign(xi, { card, cardName, costWords, kindWords, capital, seatName, unit, spell, named, thing, target, who,
    declaration, keyword, effect, rule, cards, standing, WINDOW_KINDS });
})(window.ChronicleXi);
