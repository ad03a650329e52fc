/* What if…: beside a step's decision, the other legal actions of that decision; asking one shows
   what the rules would have done instead (POST /api/games/{id}/what-if), with the table after it
   drawn by the game's own script, and offers to fork the game there to play it on.

   A step shows the decision behind it, taken on the table of an earlier step (its
   decided_on_version): that is the step asked about. Every answer is kept with the game's
   disputes; the replay step lists the ones asked about its decision (`what_ifs`), under the
   disputes. The viewer makes one with ChronicleWhatIf.create({...}) and calls control(step) in
   its decision panel and record(step) in its disputes box. */
"use strict";
window.ChronicleWhatIf = {
  create({ call, drawer, words: actionWords, problemText, asked }) {
    const $ = (id) => document.getElementById(id);
    const state = {
      open: false, // the control stays open from one step to the next
      decidedOn: null, // the decision step of the control on show
      answer: null, // the answer on show, and the table it was asked on
    };

    function same(one, other) {
      return JSON.stringify(one) === JSON.stringify(other);
    }

    function seatName(shown, seat) {
      const record = shown && shown.seats && shown.seats[seat];
      return record ? record.name : `seat ${seat}`;
    }

    /* ---- the control, in the decision panel ---- */

    function control(step) {
      const decision = step.explanation.decision;
      const decidedOn = decision && decision.action && decision.legal_actions ? decision.decided_on_version : null;
      if (state.decidedOn !== decidedOn) hideAnswer(); // an answer stays on show through its decision's steps
      state.decidedOn = decidedOn;
      if (decidedOn === null) return null; // the deal, or a decision this viewer may not see
      const select = h("select", { id: "what-if-action", name: "action", disabled: true },
        h("option", {}, "loading the actions…"));
      const ask = h("button", { type: "submit", id: "what-if-ask", disabled: true }, "Ask");
      const error = h("p", { id: "what-if-error", class: "problem", role: "alert", hidden: true });
      const form = h("form", { id: "what-if-form", class: "what-if-form" },
        h("label", { for: "what-if-action" }, `Another action at step ${decidedOn}`), select, ask);
      const box = h("details", { class: "what-if", id: "what-if", dataset: { decidedOn }, open: state.open },
        h("summary", {}, "What if…"),
        h("p", { class: "hint" }, "What the rules would have done had another legal action been taken here."),
        form, error);
      let filled = false;
      const fill = async () => {
        if (filled) return;
        filled = true;
        const label = await actionWords.labeller(decidedOn);
        const legal = decision.legal_actions;
        const words = legal.map(label);
        const twice = new Set(words.filter((word, index) => words.indexOf(word) !== index));
        select.replaceChildren(...legal.map((action, index) => {
          const taken = same(action, decision.action);
          const text = (twice.has(words[index]) ? `${words[index]} (${actionWords.plain(action)})` : words[index]) + (taken ? " (taken)" : "");
          return h("option", { value: index, dataset: taken ? { action: JSON.stringify(action), taken: "true" } : { action: JSON.stringify(action) } }, text);
        }));
        const other = legal.findIndex((action) => !same(action, decision.action));
        select.selectedIndex = Math.max(0, other);
        select.disabled = ask.disabled = false;
        box.dataset.ready = "true";
      };
      box.addEventListener("toggle", () => {
        state.open = box.open;
        if (box.open) fill();
      });
      if (state.open) fill();
      form.onsubmit = async (event) => {
        event.preventDefault();
        const action = decision.legal_actions[Number(select.value)];
        ask.disabled = true;
        error.hidden = true;
        try {
          const answer = await call("/what-if", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ step: decidedOn, action }),
          });
          asked(answer);
          await showAnswer(answer, step.table);
        } catch (refused) {
          error.textContent = `The question could not be asked: ${problemText(refused)}`;
          error.hidden = false;
        } finally {
          ask.disabled = false;
        }
      };
      return box;
    }

    /* ---- the answer, under the table ---- */

    function hideAnswer() {
      state.answer = null;
      const panel = $("what-if-answer");
      panel.hidden = true;
      $("what-if-body").replaceChildren();
    }

    async function showAnswer(answer, shown) {
      const panel = $("what-if-answer");
      const label = await actionWords.labeller(answer.step);
      state.answer = answer;
      const who = seatName(shown, answer.seat);
      const parts = [
        h("p", { class: "what-if-question" }, `Had ${who} chosen “${label(answer.action)}” on step ${answer.step}`,
          answer.same_as_taken ? ", the action the game took:" : ` instead of “${label(answer.taken)}” (the action taken):`),
      ];
      if (!answer.legal) {
        const rule = answer.refused.rule || {};
        parts.push(h("div", { class: "what-if-refused problem", id: "what-if-refused" },
          h("p", {}, `The rules refuse it: ${answer.refused.reason}`),
          h("p", { class: "rule" }, "rule ", h("code", {}, rule.id || "?"), rule.section ? ` (${rule.section})` : "",
            rule.text ? h("br") : null, rule.text || "")));
      } else if (answer.withheld) {
        parts.push(h("p", { class: "what-if-legal" }, "It was legal."),
          h("p", { class: "hint withheld", id: "what-if-withheld" }, `What follows is withheld: ${answer.withheld}.`));
      } else {
        parts.push(h("p", { class: "what-if-legal" }, "It was legal. The rules would have recorded:"),
          h("ol", { class: "what-if-events", id: "what-if-events" }, answer.events.map((event) => h("li", {}, event.description))));
        if (answer.rules && answer.rules.length) {
          parts.push(h("p", { class: "hint" }, "Rules: ", answer.rules.map((rule) => h("code", { title: rule.text || "" }, rule.id))
            .flatMap((code, i) => (i ? [", ", code] : [code]))));
        }
        const next = answer.outcome ? `The game would have ended there${answer.outcome.reason ? `: ${answer.outcome.reason}` : ""}.`
          : answer.to_act ? `Then ${answer.to_act.name} to decide.` : "";
        if (next) parts.push(h("p", { class: "what-if-next" }, next));
        const table = h("section", { class: "table what-if-table", id: "what-if-table", "aria-label": "The table after it" });
        drawer.render(table, Object.assign({}, shown, { table: answer.table, to_act: answer.to_act, outcome: answer.outcome }));
        for (const element of table.querySelectorAll("[data-key], [tabindex], [role]")) {
          element.removeAttribute("data-key"); // a picture of a table that never was: nothing to click
          element.removeAttribute("tabindex");
          element.removeAttribute("role");
        }
        parts.push(h("h3", {}, "The table after it"), table);
      }
      parts.push(forkPart(answer, shown));
      $("what-if-body").replaceChildren(...parts);
      panel.dataset.number = answer.number;
      panel.hidden = false;
      $("what-if-heading").focus();
    }

    function forkPart(answer, shown) {
      if (answer.fork_refused) return h("p", { class: "hint" }, `This step cannot be forked: ${answer.fork_refused}.`);
      if (!answer.fork) return null;
      const who = seatName(shown, answer.seat);
      const button = h("button", { type: "button", id: "what-if-fork" }, "Fork here and play it");
      const error = h("p", { class: "problem", role: "alert", hidden: true });
      button.onclick = async () => {
        button.disabled = true;
        error.hidden = true;
        try {
          const created = await call(`/fork?at=${answer.fork.at}`, { method: "POST" });
          const seat = (created.tokens || []).find((token) => token.seat === answer.seat);
          location.assign(`/games/${created.id}${seat ? `#token=${encodeURIComponent(seat.token)}` : ""}`);
        } catch (refused) {
          error.textContent = `The game could not be forked: ${problemText(refused)}`;
          error.hidden = false;
          button.disabled = false;
        }
      };
      const bot = shown && shown.seats && shown.seats[answer.seat] && shown.seats[answer.seat].bot;
      const whose = bot ? `${who} is the ${bot} bot there too, and plays on by itself` : `${who}'s seat is yours there, to play it`;
      return h("div", { class: "what-if-fork" },
        h("p", { class: "hint" }, `A sandbox game from step ${answer.fork.at}, with the same seats: ${whose}.`),
        button, error);
    }

    /* ---- the what-ifs asked about a step's decision, under its disputes ---- */

    function answerLine(answer) {
      if (!answer.legal) return `refused by ${answer.refused.rule ? answer.refused.rule.id : "the rules"}: ${answer.refused.reason}`;
      if (answer.withheld) return "legal; what follows is withheld until the game is over";
      const events = answer.events.map((event) => event.description).join("; ");
      return `legal${answer.same_as_taken ? " (the action taken)" : ""}: ${events || "nothing would have happened"}`;
    }

    function record(step) {
      const kept = step.what_ifs || [];
      if (!kept.length) return [];
      const decidedOn = kept[0].step;
      const list = h("ul", { class: "what-ifs", id: "what-ifs" });
      const draw = (label) => {
        list.replaceChildren(...kept.map((answer) => {
          const who = answer.asked_by === null || answer.asked_by === undefined ? "a spectator" : seatName(step.table, answer.asked_by);
          const show = h("button", { type: "button", class: "link show-what-if", "aria-label": `show what-if ${answer.number}` }, "show");
          show.onclick = () => showAnswer(answer, step.table);
          return h("li", { class: "what-if-asked", dataset: { number: answer.number } },
            h("b", {}, label(answer.action)), ` — ${answerLine(answer)} `, h("span", { class: "hint" }, `(asked by ${who}) `), show);
        }));
      };
      draw(actionWords.plain); // at once, then in the words of the table the decision was taken on
      actionWords.labeller(decidedOn).then(draw);
      const total = Math.max(step.what_ifs_total || 0, kept.length); // the step carries the first few
      const more = total > kept.length ? [h("p", { class: "hint" }, `and ${total - kept.length} more, listed with the game's disputes`)] : [];
      return [h("h3", {}, `What-ifs asked (${total})`), list, ...more];
    }

    $("what-if-close").onclick = () => {
      hideAnswer();
      const ask = $("what-if-ask");
      if (ask) ask.focus();
    };
    return { control, record, hideAnswer };
  },
};
