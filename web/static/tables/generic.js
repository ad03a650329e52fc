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
    // Keys and values in words ("end_sell" -> "End sell"): the type first, then what it acts on.
    const words = (value) => (Array.isArray(value) ? value.map(words).join(" and ")
      : value && typeof value === "object" ? Object.entries(value).map(([key, inner]) => `${words(key)} ${words(inner)}`).join(", ")
        : String(value).replace(/_/g, " "));
    const { type, ...rest } = action;
    const said = type ? words(type) : "Act";
    const on = Object.entries(rest).map(([key, value]) => `${words(key)} ${words(value)}`);
    return `${said[0].toUpperCase()}${said.slice(1)}${on.length ? ` (${on.join(", ")})` : ""}`;
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
