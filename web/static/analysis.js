/* The analysis of a game in the viewer (GET/POST /api/games/{id}/analysis): on a finished game, or
   a sandbox game or fork, a button that asks for one and its progress while the workers judge the
   decisions; then the chart of each player's expected result under the table
   (analysis-chart.js), the marks on the move list (?! an inaccuracy, ? a mistake, ?? a blunder),
   "Best was …" beside the step where another action was preferred, with that action outlined on
   the table where the game's table can show it, and each player's accuracy on the result.

   Each decision is judged from what its player could see then, never from the hidden truth; an
   entry's `step` is the step whose table the decision was taken on (the move list's decided_on).
   The viewer makes one with ChronicleAnalysis.create(page) and calls refresh(game) whenever the
   game is drawn, drawStep(step) whenever a step is, and heard(message) for the stream's
   `analysis` messages. */
"use strict";
window.ChronicleAnalysis = {
  create(page) {
    const { view, drawer, $, call, problemText } = page;
    const POLL_MS = 1000; // the analysis read again while it runs, where no stream tells of it
    const STREAMED_POLL_MS = 5000; // and where the game's stream does, in case a message is missed
    const STRENGTHS = [[1, "quick"], [2, "light"], [3, "normal"], [4, "deep"], [5, "deepest"]];
    const MARKS = {
      inaccuracy: { sign: "?!", words: "an inaccuracy" },
      mistake: { sign: "?", words: "a mistake" },
      blunder: { sign: "??", words: "a blunder" },
    };
    const state = {
      gameId: null, // the game whose analysis is on show
      status: null, // and its status then
      analysis: null, // the last answer of GET /analysis, or null when none was asked for
      byStep: new Map(), // a decision's step -> its entry
      strength: null, // the strength asked for on this page, so its analysis is the one read
      polling: null,
      listening: false, // the game's stream is open for the analysis's progress
      drawn: null, // the number of decisions the chart and the marks were drawn with
    };

    /* ---- words ---- */

    function percent(value) {
      return `${Math.round(value * 100)}%`;
    }

    /* A seat alone plays for its score: the analysis counts it in the game's points ("7.5 points"). */
    function score(value) {
      const rounded = Math.round(value * 10) / 10;
      return `${rounded} ${state.analysis.unit || "points"}`;
    }

    /* An expected result in words: "62% to win", or "expected score 7.5 points". */
    function worded(value) {
      if (!state.analysis || state.analysis.measure === "win_chance") return `${percent(value)} to win`;
      return `expected score ${score(value)}`;
    }

    /* From one expected result to another: "62% to win → 40%", "expected score 7 points → -6 points". */
    function change(before, after) {
      if (state.analysis.measure === "win_chance") return `${percent(before)} to win → ${percent(after)}`;
      return `expected score ${score(before)} → ${score(after)}`;
    }

    function preferred(entry) {
      return entry.loss > 0 && JSON.stringify(entry.best) !== JSON.stringify(entry.played);
    }

    /* ---- asking for it, and its progress ---- */

    /* Never a game still running with people in it: no one uses the analysis as help mid-game. */
    function analysable(game) {
      return game.status === "finished" || Boolean(game.sandbox) || game.seats.every((seat) => seat.bot);
    }

    async function refresh(game) {
      const panel = $("analysis");
      if (!analysable(game)) {
        panel.hidden = true;
        return;
      }
      panel.hidden = false;
      if (state.gameId === game.id && state.status === game.status) return;
      state.gameId = game.id;
      state.status = game.status; // a game's end shows every seat's entries: read again
      await read();
    }

    /* The analysis at the strength on show; on opening the page, the deepest there is (done first,
       else the one running), which GET /analysis without a strength answers: one is kept per
       strength asked for. */
    async function read() {
      const query = state.strength ? `?strength=${state.strength}` : "";
      let answer;
      try {
        answer = await call(`/analysis${query}`)
          .catch((error) => { if (error.status === 404) return null; throw error; });
      } catch (error) {
        $("analysis-status").textContent = `The analysis could not be read: ${problemText(error)}`;
        return;
      }
      if (!answer) return offer();
      state.strength = answer.bot.strength;
      take(answer);
    }

    function offer() {
      const select = h("select", { id: "analysis-strength", name: "strength" },
        STRENGTHS.map(([value, words]) => h("option", { value, selected: value === 3 }, `${words} (${value})`)));
      const form = h("form", { id: "analysis-form", class: "analysis-form" },
        h("label", { for: "analysis-strength" }, "Depth"), select,
        h("button", { type: "submit", id: "analyse" }, "Analyse this game"));
      form.onsubmit = async (event) => {
        event.preventDefault();
        const strength = Number(select.value);
        $("analyse").disabled = true;
        $("analysis-status").textContent = "Asking for the analysis…";
        try {
          const answer = await call("/analysis", {
            method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ strength }),
          });
          state.strength = strength;
          $("analysis-request").replaceChildren();
          take(answer);
        } catch (error) {
          $("analysis-status").textContent = `The analysis could not be started: ${problemText(error)}`;
          $("analyse").disabled = false;
        }
      };
      $("analysis-request").replaceChildren(
        h("p", { class: "hint" }, "The analysis judges every decision from what its player could see at the time, ",
          "by playing the game on many times from there; deeper takes longer."), form);
      $("analysis-status").textContent = "";
      $("analysis").dataset.status = "none";
    }

    /* A sandbox game plays on after its analysis: asking again judges the decisions taken since,
       appended to the same analysis. */
    function offerMore() {
      const more = h("button", { type: "button", id: "analyse-more" }, "Analyse the moves since");
      more.onclick = async () => {
        more.disabled = true;
        try {
          take(await call("/analysis", {
            method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ strength: state.strength }),
          }));
        } catch (error) {
          $("analysis-status").textContent = `The analysis could not be asked for again: ${problemText(error)}`;
          more.disabled = false;
        }
      };
      $("analysis-request").replaceChildren(more);
    }

    /* An answer of GET or POST /analysis: drawn, and read again until it is done. */
    function take(answer) {
      state.analysis = answer;
      state.byStep = new Map(answer.decisions.map((entry) => [entry.step, entry]));
      $("analysis").dataset.status = answer.status;
      $("analysis-request").replaceChildren();
      const bot = answer.bot ? ` by the ${answer.bot.name} bot at strength ${answer.bot.strength}` : "";
      if (answer.status === "done") {
        const scale = answer.measure === "expected_score" ? ` A player alone plays for their score: its expected result is counted in ${answer.unit || "points"}, higher is better.` : "";
        const withheld = answer.withheld ? ` The other players' ${answer.withheld === 1 ? "decision is" : `${answer.withheld} decisions are`} withheld until the game is over.` : "";
        $("analysis-status").textContent = `Every decision judged${bot}, from what its player could see.${scale}${withheld}`;
        $("analysis-progress").hidden = true;
        if (view.game.status !== "finished") offerMore();
      } else {
        const done = Math.round(answer.progress * 100);
        $("analysis-status").textContent = answer.status === "queued" ? "The analysis is about to start…"
          : `Analysing: ${done}% of the decisions judged${bot}.`;
        $("analysis-progress").hidden = false;
        $("analysis-progress").value = answer.progress;
        clearTimeout(state.polling);
        state.polling = setTimeout(read, state.listening || view.game.status === "running" ? STREAMED_POLL_MS : POLL_MS);
        if (view.game.status === "finished") listen();
      }
      if (state.drawn !== answer.decisions.length || answer.status === "done") draw();
    }

    /* A finished game's stream stays open while an analysis of it runs, and tells of its progress
       (a running game's is followed by live-follow.js, which hands its `analysis` messages here).
       Opened without a version seen, it starts with the game's view, which is left alone. */
    async function listen() {
      if (state.listening) return;
      state.listening = true;
      try {
        const headers = view.token ? { Authorization: `Bearer ${view.token}` } : {};
        await ChronicleEventStream.read(`${page.api}/stream`, headers, (message) => {
          if (message.event === "analysis") heard(JSON.parse(message.data));
        });
      } catch (error) {
        console.warn("the analysis's progress on the stream:", error.message); // read again all the same
      } finally {
        state.listening = false;
      }
    }

    /* The stream's news of the game's analysis: read it whole again. */
    function heard(message) {
      if (!state.analysis || (message.strength && message.strength !== state.strength)) return; // another depth's
      if (message.status === state.analysis.status && message.progress === state.analysis.progress) return;
      clearTimeout(state.polling);
      read();
    }

    /* ---- the chart, the move list, the step on show and the result ---- */

    function draw() {
      const analysis = state.analysis;
      state.drawn = analysis.decisions.length;
      const box = $("analysis-chart");
      if (analysis.chart.length) {
        const focused = box.contains(document.activeElement);
        ChronicleAnalysisChart.draw(box, { analysis, seats: view.game.seats, last: page.lastStep(), step: view.step,
          goTo: page.steps.goTo, words: worded });
        if (focused) box.querySelector("[tabindex='0']").focus();
        box.dataset.drawn = analysis.status;
      }
      drawAccuracies();
      page.moveList.show(view.step, page.lastStep()).catch((error) => console.warn("the move list:", error.message));
      if (view.shown) drawStep(view.shown);
    }

    /* A move list entry's mark, by the step its decision was taken on: null where there is none. */
    function judgement(decidedOn) {
      const entry = state.byStep.get(decidedOn);
      if (!entry || !entry.mark) return null;
      const mark = MARKS[entry.mark];
      const words = `${mark.words}: best was “${entry.best_words}”`;
      return h("span", { class: `judgement ${entry.mark}`, title: words, dataset: { mark: entry.mark } },
        h("span", { "aria-hidden": "true" }, ` ${mark.sign}`), h("span", { class: "visually-hidden" }, ` (${words})`));
    }

    /* What the analysis says of a decision, in sentences; `here`: shown on the table it was taken on. */
    function sentences(entry, here) {
      const who = entry.seat_name;
      const mark = entry.mark ? `, ${MARKS[entry.mark].words}` : "";
      if (!preferred(entry)) {
        return [h("p", {}, `${here ? `${who} decides here. ` : ""}The analysis agrees with “${entry.played_words}”: `,
          `${change(entry.expected_before, entry.played_expected)}.`)];
      }
      return [
        h("p", { class: "best" }, h("b", {}, `Best was “${entry.best_words}”`), ` (${worded(entry.best_expected)}).`),
        h("p", { class: "played" }, `${here ? `${who} decides here and played` : `${who} played`} “${entry.played_words}”${mark}: `,
          `${change(entry.expected_before, entry.played_expected)}.`),
      ];
    }

    /* The preferred action outlined on the table of the step it was decided on, where the game's
       table has something to click for it; true if it has. */
    function outline(entry) {
      const table = $("table");
      for (const element of table.querySelectorAll(".best-action")) element.classList.remove("best-action");
      if (!entry || !preferred(entry) || !view.shown) return false;
      let keys = [];
      try {
        keys = drawer.keys(entry.best, view.shown.table) || [];
      } catch (error) {
        keys = []; // an action this table cannot show: the words say it
      }
      let found = false;
      for (const element of table.querySelectorAll("[data-key]")) {
        if (keys.includes(element.dataset.key)) {
          element.classList.add("best-action");
          found = true;
        }
      }
      return found;
    }

    function drawStep(step) {
      const box = $("step-analysis");
      if (!state.analysis) {
        box.replaceChildren();
        return;
      }
      ChronicleAnalysisChart.now($("analysis-chart"), step.step);
      const here = state.byStep.get(step.step); // the decision taken on this step's table
      const decision = step.explanation.decision;
      const behind = decision && decision.decided_on_version !== undefined ? state.byStep.get(decision.decided_on_version) : null;
      const parts = [];
      if (behind && behind !== here) { // the decision told above, in #decision
        const look = h("button", { type: "button", class: "link", id: "analysis-look" }, `see it on the table of step ${behind.step}`);
        look.onclick = () => page.steps.goTo(behind.step);
        parts.push(h("section", { class: "analysed behind", "aria-label": "The analysis of the decision behind this step" },
          h("h3", {}, "Analysis of this decision"), ...sentences(behind, false), preferred(behind) ? h("p", {}, look) : null));
      }
      if (here) {
        const shown = outline(here);
        parts.push(h("section", { class: "analysed here", "aria-label": "The analysis of the decision taken here" },
          h("h3", {}, `Analysis: ${here.seat_name}'s decision`), ...sentences(here, true),
          shown ? h("p", { class: "hint" }, "The best action is outlined on the table.") : null));
      } else outline(null);
      box.replaceChildren(...parts);
      box.dataset.step = step.step;
    }

    /* Each player's accuracy and marks, under the result (the game's analysis, once done). */
    function drawAccuracies() {
      const out = $("result-analysis");
      const analysis = state.analysis;
      if (!analysis || analysis.status !== "done") {
        out.replaceChildren();
        return;
      }
      const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
      const line = (seat) => (seat.accuracy === null || seat.accuracy === undefined
        ? ": no decision with a choice to judge"
        : `: accuracy ${seat.accuracy.toFixed(1)}%; ${count(seat.inaccuracies, "inaccuracy", "inaccuracies")}, ` +
          `${count(seat.mistakes, "mistake", "mistakes")}, ${count(seat.blunders, "blunder", "blunders")}`);
      out.replaceChildren(h("h3", {}, "Accuracy"), h("ul", { class: "accuracies" }, analysis.seats.map((seat) =>
        h("li", { dataset: { seat: seat.seat } }, h("b", {}, seat.name), line(seat)))));
    }

    return { refresh, heard, drawStep, judgement };
  },
};
