"""A seat's turn in the Action phase, as small decisions (`tianxia.house.region-order`):

- **Region** (tianxia.action.region): a disc on the region, 1 coin per disc already there, one
  step on its Palace track and the step's reward; then any of `governor`, `exchange` and `ship`,
  each at most once, at least one, and `end`. A region is offered only where one of the three can
  follow.
- **Military** (tianxia.action.military): a disc on the Fortify/Train space, 1 coin per disc
  there, a step on any track and its reward; then walls and towers (fortify) or soldiers (train),
  any number, and `end`.
- **Barge** (tianxia.action.barge): no disc; 1 coin and 1 per own worker there; the worker goes
  leftmost, pushing off a third, and the seat gains one of the barge's resource.
- **Pass** (tianxia.action.pass): the next place in next round's turn order, a tile from the
  round's display, then advances bought, one per jade figurine owned (`tianxia.house.pass-advances`).
- **Free actions**, at any point of one's turn: discard a disc for 2 coins, use a one-shot tile,
  discard an objective card for its reward.

A reward's choices come first (rewards.py). This module lists what is open, in a stable order;
action_checks.py refuses anything else naming the rule broken, and perform.py performs it.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, Mapping

from domain.contract import Action
from domain.tianxia.board.loader import BOARD
from domain.tianxia.board.vocabulary import GOODS
from domain.tianxia.costs import governor_wood, soldier_rice, tower_stone, wall_stone
from domain.tianxia.rewards import climbing, first_owed, less, may_advance_passing, may_take, options_for
from domain.tianxia import opening
from domain.tianxia.state import ACTION, NEUTRAL, OPENING, TianxiaState


def legal(state: TianxiaState, seat: int) -> list[Action]:
    """Every decision `seat` may take now: the opening's choices (opening.py), or the Action phase's,
    in a stable order."""
    if state.phase != ACTION:
        return opening.choices(state, seat) if state.phase == OPENING else []
    if state.active != seat:
        return []
    owed = first_owed(state, seat) if state.owed else None  # nothing owed in most decisions: no call
    if owed is not None:  # what was owed may have no option left (a second free soldier, the wall full): it is forgone
        return options_for(state, seat, owed) or [{"type": "forgo"}]
    acting = state.acting
    if acting is None:
        return main_actions(state, seat) + free_actions(state, seat)
    if acting["kind"] == "region":
        return region_actions(state, seat, acting) + [{"type": "end"}] * bool(acting["done"]) + free_actions(state, seat)
    if acting["kind"] == "military":
        return military_actions(state, seat, acting) + [{"type": "end"}] + free_actions(state, seat)
    return pass_actions(state, seat, acting)


# Each region's id, whether it has a port, and what its exchange takes (good, count), read once.
REGION_OFFERS = tuple((region.id, region.port is not None, tuple(region.give.items()))
                      for region in BOARD.regions.values())


def main_actions(state: TianxiaState, seat: int) -> list[Action]:
    mine, found = state.seats[seat], []
    goods = mine.goods
    held = goods["coins"]
    if mine.discs:
        discs, shipping, exchanges, cut = state.discs, mine.shipping, BOARD.numbers.exchanges, None
        for region, port, give in REGION_OFFERS:  # `region_open`, its first two tests written out
            cost = len(discs[region])
            if held < cost:
                continue
            if not (port and shipping):
                if exchanges:
                    for name, count in give:
                        if goods[name] - (cost if name == "coins" else 0) < count:
                            break
                    else:
                        found.append({"type": "region", "region": region})
                        continue
                if not mine.meeples:
                    continue
                if cut is None:
                    cut = less(state, seat, "governor")
                if not governor_open(state, seat, region, cut):
                    continue
            found.append({"type": "region", "region": region})
        if held >= len(state.fortify_discs):
            for track in climbing(state, seat) or [None]:  # a loop, not a comprehension: every main action list
                found.append({"type": "military", "track": track})
    # costs.barge_cost of each barge, without a call per barge
    base, placed, barges = BOARD.numbers.barge_coins - less(state, seat, "barge"), seat if mine.meeples else NEUTRAL, state.barges
    for barge in BOARD.barges:
        if held >= base + barges[barge].count(placed) and held >= 0:  # held >= max(0, price), without the call
            found.append({"type": "barge", "barge": barge})
    return found + [{"type": "pass"}]


def free_actions(state: TianxiaState, seat: int) -> list[Action]:
    mine = state.seats[seat]
    found: list[Action] = [{"type": "discard_disc"}] if mine.discs else []
    # loops, not comprehensions: a comprehension's function costs a few thousand instructions a list
    if mine.tiles:
        for tile in dict.fromkeys(mine.tiles):
            found.append({"type": "use_tile", "tile": tile})
    for card in mine.objectives:
        found.append({"type": "discard_objective", "objective": card})
    return found


def region_open(state: TianxiaState, seat: int, region_id: str, paid: int, cut: int) -> bool:
    """Whether a Region action there could go on to anything, after paying `paid` coins: what
    `any(region_actions(...))` says, without listing every load and exchange."""
    region, mine = BOARD.regions[region_id], state.seats[seat]
    if region.port is not None and mine.shipping:
        return True  # a shipping marker alone is a shipment
    goods = mine.goods
    if BOARD.numbers.exchanges:
        for name, count in region.give.items():  # whether the goods, less what was paid, hold what an exchange gives
            if goods[name] - (paid if name == "coins" else 0) < count:
                break
        else:
            return True
    return governor_open(state, seat, region_id, cut)


def governor_open(state: TianxiaState, seat: int, region_id: str, cut: int) -> bool:
    """Whether the seat could place a governor in the region, `cut` its governor discount."""
    mine = state.seats[seat]
    if not mine.meeples:
        return False
    wood, sites = mine.goods["wood"], state.sites
    for site_id in BOARD.regions[region_id].sites:
        site = sites[site_id]
        if site.building is not None:
            for space, owner in enumerate(site.governors):  # costs.governor_wood, without its call
                if owner is None and wood >= 0 and wood >= (BOARD.buildings[site.building].wood
                                                            + BOARD.sites[site_id].governor_wood[space] - cut):
                    return True
    return False


REGION_PARTS = ("governor", "exchange", "ship")  # a Region action's follow-ups, each once
OTHER_PARTS = {part: tuple(other for other in REGION_PARTS if other != part) for part in REGION_PARTS}


def region_actions(state: TianxiaState, seat: int, acting: dict[str, Any], paid: int = 0,
                   cut: int | None = None, only: str | None = None) -> list[Action]:
    """The region's follow-ups not yet done that the seat can pay for (after paying `paid` coins);
    `cut`, its governor discount, when the caller has it already; `only`, one type's of them (what
    a check of an action of that type looks among)."""
    region, mine = BOARD.regions[acting["region"]], state.seats[seat]
    found: list[Action] = []
    goods = mine.goods.copy()  # a method's copy and one item set: `dict(..., coins=...)` is a keyword call
    goods["coins"] -= paid
    done = acting["done"]
    if only is not None:  # the other types as if done: not listed
        done = REGION_PARTS if only in done else OTHER_PARTS[only]
    if "governor" not in done and mine.meeples:
        cut = less(state, seat, "governor") if cut is None else cut
        for site_id in region.sites:
            site = state.sites[site_id]
            for space, owner in enumerate(site.governors):
                if owner is None and site.building is not None and goods["wood"] >= governor_wood(state, seat, site_id, space, cut):
                    found.append({"type": "governor", "site": site_id, "space": space})
    if "exchange" not in done:
        most = BOARD.numbers.exchanges
        for name, count in region.give.items():  # a loop, not a comprehension: asked of every Region action
            times = goods[name] // count
            if times < most:
                most = times
        gets = GOODS if region.get == "good" else (region.get,)
        for times in range(1, most + 1):  # loops, not comprehensions (as in free_actions)
            for get in gets:
                found.append({"type": "exchange", "times": times, "get": get})
    if "ship" not in done and region.port is not None and mine.shipping:
        for load in loads(state, seat, region.port, goods):
            found.append({"type": "ship", "goods": list(load)})
    return found


def loads(state: TianxiaState, seat: int, port: str, goods: dict[str, int]) -> list[tuple[str, ...]]:
    """The crates a ship action may load in `port`: any number of the demanded goods the seat holds,
    up to the free spaces and its crates; none at all is a shipping marker alone."""
    demanded = BOARD.demands[state.demands[port]].goods
    free = held = 0
    for ship in state.ports[port]:  # loops, not generators: a generator costs a resumption per item
        free += ship["crates"].count(None)
    for good in demanded:
        held += goods[good]
    most = min(free, state.seats[seat].crates, held)
    found: list[tuple[str, ...]] = [()]
    for size in range(1, most + 1):
        for load in combinations_with_replacement(demanded, size):
            if _holds(goods, load, demanded):
                found.append(load)
    return found


def _holds(goods: Mapping[str, int], load: tuple[str, ...], demanded: tuple[str, ...]) -> bool:
    """Whether the seat holds every crate of `load` (a loop: a generator per load costs more)."""
    for good in demanded:
        if load.count(good) > goods[good]:
            return False
    return True


def military_actions(state: TianxiaState, seat: int, acting: dict[str, Any], only: str | None = None) -> list[Action]:
    """The walls, towers and soldiers the Military action under way may build; `only`, one type's of
    them (what a check of an action of that type looks among)."""
    mine, found = state.seats[seat], []
    if acting["mode"] in (None, "fortify") and only != "soldier":
        if only != "tower" and mine.walls and mine.goods["stone"] >= wall_stone(state, seat):
            for section, pieces in state.sections.items():  # loops, not comprehensions (as in free_actions)
                if len(pieces.walls) < BOARD.walls[section].walls:
                    found.append({"type": "wall", "section": section})
        if only != "wall" and mine.towers and mine.goods["stone"] >= tower_stone(state, seat):
            for section, pieces in state.sections.items():
                if len(pieces.towers) < BOARD.walls[section].towers:
                    found.append({"type": "tower", "section": section})
                    if "double-tower" in mine.tokens and len(pieces.towers) + 2 <= BOARD.walls[section].towers:
                        found.append({"type": "tower", "section": section, "double": True})
    if acting["mode"] in (None, "train") and only in (None, "soldier"):
        if mine.soldiers and mine.goods["rice"] >= soldier_rice(state, seat):
            for section, pieces in state.sections.items():
                if len(pieces.soldiers) < BOARD.walls[section].soldiers:
                    found.append({"type": "soldier", "section": section})
    return found


def pass_actions(state: TianxiaState, seat: int, acting: dict[str, Any]) -> list[Action]:
    if acting["tile"]:
        tiles = []
        for index, tile in enumerate(state.display):  # loops, not comprehensions (as in free_actions)
            if may_take(state, seat, tile):
                tiles.append({"type": "tile", "tile": tile, "index": index})
        if tiles:
            return tiles
    mine, bought = state.seats[seat], acting["bought"]
    found: list[Action] = []
    if may_advance_passing(mine.figurines, bought):
        price = BOARD.figurines.pass_coins[bought]
        if mine.goods["coins"] >= price:
            for track in climbing(state, seat):
                found.append({"type": "buy_advance", "track": track})
    found.append({"type": "end"})
    return found
