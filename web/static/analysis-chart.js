/* The analysis's chart: each seat's expected result (its win chance, or its expected score in points) at
   each of its analysed decisions, one line a seat along the replay's steps, drawn as SVG by the
   page itself. A point is a button: a click, or Enter, jumps the replay to the step its decision
   was taken on. The points are one stop for the keyboard (the arrows move along them, as on a
   slider), so a long game's hundred points are never a hundred Tabs. The numbers are in a table
   beneath for anyone who cannot see the chart, each step a button too.

   ChronicleAnalysisChart.draw(box, { analysis, seats, last, step, goTo, words }) fills `box`;
   `words` turns an expected result into words ("62% to win"). now(box, step) moves the line of
   the step on show. */
"use strict";
window.ChronicleAnalysisChart = {
  draw(box, { analysis, seats, last, step, goTo, words }) {
    const SVG = "http://www.w3.org/2000/svg";
    const WIDTH = 560, HEIGHT = 200;
    const MARGIN = { left: 44, right: 12, top: 12, bottom: 26 };
    const LINES = ["#2f6fd6", "#d4372c", "#3a9d4f", "#8a4fc9", "#d4a017", "#c2185b"]; // the score chart's seat colours
    const MARKS = { inaccuracy: "an inaccuracy", mistake: "a mistake", blunder: "a blunder" };
    const svg = (name, attributes, ...children) => {
      const element = document.createElementNS(SVG, name);
      for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
      for (const child of children) element.append(child);
      return element;
    };

    const points = analysis.chart.slice().sort((a, b) => a.step - b.step || a.seat - b.seat);
    const chance = analysis.measure === "win_chance";
    const values = points.map((point) => point.expected);
    const low = chance ? 0 : Math.min(0, ...values);
    const high = chance ? 1 : Math.max(1, ...values);
    const span = Math.max(2, last);
    const x = (n) => MARGIN.left + ((n - 1) / (span - 1)) * (WIDTH - MARGIN.left - MARGIN.right);
    const y = (v) => HEIGHT - MARGIN.bottom - ((v - low) / (high - low || 1)) * (HEIGHT - MARGIN.top - MARGIN.bottom);
    const tick = (v) => (chance ? `${Math.round(v * 100)}%` : `${Math.round(v)}`);
    const axisName = chance ? "win chance" : `expected score (${analysis.unit || "points"})`;
    const name = (seat) => (seats[seat] || { name: `seat ${seat}` }).name;
    const marks = new Map(analysis.decisions.map((decision) => [`${decision.step}:${decision.seat}`, decision.mark]));

    const picture = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "group", class: "analysis-chart",
      "aria-label": `Each player's ${axisName} at each of their decisions, step by step; a point jumps the replay there` });
    picture.append(
      svg("line", { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(low), y2: y(low), class: "axis" }),
      svg("line", { x1: MARGIN.left, x2: MARGIN.left, y1: y(low), y2: y(high), class: "axis" }),
      ...(chance ? [svg("line", { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(0.5), y2: y(0.5), class: "axis half" })] : []),
      svg("text", { x: MARGIN.left - 4, y: y(high) + 4, "text-anchor": "end", class: "tick" }, tick(high)),
      svg("text", { x: MARGIN.left - 4, y: y(low), "text-anchor": "end", class: "tick" }, tick(low)),
      svg("text", { x: MARGIN.left + 4, y: MARGIN.top - 2, class: "tick axis-name" }, axisName),
      svg("text", { x: MARGIN.left, y: HEIGHT - 6, class: "tick" }, "step 1"),
      svg("text", { x: WIDTH - MARGIN.right, y: HEIGHT - 6, "text-anchor": "end", class: "tick" }, `step ${last}`),
      svg("line", { x1: x(Math.max(1, step)), x2: x(Math.max(1, step)), y1: y(low), y2: y(high), class: "now" }));
    const bySeat = new Map();
    for (const point of points) bySeat.set(point.seat, [...(bySeat.get(point.seat) || []), point]);
    for (const [seat, own] of bySeat) {
      picture.append(svg("polyline", { points: own.map((p) => `${x(p.step).toFixed(1)},${y(p.expected).toFixed(1)}`).join(" "),
        fill: "none", stroke: LINES[seat % LINES.length], "stroke-width": 2, class: "seat-line", "data-seat": seat }));
    }
    const dots = points.map((point) => {
      const mark = marks.get(`${point.step}:${point.seat}`);
      const said = `step ${point.step}, ${name(point.seat)}: ${words(point.expected)}${mark ? `, then ${MARKS[mark]}` : ""}`;
      const dot = svg("g", { class: `point${mark ? ` ${mark}` : ""}`, role: "button", tabindex: -1,
        "aria-label": said, "data-step": point.step, "data-seat": point.seat }, svg("title", {}, said),
      svg("circle", { cx: x(point.step).toFixed(1), cy: y(point.expected).toFixed(1), r: mark ? 6 : 4.5,
        fill: LINES[point.seat % LINES.length], class: "dot" }));
      dot.addEventListener("click", () => goTo(point.step));
      return dot;
    });
    // A point is small: a click or a tap anywhere on the plot goes to the nearest one.
    const plot = svg("rect", { x: MARGIN.left, y: MARGIN.top, width: WIDTH - MARGIN.left - MARGIN.right,
      height: HEIGHT - MARGIN.top - MARGIN.bottom, class: "plot" });
    plot.addEventListener("click", (event) => {
      const spot = new DOMPoint(event.clientX, event.clientY).matrixTransform(picture.getScreenCTM().inverse());
      const distance = (point) => Math.hypot(x(point.step) - spot.x, y(point.expected) - spot.y);
      const nearest = points.reduce((best, point) => (distance(point) < distance(best) ? point : best), points[0]);
      if (nearest) goTo(nearest.step);
    });
    // Drawn in step order, but the marked points on top, the blunders uppermost.
    const rank = (dot) => ["", "inaccuracy", "mistake", "blunder"].indexOf(marks.get(`${dot.dataset.step}:${dot.dataset.seat}`) || "");
    picture.append(plot, ...dots.slice().sort((one, other) => rank(one) - rank(other)));
    // One stop for the keyboard: the point at the step on show, or the first.
    const current = dots.find((dot) => Number(dot.dataset.step) >= step) || dots[dots.length - 1];
    if (current) current.setAttribute("tabindex", 0);
    picture.addEventListener("keydown", (event) => {
      const at = dots.indexOf(event.target);
      if (at < 0) return;
      const moves = { ArrowLeft: at - 1, ArrowDown: at - 1, ArrowRight: at + 1, ArrowUp: at + 1, Home: 0, End: dots.length - 1 };
      if (event.key === "Enter" || event.key === " ") goTo(Number(event.target.dataset.step));
      else if (event.key in moves) {
        const next = dots[Math.min(Math.max(0, moves[event.key]), dots.length - 1)];
        event.target.setAttribute("tabindex", -1);
        next.setAttribute("tabindex", 0);
        next.focus();
      } else return;
      event.preventDefault();
      event.stopPropagation(); // the replay's own arrow keys stay off while on the chart
    });

    const legend = h("ul", { class: "chart-legend" }, [...bySeat.keys()].sort().map((seat) =>
      h("li", {}, h("span", { class: "swatch", style: { background: LINES[seat % LINES.length] } }), name(seat))));
    const numbers = h("details", { class: "chart-numbers" }, h("summary", {}, "the numbers"),
      h("table", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Step"), h("th", { scope: "col" }, "Player"),
        h("th", { scope: "col" }, axisName), h("th", { scope: "col" }, "Then"))),
      h("tbody", {}, ...points.map((point) => {
        const go = h("button", { type: "button", class: "link" }, String(point.step));
        go.onclick = () => goTo(point.step);
        const mark = marks.get(`${point.step}:${point.seat}`);
        return h("tr", {}, h("th", { scope: "row" }, go), h("td", {}, name(point.seat)), h("td", {}, words(point.expected)),
          h("td", {}, mark ? MARKS[mark] : ""));
      }))));
    box.replaceChildren(picture, legend, numbers);
    box.dataset.points = points.length;
    box._x = x; // where now() puts the line of the step on show
  },

  now(box, step) {
    const line = box.querySelector("svg .now");
    if (!line || !box._x) return;
    line.setAttribute("x1", box._x(step));
    line.setAttribute("x2", box._x(step));
  },
};
