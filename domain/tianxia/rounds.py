"""A round's Setup and Income phases, which nobody decides: they follow the decision that ends the
opening or the round before, in the same decision, drawing on its generator.

Setup (tianxia.round.phases): the round's nomad attack card is revealed and every nomad walks and
grows by it (tianxia.setup.attack-card); the round's display of bonus tiles is turned up; the
rival's round deck is made (Li Mu: from his stacks as the difficulty table says, two cards turned
up, L156-164; the Bot: three cards drawn, the second turned up, L66). Income (tianxia.income):
each seat's board, starting building, income buildings holding its governors and its workers on
barges; the rivals gain none (L70, L172); then a neutral worker joins every barge
(tianxia.round.neutral-workers). Then the Action phase begins with the first in turn order.
"""

from __future__ import annotations


from domain.tianxia.board.loader import BOARD
from domain.tianxia.evolve import TianxiaEmitter
from domain.tianxia.rewards import merchants, pushed_off
from domain.tianxia.board.rivals import RIVALS
from domain.tianxia.state import LI_MU, TianxiaState


def start_round(em: TianxiaEmitter) -> None:
    """The events of the next round's Setup and Income phases, up to the first turn of its Action phase."""
    state = em.state
    number = state.round + 1
    em.emit("round_started", "tianxia.round.phases", {"round": number})
    reveal_attack(em)
    em.emit("display_turned", "tianxia.house.bonus-tiles", {"tiles": list(state.round_stacks[0])})
    if state.rival is not None:
        rival_round(em, number)
    for seat in range(len(state.seats)):
        gain = income(state, seat)
        if gain:
            em.emit("income_paid", "tianxia.income", {"seat": seat, "gain": gain})
    for barge in BOARD.barges:
        pushed = pushed_off(state, barge)
        em.emit("neutral_worker_added", "tianxia.round.neutral-workers",
                                          {"barge": barge, "pushed": pushed,
                                           "rival": state.rival.kind if state.rival else None})
        merchants(em, pushed)
        if pushed is not None and pushed == state.rival_owner and state.rival.kind == LI_MU:
            em.emit("rival_prestige_gained", "tianxia.limu.pushed-off",
                                              {"rival": LI_MU, "points": 3, "why": f"his worker was pushed off the {barge}"})
    em.emit("action_started", "tianxia.action.turns",
            {"round": number, "order": list(state.order), "active": state.order[0]})


def reveal_attack(em: TianxiaEmitter) -> None:
    """The round's attack card, and where it leaves each nomad: strength grown (at most the track's
    end), chieftain walked (never past its wall section)."""
    state = em.state
    card = BOARD.attacks[state.attack_deck[0]]
    moved = {}
    for index, nomad in enumerate(BOARD.nomads):
        now = state.nomads[nomad]
        moved[nomad] = {"walk": card.walk[index], "grow": card.grow[index],
                        "strength": min(BOARD.most_strength, now.strength + card.grow[index]),
                        "distance": max(0, now.distance - card.walk[index])}
    em.emit("attack_revealed", "tianxia.setup.attack-card", {"card": card.id, "nomads": moved})


def rival_round(em: TianxiaEmitter, number: int) -> None:
    """The rival's cards for the round: Li Mu's deck drawn from his stacks and two cards turned up;
    the Bot's three cards drawn from its deck, the second turned up."""
    state, rng = em.state, em.rng
    rival = state.rival
    if rival.kind == LI_MU:
        basic_cards, advanced_cards = RIVALS.levels[state.difficulty].rounds[number - 1]
        deck = rng.shuffle([*rng.shuffle(rival.basic)[:basic_cards], *rng.shuffle(rival.advanced)[:advanced_cards]])
        opened = deck[:BOARD.li_mu.open_cards]
        em.emit("rival_deck_made", "tianxia.limu.round-deck",
                {"rival": LI_MU, "basic": basic_cards, "advanced": advanced_cards, "cards": len(deck)},
                secret={"deck": deck})
        em.emit("rival_cards_turned", "tianxia.limu.open-cards", {"rival": LI_MU, "open": opened})
        return
    drawn = rival.deck[:BOARD.two_player.bot_cards]
    shown = [card if slot == 1 else None for slot, card in enumerate(drawn)]
    em.emit("rival_deck_made", "tianxia.bot.round-cards", {"rival": rival.kind, "open": shown}, secret={"cards": drawn})


# The income buildings' income, by building.
INCOME_OF = {building.id: building.income for building in BOARD.buildings.values() if building.kind == "income"}


def income(state: TianxiaState, seat: int) -> dict[str, int]:
    """What `seat` gains in the Income phase: its board's income, its starting building's, each of
    its governors' income building's, and a resource per own worker on a barge."""
    mine = state.seats[seat]
    incomes = []  # summed in a plain dict, in the order a Counter would keep: its `update` is Python
    if mine.side is not None:
        incomes.append(BOARD.player_boards[mine.side].income)
    if mine.starting_building is not None:
        incomes.append(BOARD.starting_buildings[mine.starting_building].income)
    for site in state.sites.values():
        if seat in site.governors:  # the seat's governors first: most sites have none of them
            income = INCOME_OF.get(site.building)
            if income is not None:
                for owner in site.governors:
                    if owner == seat:
                        incomes.append(income)
    gain: dict[str, int] = {}
    for amounts in incomes:
        for name, count in amounts.items():
            gain[name] = gain.get(name, 0) + count
    for barge, workers in state.barges.items():
        resource = BOARD.barges[barge].resource
        gain[resource] = gain.get(resource, 0) + workers.count(seat)
    found = {}
    for name, count in gain.items():  # a loop, not a comprehension
        if count:
            found[name] = count
    return found
