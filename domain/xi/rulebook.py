"""The Xi rule index: every refusal and every event cites one of these ids.

The ids are those of docs/design/xi-cards.md, section 1.1, under the seed's own headings (Rules
Update 2.2, L14-64). The skeleton (step 2) cites the setup, deck, time, hand, cap and end rules;
the others are listed now so that later steps only add their behaviour. House rules are the
decisions written down in docs/house-rules.md, "Xi Cards"; each step adds the ones it implements.
Each card has its own rule, `xi.card.<id>`, generated from the catalogue.
"""

from __future__ import annotations

from types import MappingProxyType

from domain.contract import Rule
from domain.xi.cards.catalogue import CARDS

INTRO = "Introduction"
PREPARING = "Preparing to play"
SETTING_UP = "Setting up"
TIME = "Time"
DRAWING = "Drawing cards"
UNITS = "Units"
TYPES = "Card types"
SKIRMISH = "Skirmishing"
SPELLS = "Spells"
ADVANCED = "Advanced rules and FAQ"
SERVICE = "Service"
SANDBOX = "Sandbox"
HOUSE = "House rules"
CARD = "Cards"

_RULES = (
    Rule("xi.setup.life", SETTING_UP, "Each player begins with 40 life points."),
    Rule("xi.setup.draw-one", SETTING_UP, "Each player draws one card before the game starts."),
    Rule("xi.setup.coin", SETTING_UP, "A coin decides who chooses to go first or second."),
    Rule("xi.deck.size", PREPARING, "A deck holds 30 or more cards."),
    Rule("xi.deck.copies", PREPARING, "No more than 3 copies of a card in a deck."),
    Rule("xi.deck.known-card", PREPARING, "A deck holds only catalogue cards."),
    Rule("xi.action.well-formed", SERVICE, "An action names a known type and the fields it needs."),
    Rule("xi.play.from-hand", INTRO, "Cards are played from your hand, usually nowhere else."),
    Rule("xi.time.per-turn", TIME, "A player has 10T in each of their turns."),
    Rule("xi.time.first-turn", TIME, "The first player has 6T on the game's first turn."),
    Rule("xi.time.expires", TIME, "T falls to 0 when your turn ends."),
    Rule("xi.time.own-turn", TIME, "T cannot be spent in an opponent's turn."),
    Rule("xi.time.draw", DRAWING, "Pay 3T to draw a card."),
    Rule("xi.time.draw-empty", DRAWING, "Drawing from an empty deck does nothing (the 3T are spent)."),
    Rule("xi.time.bank", TIME, "Pay 2T to gain 1pT."),
    Rule("xi.time.pt-keeps", TIME, "pT is kept from turn to turn."),
    Rule("xi.time.pt-as-t", TIME, "In your own turn pT may be spent as T, draws included."),
    Rule("xi.time.pt-cost", ADVANCED, "A pT cost is paid with pT only, in any turn."),
    Rule("xi.time.cost-reduction", ADVANCED, "\"Spells cost 1T less\" never reduces a pT cost."),
    Rule("xi.time.zero-t", ADVANCED, "A 0T card is a T card: own turn only."),
    Rule("xi.hand.no-limit", DRAWING, "There is no limit to a hand."),
    Rule("xi.cap.life", ADVANCED, "A player's life is capped at 99."),
    Rule("xi.cap.pt", ADVANCED, "pT is capped at 20."),
    Rule("xi.math.round-down", ADVANCED, "Always round down."),
    Rule("xi.unit.stats", UNITS, "A unit has a damage value and life points."),
    Rule("xi.unit.destroyed", UNITS, "A unit at 0 life or less is destroyed and discarded."),
    Rule("xi.unit.damage-floor", UNITS, "A damage value is never below 0."),
    Rule("xi.unit.no-recovery", ADVANCED, "A unit regains life only when a card says so."),
    Rule("xi.skirmish.once", SKIRMISH, "Each unit skirmishes once per turn."),
    Rule("xi.skirmish.any-time", SKIRMISH, "You may skirmish at any point of your turn."),
    Rule("xi.skirmish.target-unit", SKIRMISH, "A skirmish targets an opposing unit."),
    Rule("xi.skirmish.target-player", SKIRMISH, "With no opposing unit to target, the player is skirmished."),
    Rule("xi.skirmish.untargetable", ADVANCED, "An untargetable unit counts as no unit (Archo)."),
    Rule("xi.skirmish.react", SKIRMISH, "After a skirmish is declared, the opponent may react with pT."),
    Rule("xi.skirmish.simultaneous", SKIRMISH, "Both units deal their damage at once."),
    Rule("xi.skirmish.player", SKIRMISH, "A unit skirmishing a player deals its damage to that player."),
    Rule("xi.skirmish.before-damage", ADVANCED, "Any number of legal moves may come before skirmish damage, none during it."),
    Rule("xi.type.cycle", TYPES, "Aqua doubles on Ember, Ember on Wind, Wind on Stone, Stone on Aqua."),
    Rule("xi.type.celestial", TYPES, "Celestial units take no damage from the four elements."),
    Rule("xi.type.no-doubling", TYPES, "Celestial and Shadow damage is never doubled."),
    Rule("xi.type.shadow", TYPES, "Shadow deals normal damage to everything."),
    Rule("xi.damage.reduce-first", ADVANCED, "Reductions apply before doubling ((3-1)x2)."),
    Rule("xi.damage.multipliers-stack", ADVANCED, "Multipliers stack: each Flood doubles again."),
    Rule("xi.spell.all-cards", SPELLS, "Every card, units and statements included, is a spell."),
    Rule("xi.point.used-up", SPELLS, "A point spell is discarded once its effect is complete."),
    Rule("xi.lasting.until", SPELLS, "A lasting spell lasts until it is destroyed or its condition is met."),
    Rule("xi.statement.in-effect", SPELLS, "A statement stays in effect until destroyed."),
    Rule("xi.statement.both", ADVANCED, "A statement affects both players."),
    Rule("xi.ability.use", ADVANCED, "A card's ability is used by its controller for its cost; a T cost in their own turn only."),
    Rule("xi.keyword.prevent", ADVANCED, "Prevent stops a card as it is played; the card is discarded."),
    Rule("xi.keyword.immune", ADVANCED, "An Immune unit takes 0 damage of that type."),
    Rule("xi.keyword.armour-type", ADVANCED, "\"Armour Type\" means card type."),
    Rule("xi.response.one", ADVANCED, "An opponent may make one pT response to a declared spell, and nothing happens until it resolves."),
    Rule("xi.response.draw", ADVANCED, "A draw may be answered with a pT card."),
    Rule("xi.response.end-turn", ADVANCED, "Ending a turn may be answered with a pT card."),
    Rule("xi.turn.each-turn", ADVANCED, "\"Each turn\" includes the opponents' turns."),
    Rule("xi.turn.start-order", ADVANCED, "At the start of a turn, the active player's effects resolve first."),
    Rule("xi.end.zero-life", INTRO, "A player at 0 life loses."),
    Rule("xi.end.no-win", ADVANCED, "Both decks empty and neither player able to win: a draw."),
    Rule("xi.scenario", SANDBOX, "A sandbox game may start from a chosen table: life, time, hands, decks, discard piles, cards in play, effects and pending windows."),
    # House rules (docs/house-rules.md, "Xi Cards"); each step adds the ones it implements.
    Rule("xi.house.decks-brought", HOUSE, "Each seat brings a deck list after setup; it is checked, kept private and shuffled."),
    Rule("xi.house.coin-choice", HOUSE, "The seeded generator tosses the coin; its winner chooses to go first or second."),
    Rule("xi.house.pay-t-first", HOUSE, "A T cost in your own turn takes T first and pT only for the rest."),
    Rule("xi.house.bank", HOUSE, "Banking k pT pays 2k T from T only; a bank past 20pT is refused."),
    Rule("xi.house.zero-pt", HOUSE, "No card costs 0pT: the cheapest pT cost is 1."),
    Rule("xi.house.turn-limit", HOUSE, "Turn 400 ends the game as a draw."),
    Rule("xi.house.resign", HOUSE, "A player may resign at any time; the game ends and the other player wins."),
    Rule("xi.house.no-summoning-wait", HOUSE, "A unit may skirmish in the turn it enters play."),
    Rule("xi.house.player-damage", HOUSE, "A player has no type: the cycle never doubles damage to a player."),
    Rule("xi.house.damage-type", HOUSE, "A unit deals damage of its derived type."),
    Rule("xi.house.no-doubling-at-all", HOUSE, "Celestial and Shadow damage skips the cycle and every multiplier; nothing doubles damage to a Shadow unit."),
    Rule("xi.house.together-at-zero", HOUSE, "Seats brought to 0 together lose together; with nobody left standing the game is a draw."),
    Rule("xi.house.life-floor", HOUSE, "A player's life stops at 0; the damage dealt is recorded whole."),
    Rule("xi.house.targets", HOUSE, "A spell targets what its selector names: any unit for `unit`, a player only if the card says so."),
    Rule("xi.house.statement-copies", HOUSE, "Every copy of a card in play applies its effect; a tag holds while one copy is in play."),
    Rule("xi.house.attached", HOUSE, "A lasting spell on a unit goes to its owner's discard pile when the unit leaves play."),
    Rule("xi.house.flames-condition", HOUSE, "Each time a unit loses life, Flames on it end if its life is at or below its maximum without them."),
    Rule("xi.house.start-order", HOUSE, "Start-of-turn triggers resolve seat by seat from the active seat, by timestamp; choices go to their controller."),
    Rule("xi.house.thesis-choice", HOUSE, "Thesis's controller picks an odd number printed on a unit in play as it deals damage."),
    Rule("xi.house.stolen-unit", HOUSE, "Control taken lasts until the end of the turn; a unit whose control changed this turn does nothing."),
    Rule("xi.house.takeback", HOUSE, "A bank may be taken back until another seat decides; draws and turns stand."),
    Rule("xi.house.windows", HOUSE, "Each declaration opens the other seat's window on public facts only: a card and pT enough, or a pT ability; an answer is never answered."),
    Rule("xi.house.skirmish-step", HOUSE, "After a skirmish's window the attacker may play cards and use abilities, each with its window, then strikes; damage comes with no window."),
    Rule("xi.house.skirmish-gone", HOUSE, "If a unit of a declared skirmish leaves play or changes sides before the strike, neither deals damage; the skirmish is used."),
    Rule("xi.house.no-win", HOUSE, "With every deck empty, 3 turns each in a row that leave no less life on the table than ever, or a table where nothing can change life, is a draw."),
    Rule("xi.house.free-for-all", HOUSE, "With 3-4 seats turns go clockwise, windows pass seat by seat, and a player at 0 is out with their cards."),
    Rule("xi.house.standing-responses", HOUSE, "A seat may set secret standing rules that pass or answer its windows; a pass by rule looks like one by hand."),
    Rule("xi.house.pass-when-unable", HOUSE, "Every seat of a new table passes, by a standing rule it may switch off, the windows it holds no answer to."),
    Rule("xi.house.starters", HOUSE, "Four starter decks of 50, one to a caste with a few Celestial or Shadow cards, hold the catalogue's 97 cards; 66 are designed."),
)

_CARD_RULES = tuple(Rule(card.rule, CARD, f"{card.name}: {card.text}") for card in CARDS.values())

RULEBOOK = MappingProxyType({rule.id: rule for rule in _RULES + _CARD_RULES})
"""The rule index: id -> Rule(id, section, text)."""
