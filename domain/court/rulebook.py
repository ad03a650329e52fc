"""The rule index of The Court of Xiang Chi: every event and refusal cites one of these ids.

"House rules" are the decisions of docs/house-rules.md; "Sandbox" is ours, for games started from
a scenario (domain/court/scenario.py) rather than a deal.
"""

from __future__ import annotations

from types import MappingProxyType

from domain.contract import Rule

SETUP, PLAY, POWERS, PHASE_1B, PHASE_2, PHASE_3, END, HOUSE, SANDBOX = (
    "Setup", "Play", "Card Powers", "Phase 1B", "Phase 2", "Phase 3", "Game End", "House rules", "Sandbox")

_RULES = (
    Rule("court.setup.shuffle", SETUP, "Shuffle the 54 cards face down as a draw pile."),
    Rule("court.setup.row", SETUP, "Deal four cards face up to form Society Row."),
    Rule("court.setup.daemons-aside", SETUP, "Daemon Princes dealt at set-up are set aside and shuffled back after the choice; replacements are dealt."),
    Rule("court.setup.starting-cards", SETUP, "Choose 3 of the four cards as starting cards for the Royal Court; their powers do not act."),
    Rule("court.setup.slide", SETUP, "Slide the fourth card next to the draw deck and deal 3 new cards; begin with 10 CP."),
    Rule("court.phase-1a.buy", PLAY, "Buy one card from Society Row: 0, 1, 2 or 3 CP by its distance from the deck, plus its Cost Modifier."),
    Rule("court.phase-1a.place", PLAY, "Place the card in any space of the Royal Court, covering an older card if you like; its power acts."),
    Rule("court.row.slide", PLAY, "Cards to the left of a gap in Society Row slide right and a new card is drawn next to the deck."),
    Rule("court.power.topmost", POWERS, "Card powers act only on the topmost card of each space of the Royal Court."),
    Rule("court.power.minister", POWERS, "A Minister gains CP equal to the VP of each Tax Collector, +1 for one of its clan."),
    Rule("court.power.general", POWERS, "Generals fight one Daemon Prince: total strength, +2 with all three clans, plus 1 per CP paid, at least the Prince's."),
    Rule("court.power.courtesan", POWERS, "On a later Phase 1A a Courtesan may be exchanged for a card of equal VP, whose power then acts."),
    Rule("court.power.tax-collector", POWERS, "A Tax Collector may discard another card of its clan for its VP, or for CP (the card goes to the Court of the Daemon Princes)."),
    Rule("court.power.poet", POWERS, "A Poet gains the VP of each card of its clan in the Royal Court."),
    Rule("court.power.daemon", POWERS, "Daemon Princes stay in Society Row until defeated; each turn they take the rightmost other card."),
    Rule("court.phase-1b.discard", PHASE_1B, "Without a purchase, discard the rightmost non-Daemon card and gain 1 CP plus 1 per Tax Collector."),
    Rule("court.phase-2.fight", PHASE_2, "The Generals may fight one Daemon Prince."),
    Rule("court.phase-3.daemons", PHASE_3, "If Daemon Princes remain, the rightmost non-Daemon card goes to the Court of the Daemon Princes."),
    Rule("court.end", END, "The game ends after Phase 3 with 4 Daemon Princes in Society Row, or all 9 drawn."),
    Rule("court.score", END, "Score the VP gained, plus 1 VP per 3 CP left, minus the VP of the Court of the Daemon Princes; read the Aristocracy title."),
    Rule("court.action.well-formed", PLAY, "An action is one of the listed kinds, with exactly its fields."),
    Rule("court.house.card-list", HOUSE, "Each role has three cards in each clan, with the values of cards.toml."),
    Rule("court.house.starting-spaces", HOUSE, "The three starting cards go to three different empty spaces."),
    Rule("court.house.refill-order", HOUSE, "At set-up the fourth card slides next to the deck and the three new cards fill the row away from it."),
    Rule("court.house.empty-deck", HOUSE, "A card drawn from an empty deck leaves its slot empty; by then every Daemon Prince has been drawn."),
    Rule("court.house.one-tax", HOUSE, "A Tax Collector discards at most one card when placed."),
    Rule("court.house.courtesan-exchange", HOUSE, "A Courtesan exchange is free, takes a card of Society Row, once per Phase 1A."),
    Rule("court.house.poet-counts-itself", HOUSE, "A Poet counts itself among the cards of its clan."),
    Rule("court.house.exact-pay", HOUSE, "A fight costs exactly the CP the Generals lack; a fight that cannot be won is not offered."),
    Rule("court.house.no-fight", HOUSE, "When no Daemon Prince can be defeated, the fight is passed at once."),
    Rule("court.house.setup-daemons", HOUSE, "A Daemon Prince among the three cards dealt after the choice stays in Society Row."),
    Rule("court.house.only-daemons", HOUSE, "With only Daemon Princes in Society Row, Phase 1B discards nothing (the income is paid) and Phase 3 takes nothing."),
    Rule("court.house.titles", HOUSE, "A score of 15 or less, nothing or below zero included, is Commoner."),
    Rule("court.scenario", SANDBOX, "A sandbox game may start from a chosen position: Society Row, the Royal Court, the piles, the deck, CP, VP and the phase."),
)

RULEBOOK = MappingProxyType({rule.id: rule for rule in _RULES})
