/* Following the game live: its stream (GET /api/games/{id}/stream) read for as long as the game
   runs, resumed after a break; each message's view (whole, or a JSON Patch of the one before)
   becomes the game now, and once a decision's events have all come, the status, "Since your last
   move" and the newest step are drawn again (unless the reader went back to an earlier step) and
   the new lines announced. The viewer (viewer.js) makes one with ChronicleLiveFollow.create(page). */
"use strict";
window.ChronicleLiveFollow = {
  create(page) {
    const { view, api, call, loadGame, lastStep, drawStatus } = page;
    const STREAM_RETRY_MS = 1000;
    const SETTLE_MS = 60;

    /* A turn that failed changes no version, so no message of the stream tells of it: while the
       game waits on a bot or the rules, look at it again whenever a stream connection ends (within
       a minute: a stream's lifetime). */
    async function recheckWaiting() {
      const game = view.game;
      if (game.status !== "running" || !(game.rules_turn || (game.to_act && game.to_act.bot))) return;
      const now = await call("");
      if (now.version !== view.game.version) return; // the stream brings what changed
      view.game = now;
      drawStatus();
    }

    async function catchUp(follow) {
      const before = view.game;
      await loadGame();
      if (before.status !== view.game.status) view.cache.clear(); // the end reveals every hidden card
      drawStatus();
      await page.since.refresh(view.game, view.token);
      if (follow) view.following = true;
      if (view.following && !view.playing) await page.steps.show(lastStep());
      else {
        page.steps.drawControls();
        await page.seat.refresh();
      }
    }

    /* Follow the game through its stream (GET /api/games/{id}/stream), read with fetch so that the
       seat's token travels in a header; after a break, resume after the last version seen. The
       first message of a connection carries this seat's whole view, each later one a JSON Patch
       from the view of the message before, so the newest view is all it takes. */
    async function follow() {
      while (view.game.status === "running") {
        try {
          const headers = { "Last-Event-ID": String(view.game.version) };
          if (view.token) headers.Authorization = `Bearer ${view.token}`;
          let held = null; // the view this connection's next patch applies to
          const ended = await ChronicleEventStream.read(`${api}/stream`, headers, (message) => { held = news(message.data, held, message.event); });
          if (ended === "over") return;
        } catch (error) {
          console.warn("following the game:", error.message);
        }
        await recheckWaiting().catch((error) => console.warn("looking at the game again:", error.message));
        await new Promise((resolve) => setTimeout(resolve, STREAM_RETRY_MS));
      }
    }

    /* One message of the stream; returns the view it brings. */
    function news(data, held, event) {
      const message = JSON.parse(data);
      if (event === "analysis") { // a sandbox game's analysis advancing: no view of the game
        page.analysis.heard(message);
        return held;
      }
      if (message.patch && !held) throw new Error("a patch came before any whole view"); // reconnect
      const game = message.game || ChronicleJsonPatch.apply(held, message.patch);
      // A version the page shows already (its own move, loaded as soon as it was taken; a
      // connection's first whole view) brings nothing new: drawing it again would replace the
      // buttons under a click on its way, and the click would be lost.
      if (message.version <= view.game.version) return game;
      const before = view.game;
      view.game = game;
      if (before.status !== view.game.status) view.cache.clear(); // the end reveals every hidden card
      if (message.event && message.event.description && message.version > before.version) view.heard.push(message.event.description);
      clearTimeout(view.settling); // a decision's events come together: draw once they have
      view.settling = setTimeout(settle, SETTLE_MS);
      return game;
    }

    async function settle() {
      if (view.heard.length) page.attention.announce(view.heard.splice(0).join(" "));
      drawStatus();
      await page.since.refresh(view.game, view.token);
      if (view.following && !view.playing) await page.steps.show(lastStep());
      else {
        page.steps.drawControls();
        await page.seat.refresh();
      }
    }

    function reload() {
      view.cache.clear();
      view.actionsVersion = null;
      return catchUp(false);
    }

    return { catchUp, follow, reload };
  },
};
