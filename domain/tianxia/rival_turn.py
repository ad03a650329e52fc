"""A rival's whole turn, played by the rules (domain.rules_turns): Li Mu's (L135-190) and the Bot's
(L62-76).

Li Mu rolls his die for the first or second open card or the deck's top card (L178,
`tianxia.house.die`), resolves it top to bottom (rival_lines.py), discards it and refills his
open cards (L180); he resolves four cards and passes on his fifth turn, or at the end of his
third or fourth if the card says so (L176, L264). The Bot turns up its leftmost card, resolves it
and discards it, and passes after its third turn (L62, L74, `tianxia.house.bot-pass`); with no
card left on its board its turns are skipped (L76). Passing, Li Mu takes a display tile with a
figurine he lacks, else removes the leftmost, then advances once per figurine on his lowest
track, his figurines counting as they arrive, as a player's do (L190, rewards.may_advance_passing);
the Bot takes no tile (L55). Then the next owner in turn order who has not passed
plays (turns.py), or the round ends (round_end.py).
"""

from __future__ import annotations

from domain.contract import Decision
from domain.english import ordinal
from domain.errors import NotYourTurn
from domain.rng import Rng
from domain.tianxia.board.loader import BOARD
from domain.tianxia.rewards import may_advance_passing
from domain.tianxia.rival_lines import LINES, RivalTurn, advance, least_advanced, take_tile
from domain.tianxia.board.rivals import RIVALS
from domain.tianxia.state import ACTION, LI_MU, TianxiaState
from domain.tianxia.evolve import TianxiaEmitter
from domain.tianxia.round_end import end_turn

LAST_CARD_TURN = 4  # Li Mu resolves 4 cards and passes on his 5th turn (L176)
LATE_TURNS = (3, 4)  # a pass icon resolved on these turns makes him pass (L264)
SLOT_WORDS = {"first": "the first open card", "second": "the second open card", "deck": "the top card of the deck"}


def rival_to_play(state: TianxiaState) -> str | None:
    """The rival whose turn it is in the Action phase, else None."""
    # len(state.seats) is the rival's owner (`rival_owner`), read without a property call: asked every decision
    if state.phase == ACTION and state.rival is not None and state.active == len(state.seats) and not state.rival.passed:
        return state.rival.kind
    return None


def play_rival_turn(state: TianxiaState, rng: Rng) -> Decision:
    if rival_to_play(state) is None:
        raise NotYourTurn("no rival is to play now")
    em = TianxiaEmitter(state, rng)
    number = state.rival.turn + 1
    if state.rival.kind == LI_MU:
        li_mus_turn(em, number)
    else:
        bots_turn(em, number)
    end_turn(em)
    return em.decision()


def li_mus_turn(em: TianxiaEmitter, number: int) -> None:
    """Li Mu's turn: the die picks an open card or the deck's top, he plays it and refills; after
    his fourth card, or a late pass icon, he passes."""
    state = em.state
    if number > LAST_CARD_TURN:
        rival_pass(em, "tianxia.limu.four-cards", f"his {ordinal(number)} turn, after 4 cards")
        return
    roll = state.rolls[0] if state.rolls else em.rng.below(6) + 1
    slot = RIVALS.die[roll]
    rival = state.rival
    card_id = rival.deck[0] if slot == "deck" else rival.open[0 if slot == "first" else 1]
    if card_id is None:  # no second open card (a short deck): the deck's top, else the first
        slot, card_id = ("deck", rival.deck[0]) if rival.deck else ("first", rival.open[0])
    turn = RivalTurn(em, RIVALS.cards[card_id])
    turn.emit("rival_card_chosen", "tianxia.limu.die", {
        "rival": turn.rival, "card": turn.card_id, "turn": number, "roll": roll, "slot": slot,
        "why": f"a roll of {roll} resolves {SLOT_WORDS[slot]} (tianxia.house.die)"})
    resolve(turn, number)
    turn.emit("rival_card_discarded", "tianxia.limu.refill", {"rival": turn.rival, "card": turn.card_id, "slot": slot})
    if slot != "deck" and turn.state.rival.deck:
        turn.emit("rival_card_drawn", "tianxia.limu.refill", {
            "rival": turn.rival, "card": turn.card_id, "drawn": turn.state.rival.deck[0]})
    if number in LATE_TURNS and turn.card.passes_late:  # the turn first: the card's test scans its lines
        rival_pass(em, "tianxia.card.pass-late", f"{card_id} was resolved on his {ordinal(number)} turn", card=card_id)


def bots_turn(em: TianxiaEmitter, number: int) -> None:
    """The Bot's turn: its leftmost card, played; after its third turn, or with no card left, it passes."""
    rival = em.state.rival
    left = []
    for index, card in enumerate(rival.open):  # a loop, not a comprehension
        if card is not None:
            left.append(index)
    if not left:
        # L76: no card left on its board; its turn is skipped and, for the round, so are the rest.
        rival_pass(em, "tianxia.bot.out-of-cards", "no card is left on its board")
        return
    slot = left[0]
    turn = RivalTurn(em, RIVALS.cards[rival.open[slot]])
    turn.emit("rival_card_chosen", "tianxia.bot.leftmost", {
        "rival": turn.rival, "card": turn.card_id, "turn": number, "roll": None, "slot": slot,
        "why": "the Bot resolves its leftmost card" + (", turned face up" if rival.face_down[slot] else "")})
    resolve(turn, number)
    turn.emit("rival_card_discarded", "tianxia.bot.leftmost", {"rival": turn.rival, "card": turn.card_id, "slot": slot})
    if number >= BOARD.two_player.bot_turns:
        rival_pass(em, "tianxia.bot.three-turns", f"it has taken {number} turns")


def resolve(turn: RivalTurn, number: int) -> None:
    """The card's top section, then each line, top to bottom (L178, L255)."""
    top, rival = turn.card.top, turn.state.rival
    if not rival.markers:
        turn.skip(0, "tianxia.limu.no-marker", "no action marker is left: the top section is ignored")
    elif top.starred and number == LAST_CARD_TURN:
        turn.skip(0, "tianxia.card.fourth-turn", "the starred top section is ignored on his 4th turn")
    elif top.word == "fortify":
        turn.emit("rival_marker_placed", "tianxia.card.fortify", {
            "rival": turn.rival, "card": turn.card_id, "line": 0, "region": None,
            "why": "on the Fortify/Train space; that is all this section does (tianxia.house.fortify-space)"})
    else:
        region_top(turn, top.region)
    for index, card_line in enumerate(turn.card.lines, 1):
        LINES[card_line.word](turn, index, card_line)  # `line`, without its call


def region_top(turn: RivalTurn, region: str) -> None:
    """L255: a marker in the region, a step on its track, a governor in its cheapest building
    (topmost on a tie), and the tile beside it (L184)."""
    turn.emit("rival_marker_placed", "tianxia.card.region", {
        "rival": turn.rival, "card": turn.card_id, "line": 0, "region": region, "why": "the region shown on the card"})
    track = BOARD.regions[region].palace
    advance(turn, 0, track, "tianxia.card.region", f"the {track} track of {BOARD.regions[region].name}")
    site, space, why = cheapest_site(turn.state, region)
    if site is None:
        turn.skip(0, "tianxia.house.no-room", why)
        return
    if not turn.state.rival.meeples:
        turn.skip(0, "tianxia.house.no-room", "he has no governor left")
        return
    turn.emit("rival_governor_placed", "tianxia.card.region", {
        "rival": turn.rival, "card": turn.card_id, "line": 0, "site": site, "space": space, "why": why})
    tile = turn.state.sites[site].tile
    if tile is not None:
        rule = "tianxia.limu.governor-tile" if turn.rival == LI_MU else "tianxia.bot.tile-removed"
        take_tile(turn, [tile], {"site": site}, rule)


def cheapest_site(state: TianxiaState, region: str) -> tuple[str | None, int, str]:
    """The region's site whose building and next free governor space cost least wood, the topmost
    on a tie; and why (or why none)."""
    offers = []
    for index, site_id in enumerate(BOARD.regions[region].sites):
        site = state.sites[site_id]
        if site.building is None or None not in site.governors:
            continue
        free = site.governors.index(None)  # the first free governor space (no list of them made)
        cost = BOARD.buildings[site.building].wood + BOARD.sites[site_id].governor_wood[free]
        offers.append((cost, index, site_id, free))
    if not offers:
        return None, 0, f"no building of {BOARD.regions[region].name} has a free governor space"
    cost, _, site_id, space = min(offers)
    tied = []
    for c, _, other, _ in offers:  # a loop, not a comprehension
        if c == cost and other != site_id:
            tied.append(other)
    why = f"the cheapest building of {BOARD.regions[region].name} ({cost} wood)"
    if tied:
        why += f", tied with {', '.join(tied)}: the topmost"
    return site_id, space, why


def rival_pass(em: TianxiaEmitter, rule: str, why: str, card: str | None = None) -> None:
    """The rival passes (L190): Li Mu takes a display tile, then advances once per figurine on his
    lowest track, checking again after each, his figurines counted as a player's are (one taken on a
    step he reaches opens one more advance); the Bot keeps its last place and takes no tile (L55, L62)."""
    state = em.state
    turn = RivalTurn(em, RIVALS.cards[card] if card else None)
    first = True
    for owner in state.order:  # a loop, not a generator
        if state.has_passed(owner):
            first = False
            break
    turn.emit("rival_passed", rule, {"rival": turn.rival, "card": turn.card_id, "why": why, "first": first})
    if turn.rival == LI_MU:
        if turn.state.display:
            take_tile(turn, list(turn.state.display), {"display": True}, "tianxia.limu.pass")
        taken = step = 0
        while may_advance_passing(turn.state.rival.figurines, taken):
            # no track of his is below the step he last left: the next scan starts there
            track, least, step = least_advanced(turn.state, turn.owner, step)
            advance(turn, None, track, "tianxia.limu.pass", f"an advance for a jade figurine, on {least}", step)
            taken += 1

