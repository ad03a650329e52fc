/* "Since your last move": what a seat that comes back to a game reads first (GET /since). Each
   action of the others since the seat's last own decision in one line, and each change to its own
   score (life, prestige) and hand, each with the rule that made it: the rule's section in words,
   a button that shows that step, whose rule the step panel then gives in full. The places of the
   table changed since are kept for the viewer to mark on the newest table (lichess's last move).
   The viewer makes one with ChronicleSince.create({ call, goTo }) and calls refresh(game) when
   the game moves; `changed` holds the places. */
"use strict";
window.ChronicleSince = {
  create({ call, goTo }) {
    const $ = (id) => document.getElementById(id);
    const state = { changed: [], version: null, asking: null };

    function ruleButton(item) {
      const rule = item.rule || {};
      const button = h("button", { type: "button", class: "rule-link", title: rule.text || "" },
        `rule: ${rule.section || "of the game"}`);
      button.onclick = async () => {
        await goTo(item.step);
        $("step-info").scrollIntoView({ block: "nearest" });
      };
      return button;
    }

    function draw(since) {
      const panel = $("since");
      const items = [
        ...since.lines.map((line) => ({ ...line, kind: "line", text: line.description })),
        ...since.changes.map((change) => ({ ...change, kind: "change", text: change.sentence })),
      ].sort((one, other) => one.step - other.step || (one.kind === "line" ? -1 : 1));
      if (since.since === null || !items.length) { // nothing yet, or nothing since: no panel
        panel.hidden = true;
        return;
      }
      $("since-list").replaceChildren(...items.map((item) => h("li", { class: `since-${item.kind}`, dataset: { step: item.step } },
        h("span", { class: "since-text" }, item.text), " ", ruleButton(item))));
      panel.hidden = false;
    }

    /* Ask again for a game at a new version, for the seat this browser holds (none for a spectator). */
    async function refresh(game, token) {
      if (!token || game.you === null || game.you === undefined) {
        $("since").hidden = true;
        state.changed = [];
        return;
      }
      if (state.version === game.version) return state.asking;
      state.version = game.version;
      state.asking = call("/since").then((since) => {
        state.changed = since.changed;
        draw(since);
      }).catch((error) => console.warn("since your last move:", error.message));
      return state.asking;
    }

    return { refresh, get changed() { return state.changed; } };
  },
};
