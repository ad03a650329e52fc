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

A reward's choices come first (rewards.py). Every refusal names the field and the rule.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from domain.contract import Action, Decision, Event
from domain.errors import IllegalAction, NotYourTurn
from domain.rng import Rng
from domain.tianxia.board.loader import BOARD
from domain.tianxia.evolve import emit
from domain.tianxia.rewards import (gains_on, less, may_advance_passing, may_take, merchants, options_for,
                                    pushed_off, reward, source_words)
from domain.tianxia.round_end import end_turn
from domain.tianxia.state import ACTION, NEUTRAL, TianxiaState
from domain.tianxia.board.vocabulary import GOODS

# --- What a seat may do --------------------------------------------------------------------------

def legal(state: TianxiaState, seat: int) -> list[Action]:
    """Every decision `seat` may take now in the Action phase, in a stable order."""
    if state.phase != ACTION or state.active != seat:
        return []
    owed = [item for item in state.owed if item["seat"] == seat]
    if owed:  # what was owed may have no option left (a second free soldier, the wall full): it is forgone
        return options_for(state, seat, owed[0]) or [{"type": "forgo"}]
    acting = state.acting
    if acting is None:
        return main_actions(state, seat) + free_actions(state, seat)
    if acting["kind"] == "region":
        return region_actions(state, seat, acting) + [{"type": "end"}] * bool(acting["done"]) + free_actions(state, seat)
    if acting["kind"] == "military":
        return military_actions(state, seat, acting) + [{"type": "end"}] + free_actions(state, seat)
    return pass_actions(state, seat, acting)


def coins(state: TianxiaState, seat: int) -> int:
    return state.seats[seat].goods["coins"]


def main_actions(state: TianxiaState, seat: int) -> list[Action]:
    mine, found = state.seats[seat], []
    if mine.discs:
        cut = less(state, seat, "governor")
        for region in BOARD.regions:
            cost = len(state.discs[region])
            if coins(state, seat) >= cost and region_open(state, seat, region, cost, cut):
                found.append({"type": "region", "region": region})
        if coins(state, seat) >= len(state.fortify_discs):
            tracks = [track for track in BOARD.tracks if state.step_of(seat, track) < BOARD.palace.steps]
            found += [{"type": "military", "track": track} for track in tracks] or [{"type": "military", "track": None}]
    for barge in BOARD.barges:
        if coins(state, seat) >= barge_cost(state, seat, barge):
            found.append({"type": "barge", "barge": barge})
    return found + [{"type": "pass"}]


def free_actions(state: TianxiaState, seat: int) -> list[Action]:
    mine = state.seats[seat]
    found: list[Action] = [{"type": "discard_disc"}] if mine.discs else []
    found += [{"type": "use_tile", "tile": tile} for tile in dict.fromkeys(mine.tiles)]
    found += [{"type": "discard_objective", "objective": card} for card in mine.objectives]
    return found


def region_open(state: TianxiaState, seat: int, region_id: str, paid: int, cut: int) -> bool:
    """Whether a Region action there could go on to anything, after paying `paid` coins: what
    `any(region_actions(...))` says, without listing every load and exchange."""
    region, mine = BOARD.regions[region_id], state.seats[seat]
    if region.port is not None and mine.shipping:
        return True  # a shipping marker alone is a shipment
    goods = dict(mine.goods, coins=mine.goods["coins"] - paid)
    if all(goods[name] >= count for name, count in region.give.items()) and BOARD.numbers.exchanges:
        return True
    return bool(mine.meeples) and any(
        owner is None and state.sites[site_id].building is not None
        and goods["wood"] >= governor_wood(state, seat, site_id, space, cut)
        for site_id in region.sites for space, owner in enumerate(state.sites[site_id].governors))


def region_actions(state: TianxiaState, seat: int, acting: dict[str, Any], paid: int = 0,
                   cut: int | None = None) -> list[Action]:
    """The region's follow-ups not yet done that the seat can pay for (after paying `paid` coins);
    `cut`, its governor discount, when the caller has it already."""
    region, mine = BOARD.regions[acting["region"]], state.seats[seat]
    found: list[Action] = []
    goods = dict(mine.goods, coins=mine.goods["coins"] - paid)
    if "governor" not in acting["done"] and mine.meeples:
        cut = less(state, seat, "governor") if cut is None else cut
        for site_id in region.sites:
            site = state.sites[site_id]
            for space, owner in enumerate(site.governors):
                if owner is None and site.building is not None and goods["wood"] >= governor_wood(state, seat, site_id, space, cut):
                    found.append({"type": "governor", "site": site_id, "space": space})
    if "exchange" not in acting["done"]:
        most = min([goods[name] // count for name, count in region.give.items()] + [BOARD.numbers.exchanges])
        gets = GOODS if region.get == "good" else (region.get,)
        found += [{"type": "exchange", "times": times, "get": get} for times in range(1, most + 1) for get in gets]
    if "ship" not in acting["done"] and region.port is not None and mine.shipping:
        found += [{"type": "ship", "goods": list(load)} for load in loads(state, seat, region.port, goods)]
    return found


def loads(state: TianxiaState, seat: int, port: str, goods: dict[str, int]) -> list[tuple[str, ...]]:
    """The crates a ship action may load in `port`: any number of the demanded goods the seat holds,
    up to the free spaces and its crates; none at all is a shipping marker alone."""
    demanded = BOARD.demands[state.demands[port]].goods
    free = sum(ship["crates"].count(None) for ship in state.ports[port])
    most = min(free, state.seats[seat].crates, sum(goods[good] for good in demanded))
    found: list[tuple[str, ...]] = [()]
    for size in range(1, most + 1):
        for load in combinations_with_replacement(demanded, size):
            if all(load.count(good) <= goods[good] for good in demanded):
                found.append(load)
    return found


def military_actions(state: TianxiaState, seat: int, acting: dict[str, Any]) -> list[Action]:
    mine, found = state.seats[seat], []
    if acting["mode"] in (None, "fortify"):
        if mine.walls and mine.goods["stone"] >= wall_stone(state, seat):
            found += [{"type": "wall", "section": s} for s, p in state.sections.items() if len(p.walls) < BOARD.walls[s].walls]
        if mine.towers and mine.goods["stone"] >= tower_stone(state, seat):
            for section, pieces in state.sections.items():
                if len(pieces.towers) < BOARD.walls[section].towers:
                    found.append({"type": "tower", "section": section})
                    if "double-tower" in mine.tokens and len(pieces.towers) + 2 <= BOARD.walls[section].towers:
                        found.append({"type": "tower", "section": section, "double": True})
    if acting["mode"] in (None, "train"):
        if mine.soldiers and mine.goods["rice"] >= soldier_rice(state, seat):
            found += [{"type": "soldier", "section": s} for s, p in state.sections.items()
                      if len(p.soldiers) < BOARD.walls[s].soldiers]
    return found


def pass_actions(state: TianxiaState, seat: int, acting: dict[str, Any]) -> list[Action]:
    if acting["tile"]:
        tiles = [{"type": "tile", "tile": tile, "index": index} for index, tile in enumerate(state.display)
                 if may_take(state, seat, tile)]
        if tiles:
            return tiles
    mine, bought = state.seats[seat], acting["bought"]
    found: list[Action] = []
    if may_advance_passing(mine.figurines, bought):
        price = BOARD.figurines.pass_coins[bought]
        if mine.goods["coins"] >= price:
            found = [{"type": "buy_advance", "track": track} for track in BOARD.tracks
                     if state.step_of(seat, track) < BOARD.palace.steps]
    return found + [{"type": "end"}]


# --- What things cost ------------------------------------------------------------------------

def governor_wood(state: TianxiaState, seat: int, site: str, space: int, cut: int | None = None) -> int:
    """The wood a governor costs there; `cut`, the seat's discount, when the caller has it already."""
    building = BOARD.buildings[state.sites[site].building]
    cut = less(state, seat, "governor") if cut is None else cut
    return max(0, building.wood + BOARD.sites[site].governor_wood[space] - cut)


def wall_stone(state: TianxiaState, seat: int) -> int:
    costs = BOARD.player_boards[state.seats[seat].side].walls
    return max(0, costs[len(costs) - state.seats[seat].walls] - less(state, seat, "fortify"))


def tower_stone(state: TianxiaState, seat: int) -> int:
    costs = BOARD.player_boards[state.seats[seat].side].towers
    return max(0, costs[len(costs) - state.seats[seat].towers] - less(state, seat, "fortify"))


def soldier_rice(state: TianxiaState, seat: int) -> int:
    return max(0, BOARD.numbers.soldier_rice - less(state, seat, "train"))


def barge_cost(state: TianxiaState, seat: int, barge: str) -> int:
    """1 coin, and 1 more per worker of the kind placed already on the barge: the seat's own, or,
    out of meeples, the neutral ones (`tianxia.house.neutral-workers`: else a coin barge would pay
    for itself for ever)."""
    placed = seat if state.seats[seat].meeples else NEUTRAL
    return max(0, BOARD.numbers.barge_coins + state.barges[barge].count(placed) - less(state, seat, "barge"))


# --- Taking a decision -----------------------------------------------------------------------

def act(state: TianxiaState, seat: int, action: Action, rng: Rng) -> Decision:
    """The events of `seat`'s decision and the table after them; the turn's end and, after the last
    pass of the round, the round's end follow in the same decision."""
    if state.phase != ACTION or state.active != seat:
        raise NotYourTurn("it is not your turn")
    if action not in legal(state, seat):
        raise IllegalAction(refusal(state, seat, action), rule=RULE_OF.get(str(action.get("type")), "tianxia.action.turns"))
    events: list[Event] = []
    kind = action["type"]
    owed = any(item["seat"] == seat for item in state.owed)
    state = HANDLERS[kind](events, state, seat, action, owed)
    if state.acting is not None and state.acting.get("finished"):
        state = emit(events, state, Event("turn_ended", "tianxia.action.turns", {"seat": seat}))
        state = end_turn(events, state, rng)
    return Decision(events, state)


def advance(events: list[Event], state: TianxiaState, seat: int, track: str, rule: str) -> TianxiaState:
    """One step up `track` for `seat`, and the step's reward and tiles (`tianxia.house.palace-top`:
    none past the last step)."""
    before = state.step_of(seat, track)
    if before == BOARD.palace.steps:
        return state
    state = emit(events, state, Event("advanced", rule, {"seat": seat, "track": track, "steps": [before, before + 1]}))
    step = BOARD.tracks[track].steps[before + 1]
    amounts = dict(step.reward)
    if step.token:
        amounts["token"] = step.token
    state = reward(events, state, seat, amounts, {"track": track, "step": before + 1}, "tianxia.house.palace")
    if state.step_tiles[track][before + 1] and options_for(state, seat, {"kind": "tile", "track": track, "step": before + 1}):
        state = emit(events, state, Event("reward_taken", "tianxia.house.palace", {
            "seat": seat, "source": {"track": track, "step": before + 1}, "gain": {}, "token": None,
            "owed": [{"seat": seat, "kind": "tile", "track": track, "step": before + 1,
                      "source": {"track": track, "step": before + 1}}]}))
    return state


def region(events, state, seat, action, owed):
    name = action["region"]
    state = emit(events, state, Event("disc_placed", "tianxia.action.region", {
        "seat": seat, "region": name, "coins": len(state.discs[name])}))
    state = emit(events, state, Event("action_begun", "tianxia.action.region", {
        "seat": seat, "acting": {"kind": "region", "region": name, "done": []}}))
    return advance(events, state, seat, BOARD.regions[name].palace, "tianxia.action.region")


def military(events, state, seat, action, owed):
    state = emit(events, state, Event("disc_placed", "tianxia.action.military", {
        "seat": seat, "region": None, "coins": len(state.fortify_discs)}))
    state = emit(events, state, Event("action_begun", "tianxia.action.military", {
        "seat": seat, "acting": {"kind": "military", "mode": None}}))
    return advance(events, state, seat, action["track"], "tianxia.action.military") if action["track"] else state


def governor(events, state, seat, action, owed):
    site_id, space = action["site"], action["space"]
    building = BOARD.buildings[state.sites[site_id].building]
    income = dict(building.income) if building.kind == "income" else {}
    state = emit(events, state, Event("governor_installed", "tianxia.action.governor", {
        "seat": seat, "site": site_id, "space": space, "wood": governor_wood(state, seat, site_id, space),
        "income": income}))
    tile = state.sites[site_id].tile
    if tile is not None and may_take(state, seat, tile):
        state = emit(events, state, Event("tile_taken", "tianxia.action.governor", {
            "seat": seat, "tile": tile, "where": {"site": site_id}, "index": 0, "owed": False}))
    return state


def exchange(events, state, seat, action, owed):
    region_id = state.acting["region"]
    give = {name: count * action["times"] for name, count in BOARD.regions[region_id].give.items()}
    return emit(events, state, Event("exchanged", "tianxia.action.exchange", {
        "seat": seat, "region": region_id, "times": action["times"], "give": give, "get": {action["get"]: action["times"]}}))


def ship(events, state, seat, action, owed):
    port = BOARD.regions[state.acting["region"]].port
    state = emit(events, state, Event("shipped", "tianxia.action.shipping", {"seat": seat, "port": port}))
    bonus = BOARD.demands[state.demands[port]].bonus
    for good in action["goods"]:
        ship_index, space = next((index, space) for index, afloat in enumerate(state.ports[port])
                                 for space, owner in enumerate(afloat["crates"]) if owner is None)
        state = emit(events, state, Event("crate_delivered", "tianxia.action.shipping", {
            "seat": seat, "port": port, "ship": ship_index, "space": space, "good": good}))
        gain = dict(BOARD.ships[state.ports[port][ship_index]["ship"]].spaces[space])
        for name, count in (*bonus.items(), *gains_on(state, seat, "deliver").items()):
            gain[name] = gain.get(name, 0) + count
        state = reward(events, state, seat, gain, {"port": port}, "tianxia.action.shipping")
    return state


def fortify_or_train(events, state, seat, action, owed):
    kind, section = action["type"], action["section"]
    if owed:  # a free soldier or wall a reward gave
        return emit(events, state, Event("piece_placed", "tianxia.house.region-order", {
            "seat": seat, "piece": kind, "section": section, "paid": {}, "owed": True}))
    if kind == "soldier":
        paid, rule, mode = {"rice": soldier_rice(state, seat)}, "tianxia.action.train", "train"
    elif kind == "wall":
        paid, rule, mode = {"stone": wall_stone(state, seat)}, "tianxia.action.fortify", "fortify"
    else:
        paid, rule, mode = {"stone": tower_stone(state, seat)}, "tianxia.action.fortify", "fortify"
    piece = "double-tower" if action.get("double") else kind
    return emit(events, state, Event("piece_placed", rule, {
        "seat": seat, "piece": piece, "section": section, "paid": paid, "owed": False, "mode": mode}))


def barge(events, state, seat, action, owed):
    name = action["barge"]
    pushed = pushed_off(state, name)
    neutral = not state.seats[seat].meeples
    state = emit(events, state, Event("barge_joined", "tianxia.action.barge", {
        "seat": seat, "barge": name, "coins": barge_cost(state, seat, name), "pushed": pushed, "neutral": neutral,
        "gain": {BOARD.barges[name].resource: 1}, "rival": state.rival.kind if state.rival else None}))
    if pushed is not None and pushed == state.rival_owner and state.rival.kind == "li-mu":
        state = emit(events, state, Event("rival_prestige_gained", "tianxia.limu.pushed-off",
                                          {"rival": "li-mu", "points": 3, "why": f"his worker was pushed off the {name}"}))
    state = merchants(events, state, pushed)
    return emit(events, state, Event("action_begun", "tianxia.action.barge", {
        "seat": seat, "acting": {"kind": "barge", "finished": True}}))


def pass_turn(events, state, seat, action, owed):
    gain = gains_on(state, seat, "pass")
    state = emit(events, state, Event("seat_passed", "tianxia.action.pass", {
        "seat": seat, "place": len(state.next_order) + 1, "gain": gain}))
    tile = any(may_take(state, seat, tile) for tile in state.display)
    return emit(events, state, Event("action_begun", "tianxia.action.pass", {
        "seat": seat, "acting": {"kind": "pass", "tile": tile, "bought": 0}}))


def tile(events, state, seat, action, owed):
    if owed:
        item = next(item for item in state.owed if item["seat"] == seat)
        where = {"track": item["track"], "step": item["step"]}
    else:
        where = {"display": True}
    state = emit(events, state, Event("tile_taken", "tianxia.action.pass" if not owed else "tianxia.house.palace", {
        "seat": seat, "tile": action["tile"], "where": where, "index": action["index"], "owed": owed}))
    return state


def buy_advance(events, state, seat, action, owed):
    price = BOARD.figurines.pass_coins[state.acting["bought"]]
    state = emit(events, state, Event("advance_bought", "tianxia.house.pass-advances", {
        "seat": seat, "track": action["track"], "coins": price}))
    return advance(events, state, seat, action["track"], "tianxia.house.pass-advances")


def settle(events, state, seat, action, owed):
    """An owed good, advance or port."""
    kind = action["type"]
    if kind == "good":
        return emit(events, state, Event("good_chosen", "tianxia.house.region-order", {"seat": seat, "good": action["good"]}))
    if kind == "port":
        return emit(events, state, Event("shipping_placed", "tianxia.house.region-order", {"seat": seat, "port": action["port"]}))
    state = emit(events, state, Event("advance_chosen", "tianxia.house.region-order", {"seat": seat, "track": action["track"]}))
    return advance(events, state, seat, action["track"], "tianxia.house.region-order")


def forgo(events, state, seat, action, owed):
    item = next(item for item in state.owed if item["seat"] == seat)
    return emit(events, state, Event("choice_forgone", "tianxia.house.region-order", {
        "seat": seat, "kind": item["kind"], "source": item["source"]}))


def end(events, state, seat, action, owed):
    return emit(events, state, Event("action_begun", "tianxia.action.turns", {
        "seat": seat, "acting": {**state.acting, "finished": True}}))


def discard_disc(events, state, seat, action, owed):
    return emit(events, state, Event("disc_discarded", "tianxia.free.discard-disc", {
        "seat": seat, "coins": BOARD.numbers.disc_coins}))


def use_tile(events, state, seat, action, owed):
    state = emit(events, state, Event("tile_used", "tianxia.free.tile", {"seat": seat, "tile": action["tile"]}))
    return reward(events, state, seat, BOARD.tiles[action["tile"]].once, {"tile": action["tile"]}, "tianxia.free.tile")


def discard_objective(events, state, seat, action, owed):
    card = action["objective"]
    state = emit(events, state, Event("objective_discarded", "tianxia.free.objective", {"seat": seat, "objective": card}))
    return reward(events, state, seat, BOARD.objectives[card].reward, {"objective": card}, "tianxia.free.objective")


def region_sub(events, state, seat, action, owed):
    kind = action["type"]
    state = {"governor": governor, "exchange": exchange, "ship": ship}[kind](events, state, seat, action, owed)
    acting = {**state.acting, "done": [*state.acting["done"], kind]}
    return emit(events, state, Event("action_begun", "tianxia.action.region", {"seat": seat, "acting": acting}))


HANDLERS = {
    "region": region, "military": military, "governor": region_sub, "exchange": region_sub, "ship": region_sub,
    "wall": fortify_or_train, "tower": fortify_or_train, "soldier": fortify_or_train, "barge": barge, "pass": pass_turn,
    "tile": tile, "buy_advance": buy_advance, "good": settle, "advance": settle, "port": settle, "end": end,
    "discard_disc": discard_disc, "use_tile": use_tile, "discard_objective": discard_objective, "forgo": forgo,
}

RULE_OF = {
    "region": "tianxia.action.region", "military": "tianxia.action.military", "governor": "tianxia.action.governor",
    "exchange": "tianxia.action.exchange", "ship": "tianxia.action.shipping", "wall": "tianxia.action.fortify",
    "tower": "tianxia.action.fortify", "soldier": "tianxia.action.train", "barge": "tianxia.action.barge",
    "pass": "tianxia.action.pass", "tile": "tianxia.action.pass", "buy_advance": "tianxia.house.pass-advances",
    "good": "tianxia.house.region-order", "advance": "tianxia.house.region-order", "port": "tianxia.house.region-order",
    "end": "tianxia.house.region-order", "discard_disc": "tianxia.free.discard-disc", "use_tile": "tianxia.free.tile",
    "discard_objective": "tianxia.free.objective", "forgo": "tianxia.house.region-order",
}


def refusal(state: TianxiaState, seat: int, action: Action) -> str:
    """Why an action is not open to `seat` now, naming the field at fault."""
    kind = action.get("type")
    offered = legal(state, seat)
    if kind not in {item["type"] for item in offered}:
        owed = [item for item in state.owed if item["seat"] == seat]
        if owed:
            return (f"type: first choose the {owed[0]['kind']} that {source_words(owed[0]['source'])} gave "
                    f"({kind!r} must wait)")
        return f"type: {kind!r} is not open to you now (open: {', '.join(sorted({item['type'] for item in offered}))})"
    same = [item for item in offered if item["type"] == kind]
    for field in sorted({key for item in same for key in item} | set(action)):
        if field == "type":
            continue
        values = [item.get(field) for item in same]
        if action.get(field) not in values:
            shown = ", ".join(map(repr, dict.fromkeys(str(value) for value in values)))
            return f"{field}: {action.get(field)!r} is not open to you now (open: {shown or 'none'})"
    return f"{kind}: that combination is not open to you now (cost or room)"
