/* What a step of the replay explains, beside its table: the places it changed (marked on the
   table), the places changed since the seat's last own decision, "What changed" in sentences, the
   decision behind the step with the actions that were open, and the disputes and what-ifs about it.
   The viewer (viewer.js) makes one with ChronicleStepExplained.create(page). */
"use strict";
window.ChronicleStepExplained = {
  create(page) {
    const { view, drawer, $ } = page;

    function ids(value, found = new Set()) {
      if (Array.isArray(value)) value.forEach((item) => ids(item, found));
      else if (value && typeof value === "object") {
        const id = drawer.idOf(value);
        if (id !== undefined) found.add(id);
        else Object.values(value).forEach((item) => ids(item, found));
      }
      return found;
    }

    /* Mark what this step changed: a count or slot whose path changed, and each card that arrived
       where it now lies. */
    function highlight(container, changes) {
      const arrived = changes.map((change) => {
        const before = ids(change.before);
        return { path: change.path, cards: new Set([...ids(change.after)].filter((id) => !before.has(id))) };
      });
      for (const element of container.querySelectorAll("[data-path]")) {
        const path = element.dataset.path;
        const card = element.dataset.card;
        const changed = arrived.some((change) =>
          card
            ? (path === change.path || path.startsWith(change.path + "[") || path.startsWith(change.path + ".")) && change.cards.has(card)
            : path === change.path);
        element.classList.toggle("changed", changed);
      }
    }

    /* Mark the places of the newest table changed since this seat's last own decision (lichess's
       last move): each element whose place is one changed, or lies within one. */
    function markSince(container, paths) {
      for (const element of container.querySelectorAll("[data-path]")) {
        const path = element.dataset.path;
        element.classList.toggle("since-move", paths.some((changed) =>
          path === changed || path.startsWith(changed + "[") || path.startsWith(changed + ".")));
      }
    }

    /* "What changed", in sentences: the lines of the steps on show (the decision's, up to this
       step, bookkeeping left out), then the changes to the viewer's own score, life, prestige and
       hand, then cards that came or went and what the table's script can put in words. A value
       nobody can say in words ("whose turn it is: 1 → 0") is left to the lines. */
    function drawChanges(step) {
      const you = step.table.you;
      const told = page.moveList.linesUpTo(step.step);
      const own = [], moved = [];
      for (const change of step.explanation.changes) {
        const sentence = ownChange(change, you, step.table);
        if (sentence !== undefined) {
          if (sentence) own.push(sentence);
          continue;
        }
        const before = ids(change.before);
        const after = ids(change.after);
        const came = [...after].filter((id) => !before.has(id));
        const went = [...before].filter((id) => !after.has(id));
        const given = drawer.place(change.path, step.table);
        const place = given === change.path ? given.replace(/_/g, " ") : given; // a path no script names
        if (came.length || went.length) {
          const name = (id) => drawer.cardName(findCard(id, change));
          const parts = [];
          if (came.length) parts.push(`+ ${came.map(name).join(", ")}`);
          if (went.length) parts.push(`− ${went.map(name).join(", ")}`);
          moved.push(`${place}: ${parts.join("; ")}`);
          continue;
        }
        const was = sayable(change.before, change.path, step.table);
        const now = sayable(change.after, change.path, step.table);
        // Something that came or went is said so, never as a change to or from "nothing".
        if (was === null || now === null || (empty(was) && empty(now))) continue;
        if (empty(was)) moved.push(`${place}: now ${now}`);
        else if (empty(now)) moved.push(`${place}: no longer ${was}`);
        else moved.push(`${place}: ${was} → ${now}`);
      }
      const lines = [...new Set([...(told.length ? told : [step.description]), ...own, ...moved])];
      const list = $("changes");
      list.replaceChildren(...lines.map((line) => h("li", { class: own.includes(line) ? "own" : "" }, line)));
    }

    // Fields that hold a seat by its number, in any game: said by the seat's name.
    const SEAT_FIELDS = /(^|\.)(current|to_act|active|turn_owner|first|resigned)$/;
    const EMPTY = new Set(["nothing", "none", "", "empty", "nobody", "nobody yet", "none yet", "none left"]);
    const empty = (words) => String(words).split(/, |; /).every((part) => EMPTY.has(part)); // "nothing, nothing" too

    /* A value of the table in words: the table script's, a seat by its name, a plain word ("pass"),
       nothing; null for what only a program reads (a number no script names, a flag, a record). */
    function sayable(value, path, table) {
      const own = drawer.words && drawer.words(value, path, table);
      if (own !== null && own !== undefined) return own;
      if (SEAT_FIELDS.test(path) && Number.isInteger(value) && table.seats && table.seats[value]) return table.seats[value].name;
      if (value === null || value === undefined) return "nothing";
      return typeof value === "string" && /^[a-z][a-z ]*$/.test(value) ? value : null;
    }

    /* A change to the viewer's own score, life, prestige or hand as a sentence ("Your score: 9 → 6",
       "You gain the red Yin"); null for one not worth a line (a hand's order); undefined for a change
       that is not the viewer's own. */
    const OWN_VALUES = { scores: "score", points_in_play: "points in play", life: "life", prestige: "prestige",
      score: "score", vp: "VP", cp: "treasury (CP)" };
    function ownChange(change, you, table) {
      const path = change.path;
      const solo = table.seats && table.seats.length === 1;
      let match = path.match(/^(scores|points_in_play)\[(\d+)\]$/) || path.match(/^(?:players|seats)\[(\d+)\]\.(life|prestige|score)$/);
      if (match) {
        const [seat, what] = /^\d+$/.test(match[1]) ? [Number(match[1]), match[2]] : [Number(match[2]), match[1]];
        if (seat !== you) return undefined;
        if (what === "scores" && table.points_in_play) return null; // Chi's running score is its points in play
        return `Your ${OWN_VALUES[what]}: ${change.before} → ${change.after}`;
      }
      if (solo && you === 0 && ["score", "vp", "cp"].includes(path)) return `Your ${OWN_VALUES[path]}: ${change.before} → ${change.after}`;
      if (path === "hand" || path.startsWith("hand[")) {
        const before = ids(change.before), after = ids(change.after);
        const came = [...after].filter((id) => !before.has(id)).map((id) => drawer.cardName(findCard(id, change)));
        const went = [...before].filter((id) => !after.has(id)).map((id) => drawer.cardName(findCard(id, change)));
        const parts = [];
        if (came.length) parts.push(`You gain ${came.join(", ")}`);
        if (went.length) parts.push(`${came.length ? "you" : "You"} lose ${went.join(", ")}`);
        return parts.length ? parts.join("; ") : null;
      }
      return undefined;
    }

    function findCard(id, change) {
      let found = null;
      const walk = (value) => {
        if (found || !value || typeof value !== "object") return;
        if (!Array.isArray(value) && drawer.idOf(value) === id) found = value;
        else Object.values(value).forEach(walk);
      };
      walk(change.after);
      walk(change.before);
      return found || { id };
    }

    function sameAction(one, other) {
      return JSON.stringify(one) === JSON.stringify(other);
    }

    function drawDecision(step) {
      const box = $("decision");
      const decision = step.explanation.decision;
      const lines = [];
      box.dataset.worded = "true";
      if (!(decision && decision.action)) page.whatIf.control(step); // leaves the answer of another decision
      if (decision && decision.kind === "deal") lines.push(h("p", {}, "Part of the deal, drawn from the game's seed."));
      else if (decision && decision.action) {
        const seat = step.table.seats[decision.seat];
        const legal = decision.legal_actions;
        const chosen = h("q", { class: "chosen-action" });
        const list = h("ul", {});
        const say = (label) => { // at once in plain words, then in those of the table it was decided on
          chosen.textContent = label(decision.action);
          list.replaceChildren(...legal.map((action) => sameAction(action, decision.action)
            ? h("li", { class: "taken" }, label(action), h("span", { class: "hint" }, " (taken)"))
            : h("li", {}, label(action))));
        };
        say(page.actionWords.plain);
        box.dataset.worded = "false"; // until the words of the table it was decided on are in
        page.actionWords.labeller(decision.decided_on_version).then((label) => { say(label); box.dataset.worded = "true"; });
        lines.push(h("p", { class: "taken" }, `${seat ? seat.name : "The seat"} chose `, chosen,
          ` on step ${decision.decided_on_version}${decision.actor ? ` (${decision.actor.bot || "a bot"})` : ""}.`));
        lines.push(h("details", { class: "legal" }, h("summary", {}, `${legal.length} legal action${legal.length === 1 ? " was" : "s were"} open`), list));
        lines.push(page.whatIf.control(step));
      } else if (decision && decision.hidden) lines.push(h("p", { class: "hint" }, "The decision behind this step is shown to its seat, and to everyone once the game is over."));
      const rules = step.explanation.rules.filter((rule) => rule.id !== step.rule.id);
      // The other rules in words, each with its id beside it, as the step's own rule is shown.
      if (rules.length) lines.push(h("p", { class: "hint rule" }, "Also applied: ", rules.map((rule) => h("span", {},
        rule.text || "a rule", " ", h("code", {}, rule.id))).flatMap((one, i) => (i ? ["; ", one] : [one]))));
      if (step.explanation.rerun) lines.push(h("p", { class: step.explanation.rerun.same_events ? "rerun ok" : "rerun problem" }, `Re-run: ${step.explanation.rerun.detail}.`));
      box.replaceChildren(...lines);
    }

    function drawDisputes(step) {
      const box = $("disputes");
      const disputes = step.disputes || [];
      const total = Math.max(step.disputes_total || 0, disputes.length); // the step carries the first few
      box.replaceChildren(...(disputes.length
        ? [h("h3", {}, `Disputed (${total})`), ...disputes.map((dispute) => h("p", { class: "dispute" }, `“${dispute.claim}”`)),
          ...(total > disputes.length ? [h("p", { class: "hint" }, `and ${total - disputes.length} more, listed with the game's disputes`)] : [])]
        : []), ...page.whatIf.record(step));
    }

    /* A what-if just answered joins the record of each step of its decision already fetched (an
       answer asked again comes back with its old number). */
    function keepWhatIf(answer) {
      for (const step of view.cache.values()) {
        const decision = step.explanation.decision;
        if (!decision || decision.decided_on_version !== answer.step || !decision.action) continue;
        const kept = step.what_ifs || [];
        if (!kept.some((each) => each.number === answer.number)) {
          step.what_ifs = [...kept, answer];
          step.what_ifs_total = Math.max(step.what_ifs_total || 0, kept.length) + 1;
        }
      }
      if (view.shown) drawDisputes(view.shown);
    }

    return { highlight, markSince, drawChanges, drawDecision, drawDisputes, keepWhatIf };
  },
};
