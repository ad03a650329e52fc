"""The Tianxia rule index: every refusal and every event will cite one of these ids.

Three kinds of rule, by where they come from (`SOURCES`):
- the seed, ../shared/seeds/002_03092037a52f96d7.txt, cited by line (`L62`): the 2-player Bot, the
  solo rival Li Mu, and the appendix of Li Mu's card actions. These are followed to the letter.
- the base game's public structure, ../shared/notes/tianxia.md, cited by section (`notes §5`).
  The seed only refers to the base game's rules; the notes reconstruct them.
- house rules, the decisions written down in docs/house-rules.md, "Tianxia" (`house`). Each step
  of docs/design/tianxia.md adds the ones it fixes; the design lists those still to come.
"""

from __future__ import annotations

from types import MappingProxyType

from domain.contract import Rule

BOT = "2-player mode"
SOLO = "Solo mode"
APPENDIX = "Appendix: Li Mu's actions"
BASE = "Base game"
HOUSE = "House rules"
SANDBOX = "Sandbox"

_RULES = (
    # --- 2-player mode: the Bot (L11-84) ---
    (BOT, "tianxia.bot.deck", "The Bot's actions come from a deck of 9 cards that work as Li Mu's do.",
     "L13, L23, L74"),
    (BOT, "tianxia.bot.setup.bonus-stacks", "Four face-down stacks of exactly 3 regular bonus tiles go below the turn "
     "order track.", "L31"),
    (BOT, "tianxia.bot.setup.board", "The Bot's board and its shuffled deck are placed nearby.", "L35"),
    (BOT, "tianxia.bot.setup.colour", "The Bot takes the pieces of a colour not used at all (not the neutral "
     "markers'), without towers or special Palace tokens.", "L36"),
    (BOT, "tianxia.bot.setup.palace", "The Bot's Palace markers start on each track's starting space.", "L37"),
    (BOT, "tianxia.bot.setup.third", "The Bot starts third in turn order.", "L38"),
    (BOT, "tianxia.bot.setup.no-choice", "The Bot takes no part in choosing the building and starting supply tiles.",
     "L39"),
    (BOT, "tianxia.bot.competes", "The Bot competes in every aspect of the game but gains no prestige.", "L47"),
    (BOT, "tianxia.bot.free", "The Bot collects and spends no coins, resources or goods: its actions are free.", "L51"),
    (BOT, "tianxia.bot.ignores-effects", "The Bot ignores every printed effect on ships, demand tiles, buildings and "
     "bonus tiles.", "L52"),
    (BOT, "tianxia.bot.tile-removed", "A bonus tile the Bot claims from the main board is removed from the game.",
     "L53"),
    (BOT, "tianxia.bot.palace-tile", "On a Palace step with a bonus tile, the Bot removes the leftmost tile from the "
     "game.", "L54"),
    (BOT, "tianxia.bot.no-pass-tile", "The Bot takes no bonus tile when passing.", "L55"),
    (BOT, "tianxia.bot.palace-tie", "A tie between the tracks the Bot may advance on is broken by a priority list "
     "(its picture is lost).", "L56"),
    (BOT, "tianxia.bot.three-turns", "The Bot takes 3 turns, then passes.", "L62"),
    (BOT, "tianxia.bot.last", "The Bot never moves its turn order marker: it is last all game.", "L62"),
    (BOT, "tianxia.bot.leftmost", "The Bot resolves its leftmost card, turned face up, every segment top to bottom, "
     "then discards it.", "L62, L74"),
    (BOT, "tianxia.bot.round-cards", "In Setup the Bot draws 3 cards face down onto its board and turns the second "
     "face up.", "L66"),
    (BOT, "tianxia.bot.no-income", "The Bot gains no income.", "L70"),
    (BOT, "tianxia.bot.out-of-cards", "With no card left on its board, the Bot's turns are skipped for the rest of "
     "the round.", "L76"),
    (BOT, "tianxia.bot.battles", "The Bot gains nothing in battles, but its walls and soldiers count in them and when "
     "prestige is awarded.", "L80"),
    (BOT, "tianxia.bot.cleanup", "In Cleanup the Bot's discarded cards go back into its deck, which is shuffled.",
     "L84"),
    # --- Solo mode: Li Mu (L86-227) ---
    (SOLO, "tianxia.solo.rival", "Li Mu is the only opponent; the 2-player Bot is not used.", "L92"),
    (SOLO, "tianxia.solo.setup.bonus-stacks", "Four face-down stacks of exactly 3 regular bonus tiles.", "L107"),
    (SOLO, "tianxia.solo.setup.colour", "Li Mu takes a colour's components, without its towers and special Palace "
     "tokens.", "L108"),
    (SOLO, "tianxia.solo.setup.board", "His walls go on his board, his action markers left to right, the rightmost "
     "space left empty.", "L109"),
    (SOLO, "tianxia.solo.setup.markers", "His Palace markers start on each track's start and his scoring marker on 10; "
     "neutral markers stand on each track's 4th step.", "L110"),
    (SOLO, "tianxia.solo.setup.decks", "The difficulty's Li Mu cards form a Basic and an Advanced stack, face down; "
     "the rest go back to the box.", "L111"),
    (SOLO, "tianxia.solo.difficulty.easy", "Easy: only the 9 Basic cards; the Easy nomad attack deck.", "L114"),
    (SOLO, "tianxia.solo.difficulty.normal", "Normal: 4 random Advanced cards replace their Basic cards; the Normal "
     "nomad attack deck.", "L115"),
    (SOLO, "tianxia.solo.difficulty.hard", "Hard: 5 random Advanced cards replace their Basic cards.", "L116"),
    (SOLO, "tianxia.solo.difficulty.emperor", "Emperor: S08, S09 and the 7 Advanced cards; Li Mu's Palace markers "
     "start 2 steps up; at most 3 objectives score.", "L117"),
    (SOLO, "tianxia.solo.setup.second-colour", "Li Mu has 9 more meeples of an unused colour, kept apart.", "L119"),
    (SOLO, "tianxia.solo.setup.nothing", "Li Mu gets no coins, resources, goods, objectives, starting supply or "
     "starting building.", "L120"),
    (SOLO, "tianxia.solo.setup.player-board", "The player uses side A or B of a player board.", "L121"),
    (SOLO, "tianxia.solo.setup.starting-building", "The player draws 2 starting buildings, keeps one and boxes the "
     "other.", "L122"),
    (SOLO, "tianxia.solo.setup.supply", "No starting supply tiles: the player takes 2 coins, 1 stone, 1 wood and "
     "1 rice.", "L123"),
    (SOLO, "tianxia.solo.first", "The player is the starting player.", "L125"),
    (SOLO, "tianxia.limu.competes", "Li Mu competes in every aspect and scores prestige for battles and at the end.",
     "L133"),
    (SOLO, "tianxia.limu.card-per-turn", "Each turn Li Mu's die picks a card, whose actions he performs top to bottom.",
     "L135"),
    (SOLO, "tianxia.limu.free", "Li Mu collects and spends no coins, resources or goods: his actions are free.",
     "L139"),
    (SOLO, "tianxia.limu.first-player", "If Li Mu passes before the player, he is first player next round.", "L140"),
    (SOLO, "tianxia.limu.ignores-effects", "Li Mu ignores the effects of ships, demand tiles, buildings and bonus "
     "tiles, except jade figurines.", "L141"),
    (SOLO, "tianxia.limu.figurines", "Li Mu collects jade figurines by the normal rules, never two of a kind, and "
     "advances for them when passing.", "L142"),
    (SOLO, "tianxia.limu.pushed-off", "Li Mu gains 3 prestige whenever one of his workers is pushed off a barge.",
     "L143"),
    (SOLO, "tianxia.limu.palace-tie", "A tie between the tracks Li Mu may advance on is broken by a priority list "
     "(its picture is lost).", "L144"),
    (SOLO, "tianxia.solo.zero-prestige", "A player who reaches 0 prestige loses at once.", "L148, L223"),
    (SOLO, "tianxia.limu.round-deck", "Each Setup phase Li Mu's deck is made of Basic and Advanced cards as the "
     "difficulty table says.", "L156-162"),
    (SOLO, "tianxia.limu.open-cards", "The deck is shuffled and 2 cards are drawn face up to its left.", "L164"),
    (SOLO, "tianxia.limu.no-income", "Li Mu gains no income.", "L172"),
    (SOLO, "tianxia.limu.alternate", "The player and Li Mu take turns alternately.", "L176"),
    (SOLO, "tianxia.limu.four-cards", "Li Mu resolves 4 cards, one a turn, and passes on his 5th turn, unless a card "
     "makes him pass sooner.", "L176"),
    (SOLO, "tianxia.limu.die", "The die designates the first or second open card, or the top card of the deck.",
     "L178, L210"),
    (SOLO, "tianxia.limu.as-much", "Li Mu performs the card's actions top to bottom, left to right, as much of each "
     "section as he can.", "L178"),
    (SOLO, "tianxia.limu.no-marker", "With no action marker left, Li Mu ignores the top section.", "L178"),
    (SOLO, "tianxia.limu.refill", "The resolved card is discarded; the other slides left and the gap is refilled "
     "from the deck.", "L180, L202"),
    (SOLO, "tianxia.limu.palace-tiles", "On a Palace step with bonus tiles, Li Mu takes one with a figurine he lacks, "
     "else removes the leftmost.", "L182"),
    (SOLO, "tianxia.limu.blue-prestige", "Li Mu ignores the tracks' printed rewards but the prestige on steps 5 and 10 "
     "of the blue track.", "L182"),
    (SOLO, "tianxia.limu.governor-tile", "Placing a governor, Li Mu claims the tile beside the building if its "
     "figurine is new to him, else removes it.", "L184, L214"),
    (SOLO, "tianxia.limu.wall-and-soldier", "A wall and a soldier go in one section; where both do not fit, the next "
     "section on the priority list is tried.", "L186"),
    (SOLO, "tianxia.limu.barge-colour", "Li Mu's second colour is used only on the barges.", "L188"),
    (SOLO, "tianxia.limu.pass", "Passing, Li Mu takes a display tile with a new figurine, else removes the leftmost; "
     "then one advance per figurine, each on his lowest track.", "L190"),
    (SOLO, "tianxia.limu.battle-prestige", "Li Mu gains prestige in the Attack phase as the player does.", "L206"),
    (SOLO, "tianxia.limu.raided", "When a building with Li Mu's governor is raided, the player loses 3 prestige.",
     "L206"),
    (SOLO, "tianxia.limu.no-excess", "Li Mu loses no prestige for strength left when a chieftain ends its path.",
     "L206"),
    (SOLO, "tianxia.limu.cleanup", "In Cleanup Li Mu's action markers return to his board and every card to its "
     "deck; each deck is shuffled.", "L218-219"),
    (SOLO, "tianxia.solo.objective-limit", "In solo any number of objectives score, except 3 at Emperor.", "L225"),
    (SOLO, "tianxia.limu.final", "Li Mu scores the Palace tracks and the jade figurines on his board.", "L225"),
    (SOLO, "tianxia.solo.win", "The player wins with more prestige than Li Mu; otherwise Li Mu wins.", "L227"),
    # --- The appendix: what each symbol of a Li Mu (or Bot) card makes him do (L251-267) ---
    (APPENDIX, "tianxia.card.fortify", "Place an action marker on the Fortify/Train Soldiers space.", "L254"),
    (APPENDIX, "tianxia.card.region", "Place an action marker in the region shown, advance on its track and put a "
     "governor in its cheapest building (topmost on a tie).", "L255"),
    (APPENDIX, "tianxia.card.fourth-turn", "A line marked * is ignored on Li Mu's 4th turn.", "L255"),
    (APPENDIX, "tianxia.card.soldier", "Place a soldier in each wall section shown.", "L256"),
    (APPENDIX, "tianxia.card.soldier-strength", "Place soldiers where the nomad's strength is highest (or lowest); "
     "ties by the card's priority list.", "L257"),
    (APPENDIX, "tianxia.card.soldier-chieftain", "Place soldiers where the chieftain is closest; ties by the card's "
     "priority list.", "L258"),
    (APPENDIX, "tianxia.card.wall", "Place a wall in the section with the fewest walls of any colour.", "L259"),
    (APPENDIX, "tianxia.card.worker", "Place a worker on the barge shown.", "L261"),
    (APPENDIX, "tianxia.card.worker-fewest", "Place a worker on the barge with fewest of his workers; ties by the "
     "card's priority list.", "L262"),
    (APPENDIX, "tianxia.card.deliver", "Place delivery markers on the port's top ship from the side shown, then on its "
     "next ship; then a shipping marker in that port.", "L263"),
    (APPENDIX, "tianxia.card.pass-late", "Resolved on his 3rd or 4th turn, this card makes Li Mu pass at the end of "
     "the turn.", "L264"),
    (APPENDIX, "tianxia.card.advance", "Advance one step on the track shown; only the blue track's prestige counts.",
     "L265"),
    (APPENDIX, "tianxia.card.advance-least", "Advance on the track he has advanced least on.", "L266"),
    (APPENDIX, "tianxia.card.prestige", "Gain prestige for the condition shown.", "L267"),
    # --- The base game, reconstructed from its public structure ---
    (BASE, "tianxia.round.phases", "Four rounds of Setup, Income, Action, Attack and Cleanup.", "notes §2"),
    (BASE, "tianxia.setup.attack-card", "Each Setup phase reveals a nomad attack card: strengths grow and chieftains "
     "walk.", "notes §2"),
    (BASE, "tianxia.income", "Income: a resource per own worker on a barge, income buildings with your governor, "
     "your board's income.", "notes §2"),
    (BASE, "tianxia.round.neutral-workers", "Neutral workers join the barges at the end of the Income phase.",
     "L172, notes §2"),
    (BASE, "tianxia.action.turns", "Turns go round in turn order until everyone has passed.", "notes §2"),
    (BASE, "tianxia.action.region", "Region: a disc on the region (1 coin per disc there), one step on its track, "
     "then governor, exchange or shipping, each at most once.", "notes §4"),
    (BASE, "tianxia.action.governor", "A governor costs the building's wood and its space's; an income building pays "
     "at once.", "notes §3"),
    (BASE, "tianxia.action.exchange", "The region's exchange, up to 4 times.", "notes §3"),
    (BASE, "tianxia.action.shipping", "A shipping marker in the port, then crates of demanded goods on free ship "
     "spaces, each paying its reward.", "notes §4"),
    (BASE, "tianxia.action.military", "Military: a disc on the fortify space (1 coin per disc there), a step on any "
     "track, then fortify or train.", "notes §4"),
    (BASE, "tianxia.action.fortify", "Walls take the leftmost wall space (+1), towers their own (+2); paid in stone, "
     "in ascending order.", "notes §3"),
    (BASE, "tianxia.action.train", "Soldiers cost 2 rice each and go leftmost (+1).", "notes §3"),
    (BASE, "tianxia.action.barge", "Barge: no disc; 1 coin and 1 per own worker there; the worker goes leftmost and "
     "the third is pushed off.", "notes §3"),
    (BASE, "tianxia.action.pass", "Pass: the next free turn order space, a tile from the round display, then "
     "advances bought for figurines.", "notes §4"),
    (BASE, "tianxia.free.discard-disc", "Discard an action disc for 2 coins; it returns next round.", "notes §4"),
    (BASE, "tianxia.free.tile", "Use a one-shot bonus tile.", "notes §4"),
    (BASE, "tianxia.free.objective", "Discard an objective card for its reward.", "notes §3"),
    (BASE, "tianxia.free.merchant", "Full merchant spaces give their reward and empty.", "notes §4"),
    (BASE, "tianxia.figurine.one-each", "No player owns two jade figurines of a kind.", "notes §3, L142"),
    (BASE, "tianxia.attack.when", "A battle is fought where a chieftain has reached its wall section.", "notes §2"),
    (BASE, "tianxia.attack.prestige", "Defence totals rank the players: 7, 4 and 2 prestige; ties to the leftmost "
     "soldier, then wall.", "notes §5"),
    (BASE, "tianxia.attack.towers-walls", "Each tower lowers the strength by 2, each wall by 1.", "notes §5"),
    (BASE, "tianxia.attack.soldiers", "Soldiers are removed from the left, each -1 strength and 1 prestige to its "
     "owner.", "notes §5"),
    (BASE, "tianxia.attack.raid", "Strength left raids the path's buildings in order: governors home, +1 cost, "
     "strength less the printed value.", "notes §5"),
    (BASE, "tianxia.attack.excess", "Strength left past the last building costs each player 1 coin or 3 prestige a "
     "point.", "notes §5"),
    (BASE, "tianxia.attack.won", "A battle won gives its first player 1 prestige per governor on the path; the nomad "
     "and defence reset.", "notes §5"),
    (BASE, "tianxia.cleanup", "Cleanup: display tiles boxed, discs back, full ships leave, ports refill, turn order "
     "updated.", "notes §2"),
    (BASE, "tianxia.end.final", "Final scoring: figurines, tracks, up to 3 objectives, leftovers / 5.", "notes §6"),
    # --- House rules fixed so far (docs/house-rules.md, "Tianxia") ---
    # --- Sandbox: a chosen table in place of a deal (docs/house-rules.md, "Tianxia", 39) ---
    (SANDBOX, "tianxia.scenario", "A sandbox lays out a chosen table between turns of the Action phase; the rest is "
     "dealt.", "house"),
    (HOUSE, "tianxia.house.pieces", "Five piece colours, 10 prestige to start, 9 meeples, 4 shipping markers and 8 "
     "crates a player.", "house"),
    (HOUSE, "tianxia.house.palace", "Four tracks of 12 steps, black, white, blue and red; their rewards, tiles on "
     "steps 3 and 7, and their final values.", "house"),
    (HOUSE, "tianxia.house.regions", "Eight regions, two to a Palace colour, each with its exchange and 1 or 2 "
     "building sites.", "house"),
    (HOUSE, "tianxia.house.buildings", "Twelve buildings, six income and six passive, one to a site of its class.",
     "house"),
    (HOUSE, "tianxia.house.river", "Four barges of 3 workers: wood, stone, rice and coins.", "house"),
    (HOUSE, "tianxia.house.sea", "Three ports of 2 ships and a wave space; 12 ships; 6 demand tiles.", "house"),
    (HOUSE, "tianxia.house.wall", "Four wall sections, one nomad each, paths of 3 spaces and raids of 3 sites.",
     "house"),
    (HOUSE, "tianxia.house.attack-decks", "Easy and Normal attack decks of 8; Normal for Hard, Emperor and games "
     "without Li Mu.", "house"),
    (HOUSE, "tianxia.house.bonus-tiles", "A pool of 60 bonus tiles, 24 of them figurines; a round display of one "
     "more than the players.", "house"),
    (HOUSE, "tianxia.house.objectives", "Sixteen objective cards; each player is dealt 4.", "house"),
    (HOUSE, "tianxia.house.player-boards", "Player board sides A and B: income, wall and tower costs, merchants.",
     "house"),
    (HOUSE, "tianxia.house.starting-tiles", "Eight starting buildings and six starting supplies.", "house"),
    (HOUSE, "tianxia.house.rival-cards", "Li Mu's 16 cards and the Bot's 9, designed from the appendix's actions; S01 "
     "is the seed's worked example.", "house"),
    (HOUSE, "tianxia.house.die", "Li Mu's die: 1-3 the first open card, 4-5 the second, 6 the top card of the deck.",
     "house"),
    (HOUSE, "tianxia.house.round-decks", "The round decks: the seed's table read as merged cells, a blank cell part "
     "of the written cell above it.", "house"),
    (HOUSE, "tianxia.house.bot-cards", "The Bot's cards never pass, star a section or gain prestige.", "house"),
    (HOUSE, "tianxia.house.first-player", "Round 1's turn order is drawn, but the solo player first and the Bot third.",
     "house"),
    (HOUSE, "tianxia.house.building-set", "Two arrangements of the buildings are dealt and the first player chooses; "
     "supplies are chosen in reverse turn order.", "house"),
    (HOUSE, "tianxia.house.advanced-draw", "Normal's and Hard's Advanced cards are drawn at set-up, secret until "
     "turned up.", "house"),
    (HOUSE, "tianxia.house.neutral-workers", "A neutral worker joins each barge at its leftmost space, pushing off a "
     "third worker.", "house"),
    (HOUSE, "tianxia.house.palace-priority", "A rival's tie between Palace tracks goes blue, black, white, red.", "house"),
    (HOUSE, "tianxia.house.fortify-space", "A rival's marker on the Fortify/Train space does nothing more.", "house"),
    (HOUSE, "tianxia.house.no-room", "A line a rival cannot do is skipped, saying why; a region without a free "
     "governor space still takes the marker and the step.", "house"),
    (HOUSE, "tianxia.house.wall-ties", "A wall where fewest walls stand: ties by the card's priority list.", "house"),
    (HOUSE, "tianxia.house.deliver-full", "With no free ship space, a rival still places his shipping marker.",
     "house"),
    (HOUSE, "tianxia.house.prestige-icons", "A rival's prestige line counts his walls, soldiers, governors, figurines, "
     "barge workers, deliveries or regions.", "house"),
    (HOUSE, "tianxia.house.alternate", "Once the player has passed, Li Mu takes his remaining turns one after "
     "another.", "house"),
    (HOUSE, "tianxia.house.bot-pass", "The Bot passes at the end of its third turn.", "house"),
    (HOUSE, "tianxia.house.palace-top", "A marker on a track's last step advances no further.", "house"),
    (HOUSE, "tianxia.house.battle-ties", "Equal defence: the leftmost soldier, then the leftmost wall, then turn order; "
     "7/4/2 among all defenders, rivals included.", "house"),
    (HOUSE, "tianxia.house.excess", "Each point of strength left costs each player 1 coin while they have coins, "
     "then 3 prestige.", "house"),
    (HOUSE, "tianxia.house.neutral-marker", "Only a marker past the neutral marker ranks on a track; the neutral "
     "marker takes a place and scores nothing.", "house"),
    (HOUSE, "tianxia.house.solo-tie", "In solo, equal prestige is Li Mu's win.", "house"),
    (HOUSE, "tianxia.house.tie", "Outside solo, equal highest prestige shares the win.", "house"),
    (HOUSE, "tianxia.house.region-order", "A Region or Military action is small decisions; a reward's choices come "
     "first.", "house"),
    (HOUSE, "tianxia.house.pass-advances", "Passing, one advance per jade figurine owned, counted as they arrive, "
     "the k-th costing k coins; Li Mu's by the same count, free.", "house"),
    (HOUSE, "tianxia.house.merchants", "A worker pushed off a barge goes to its owner's merchant spaces; full, they "
     "pay the board's reward.", "house"),
    (HOUSE, "tianxia.house.resign", "A seat that resigns ends the game: the others share the win; in solo Li Mu "
     "wins.", "house"),
)

RULEBOOK = MappingProxyType({rule_id: Rule(rule_id, section, text) for section, rule_id, text, _ in _RULES})
SOURCES = MappingProxyType({rule_id: source for _, rule_id, _, source in _RULES})
"""Where each rule comes from: seed lines (`L62`, `L156-162`), a section of the notes, or `house`."""
