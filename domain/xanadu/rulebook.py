"""The rule index of Xanadu: every event and refusal cites one of these ids.

"House rules" are the decisions recorded in docs/house-rules.md where the rulebook leaves a gap;
"Sandbox" is ours, for games started from a scenario (domain/xanadu/scenario.py) rather than a deal.
"""

from __future__ import annotations

from types import MappingProxyType

from domain.contract import Rule

DECK, SETUP, TURN, SELL, BUILD, WORKERS, DRAW, END, HOUSE, SANDBOX = (
    "The Building Deck", "Setup", "Turn Sequence", "Sell Phase", "Construction Phase", "Worker Phase", "Draw Phase",
    "End of the Game", "House rules", "Sandbox")

_RULES = (
    Rule("xanadu.setup.deal", SETUP, "Shuffle the building deck and deal 7 cards to each player."),
    Rule("xanadu.setup.start", SETUP, "Each player chooses a brown building from hand to start in play; blue without brown, yellow without either."),
    Rule("xanadu.turn.phases", TURN, "A turn is the Sell, Construction, Worker and Draw phases, in that order."),
    Rule("xanadu.action.well-formed", TURN, "An action is one of the listed kinds, with exactly its fields."),
    Rule("xanadu.sell", SELL, "Any of your buildings may be gifted to the Khan for its current value: the lowest circle not covered."),
    Rule("xanadu.build", BUILD, "You may construct one building of your hand that you can pay for."),
    Rule("xanadu.build.most-five", BUILD, "You cannot construct with 5 buildings in play."),
    Rule("xanadu.build.pay", BUILD, "Pay the cost from your passives, your unlocked Favors and the rows you cover this turn."),
    Rule("xanadu.workers.rows", WORKERS, "Cover rows of any building in play from the bottom up, not the one being built; a Favor unlocks at once."),
    Rule("xanadu.workers.hand", WORKERS, "Each worker is a card of your hand, played face down; no more rows than cards in hand."),
    Rule("xanadu.draw", DRAW, "Draw 1; 3 after selling; refill to 7 after a turn that sold, built and placed nothing; never above 7."),
    Rule("xanadu.draw.reshuffle", DRAW, "When the deck first runs out, the discard pile is shuffled with END OF GAME among its bottom 10 cards."),
    Rule("xanadu.autosell", DRAW, "At the end of a turn a building with every row covered is sold by its owner (no 3-card draw)."),
    Rule("xanadu.end", END, "The game ends when END OF GAME is drawn; every building in play scores; the most tong bao wins."),
    Rule("xanadu.house.deck-count", HOUSE, "The deck has the colour counts the rulebook lists: 75 buildings, not 74; "
         "Favors sit on bottom rows (edition 2; stored games keep the edition they were dealt)."),
    Rule("xanadu.house.reshuffle-timing", HOUSE, "The deck runs out when a draw finds it empty: cards discarded "
         "since its last card was drawn join the new deck."),
    Rule("xanadu.house.undo", HOUSE, "A player may undo the steps of their turn not yet committed; sales stand."),
    Rule("xanadu.house.auto-skip", HOUSE, "Construction is skipped at once when no building of the hand can be paid for."),
    Rule("xanadu.house.skip-turn", HOUSE, "Skip Turn passes a whole turn: it is offered only before anything is sold."),
    Rule("xanadu.house.any-start", HOUSE, "A hand without brown, blue or yellow buildings starts with any of its buildings."),
    Rule("xanadu.house.tie", HOUSE, "Equal highest totals share the win."),
    Rule("xanadu.house.foothold", HOUSE, "A player with no building in play starts a turn by putting one in play from hand, as at set-up."),
    Rule("xanadu.scenario", SANDBOX, "A sandbox game may start from a chosen position: hands, buildings in play with their covered rows, scores, discard pile, deck and whose turn."),
)

RULEBOOK = MappingProxyType({rule.id: rule for rule in _RULES})
