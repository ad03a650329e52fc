"""Performing a seat's decision in the Action phase, once it has been checked (action_checks.py):
one performer per action type, each emitting its events on the decision's own table.

A reward's choices come first (rewards.py); the turn's end and, after the last pass of the round,
the round's end follow in the same decision (`end_if_finished`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from domain.tianxia.board.loader import BOARD
from domain.tianxia.costs import barge_cost, governor_wood, soldier_rice, tower_stone, wall_stone
from domain.tianxia.evolve import TianxiaEmitter
from domain.tianxia.rewards import first_owed, gains_on, may_take, merchants, options_for, pushed_off, reward
from domain.tianxia.round_end import end_turn
from domain.tianxia.state import LI_MU

Action = Mapping[str, Any]
Perform = Callable[[TianxiaEmitter, int, Action], None]


def is_owed(em: TianxiaEmitter, seat: int) -> bool:
    """Whether `seat` is settling a choice a reward left it (`tianxia.house.region-order`)."""
    return bool(em.state.owed) and first_owed(em.state, seat) is not None


def advance(em: TianxiaEmitter, seat: int, track: str, rule: str) -> None:
    """One step up `track` for `seat`, and the step's reward and tiles (`tianxia.house.palace-top`:
    none past the last step)."""
    state = em.state
    before = state.step_of(seat, track)
    if before == BOARD.palace.steps:
        return
    em.emit("advanced", rule, {"seat": seat, "track": track, "steps": [before, before + 1]})
    step = BOARD.tracks[track].steps[before + 1]
    amounts = dict(step.reward)
    if step.token:
        amounts["token"] = step.token
    reward(em, seat, amounts, {"track": track, "step": before + 1}, "tianxia.house.palace")
    if state.step_tiles[track][before + 1] and options_for(state, seat, {"kind": "tile", "track": track, "step": before + 1}):
        em.emit("reward_taken", "tianxia.house.palace", {
            "seat": seat, "source": {"track": track, "step": before + 1}, "gain": {}, "token": None,
            "owed": [{"seat": seat, "kind": "tile", "track": track, "step": before + 1,
                      "source": {"track": track, "step": before + 1}}]})


def region(em: TianxiaEmitter, seat: int, action: Action) -> None:
    name = action["region"]
    em.emit("disc_placed", "tianxia.action.region", {"seat": seat, "region": name, "coins": len(em.state.discs[name])})
    em.emit("action_begun", "tianxia.action.region", {
        "seat": seat, "acting": {"kind": "region", "region": name, "done": []}})
    advance(em, seat, BOARD.regions[name].palace, "tianxia.action.region")


def military(em: TianxiaEmitter, seat: int, action: Action) -> None:
    em.emit("disc_placed", "tianxia.action.military", {"seat": seat, "region": None, "coins": len(em.state.fortify_discs)})
    em.emit("action_begun", "tianxia.action.military", {"seat": seat, "acting": {"kind": "military", "mode": None}})
    if action["track"]:
        advance(em, seat, action["track"], "tianxia.action.military")


def _governor(em: TianxiaEmitter, seat: int, action: Action) -> None:
    state = em.state
    site_id, space = action["site"], action["space"]
    building = BOARD.buildings[state.sites[site_id].building]
    income = dict(building.income) if building.kind == "income" else {}
    em.emit("governor_installed", "tianxia.action.governor", {
        "seat": seat, "site": site_id, "space": space, "wood": governor_wood(state, seat, site_id, space),
        "income": income})
    tile = state.sites[site_id].tile
    if tile is not None and may_take(state, seat, tile):
        em.emit("tile_taken", "tianxia.action.governor", {
            "seat": seat, "tile": tile, "where": {"site": site_id}, "index": 0, "owed": False})


def _exchange(em: TianxiaEmitter, seat: int, action: Action) -> None:
    region_id = em.state.acting["region"]
    give = {}
    for name, count in BOARD.regions[region_id].give.items():  # a loop, not a comprehension
        give[name] = count * action["times"]
    em.emit("exchanged", "tianxia.action.exchange", {
        "seat": seat, "region": region_id, "times": action["times"], "give": give, "get": {action["get"]: action["times"]}})


def _ship(em: TianxiaEmitter, seat: int, action: Action) -> None:
    state = em.state
    port = BOARD.regions[state.acting["region"]].port
    em.emit("shipped", "tianxia.action.shipping", {"seat": seat, "port": port})
    bonus = BOARD.demands[state.demands[port]].bonus
    for good in action["goods"]:
        for ship_index, afloat in enumerate(state.ports[port]):  # the first free space: a loop, not a generator
            if None in afloat["crates"]:
                space = afloat["crates"].index(None)
                break
        else:  # the load was checked against the free spaces (legal.loads)
            raise RuntimeError(f"no free space on the ships of {port}")
        em.emit("crate_delivered", "tianxia.action.shipping", {
            "seat": seat, "port": port, "ship": ship_index, "space": space, "good": good})
        gain = dict(BOARD.ships[state.ports[port][ship_index]["ship"]].spaces[space])
        for name, count in (*bonus.items(), *gains_on(state, seat, "deliver").items()):
            gain[name] = gain.get(name, 0) + count
        reward(em, seat, gain, {"port": port}, "tianxia.action.shipping")


REGION_PARTS: dict[str, Perform] = {"governor": _governor, "exchange": _exchange, "ship": _ship}


def region_part(em: TianxiaEmitter, seat: int, action: Action) -> None:
    """A governor, the exchange or a shipment of the Region action under way, each once."""
    kind = action["type"]
    REGION_PARTS[kind](em, seat, action)
    acting = {**em.state.acting, "done": [*em.state.acting["done"], kind]}
    em.emit("action_begun", "tianxia.action.region", {"seat": seat, "acting": acting})


def piece(em: TianxiaEmitter, seat: int, action: Action) -> None:
    """A wall, a tower or a soldier: paid for in a Military action, or free when a reward gave it."""
    state = em.state
    kind, section = action["type"], action["section"]
    if is_owed(em, seat):
        em.emit("piece_placed", "tianxia.house.region-order", {
            "seat": seat, "piece": kind, "section": section, "paid": {}, "owed": True})
        return
    if kind == "soldier":
        paid, rule, mode = {"rice": soldier_rice(state, seat)}, "tianxia.action.train", "train"
    elif kind == "wall":
        paid, rule, mode = {"stone": wall_stone(state, seat)}, "tianxia.action.fortify", "fortify"
    else:
        paid, rule, mode = {"stone": tower_stone(state, seat)}, "tianxia.action.fortify", "fortify"
    placed = "double-tower" if action.get("double") else kind
    em.emit("piece_placed", rule, {
        "seat": seat, "piece": placed, "section": section, "paid": paid, "owed": False, "mode": mode})


def barge(em: TianxiaEmitter, seat: int, action: Action) -> None:
    state = em.state
    name = action["barge"]
    pushed = pushed_off(state, name)
    neutral = not state.seats[seat].meeples
    em.emit("barge_joined", "tianxia.action.barge", {
        "seat": seat, "barge": name, "coins": barge_cost(state, seat, name), "pushed": pushed, "neutral": neutral,
        "gain": {BOARD.barges[name].resource: 1}, "rival": state.rival.kind if state.rival else None})
    if pushed is not None and pushed == state.rival_owner and state.rival.kind == LI_MU:
        em.emit("rival_prestige_gained", "tianxia.limu.pushed-off",
                {"rival": LI_MU, "points": 3, "why": f"his worker was pushed off the {name}"})
    merchants(em, pushed)
    em.emit("action_begun", "tianxia.action.barge", {"seat": seat, "acting": {"kind": "barge", "finished": True}})


def pass_turn(em: TianxiaEmitter, seat: int, action: Action) -> None:
    state = em.state
    gain = gains_on(state, seat, "pass")
    em.emit("seat_passed", "tianxia.action.pass", {"seat": seat, "place": len(state.next_order) + 1, "gain": gain})
    tile = False
    for shown in state.display:  # a loop, not a generator
        if may_take(state, seat, shown):
            tile = True
            break
    em.emit("action_begun", "tianxia.action.pass", {"seat": seat, "acting": {"kind": "pass", "tile": tile, "bought": 0}})


def take_tile(em: TianxiaEmitter, seat: int, action: Action) -> None:
    """A tile from the round's display when passing, or from a Palace step that owed one."""
    state = em.state
    owed = is_owed(em, seat)
    if owed:
        item = first_owed(state, seat)
        where = {"track": item["track"], "step": item["step"]}
    else:
        where = {"display": True}
    em.emit("tile_taken", "tianxia.action.pass" if not owed else "tianxia.house.palace", {
        "seat": seat, "tile": action["tile"], "where": where, "index": action["index"], "owed": owed})


def buy_advance(em: TianxiaEmitter, seat: int, action: Action) -> None:
    price = BOARD.figurines.pass_coins[em.state.acting["bought"]]
    em.emit("advance_bought", "tianxia.house.pass-advances", {"seat": seat, "track": action["track"], "coins": price})
    advance(em, seat, action["track"], "tianxia.house.pass-advances")


def settle(em: TianxiaEmitter, seat: int, action: Action) -> None:
    """An owed good, advance or port."""
    kind = action["type"]
    if kind == "good":
        em.emit("good_chosen", "tianxia.house.region-order", {"seat": seat, "good": action["good"]})
    elif kind == "port":
        em.emit("shipping_placed", "tianxia.house.region-order", {"seat": seat, "port": action["port"]})
    else:
        em.emit("advance_chosen", "tianxia.house.region-order", {"seat": seat, "track": action["track"]})
        advance(em, seat, action["track"], "tianxia.house.region-order")


def forgo(em: TianxiaEmitter, seat: int, action: Action) -> None:
    item = next(item for item in em.state.owed if item["seat"] == seat)
    em.emit("choice_forgone", "tianxia.house.region-order", {"seat": seat, "kind": item["kind"], "source": item["source"]})


def end(em: TianxiaEmitter, seat: int, action: Action) -> None:
    em.emit("action_begun", "tianxia.action.turns", {"seat": seat, "acting": {**em.state.acting, "finished": True}})


def discard_disc(em: TianxiaEmitter, seat: int, action: Action) -> None:
    em.emit("disc_discarded", "tianxia.free.discard-disc", {"seat": seat, "coins": BOARD.numbers.disc_coins})


def use_tile(em: TianxiaEmitter, seat: int, action: Action) -> None:
    em.emit("tile_used", "tianxia.free.tile", {"seat": seat, "tile": action["tile"]})
    reward(em, seat, BOARD.tiles[action["tile"]].once, {"tile": action["tile"]}, "tianxia.free.tile")


def discard_objective(em: TianxiaEmitter, seat: int, action: Action) -> None:
    card = action["objective"]
    em.emit("objective_discarded", "tianxia.free.objective", {"seat": seat, "objective": card})
    reward(em, seat, BOARD.objectives[card].reward, {"objective": card}, "tianxia.free.objective")


def end_if_finished(perform: Perform) -> Perform:
    """`perform`, then, if it finished the seat's action, the turn's end and whatever follows it."""

    def performed(em: TianxiaEmitter, seat: int, action: Action) -> None:
        perform(em, seat, action)
        if em.state.acting is not None and em.state.acting.get("finished"):
            em.emit("turn_ended", "tianxia.action.turns", {"seat": seat})
            end_turn(em)

    performed.__doc__ = perform.__doc__
    return performed


PERFORMERS: dict[str, Perform] = {kind: end_if_finished(perform) for kind, perform in {
    "region": region, "military": military, "governor": region_part, "exchange": region_part, "ship": region_part,
    "wall": piece, "tower": piece, "soldier": piece, "barge": barge, "pass": pass_turn,
    "tile": take_tile, "buy_advance": buy_advance, "good": settle, "advance": settle, "port": settle, "end": end,
    "discard_disc": discard_disc, "use_tile": use_tile, "discard_objective": discard_objective, "forgo": forgo,
}.items()}
