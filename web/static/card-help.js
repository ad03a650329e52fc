/* A card's full text, on demand, for any table: a table marks a card with `ChronicleCardHelp.mark`
   and the page shows the text as the native tooltip on hover (title), and in a popover on a long
   press (a finger or a mouse held half a second) or while the card has the keyboard's focus.
   There is one popover for the page, placed in the viewport (never wider than it, so a phone's
   page never scrolls sideways), named by the card's aria-describedby while shown. A long press
   only explains: it does not also choose the card it was on. */
"use strict";
window.ChronicleCardHelp = (function () {
  const HOLD_MS = 500;
  const MARGIN = 8;
  let popover = null;
  let shownFor = null;
  let timer = null;
  let held = false; // the press under way became a long press: its click explains, never chooses

  function box() {
    if (!popover) {
      popover = h("div", { class: "card-help", id: "card-help", role: "tooltip", hidden: true });
      document.body.append(popover);
    }
    return popover;
  }

  function show(card) {
    const pop = box();
    pop.textContent = card.dataset.help;
    pop.hidden = false;
    const width = Math.min(320, window.innerWidth - 2 * MARGIN);
    const rect = card.getBoundingClientRect();
    pop.style.width = `${width}px`;
    pop.style.left = `${Math.max(MARGIN, Math.min(rect.left, window.innerWidth - width - MARGIN))}px`;
    const below = rect.bottom + 6;
    const fits = below + pop.offsetHeight <= window.innerHeight - MARGIN;
    pop.style.top = `${fits ? below : Math.max(MARGIN, rect.top - pop.offsetHeight - 6)}px`;
    if (shownFor && shownFor !== card) shownFor.removeAttribute("aria-describedby");
    card.setAttribute("aria-describedby", "card-help");
    shownFor = card;
  }

  function hide() {
    if (popover) popover.hidden = true;
    if (shownFor) shownFor.removeAttribute("aria-describedby");
    shownFor = null;
  }

  const helpOf = (target) => (target instanceof Element ? target.closest("[data-help]") : null);

  document.addEventListener("pointerdown", (event) => {
    const card = helpOf(event.target);
    clearTimeout(timer);
    held = false;
    if (!card) return hide();
    timer = setTimeout(() => { held = true; show(card); }, HOLD_MS);
  });
  for (const type of ["pointerup", "pointercancel", "pointermove"]) {
    document.addEventListener(type, (event) => {
      // A finger that slides (a scroll) is no long press; a steady one may tremble a little.
      if (type !== "pointermove" || Math.abs(event.movementX) + Math.abs(event.movementY) > 6) clearTimeout(timer);
    });
  }
  // Capturing, on the document: the table never hears the click that ends a long press.
  document.addEventListener("click", (event) => {
    if (!held) return;
    held = false;
    event.stopPropagation();
    event.preventDefault();
  }, true);
  // A long press on a phone would open the browser's own menu over the card.
  document.addEventListener("contextmenu", (event) => { if (helpOf(event.target)) event.preventDefault(); });
  document.addEventListener("focusin", (event) => {
    const card = helpOf(event.target);
    if (card && card.matches(":focus-visible")) show(card);
    else if (!held) hide();
  });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") hide(); });
  window.addEventListener("resize", hide);
  window.addEventListener("scroll", () => { if (!held) hide(); }, { passive: true });

  return {
    /* Give `element` its full text: the tooltip, the long press and the focus show `text`. */
    mark(element, text) {
      element.dataset.help = text;
      element.title = text;
      return element;
    },
    hide,
  };
})();
