/* The table of a game that has no script of its own: its view as indented JSON, and actions
   as their JSON. Every method here is also the fallback for a game's script. */
"use strict";
ChronicleTables.generic = {
  render(container, shown) {
    container.replaceChildren(h("pre", { class: "generic-table", dataset: { path: "" } }, JSON.stringify(shown.table, null, 2)));
  },
  label(action) {
    if (action.type === "resign") return "Resign";
    if (action.type === "take_back") return "Take back your last move";
    return Object.entries(action).map(([key, value]) => `${key}: ${value}`).join(", ");
  },
  keys() {
    return [];
  },
  place(path) {
    return path || "the table";
  },
  idOf(value) {
    return value.id;
  },
  cardName(card) {
    return card && typeof card === "object" ? card.name || card.id : String(card);
  },
};
