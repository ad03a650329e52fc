"""Xi Cards, a duel of Time, units, spells and responses (Chris Nonweiler, Xi Cards Ltd).

The design is docs/design/xi-cards.md. This package is its steps 2-5: the catalogue (cards.toml,
checked by cards.py and vocabulary.py), the rule index (rulebook), the state, and the rules of
decks, the coin, Time, drawing, banking, ending turns and resigning (actions, decide, evolve,
view, describe, behind `XiRules` in rules.py); units and skirmishes (skirmish.py), derived stats
(layers.py) and the damage pipeline (damage.py); then cards of every kind (play.py), abilities
(abilities.py), the interpreter of the card vocabulary (effects.py, board.py, special.py), the
state checks (checks.py), the edges of a turn (turns.py) and the choices effects ask
(choices.py); then step 5's response windows and skirmish step (windows.py) and standing rules
(standing.py); then step 6's end of the game and games of 3-4 (end.py), the named decks
(decks.py), and scenarios and forks (scenario.py, scenario_pending.py).

Registered in domain/registry.py, so the conformance suite plays it like every game.
"""

from domain.xi.rules import XiRules

RULES = XiRules()

__all__ = ["RULES", "XiRules"]
