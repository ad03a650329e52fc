/* A finished game's result: who won and why, each seat's score with the game's own breakdown
   (its outcome's detail), a chart of each seat's score at the end of every turn (GET /scores),
   and a rematch: the same game, seats and options on a new deal.

   The viewer makes one with ChronicleResult.create({ call }) and calls show(game, token)
   once the game is over; the chart is drawn as SVG by the page itself, with its numbers in a
   table beneath for anyone who cannot see it. */
"use strict";
window.ChronicleResult = {
  create({ call }) {
    const $ = (id) => document.getElementById(id);
    const SVG = "http://www.w3.org/2000/svg";
    const WIDTH = 560;
    const HEIGHT = 220;
    const MARGIN = { left: 36, right: 12, top: 10, bottom: 26 };
    const LINES = ["#2f6fd6", "#d4372c", "#3a9d4f", "#8a4fc9", "#d4a017", "#c2185b"]; // a seat's colour
    let shownFor = null; // the game whose result is on show

    function svg(name, attributes, ...children) {
      const element = document.createElementNS(SVG, name);
      for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
      for (const child of children) element.append(child);
      return element;
    }

    /* Everyone ranked (every seat, and the rival the rules play) with their score and the game's
       own breakdown seat by seat; then the detail that is no seat's, a labelled line each. All
       words come from the server (domain/result_words.py), as the game list and the status line. */
    function breakdown(game) {
      const words = game.outcome.words;
      const head = h("tr", {}, h("th", { scope: "col" }, "Place"), h("th", { scope: "col" }, "Name"),
        h("th", { scope: "col" }, "Score"), ...words.columns.map((column) => h("th", { scope: "col" }, column.label)));
      const rows = words.standings.map((one) => h("tr", { class: one.winner ? "winner" : "", "data-seat": one.seat === null ? "rival" : String(one.seat) },
        h("td", {}, String(one.place)),
        h("th", { scope: "row" }, one.name + (one.winner ? " ★" : "") + (one.seat === null ? " (played by the rules)" : "")),
        h("td", {}, one.score === null ? "–" : String(one.score)),
        ...words.columns.map((column) => h("td", {}, one.seat === null ? "–" : column.values[one.seat]))));
      return [
        h("table", { class: "breakdown" }, h("thead", {}, head), h("tbody", {}, ...rows)),
        ...(words.lines.length ? [h("dl", { class: "result-lines" }, ...words.lines.flatMap((line) =>
          [h("dt", {}, line.label), h("dd", {}, line.value)]))] : []),
      ];
    }

    function headline(game) {
      const words = game.outcome.words;
      return `${words.headline}: ${words.reason}.`;
    }

    /* Each seat's score along the turns, as lines; the last point of each is labelled. */
    function chart(data) {
      const turns = data.turns;
      const all = turns.flatMap((row) => row.scores);
      const low = Math.min(0, ...all);
      const high = Math.max(1, ...all);
      const first = turns[0].turn;
      const last = Math.max(first + 1, turns[turns.length - 1].turn);
      const x = (turn) => MARGIN.left + ((turn - first) / (last - first)) * (WIDTH - MARGIN.left - MARGIN.right);
      const y = (score) => HEIGHT - MARGIN.bottom - ((score - low) / (high - low)) * (HEIGHT - MARGIN.top - MARGIN.bottom);
      const ends = data.seats.map((name, seat) => `${name} ${turns[turns.length - 1].scores[seat]}`).join(", ");
      const picture = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", class: "score-chart",
        "aria-label": `Scores turn by turn, from turn ${first} to turn ${turns[turns.length - 1].turn}; at the end ${ends}` });
      picture.append(
        svg("line", { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(low), y2: y(low), class: "axis" }),
        svg("line", { x1: MARGIN.left, x2: MARGIN.left, y1: y(low), y2: y(high), class: "axis" }),
        svg("text", { x: MARGIN.left - 4, y: y(high) + 4, "text-anchor": "end", class: "tick" }, String(high)),
        svg("text", { x: MARGIN.left - 4, y: y(low), "text-anchor": "end", class: "tick" }, String(low)),
        svg("text", { x: MARGIN.left, y: HEIGHT - 6, class: "tick" }, `turn ${first}`),
        svg("text", { x: WIDTH - MARGIN.right, y: HEIGHT - 6, "text-anchor": "end", class: "tick" }, `turn ${turns[turns.length - 1].turn}`));
      data.seats.forEach((name, seat) => {
        const points = turns.map((row) => `${x(row.turn).toFixed(1)},${y(row.scores[seat]).toFixed(1)}`).join(" ");
        picture.append(svg("polyline", { points, fill: "none", stroke: LINES[seat % LINES.length], "stroke-width": 2.5,
          class: "seat-line", "data-seat": seat }));
      });
      const legend = h("ul", { class: "chart-legend" }, data.seats.map((name, seat) =>
        h("li", {}, h("span", { class: "swatch", style: { background: LINES[seat % LINES.length] } }), name)));
      const numbers = h("details", { class: "chart-numbers" }, h("summary", {}, "the numbers"),
        h("table", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Turn"), ...data.seats.map((name) => h("th", { scope: "col" }, name)))),
          h("tbody", {}, ...turns.map((row) => h("tr", {}, h("th", { scope: "row" }, String(row.turn)),
            ...row.scores.map((score) => h("td", {}, String(score))))))));
      return [picture, legend, numbers];
    }

    /* A seat of the rematch: the same bot at the same strength, or the same person. */
    function rematchSeat(seat) {
      if (!seat.bot) return { name: seat.name };
      return seat.strength ? { bot: seat.bot, strength: seat.strength } : { bot: seat.bot };
    }

    /* The same game, seats and options on a new deal: the asker's seat opens with its new token;
       the other people's links are given to pass on. */
    async function rematch(game, token) {
      const note = $("rematch-note");
      const button = $("rematch");
      button.disabled = true;
      note.textContent = "";
      try {
        const body = { game: game.game, seats: game.seats.map(rematchSeat) };
        if (Object.keys(game.options || {}).length) body.options = game.options;
        if (game.clock) body.clock = game.clock;
        if (game.spectator_delay) body.spectator_delay = game.spectator_delay;
        const created = await fetch("/api/games", {
          method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body),
        }).then(async (answer) => {
          const reply = await answer.json().catch(() => ({}));
          if (!answer.ok) throw new Error(reply.detail || answer.statusText);
          return reply;
        });
        const mine = token && game.you !== null ? created.tokens.find((seat) => seat.seat === game.you) : null;
        const others = created.tokens.filter((seat) => !mine || seat.seat !== mine.seat);
        const address = (seat) => `${location.origin}/games/${created.id}#token=${seat.token}`;
        if (!others.length) {
          location.assign(mine ? address(mine) : `/games/${created.id}`);
          return;
        }
        note.replaceChildren(h("span", {}, "The rematch is set up. Send each player their seat's link: "),
          h("ul", { class: "rematch-links" }, others.map((seat) => h("li", {}, `${game.seats[seat.seat].name}: `,
            h("a", { href: address(seat) }, "their link")))),
          h("a", { href: mine ? address(mine) : `/games/${created.id}`, id: "rematch-open" }, mine ? "Open your seat" : "Watch it"));
      } catch (error) {
        note.textContent = `The rematch could not be set up: ${error.message}`;
        button.disabled = false;
      }
    }

    /* Each seat's rating before and after, once the ratings have caught up with the game's end
       (a moment after it, longer on a busy server: asked again after a second, then less and less
       often, up to every ten seconds, for as long as the page shows the game); nothing for a game
       that counts for none. */
    async function showRatings(game, wait = 1000) {
      const out = $("result-ratings");
      let rated;
      try {
        rated = await call("/ratings");
      } catch (error) {
        out.replaceChildren(h("p", { class: "hint" }, `The ratings could not be read: ${error.message}`));
        return;
      }
      if (shownFor !== game.id || !rated.rated) return;
      if (!rated.seats.length) {
        out.replaceChildren(h("p", { class: "hint" }, "The ratings are being updated…"));
        setTimeout(() => showRatings(game, Math.min(10000, wait * 1.5)), wait);
        return;
      }
      const signed = (change) => (change > 0 ? `+${change.toFixed(1)}` : change.toFixed(1));
      out.replaceChildren(h("h3", {}, "Ratings"), h("ul", { class: "rating-changes" }, ...rated.seats.map((seat) =>
        h("li", { "data-seat": String(seat.seat) },
          `${game.seats[seat.seat].name}: ${seat.before.toFixed(1)} → ${seat.after.toFixed(1)} (${signed(seat.change)})`))));
    }

    async function show(game, token) {
      const panel = $("result");
      if (game.status !== "finished" || !game.outcome) {
        panel.hidden = true;
        return;
      }
      if (shownFor === game.id) return;
      shownFor = game.id;
      panel.hidden = false;
      $("result-headline").textContent = headline(game);
      $("result-breakdown").replaceChildren(...breakdown(game));
      $("rematch").onclick = () => rematch(game, token);
      $("rematch").textContent = game.sandbox ? "Rematch on a new deal" : "Rematch";
      showRatings(game);
      try {
        $("score-chart").replaceChildren(...chart(await call("/scores")));
        panel.dataset.chart = "drawn";
      } catch (error) {
        $("score-chart").replaceChildren(h("p", { class: "hint" }, `The score chart could not be read: ${error.message}`));
      }
    }

    return { show };
  },
};
