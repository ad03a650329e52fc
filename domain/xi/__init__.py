"""Xi Cards, a duel of Time, units, spells and responses (Chris Nonweiler, Xi Cards Ltd).

The design is docs/design/xi-cards.md. The package reads from the ground up:

- `state.py` the table as plain data, `table.py` the arithmetic of Time and seats, `cards/` the
  catalogue (cards.toml, decks.toml and the vocabulary that checks them);
- `evolve.py` the pure fold, with `standing_match.py` (which once-rule an answer spends) under
  it, and `emitter.py` the Emitter that applies each event of a decision as it is emitted;
- `language/` the one interpreter of the card vocabulary (layers; selectors, amounts and
  conditions read once in reading.py, on the board and on the bots' tables alike; damage;
  effects);
- `engine/` the turn engine: actions, decide, cards played, abilities, skirmishes, windows,
  standing rules, choices, the state checks and the end of the game;
- `bots/` the general bot, the table it reads, its values and what-ifs, and determinizing;
- on top, what the service reads: `view.py`, `describe.py` (the lines), `events.py` (each event
  once: its fold, its line, whether it may be taken back), `rulebook.py`, the scenarios
  (`scenario.py`, `scenario_pending.py`) and the game itself (`RULES`, a domain.game.Game) in
  `game.py`.

Registered in domain/registry.py, so the conformance suite plays it like every game.
"""

from domain.xi.game import RULES

__all__ = ["RULES"]
