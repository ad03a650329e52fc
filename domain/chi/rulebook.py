"""The Chi rule index: every refusal and every event cites one of these ids.

Sections are the rulebook's own headings; "House rules" are the decisions recorded in
docs/house-rules.md where the rulebook leaves a gap; "Sandbox" is ours, for games started from a
scenario (domain/chi/scenario.py) rather than a deal.
"""

from __future__ import annotations

from types import MappingProxyType

from domain.contract import Rule

SETUP = "Setup"
TURN = "Playing Your Turn"
ACTIONS = "Actions"
ROW = "Maintaining the center row"
END = "End the Game"
SCORING = "Scoring the Winner"
HOUSE = "House rules"
SANDBOX = "Sandbox"

_RULES = (
    Rule("chi.setup.shuffle", SETUP, "Shuffle the 52 cards to form the draw deck."),
    Rule("chi.setup.deal", SETUP, "Deal 3 cards to each player; a hand is kept secret."),
    Rule("chi.setup.row", SETUP, "Deal 6 cards face up in a row in the centre of the table."),
    Rule("chi.turn.one-action", TURN, "On your turn take one action: draw a card, play a Yang or play a Yin."),
    Rule("chi.turn.hand-limit", TURN, "At the end of your turn, discard down to 5 cards if you hold more."),
    Rule("chi.hand.keep-one-card", TURN, "You may never play the last card in your hand, Chi included."),
    Rule("chi.hand.own-cards", TURN, "You can only play or discard a card that is in your own hand."),
    Rule("chi.action.well-formed", TURN, "An action names a known type and the card, target or slot it uses."),
    Rule("chi.draw.from-row", ACTIONS, "Draw a card to your hand from the centre row."),
    Rule("chi.yang.play", ACTIONS, "Play a Yang card from your hand into your play area."),
    Rule("chi.yang.stack-threes", ACTIONS, "A 3-point Yang of a colour you have in play goes on top of that one."),
    Rule("chi.yang.one-six-per-colour", ACTIONS, "You may not play a 6-point Yang of a colour you already have in play."),
    Rule("chi.yin.attack", ACTIONS, "Play a Yin onto a Yang of the matching colour in your opponent's area."),
    Rule("chi.yin.stack-immune", ACTIONS, "A stack of two or more Yang cards is immune to Yin attacks."),
    Rule("chi.conflict.chi", ACTIONS, "In a conflict the defender, then the attacker, in turn play a Chi or pass."),
    Rule("chi.conflict.resolve", ACTIONS, "The last to play a card wins; played cards are discarded, the Yang too if the attacker won."),
    Rule("chi.conflict.draw", ACTIONS, "After the conflict the attacker draws the top card of the deck."),
    Rule("chi.row.refill", ROW, "A card taken from the row is replaced by the top card of the deck."),
    Rule("chi.row.all-yin", ROW, "A row of only Yin cards is moved to the discard pile and dealt again."),
    Rule("chi.deck.reshuffle", ROW, "When the deck is empty, the discard pile is shuffled to form a new deck."),
    Rule("chi.end.six-stacks", END, "With 6 separate Yang stacks the game ends after the turn; a second player gets an equal number of turns."),
    Rule("chi.score", SCORING, "Score the Yang points in play plus 1 per card in hand; highest wins, equal is a tie."),
    Rule("chi.house.yang-points", HOUSE, "6 colours have two 3-point Yang, the other 6 colours two 6-point Yang."),
    Rule("chi.house.single-stack", HOUSE, "A single Yang in play is a stack of one: it counts and can be attacked."),
    Rule("chi.house.first-player", HOUSE, "The seeded random generator chooses who starts."),
    Rule("chi.house.reshuffle-moment", HOUSE, "An empty deck is replaced from the discard pile at once, before any draw and after every decision."),
    Rule("chi.house.nothing-to-draw", HOUSE, "With deck and discard pile both empty, a row slot stays empty and a draw gets nothing."),
    Rule("chi.house.row-clearing-repeats", HOUSE, "An all-Yin row is cleared again until it holds another card, unless none is left to deal."),
    Rule("chi.house.no-legal-action", HOUSE, "A seat with no legal action passes its turn; if neither seat can act the game ends."),
    Rule("chi.house.end-trigger-stays", HOUSE, "Once 6 stacks are reached the game ends on schedule, even if a stack is lost."),
    Rule("chi.house.discard-one-at-a-time", HOUSE, "Discarding down to 5 is one chosen card per action, before the turn passes."),
    Rule("chi.house.auto-stack", HOUSE, "A 3-point Yang of a colour in play always goes on that stack; there is no choice."),
    Rule("chi.house.yin-target", HOUSE, "A Yin targets one single-card Yang of exactly its colour; the attacker draws whoever wins."),
    Rule("chi.house.forced-pass", HOUSE, "A seat in a conflict with no Chi it may play passes automatically."),
    Rule("chi.house.public-discard", HOUSE, "The discard pile is face up: every discarded card is shown to both players."),
    Rule("chi.house.takeback", HOUSE, "Playing a Yang or discarding may be taken back until the other player decides, unless the deck was touched."),
    Rule("chi.house.resign", HOUSE, "A player may resign at any time; the game ends at once and the other player wins."),
    Rule("chi.house.empty-slots-refilled", HOUSE, "An empty row slot is refilled as soon as the deck has a card again."),
    Rule("chi.scenario", SANDBOX, "A sandbox game may start from a chosen position: hands, row, play areas, discard pile and deck."),
)

RULEBOOK = MappingProxyType({rule.id: rule for rule in _RULES})
"""The rule index: id -> Rule(id, section, text)."""
