/* The table scripts of every game register here, and share a small element builder.

   A game's script adds ChronicleTables[<game name>] = {
     render(container, shown, play): draw shown.table (the game's `view`, as the API answers it) into
       container. Elements say what they show: data-path (where in the view, e.g. "row[2]"),
       data-card (a card's id) and data-key (what clicking it means, for the legal actions).
       `play` is given only where the viewer's seat plays on this table (its seat, the game running,
       the last step): play.act(action) sends an action the player composes on the table itself,
       which no list of legal actions can hold (a deck list, standing rules), and resolves to true
       once the game took it (a refusal is shown by the viewer).
     label(action, shown): the words for one legal action, on its button.
     group(action, shown): the heading, in words, of what the action acts on ("The regions", "The
       river's barges"): the buttons are shown under such headings. Without it, in one list.
     keys(action, shown): the data-key values a player clicks, in order, to take the action ([] when
       it is taken by its button only).
     byCards: true when an action with keys is taken by clicking them only: its button is offered
       once no key is left to click (a wall of "Buy X to space n" becomes the cards themselves),
       and the actions without keys are the only buttons.
     place(path, shown): the words for a path of the view, in the list of what changed.
     cardName(card): the words for a card.
     idOf(value): the id of a thing of the view that comes and goes whole (a card, a unit in play),
       or undefined for any other object; the one the elements that draw it carry as data-card.
       By default an object's `id`.
     words(value, path, shown): the words for a value of the view at `path`, in the list of what
       changed, where the generic ones would not say it well (a list of card ids); null for those.
     ready: a promise the viewer awaits before the first table, for data the script loads itself.
   }
   Methods a game leaves out fall back on the generic table's. */
"use strict";
window.ChronicleTables = {};

/* h("div", {class: "card", dataset: {card: "chi-1"}}, "text", child, ...) */
window.h = function (tag, attributes, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "dataset") Object.assign(element.dataset, value);
    else if (name === "style" && typeof value === "object") {
      for (const [property, setting] of Object.entries(value)) element.style.setProperty(property, setting);
    } else element.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
};
