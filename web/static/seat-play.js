/* Playing a seat: the seat's legal and open actions (GET /api/games/{id}/actions) offered on the
   game's last step only, as highlighted cards to click (a card, then its target) and as buttons
   grouped by what they act on, from the mouse or the keyboard; a move sent once however often it
   is clicked (an idempotency key), then the game caught up with (live-follow.js). The viewer
   (viewer.js) makes one with ChronicleSeatPlay.create(page). */
"use strict";
window.ChronicleSeatPlay = {
  create(page) {
    const { root, view, drawer, $, call, problemText, lastStep, rivalName } = page;

    /* Whether the table of `step` is the one this seat plays on: the game's last step, running. */
    function playing(step) {
      const game = view.game;
      return Boolean(view.token && game.you !== null && game.status === "running" && step === lastStep());
    }

    function myDecision() {
      const game = view.game;
      return Boolean(view.token && game.you !== null && game.status === "running" && game.to_act && game.to_act.seat === game.you);
    }

    /* The seat's legal and open actions, asked once per version: the redraws that want them at
       once (a move's own catch-up and the stream's news of it) share one request. An answer older
       than the actions held is dropped, and a card the player has chosen stays chosen until the
       actions change: a second answer for the same version must not undo a click. */
    let asking = null; // { version, token, answer }: the request on its way
    function fetchActions() {
      const version = view.game.version;
      if (asking && asking.version === version && asking.token === view.token) return asking.answer;
      const request = { version, token: view.token };
      request.answer = call("/actions").then((answer) => {
        const held = view.actionsVersion;
        if (held !== null && answer.version < held) return;
        view.legal = answer.actions;
        view.openActions = answer.open_actions || [];
        view.actionsVersion = answer.version;
        if (answer.version !== held) view.chosen = [];
      }).finally(() => { if (asking === request) asking = null; });
      asking = request;
      return request.answer;
    }

    /* The legal actions are offered only at the last step (a past table cannot be played on), and
       only those of the version on show. */
    async function refreshPlay() {
      const panel = $("play-panel");
      const seated = Boolean(view.token && view.game.you !== null && view.game.status === "running");
      panel.hidden = !seated;
      if (seated && view.actionsVersion !== view.game.version) await fetchActions();
      const current = view.actionsVersion === view.game.version;
      view.actions = seated && current && myDecision() && view.step === lastStep() ? view.legal : [];
      drawOpenActions(seated ? view.openActions : []);
      if (!seated) {
        $("actions").replaceChildren();
      } else if (!myDecision()) {
        const awaited = view.game.to_act ? view.game.to_act.name : view.game.rules_turn && rivalName(view.game.rules_turn);
        $("play-hint").textContent = awaited ? `Waiting for ${awaited}…` : "";
        $("actions").replaceChildren();
      } else if (view.step !== lastStep()) {
        $("play-hint").textContent = "It is your decision: go to the last step to play.";
        $("actions").replaceChildren(h("button", { type: "button", id: "to-last" }, "go to the last step"));
        $("to-last").onclick = () => page.steps.goTo(lastStep());
      } else {
        drawActions();
        markSettled();
        return;
      }
      markPlayable();
      markSettled();
    }

    /* The step the page shows, actions included, once no other step is on its way: what a test
       (or anyone) waits on. The game may have moved on meanwhile (a slow answer): then the step
       still to come marks itself once drawn. */
    function markSettled() {
      keepPlayFocus();
      if (view.wanted === view.step) root.dataset.settled = view.step;
    }

    /* A move taken from the keyboard redraws the table and the buttons under the focus: rather than
       let it fall back to the top of the page, put it on the first highlighted card, or the first
       button, so that a whole turn is played with Tab, Enter and Space. */
    function keepPlayFocus() {
      const lost = document.activeElement === document.body || !document.activeElement;
      if (!lost || !view.playFocus) return;
      const next = $("table").querySelector(".playable") || $("actions").querySelector("button");
      if (next) next.focus({ preventScroll: true });
    }

    /* Actions open whoever's decision it is: taking back one's last move, resigning (which asks
       first: there is no way back from it). */
    function drawOpenActions(actions) {
      $("open-actions").replaceChildren(...actions.map((action) => {
        const label = drawer.label(action, view.shown.table);
        const button = h("button", { type: "button", class: `open-action ${action.type}`, dataset: { action: JSON.stringify(action) } }, label);
        button.onclick = () => {
          if (action.type !== "resign" || confirm(`${label}? The game ends at once; this cannot be taken back.`)) submit(action);
        };
        return button;
      }));
    }

    function drawActions() {
      const shown = view.shown.table;
      const matching = view.actions.filter((action) => startsWith(drawer.keys(action, view.shown.table), view.chosen))
        // A table of many card actions (byCards) offers a button only once no card is left to click.
        .filter((action) => !drawer.byCards || drawer.keys(action, view.shown.table).length <= view.chosen.length);
      $("play-hint").textContent = view.chosen.length
        ? "Now choose among the highlighted cards, or press Escape to choose again."
        : "Click a highlighted card, or a button.";
      $("actions").dataset.version = view.actionsVersion;
      const labels = matching.map((action) => drawer.label(action, shown));
      const buttons = matching.map((action, index) => {
        // Two identical cards make two actions with the same words: each is numbered among its
        // like ("card 1 of 2"), never told by the card's id.
        const alike = labels.filter((label) => label === labels[index]).length;
        const nth = labels.slice(0, index + 1).filter((label) => label === labels[index]).length;
        const words = alike > 1 ? `${labels[index]} (card ${nth} of ${alike})` : labels[index];
        const button = h("button", { type: "button", class: "action", dataset: { action: JSON.stringify(action) } }, words);
        button.onclick = () => submit(action);
        return button;
      });
      $("actions").replaceChildren(...grouped(matching, buttons, shown),
        ...(view.chosen.length ? [h("button", { type: "button", class: "cancel", id: "cancel-choice" }, "choose again")] : []));
      if (view.chosen.length) $("cancel-choice").onclick = () => choose([]);
      markPlayable();
    }

    /* The buttons under headings of what they act on, where the table names it (drawer.group), in
       the order each heading first comes. */
    function grouped(actions, buttons, table) {
      if (!drawer.group) return buttons;
      const groups = new Map();
      actions.forEach((action, index) => {
        const heading = drawer.group(action, table);
        if (!groups.has(heading)) groups.set(heading, []);
        groups.get(heading).push(buttons[index]);
      });
      return [...groups].map(([heading, members]) => h("section", { class: "action-group", "aria-label": heading },
        h("h3", {}, heading), h("div", { class: "action-buttons" }, members)));
    }

    function startsWith(keys, prefix) {
      return prefix.every((key, index) => keys[index] === key);
    }

    /* Only the cards that lead to a legal action can be clicked: an illegal click is impossible. */
    function markPlayable() {
      const next = new Set();
      for (const action of view.actions) {
        const keys = drawer.keys(action, view.shown.table);
        if (keys.length > view.chosen.length && startsWith(keys, view.chosen)) next.add(keys[view.chosen.length]);
      }
      for (const element of $("table").querySelectorAll("[data-key]")) {
        const key = element.dataset.key;
        const playable = next.has(key);
        element.classList.toggle("playable", playable);
        element.classList.toggle("chosen", view.chosen.includes(key));
        if (playable) {
          element.setAttribute("role", "button");
          element.tabIndex = 0;
        } else {
          element.removeAttribute("role");
          element.removeAttribute("tabindex");
        }
      }
    }

    function choose(keys) {
      view.chosen = keys;
      if (view.actions.length) drawActions();
    }

    function clickCard(event) {
      const element = event.target.closest("[data-key]");
      if (!element || !element.classList.contains("playable") || view.busy) return;
      const chosen = [...view.chosen, element.dataset.key];
      const matching = view.actions.filter((action) => startsWith(drawer.keys(action, view.shown.table), chosen));
      const complete = matching.filter((action) => drawer.keys(action, view.shown.table).length === chosen.length);
      if (complete.length === 1 && matching.length === 1) submit(complete[0]);
      else choose(chosen);
    }

    /* The key that makes sending the same move twice take it once: the version and the action, or
       for a long action (a deck list) a digest of it, within the service's 200 characters. */
    function idempotencyKey(version, action) {
      const json = JSON.stringify(action);
      const key = `${version}-${encodeURIComponent(json)}`;
      if (key.length <= 200) return key;
      let one = 0x811c9dc5, other = 0x01000193; // two FNV-1a-like hashes of the action
      for (let i = 0; i < json.length; i++) {
        one = Math.imul(one ^ json.charCodeAt(i), 0x01000193) >>> 0;
        other = Math.imul(other ^ json.charCodeAt(i), 0x5bd1e995) >>> 0;
      }
      return `${version}-${action.type}-${json.length}-${one.toString(16)}${other.toString(16)}`;
    }

    /* Send `action`, decided on `version` (the legal actions' own, unless a table composed it); true
       once the game took it. */
    async function submit(action, version = view.actionsVersion) {
      if (view.busy) return false;
      view.busy = true;
      let taken = false;
      const error = $("play-error");
      for (const button of $("actions").querySelectorAll("button")) button.disabled = true;
      try {
        await call("/actions", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey(version, action) },
          body: JSON.stringify({ action, expected_version: version }),
        });
        error.hidden = true;
        taken = true;
      } catch (refused) {
        error.textContent = refused.status === 409 ? "The game moved on before your move arrived: here is the table now." : problemText(refused);
        error.hidden = false;
      } finally {
        view.busy = false;
        view.chosen = [];
        view.actionsVersion = null;
      }
      await page.live.catchUp(true);
      return taken;
    }

    /* The table's cards are played by click, and by Enter or Space on one in focus. */
    function bindTable() {
      $("table").addEventListener("click", clickCard);
      $("table").addEventListener("keydown", (event) => {
        if ((event.key === "Enter" || event.key === " ") && event.target.closest("[data-key]")) {
          event.preventDefault(); // Space on a card chooses it, as on a button, rather than scrolling
          clickCard(event);
        }
      });
      // Whether the keyboard is at play (in the table or the buttons), for keepPlayFocus.
      document.addEventListener("focusin", (event) => {
        view.playFocus = Boolean(event.target.closest("#table, #actions, #open-actions"));
      });
    }

    return { playing, myDecision, refresh: refreshPlay, choose, submit, bindTable };
  },
};
