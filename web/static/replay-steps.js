/* Stepping through a replay: each step fetched once (GET /api/games/{id}/replay/{n}) and kept,
   the step on show drawn with its table and what it explains (step-explained.js), the step in the
   address (?step=n), and the controls: first, back, forward, last, the slider, play and pause at
   a chosen speed, by decision and by turn (the move list's), and their keys. The viewer
   (viewer.js) makes one with ChronicleReplaySteps.create(page). */
"use strict";
window.ChronicleReplaySteps = {
  create(page) {
    const { root, view, drawer, $, call, lastStep } = page;
    const CACHED_STEPS = 300;

    async function stepAt(n) {
      if (view.cache.has(n)) return view.cache.get(n);
      const step = await call(`/replay/${n}`);
      if (view.cache.size >= CACHED_STEPS) view.cache.delete(view.cache.keys().next().value);
      view.cache.set(n, step);
      return step;
    }

    function clamp(n) {
      return Math.min(Math.max(1, n), lastStep());
    }

    async function show(n) {
      n = clamp(n);
      view.wanted = n;
      const step = await stepAt(n);
      if (view.wanted !== n) return; // a later ask overtook this one
      // The step already on show (the stream's news of a move this page has just drawn) is not drawn
      // again: the table stays the one under the player's finger, only its marks brought up to date.
      const again = view.drawn === step && view.drawnPlaying === page.seat.playing(step.step);
      view.step = n;
      view.shown = step;
      root.dataset.step = n;
      if (again) page.explained.markSince($("table"), step.step === lastStep() ? page.since.changed : []);
      else drawStep(step);
      drawControls();
      const address = new URL(location.href);
      address.searchParams.set("step", n);
      history.replaceState(null, "", address.pathname + address.search);
      await page.seat.refresh();
    }

    function drawStep(step) {
      const tableBox = $("table");
      view.drawn = step; // the step whose table #table holds, and whether it was drawn to be played on
      view.drawnPlaying = page.seat.playing(step.step);
      drawer.render(tableBox, step.table, page.seat.playing(step.step) ? { act: (action) => page.seat.submit(action, step.step) } : undefined);
      page.explained.highlight(tableBox, step.explanation.changes);
      page.explained.markSince(tableBox, step.step === lastStep() ? page.since.changed : []);
      tableBox.dataset.step = step.step;
      $("info-step").textContent = step.step;
      $("description").textContent = step.description;
      page.moveList.show(step.step, lastStep())
        .then(() => { if (view.shown === step) page.explained.drawChanges(step); }) // with the lines of the steps on show
        .catch((error) => console.warn("the move list:", error.message));
      $("rule-id").textContent = step.rule.id;
      $("rule-section").textContent = step.rule.section ? `(${step.rule.section})` : "";
      $("rule-text").textContent = step.rule.text || "";
      page.explained.drawDecision(step);
      page.explained.drawChanges(step);
      page.explained.drawDisputes(step);
      page.analysis.drawStep(step);
    }

    function drawControls() {
      const last = lastStep();
      $("slider").max = last;
      $("slider").value = view.step;
      $("step-number").textContent = view.step;
      $("step-count").textContent = last;
      $("first").disabled = $("back").disabled = view.step <= 1;
      $("forward").disabled = $("last").disabled = view.step >= last;
      $("play").textContent = view.playing ? "pause" : "play";
      $("play").setAttribute("aria-pressed", view.playing ? "true" : "false");
    }

    function goTo(n) {
      view.following = clamp(n) >= lastStep();
      return show(n);
    }

    function pause() {
      clearTimeout(view.playing);
      view.playing = null;
      // A step the last tick asked for may still be on its way: pausing keeps the one on show.
      if (view.wanted !== view.step) view.wanted = view.step;
      drawControls();
    }

    function play() {
      if (view.step >= lastStep()) show(1); // at the end, play from the start
      const tick = async () => {
        if (view.step >= lastStep()) return pause();
        await goTo(view.wanted + 1);
        if (view.playing) view.playing = setTimeout(tick, Number($("speed").value));
      };
      view.playing = setTimeout(tick, Number($("speed").value));
      drawControls();
    }

    function bindControls() {
      $("first").onclick = () => goTo(1);
      $("back").onclick = () => goTo(view.wanted - 1);
      $("forward").onclick = () => goTo(view.wanted + 1);
      $("last").onclick = () => goTo(lastStep());
      $("play").onclick = () => (view.playing ? pause() : play());
      $("slider").oninput = () => goTo(Number($("slider").value));
      const byMoves = (find) => async () => {
        const step = await find(view.wanted, lastStep());
        if (step !== null) await goTo(step);
      };
      const moves = {
        previousDecision: byMoves(page.moveList.previousDecision),
        nextDecision: byMoves(page.moveList.nextDecision),
        previousTurn: byMoves(page.moveList.previousTurn),
        nextTurn: byMoves(page.moveList.nextTurn),
      };
      $("previous-decision").onclick = moves.previousDecision;
      $("next-decision").onclick = moves.nextDecision;
      $("previous-turn").onclick = moves.previousTurn;
      $("next-turn").onclick = moves.nextTurn;
      document.addEventListener("keydown", (event) => {
        const target = event.target;
        if (target.closest("input, select, textarea, summary") || event.altKey || event.ctrlKey || event.metaKey) return;
        const keys = {
          ArrowLeft: () => goTo(view.wanted - 1),
          ArrowRight: () => goTo(view.wanted + 1),
          ArrowUp: moves.previousDecision,
          ArrowDown: moves.nextDecision,
          PageUp: moves.previousTurn,
          PageDown: moves.nextTurn,
          Home: () => goTo(1),
          End: () => goTo(lastStep()),
          " ": () => (view.playing ? pause() : play()),
          Escape: () => page.seat.choose([]),
        };
        const move = keys[event.key];
        if (!move || (event.key === " " && target.closest("button, [role=button]"))) return;
        event.preventDefault();
        move();
      });
    }

    return { stepAt, clamp, show, drawControls, goTo, bindControls };
  },
};
