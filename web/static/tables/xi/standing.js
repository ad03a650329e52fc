/* The editor of the viewer's own standing rules (domain/xi/engine/standing.py): per kind of window, ask or
   pass; and conditional answers ("when a unit skirmishes you: play Sidestep, once"), tried in
   order. It shows the seat's rules in force (those naming a unit gone marked inert), keeps an
   unsaved draft across redraws of the table, and saves the whole set as one `set_standing`
   action through `play.act`. Without `play` (a past step, another seat's picture) it only shows
   the rules. The view gives the rules to their own seat only; the editor is never drawn for
   another. */
"use strict";
window.ChronicleXi = window.ChronicleXi || {};
(function (xi) {
  const state = { open: false, draft: null, rule: null, last: null }; // kept across redraws of the table
  const WITH = { "": "no target", attacker: "the attacker", target: "the target", declarer: "the declarer" };

  function current(table) {
    const standing = table.standing || { kinds: {}, when: [] };
    return { kinds: { ...standing.kinds }, when: standing.when.map((rule) => ({ ...rule })),
      pass_when_unable: Boolean(standing.pass_when_unable) };
  }

  /* The rules as an action sends them: inert marks are the view's, not the seat's. */
  function action(rules) {
    const when = rules.when.map((rule) => Object.fromEntries(Object.entries(rule).filter(([key]) => key !== "inert")));
    return { type: "set_standing", kinds: rules.kinds, when, pass_when_unable: Boolean(rules.pass_when_unable) };
  }

  function select(id, label, options, value, onChange) {
    const element = h("select", { id }, Object.entries(options).map(([key, text]) => h("option", { value: key, selected: key === value }, text)));
    element.addEventListener("change", () => onChange(element.value));
    return h("label", { for: id, class: "xi-field" }, h("span", {}, label), element);
  }

  /* The choices of a new rule, from the view and the catalogue only. */
  function ruleChoices(shown) {
    const table = shown.table;
    const others = Object.fromEntries(shown.seats.map((seat, index) => [index, seat.name]).filter(([index]) => Number(index) !== table.viewer));
    const mine = Object.fromEntries(table.units.filter((unit) => unit.controller === table.viewer).map((unit) => [unit.uid, `your ${xi.named(table, unit.uid)}`]));
    const cards = [...xi.catalogue.values()];
    const types = [...new Set(cards.map((card) => card.type))];
    return {
      on: Object.fromEntries(table.standing_vocabulary.kinds.map((kind) => [kind, xi.WINDOW_KINDS[kind] || kind])),
      declarer: { "": "anyone", ...others },
      card: { "": "any card", ...Object.fromEntries(cards.map((card) => [card.id, card.name])) },
      attacker_type: { "": "any type", ...Object.fromEntries(types.map((type) => [type, type])) },
      target: { "": "anything", me: "you", ...mine },
      play: Object.fromEntries(cards.filter((card) => card.cost && card.cost.pt !== undefined).map((card) => [card.id, `play ${card.name} (${xi.costWords(card.cost)})`])),
    };
  }

  /* A rule from the form's fields: the filters chosen, the answer, its target and `once`. */
  function built(fields) {
    const rule = { on: fields.on };
    if (fields.declarer !== "") rule.declarer = Number(fields.declarer);
    for (const key of ["card", "attacker_type", "target"]) if (fields[key] !== "") rule[key] = fields[key];
    rule.play = fields.play;
    if (fields.with !== "") rule.with = { target: fields.with };
    if (fields.once) rule.once = true;
    return rule;
  }

  function newRuleForm(shown, rules) {
    const choices = ruleChoices(shown);
    const answers = Object.keys(choices.play);
    if (!answers.length) return h("p", { class: "hint" }, "No card of the catalogue costs pT: nothing can answer a window.");
    const fields = state.rule || (state.rule = { on: "skirmish", declarer: "", card: "", attacker_type: "", target: "", play: answers[0], with: "", once: false });
    const set = (key) => (value) => { fields[key] = value; };
    const once = h("input", { type: "checkbox", id: "xi-rule-once", checked: fields.once });
    once.addEventListener("change", () => { fields.once = once.checked; });
    const add = h("button", { type: "button", id: "xi-rule-add" }, "Add the rule");
    add.onclick = () => {
      rules.when.push(built(fields));
      state.draft = rules;
      redraw();
    };
    return h("fieldset", { class: "xi-new-rule" }, h("legend", {}, "A new rule: when…"),
      select("xi-rule-on", "the window", choices.on, fields.on, set("on")),
      select("xi-rule-declarer", "declared by", choices.declarer, fields.declarer, set("declarer")),
      select("xi-rule-card", "with the card", choices.card, fields.card, set("card")),
      select("xi-rule-type", "attacker's type (skirmish)", choices.attacker_type, fields.attacker_type, set("attacker_type")),
      select("xi-rule-target", "aimed at", choices.target, fields.target, set("target")),
      select("xi-rule-play", "then", choices.play, fields.play, set("play")),
      select("xi-rule-with", "on", WITH, fields.with, set("with")),
      h("label", { for: "xi-rule-once", class: "xi-check" }, once, " once only"),
      add);
  }

  function ruleList(shown, rules, editing) {
    if (!rules.when.length) return h("p", { class: "xi-none" }, "No conditional answers.");
    return h("ol", { class: "xi-rules" }, rules.when.map((rule, index) => {
      const remove = editing ? h("button", { type: "button", class: "link", "aria-label": `remove rule ${index + 1}` }, "remove") : null;
      if (remove) remove.onclick = () => {
        rules.when.splice(index, 1);
        state.draft = rules;
        redraw();
      };
      return h("li", { class: rule.inert ? "inert" : "" }, xi.rule(shown, rule),
        rule.inert ? h("span", { class: "xi-inert" }, " (inert: it names a unit no longer in play)") : null, remove ? " " : null, remove);
    }));
  }

  function kindsPart(shown, rules, editing) {
    const vocabulary = shown.table.standing_vocabulary;
    return h("ul", { class: "xi-kinds" }, vocabulary.kinds.map((kind) => {
      const answer = rules.kinds[kind] || "ask";
      const words = `When ${xi.WINDOW_KINDS[kind] || kind}`;
      if (!editing) return h("li", { dataset: { kind } }, `${words}: ${answer === "pass" ? "pass" : "ask me"}`);
      const options = Object.fromEntries(vocabulary.answers.map((each) => [each, each === "ask" ? "ask me" : each]));
      return h("li", { dataset: { kind } }, select(`xi-kind-${kind}`, words, options, answer, (value) => {
        rules.kinds[kind] = value;
        state.draft = rules;
        redraw();
      }));
    }));
  }

  function editor(shown, play) {
    const table = shown.table;
    const editing = Boolean(play);
    const rules = editing && state.draft ? state.draft : current(table);
    const box = h("details", { class: "xi-standing", id: editing ? "xi-standing" : null, open: state.open });
    const head = h("summary", {}, "Your standing rules for windows", state.draft && editing ? " (unsaved changes)" : "");
    // The toggle a click causes comes a moment after it: a table redrawn in between opens as asked.
    head.addEventListener("click", () => { state.open = !box.open; });
    box.addEventListener("toggle", () => { state.open = box.open; });
    const parts = [head,
      h("p", { class: "xi-hint" }, "They answer your windows without asking you, in order; the other seats never see them."),
      h("p", { class: "xi-hint" }, rules.pass_when_unable
        ? "A window you hold nothing to answer passes by itself (the switch above the editor)."
        : "A window you hold nothing to answer waits for you (the switch above the editor)."),
      h("h3", {}, "Each kind of window"), kindsPart(shown, rules, editing),
      h("h3", {}, "Conditional answers, tried first"), ruleList(shown, rules, editing)];
    if (editing) {
      const save = h("button", { type: "button", id: "xi-standing-save", disabled: !state.draft }, "Save the standing rules");
      save.onclick = async () => {
        const sent = state.draft;
        state.draft = null; // the table drawn once the game took them shows them saved
        if (!(await play.act(action(sent)))) {
          state.draft = sent;
          redraw();
        }
      };
      const undo = h("button", { type: "button", id: "xi-standing-undo", disabled: !state.draft }, "Undo the changes");
      undo.onclick = () => { state.draft = null; redraw(); };
      parts.push(newRuleForm(shown, rules), h("p", { class: "xi-buttons" }, save, " ", undo));
    }
    box.append(...parts);
    return box;
  }

  /* The editor drawn again in place, on the table last drawn, the focus where it was. */
  function redraw() {
    xi.keepingFocus(() => {
      const box = document.getElementById("xi-standing");
      if (box && state.last) box.replaceWith(editor(state.last.shown, state.last.play));
    });
  }

  /* The switch for the standing rule a new table starts with (xi.house.pass-when-unable), on the
     table itself: it saves the rules in force with the switch turned, at once. */
  xi.unableSwitch = function (shown, play) {
    const table = shown.table;
    if (table.viewer === null || table.viewer === undefined || table.hand === null || table.phase === "over") return null;
    const rules = current(table);
    const box = h("input", { type: "checkbox", id: "xi-pass-when-unable", checked: rules.pass_when_unable, disabled: !play });
    if (play) box.addEventListener("change", async () => {
      box.disabled = true;
      if (!(await play.act(action({ ...rules, pass_when_unable: box.checked })))) box.checked = rules.pass_when_unable;
      box.disabled = false;
    });
    return h("p", { class: "xi-unable" }, h("label", { for: "xi-pass-when-unable", class: "xi-check" }, box,
      " Pass my windows when I hold nothing that can answer"),
    h("span", { class: "xi-hint" }, " (recorded as your own pass, like one by hand)"));
  };

  /* The editor of the viewer's own seat, or nothing for a spectator and once the game is over. */
  xi.standingEditor = function (shown, play) {
    const table = shown.table;
    if (table.viewer === null || table.viewer === undefined || table.hand === null || table.phase === "over") return null;
    if (play) state.last = { shown, play };
    return editor(shown, play);
  };
})(window.ChronicleXi);
