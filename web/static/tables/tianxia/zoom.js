/* The Tianxia board zoomed and panned, for a phone above all: the map in a window (`.tx-zoom`) that
   scrolls; zooming widens the map inside it, so panning is the browser's own scrolling (a finger's
   drag, a wheel, the arrow keys once the window has the focus). Buttons zoom in and out and back to
   the whole board; two fingers pinch; Ctrl and the wheel zoom on a computer.

   Why no pan-zoom library: @panzoom/panzoom and its kind pan on their own drag, and a drag that
   ends on a child clicks it (its tracker, issues 489 and 663: exclude the clickable children, which
   then cannot start a pan). On this board nearly every place is a button during one's turn. The
   browser's scrolling tells a tap from a drag itself and never clicks after one.

   The table is drawn anew at every step: the zoom and the place looked at are kept here, between
   two drawings for each table container (`tx.zoomable` wraps the new map, `tx.restoreZoom` scrolls back once it
   is shown). */
"use strict";
window.ChronicleTianxia = window.ChronicleTianxia || {};
(function (tx) {
  const STEPS = [1, 1.5, 2, 3, 4];
  const MAX = STEPS[STEPS.length - 1];
  const PAN_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End"]);
  // Per table container (the game's, a "What if…" answer's): the window on show, the zoom and the
  // point of the map at the window's centre, as fractions of its width and height.
  const zooms = new WeakMap();

  const percent = (scale) => `${Math.round(scale * 100)}%`;

  function draw(zoom) {
    const { viewport, map, level, buttons, scale } = zoom;
    map.style.width = `${scale * 100}%`;
    viewport.classList.toggle("zoomed", scale > 1);
    if (scale > 1) viewport.tabIndex = 0; // scrolled by the arrow keys once zoomed
    else viewport.removeAttribute("tabindex");
    level.textContent = percent(scale);
    for (const button of buttons) button.disabled = button.dataset.zoom === "in" ? scale >= MAX : scale <= 1;
  }

  function remember(zoom) {
    const { viewport, map } = zoom;
    const box = map.getBoundingClientRect();
    zoom.x = (viewport.scrollLeft + viewport.clientWidth / 2) / box.width;
    zoom.y = (viewport.scrollTop + viewport.clientHeight / 2) / box.height;
  }

  /* Draw the map at `scale`, keeping the point under (ax, ay) (in the window, in pixels) in place. */
  function zoomTo(zoom, scale, ax, ay) {
    const { viewport, map } = zoom;
    const before = map.getBoundingClientRect();
    const x = ax ?? viewport.clientWidth / 2, y = ay ?? viewport.clientHeight / 2;
    const fx = (viewport.scrollLeft + x) / before.width, fy = (viewport.scrollTop + y) / before.height;
    zoom.scale = Math.min(MAX, Math.max(1, Math.round(scale * 100) / 100));
    draw(zoom);
    const after = map.getBoundingClientRect();
    viewport.scrollLeft = fx * after.width - x;
    viewport.scrollTop = fy * after.height - y;
    remember(zoom);
  }

  const nextStep = (scale, up) => (up ? STEPS.find((step) => step > scale + 0.01) ?? MAX
    : [...STEPS].reverse().find((step) => step < scale - 0.01) ?? 1);

  /* Two fingers: the zoom follows the distance between them, about the point between them. */
  function pinchable(zoom) {
    const viewport = zoom.viewport;
    let pinch = null;
    const spread = (touches) => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
    const middle = (touches) => {
      const box = viewport.getBoundingClientRect();
      return [(touches[0].clientX + touches[1].clientX) / 2 - box.left, (touches[0].clientY + touches[1].clientY) / 2 - box.top];
    };
    viewport.addEventListener("touchstart", (event) => {
      if (event.touches.length === 2) pinch = { spread: spread(event.touches), scale: zoom.scale };
    }, { passive: true });
    viewport.addEventListener("touchmove", (event) => {
      if (!pinch || event.touches.length !== 2) return;
      event.preventDefault(); // the map zooms, not the page
      zoomTo(zoom, pinch.scale * (spread(event.touches) / pinch.spread), ...middle(event.touches));
    }, { passive: false });
    const end = (event) => { if (event.touches.length < 2) pinch = null; };
    viewport.addEventListener("touchend", end);
    viewport.addEventListener("touchcancel", end);
  }

  /* The map in its window, under the zoom buttons; `container` keeps the zoom between drawings. */
  tx.zoomable = function (map, container) {
    const earlier = zooms.get(container) || { scale: 1, x: 0.5, y: 0.5 };
    const viewport = h("div", { class: "tx-zoom", role: "region", "aria-label": "The board: zoom in, then scroll or drag to move around it" }, map);
    const level = h("output", { class: "tx-zoom-level", "aria-label": "Zoom" });
    const zoom = { ...earlier, viewport, map, level, buttons: [] };
    zooms.set(container, zoom);
    const button = (which, words, scale) => {
      const element = h("button", { type: "button", class: "tx-zoom-button", dataset: { zoom: which } }, words);
      element.onclick = () => zoomTo(zoom, scale());
      return element;
    };
    zoom.buttons = [
      button("in", "Zoom in", () => nextStep(zoom.scale, true)),
      button("out", "Zoom out", () => nextStep(zoom.scale, false)),
      button("whole", "Whole board", () => 1),
    ];
    draw(zoom);
    viewport.addEventListener("scroll", () => remember(zoom), { passive: true });
    viewport.addEventListener("wheel", (event) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      const box = viewport.getBoundingClientRect();
      zoomTo(zoom, zoom.scale * (event.deltaY < 0 ? 1.25 : 0.8), event.clientX - box.left, event.clientY - box.top);
    }, { passive: false });
    // Once zoomed, the arrow keys move the map rather than step through the game.
    viewport.addEventListener("keydown", (event) => {
      if (zoom.scale > 1 && PAN_KEYS.has(event.key)) event.stopPropagation();
    });
    pinchable(zoom);
    return [h("div", { class: "tx-zoom-controls", role: "group", "aria-label": "Zoom the board" }, zoom.buttons, level), viewport];
  };

  /* Once the new map is on the page: back to the place looked at before it was drawn anew. */
  tx.restoreZoom = function (container) {
    const zoom = zooms.get(container);
    if (!zoom || !zoom.viewport.isConnected || zoom.scale <= 1) return;
    const { viewport, map, x, y } = zoom;
    const box = map.getBoundingClientRect();
    viewport.scrollLeft = x * box.width - viewport.clientWidth / 2;
    viewport.scrollTop = y * box.height - viewport.clientHeight / 2;
  };
})(window.ChronicleTianxia);
