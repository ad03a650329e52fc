"""The end of a round, which nobody decides: once everyone has passed, the Attack phase, then the
Cleanup and the next round's Setup and Income, or after the fourth round the final scoring.

Cleanup (tianxia.cleanup, notes §2): the display's tiles leave the game, the discs come back,
every full ship sails (its crates back to their owners) and the ports' ships move up, refilled
from the wave space and the ship deck; the turn order becomes the order of passing, the Bot last
(L62); Li Mu's markers come back and his cards return to their stacks (L218-219), naming only
those he turned up, the Bot's discards to its deck, shuffled (L84).

Final scoring (tianxia.end.final, notes §6): jade figurines, each Palace track's step and rank,
objectives (the best 3, in solo every one but at Emperor, L225), and leftovers / 5. Li Mu scores
his tracks and figurines (L225); the Bot nothing (L47). In solo the player wins with more prestige
than Li Mu, else he wins (L227, `tianxia.house.solo-tie`); otherwise the most prestige wins, a tie
shared (`tianxia.house.tie`).
"""

from __future__ import annotations

from typing import Any

from domain.tianxia.attack import attack_phase
from domain.tianxia.board.loader import BOARD
from domain.tianxia.evolve import TianxiaEmitter
from domain.tianxia.rounds import start_round
from domain.tianxia.state import ATTACK, LI_MU, NEUTRAL, OVER, SOLO, TianxiaState
from domain.tianxia.turns import next_turn

PALACE_OF = {region.id: region.palace for region in BOARD.regions.values()}


def end_turn(em: TianxiaEmitter) -> None:
    """After a turn: the next owner's turn, or, once everyone has passed, the round's end."""
    next_turn(em)
    if em.state.phase == ATTACK:
        finish_round(em)


def finish_round(em: TianxiaEmitter) -> None:
    """Everything from the end of the Action phase to the next decision: the Attack phase, then
    Cleanup and the next round up to its first turn, or the final scoring."""
    attack_phase(em)
    if em.state.phase == OVER:
        return
    if em.state.round == BOARD.numbers.rounds:
        final_scoring(em)
        return
    cleanup(em)
    start_round(em)


def cleanup(em: TianxiaEmitter) -> None:
    """The round's Cleanup: ships sail and move up, the turn order is the order of passing, the
    rival's cards go back."""
    state = em.state
    sailed: dict[str, list[str]] = {}
    ports: dict[str, list[str]] = {}
    wave = [ship["ship"] for ship in state.wave]
    deck = list(state.ship_deck)
    for port, ships in state.ports.items():
        staying, sailed[port] = [], []
        for ship in ships:  # a full ship sails (loops, not comprehensions and a generator per ship)
            (staying if None in ship["crates"] else sailed[port]).append(ship["ship"])
        while len(staying) < BOARD.ports[port].ships and (wave or deck):
            staying.append(wave.pop(0) if wave else deck.pop(0))
        ports[port] = staying
    while len(wave) < BOARD.wave_ships and deck:
        wave.append(deck.pop(0))
    passed = [owner for owner in state.next_order if owner in state.order]
    order = passed + [owner for owner in state.order if owner not in passed]
    if state.rival is not None and state.rival.kind != LI_MU:  # the Bot remains the last player (L62)
        order = [owner for owner in order if owner != state.rival_owner] + [state.rival_owner]
    em.emit("round_cleaned", "tianxia.cleanup", {
        "round": state.round, "boxed": list(state.display), "sailed": sailed, "ports": ports, "wave": wave,
        "order": order, "ships_drawn": len(state.ship_deck) - len(deck)})
    if state.rival is not None:
        rival = state.rival
        if rival.kind == LI_MU:
            # Only the cards he turned up are named: the deck's are face down, and which they are
            # would tell which Advanced cards he drew (`tianxia.house.advanced-draw`).
            em.emit("rival_cleaned_up", "tianxia.limu.cleanup", {
                "rival": LI_MU, "returned": [*rival.open, *rival.discard], "face_down": len(rival.deck)})
        else:
            back = em.rng.shuffle([*rival.deck, *[card for card in rival.open if card], *rival.discard])
            em.emit("rival_cleaned_up", "tianxia.bot.cleanup",
                                              {"rival": rival.kind, "returned": len(back)}, secret={"deck": back})


def palace_scores(state: TianxiaState) -> dict[int, int]:
    """Each owner's Palace prestige at the end: each marker's step value, and the rank bonus of the
    farthest markers of each track. Only a marker past the neutral marker ranks; the neutral marker
    takes its place and scores nothing (`tianxia.house.neutral-marker`); markers level on a step
    rank by arrival."""
    scores: dict[int, int] = {}
    neutral = BOARD.palace.neutral_step
    for steps in state.palace.values():
        for step, owners in enumerate(steps):
            for owner in owners:
                scores[owner] = scores.get(owner, 0) + BOARD.palace.final[step]
        ahead = [owner for step in reversed(range(neutral + 1, len(steps))) for owner in steps[step]]
        for place, owner in enumerate([*ahead, NEUTRAL][:len(BOARD.palace.ranks)]):
            if owner != NEUTRAL:
                scores[owner] += BOARD.palace.ranks[place]
    scores.pop(NEUTRAL, None)
    return scores


def counted(state: TianxiaState, seat: int, per: str) -> int:
    """What an objective counts of `seat`'s at the end."""
    sections, sites = state.sections.values(), state.sites.values()
    if per in ("soldiers", "walls", "towers"):
        return sum(getattr(section, per).count(seat) for section in sections)
    if per == "governors":
        return sum(site.governors.count(seat) for site in sites)
    if per == "governors-income":
        return sum(site.governors.count(seat) for site in sites
                   if site.building and BOARD.buildings[site.building].kind == "income")
    if per.startswith("governors-"):
        colour = per.removeprefix("governors-")
        return sum(state.sites[site].governors.count(seat) for site in BOARD.sites
                   if PALACE_OF[BOARD.sites[site].region] == colour)
    if per == "regions":
        return sum(1 for region in BOARD.regions.values() if any(seat in state.sites[s].governors for s in region.sites))
    if per == "barge-workers":
        return sum(workers.count(seat) for workers in state.barges.values())
    if per == "crates":
        return sum(ship["crates"].count(seat) for ships in state.ports.values() for ship in ships)
    if per == "ports":
        return sum(1 for owners in state.shipping.values() if seat in owners)
    if per == "figurines":
        return len(set(state.seats[seat].figurines))
    if per == "battles-won":
        return state.seats[seat].battles_won
    return sum(1 for track in state.palace if state.step_of(seat, track) > BOARD.palace.neutral_step)


def objective_scores(state: TianxiaState, seat: int) -> list[dict[str, Any]]:
    """The objectives that score for `seat`, best first: each its points for what it counts, up to its cap."""
    scored = []
    for objective_id in state.seats[seat].objectives:
        objective = BOARD.objectives[objective_id]
        count = counted(state, seat, objective.per)
        scored.append({"objective": objective_id, "count": count, "points": min(objective.points * count, objective.most)})
    scored.sort(key=lambda part: -part["points"])
    limit = BOARD.numbers.objectives_scored
    if state.mode == SOLO:  # no limit in solo but at Emperor (L117, L225)
        limit = BOARD.solo.emperor_objectives if state.difficulty == "emperor" else len(scored)
    return scored[:limit]


def final_scoring(em: TianxiaEmitter) -> None:
    """The final scoring after the fourth round, and who won."""
    state = em.state
    palace = palace_scores(state)
    parts: list[dict[str, Any]] = []
    for seat, mine in enumerate(state.seats):
        objectives = objective_scores(state, seat)
        leftovers = sum(mine.goods.values()) // BOARD.numbers.leftovers_per_prestige
        part = {"seat": seat, "figurines": BOARD.figurines.final[len(set(mine.figurines))],
                "palace": palace.get(seat, 0), "objectives": objectives,
                "leftovers": leftovers}
        part["total"] = part["figurines"] + part["palace"] + sum(o["points"] for o in objectives) + leftovers
        parts.append(part)
    rival_part = None
    if state.rival is not None and state.rival.kind == LI_MU:
        rival_part = {"figurines": BOARD.figurines.final[len(set(state.rival.figurines))],
                      "palace": palace.get(state.rival_owner, 0)}
        rival_part["total"] = rival_part["figurines"] + rival_part["palace"]
    em.emit("game_scored", "tianxia.end.final" if rival_part is None else "tianxia.limu.final",
                                      {"seats": parts, "rival": rival_part})
    finals = [seat.prestige for seat in state.seats]
    if state.mode == SOLO:
        won = finals[0] > state.rival.prestige
        rule = "tianxia.house.solo-tie" if finals[0] == state.rival.prestige else "tianxia.solo.win"
        em.emit("game_ended", rule, {
            "reason": "final-scoring", "winners": [0] if won else [], "rival_won": None if won else LI_MU,
            "why": f"{finals[0]} prestige against Li Mu's {state.rival.prestige}"})
        return
    best = max(finals)
    em.emit("game_ended", "tianxia.house.tie" if finals.count(best) > 1 else "tianxia.end.final", {
        "reason": "final-scoring", "winners": [seat for seat, score in enumerate(finals) if score == best],
        "rival_won": None, "why": "the most prestige after the final scoring"})
