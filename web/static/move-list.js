/* The move list: the game as turns and decisions beside its single steps, as a chess site's list
   of moves. The replay's list of steps (GET /replay, a page at a time) names, for each step, the
   decision it came from and the turn the table is in; a decision's steps are one entry, which
   shows the table after its last step, and the entry of the step on show is marked.

   Pages of the list are read as the steps on show need them (the page of the step, and those
   either side), so a game of any length costs a few pages. The viewer makes one with
   ChronicleMoveList.create({ call, goTo, seatName, judged }) and calls show(step, last) whenever a
   step is drawn; the navigation answers the step to go to, or null where there is none. judged(n)
   gives the analysis's mark of the decision taken on step n (an element beside its entry), or null. */
"use strict";
window.ChronicleMoveList = {
  create({ call, goTo, seatName, judged = () => null }) {
    const PAGE = 500; // steps a page of the list asks for: the API's largest page
    const RIVALS = { "li-mu": "Li Mu", bot: "the Bot" }; // the turns the rules play, by whose they are
    const $ = (id) => document.getElementById(id);
    const steps = new Map(); // step number -> its summary
    const pages = new Map(); // page number -> the last step it was asked for, and its reading

    function pageOf(step) {
      return Math.floor((step - 1) / PAGE);
    }

    /* A page of the list, read again when the game has grown into it since (a live game). */
    function read(page, last) {
      const end = Math.min(last, (page + 1) * PAGE);
      const had = pages.get(page);
      if (had && had.end >= end) return had.reading;
      const reading = call(`/replay?after=${page * PAGE}&limit=${PAGE}`).then((answer) => {
        for (const step of answer.steps) steps.set(step.step, step);
      });
      pages.set(page, { end, reading });
      reading.catch(() => {
        if (pages.get(page) && pages.get(page).reading === reading) pages.delete(page); // asked again next time
      });
      return reading;
    }

    /* The pages around `step`, and the page of the last step (a live game's newest moves). */
    async function readAround(step, last) {
      const wanted = new Set([pageOf(step) - 1, pageOf(step), pageOf(step) + 1]);
      await Promise.all([...wanted].filter((page) => page >= 0 && page * PAGE < last).map((page) => read(page, last)));
    }

    /* The loaded steps as runs: turns, each of decisions, each of consecutive steps. A decision
       belongs to the turn it was taken in (the turn of the step before it), though its last
       event may begin the next. */
    function groups() {
      const runs = [];
      for (const number of [...steps.keys()].sort((a, b) => a - b)) {
        const step = steps.get(number);
        const key = step.decision ? `d${step.decision.decided_on}` : "opening";
        const run = runs[runs.length - 1];
        const line = { text: step.description, bookkeeping: Boolean(step.bookkeeping) };
        if (run && run.key === key && run.last === number - 1) {
          run.last = number;
          run.lines.push(line);
        } else {
          const before = steps.get(number - 1);
          const turn = (step.decision && before ? before : step).turn;
          runs.push({ key, first: number, last: number, turn, lines: [line], decidedOn: step.decision ? step.decision.decided_on : null });
        }
      }
      const turns = [];
      for (const run of runs) {
        const turn = turns[turns.length - 1];
        if (turn && turn.number === run.turn.number && turn.last === run.first - 1) {
          turn.decisions.push(run);
          turn.last = run.last;
        } else {
          turns.push({ number: run.turn.number, seat: run.turn.seat, rival: run.turn.rival, last: run.last, decisions: [run] });
        }
      }
      return turns;
    }

    function decisions() {
      return groups().flatMap((turn) => turn.decisions);
    }

    function turnTitle(turn) {
      if (!turn.number) return "Opening";
      const whose = turn.seat === null || turn.seat === undefined ? RIVALS[turn.rival] || turn.rival : seatName(turn.seat);
      return `Turn ${turn.number}${whose ? ` · ${whose}` : ""}`;
    }

    /* A decision's entry: a line for each of its steps but bookkeeping (a refill, a turn passing,
       a shuffle: the game says which), which alone is folded as "(and N more steps)". A
       decision of bookkeeping only shows its first line. */
    function entry(decision, current) {
      const told = decision.lines.filter((line) => !line.bookkeeping);
      const shown = told.length ? told : decision.lines.slice(0, 1);
      const more = decision.lines.length - shown.length;
      const lines = shown.map((line, index) => h("span", { class: "move-line" },
        line.text + (more && index === shown.length - 1 ? ` (and ${more} more step${more === 1 ? "" : "s"})` : "")));
      const span = decision.first === decision.last ? `step ${decision.first}` : `steps ${decision.first}–${decision.last}`;
      const button = h("button", {
        type: "button", class: "move", title: `${decision.lines.map((line) => line.text).join(". ")} (${span})`,
        dataset: { first: decision.first, last: decision.last, folded: more },
      }, ...lines);
      const mark = decision.decidedOn === null ? null : judged(decision.decidedOn);
      if (mark) lines[lines.length - 1].append(mark); // at the end of its entry's last line, as a chess list's "??"
      if (mark) button.dataset.mark = mark.dataset.mark;
      if (current) button.setAttribute("aria-current", "step");
      button.onclick = () => goTo(decision.last);
      return h("li", {}, button);
    }

    function draw(step) {
      const list = $("moves");
      list.replaceChildren(...groups().map((turn) => h("li", { class: "turn", dataset: { turn: turn.number } },
        h("span", { class: "turn-title" }, turnTitle(turn)),
        h("ol", { class: "decisions" }, turn.decisions.map((decision) => entry(decision, decision.first <= step && step <= decision.last))))));
      const current = list.querySelector("[aria-current='step']");
      if (current) { // into the list's view, without scrolling the page away from the table
        const top = current.offsetTop;
        if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
          list.scrollTop = top - list.clientHeight / 2;
        }
      }
      list.dataset.step = step;
    }

    async function show(step, last) {
      await readAround(step, last);
      draw(step);
    }

    /* ---- navigation: the step to go to, or null ---- */

    async function nextDecision(step, last) {
      await readAround(step, last);
      const next = decisions().find((decision) => decision.last > step);
      return next ? next.last : null;
    }

    async function previousDecision(step, last) {
      await readAround(step, last);
      const earlier = decisions().filter((decision) => decision.last < step);
      return earlier.length ? earlier[earlier.length - 1].last : null;
    }

    /* The first step of the next turn: the table as that turn begins. */
    async function nextTurn(step, last) {
      await readAround(step, last);
      const now = steps.get(step);
      const later = [...steps.values()].filter((other) => other.step > step && now && other.turn.number > now.turn.number);
      return later.length ? Math.min(...later.map((other) => other.step)) : null;
    }

    /* The first step of this turn, or of the one before when already there. */
    async function previousTurn(step, last) {
      await readAround(step, last);
      const now = steps.get(step);
      if (!now) return null;
      const starts = [];
      for (const other of [...steps.values()].sort((a, b) => a.step - b.step)) {
        const before = steps.get(other.step - 1);
        if (!before || before.turn.number !== other.turn.number) starts.push(other.step);
      }
      const earlier = starts.filter((start) => start < step);
      return earlier.length ? earlier[earlier.length - 1] : null;
    }

    /* The lines of the steps on show: the decision of `step`, from its first step to `step`,
       bookkeeping left out but for `step` itself. Empty while its page is not read yet. */
    function linesUpTo(step) {
      const decision = decisions().find((run) => run.first <= step && step <= run.last);
      if (!decision) return [];
      return decision.lines.slice(0, step - decision.first + 1)
        .filter((line, index, shown) => !line.bookkeeping || index === shown.length - 1)
        .map((line) => line.text);
    }

    return { show, nextDecision, previousDecision, nextTurn, previousTurn, linesUpTo };
  },
};
