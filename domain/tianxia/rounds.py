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

from collections import Counter

from domain.contract import Event
from domain.rng import Rng
from domain.tianxia.board.loader import BOARD
from domain.tianxia.evolve import emit
from domain.tianxia.rewards import merchants, pushed_off
from domain.tianxia.board.rivals import RIVALS
from domain.tianxia.state import LI_MU, TianxiaState


def start_round(events: list[Event], state: TianxiaState, rng: Rng) -> TianxiaState:
    """The events of the next round's Setup and Income phases, up to the first turn of its Action phase."""
    number = state.round + 1
    state = emit(events, state, Event("round_started", "tianxia.round.phases", {"round": number}))
    state = emit(events, state, attack(state))
    state = emit(events, state, Event("display_turned", "tianxia.house.bonus-tiles", {"tiles": list(state.round_stacks[0])}))
    if state.rival is not None:
        for event in rival_round(state, number, rng):
            state = emit(events, state, event)
    for seat in range(len(state.seats)):
        gain = income(state, seat)
        if gain:
            state = emit(events, state, Event("income_paid", "tianxia.income", {"seat": seat, "gain": gain}))
    for barge in BOARD.barges:
        pushed = pushed_off(state, barge)
        state = emit(events, state, Event("neutral_worker_added", "tianxia.round.neutral-workers",
                                          {"barge": barge, "pushed": pushed,
                                           "rival": state.rival.kind if state.rival else None}))
        state = merchants(events, state, pushed)
        if pushed is not None and pushed == state.rival_owner and state.rival.kind == LI_MU:
            state = emit(events, state, Event("rival_prestige_gained", "tianxia.limu.pushed-off",
                                              {"rival": LI_MU, "points": 3, "why": f"his worker was pushed off the {barge}"}))
    return emit(events, state, Event("action_started", "tianxia.action.turns",
                                     {"round": number, "order": list(state.order), "active": state.order[0]}))


def attack(state: TianxiaState) -> Event:
    """The round's attack card, and where it leaves each nomad: strength grown (at most the track's
    end), chieftain walked (never past its wall section)."""
    card = BOARD.attacks[state.attack_deck[0]]
    moved = {}
    for index, nomad in enumerate(BOARD.nomads):
        now = state.nomads[nomad]
        moved[nomad] = {"walk": card.walk[index], "grow": card.grow[index],
                        "strength": min(BOARD.most_strength, now.strength + card.grow[index]),
                        "distance": max(0, now.distance - card.walk[index])}
    return Event("attack_revealed", "tianxia.setup.attack-card", {"card": card.id, "nomads": moved})


def rival_round(state: TianxiaState, number: int, rng: Rng) -> list[Event]:
    """The rival's cards for the round: Li Mu's deck drawn from his stacks and two cards turned up;
    the Bot's three cards drawn from its deck, the second turned up."""
    rival = state.rival
    if rival.kind == LI_MU:
        basic_cards, advanced_cards = RIVALS.levels[state.difficulty].rounds[number - 1]
        deck = rng.shuffle([*rng.shuffle(rival.basic)[:basic_cards], *rng.shuffle(rival.advanced)[:advanced_cards]])
        opened = deck[:BOARD.li_mu.open_cards]
        return [Event("rival_deck_made", "tianxia.limu.round-deck",
                      {"rival": LI_MU, "basic": basic_cards, "advanced": advanced_cards, "cards": len(deck)},
                      secret={"deck": deck}),
                Event("rival_cards_turned", "tianxia.limu.open-cards", {"rival": LI_MU, "open": opened})]
    drawn = rival.deck[:BOARD.two_player.bot_cards]
    shown = [card if slot == 1 else None for slot, card in enumerate(drawn)]
    return [Event("rival_deck_made", "tianxia.bot.round-cards", {"rival": rival.kind, "open": shown},
                  secret={"cards": drawn})]


def income(state: TianxiaState, seat: int) -> dict[str, int]:
    """What `seat` gains in the Income phase: its board's income, its starting building's, each of
    its governors' income building's, and a resource per own worker on a barge."""
    mine = state.seats[seat]
    gain: Counter[str] = Counter()
    if mine.side is not None:
        gain.update(BOARD.player_boards[mine.side].income)
    if mine.starting_building is not None:
        gain.update(BOARD.starting_buildings[mine.starting_building].income)
    for site in state.sites.values():
        if site.building is not None and BOARD.buildings[site.building].kind == "income":
            for owner in site.governors:
                if owner == seat:
                    gain.update(BOARD.buildings[site.building].income)
    for barge, workers in state.barges.items():
        gain[BOARD.barges[barge].resource] += workers.count(seat)
    return {name: count for name, count in gain.items() if count}
