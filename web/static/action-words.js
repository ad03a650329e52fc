/* The words for a decision's actions, wherever the viewer shows one: on the table the decision was
   taken on, the game's own script names them (its labels name the cards of that table); an
   action its script cannot name is told by the generic script's words, never as JSON.
   The viewer makes one with ChronicleActionWords.create({ drawer, stepAt }); `labeller(step)`
   resolves to a function from an action to its words on the table of step `step`, and `plain` words
   them without a table. */
"use strict";
window.ChronicleActionWords = {
  create({ drawer, stepAt }) {
    const generic = ChronicleTables.generic;

    async function tableOn(step) {
      try {
        return (await stepAt(step)).table;
      } catch (error) {
        return null; // the generic words stand in for the table's
      }
    }

    async function labeller(step) {
      const before = step === null || step === undefined ? null : await tableOn(step);
      return (action) => {
        try {
          return (before ? drawer.label(action, before) : null) || generic.label(action);
        } catch (error) {
          return generic.label(action);
        }
      };
    }

    function plain(action) {
      return generic.label(action);
    }

    return { labeller, plain };
  },
};
