"""Whether a well-formed action is open to the seat whose turn it is in the Action phase, and if
not, which rule it breaks, in plain words naming the field at fault.

The checks follow the turn's small decisions (`tianxia.house.region-order`): a choice a reward
left comes first; then, with no action under way, a main or a free action; in a Region action its
governor, exchange and shipment, each once; in a Military action walls and towers or soldiers;
after passing a tile, then advances bought. Each check states the condition the legal list
(legal.py) applies, and what only an enumeration can tell (which governor spaces, which loads)
is looked up among that type's listed actions, so that the list and the checks always agree
(tests/unit/tianxia/test_action_checks.py plays games to pin it).
"""

from __future__ import annotations

from typing import Any, Callable, Collection, Mapping

from domain.errors import IllegalAction
from domain.tianxia.board.loader import BOARD
from domain.tianxia.costs import barge_cost, coins, soldier_rice, tower_stone, wall_stone
from domain.tianxia.legal import military_actions, pass_actions, region_actions, region_open
from domain.tianxia.describe import source_words
from domain.tianxia.rewards import climbing, first_owed, less, may_advance_passing, may_take, options_for
from domain.tianxia.state import TianxiaState

Action = Mapping[str, Any]
Check = Callable[[TianxiaState, int, Action], None]

MAIN = frozenset({"region", "military", "barge", "pass"})
FREE = frozenset({"discard_disc", "use_tile", "discard_objective"})
REGION_PARTS = frozenset({"governor", "exchange", "ship"})
PIECES = frozenset({"wall", "tower", "soldier"})
AFTER_PASSING = frozenset({"tile", "buy_advance", "end"})
SETTLING = frozenset({"good", "advance", "port", "forgo"})
OPEN_IN = {None: MAIN | FREE, "region": REGION_PARTS | {"end"} | FREE, "military": PIECES | {"end"} | FREE,
           "pass": AFTER_PASSING}
ORDER = "tianxia.house.region-order"

# The rule each action type follows, cited when what it names is not open.
RULE_OF = {
    "region": "tianxia.action.region", "military": "tianxia.action.military", "governor": "tianxia.action.governor",
    "exchange": "tianxia.action.exchange", "ship": "tianxia.action.shipping", "wall": "tianxia.action.fortify",
    "tower": "tianxia.action.fortify", "soldier": "tianxia.action.train", "barge": "tianxia.action.barge",
    "pass": "tianxia.action.pass", "tile": "tianxia.action.pass", "buy_advance": "tianxia.house.pass-advances",
    "good": ORDER, "advance": ORDER, "port": ORDER, "end": ORDER, "discard_disc": "tianxia.free.discard-disc",
    "use_tile": "tianxia.free.tile", "discard_objective": "tianxia.free.objective", "forgo": ORDER,
}


def refuse(reason: str, rule: str) -> IllegalAction:
    return IllegalAction(reason, rule=rule)


def check_action(state: TianxiaState, seat: int, action: Action) -> None:
    """Nothing if `action`, of a known type with exactly its fields, is open to `seat` (whose turn it
    is) now; else IllegalAction naming the rule it breaks."""
    kind = action["type"]
    owed = first_owed(state, seat) if state.owed else None  # nothing owed in most decisions: no call
    if owed is not None:
        check_settling(state, seat, owed, action)
        return
    acting = state.acting["kind"] if state.acting is not None else None
    if kind not in OPEN_IN[acting]:
        raise out_of_order(kind, acting)
    if acting == "pass":
        check_after_passing(state, seat, action)
    else:
        CHECKS[kind](state, seat, action)


def out_of_order(kind: str, acting: str | None) -> IllegalAction:
    """A type that has no place at this point of the turn."""
    if kind in SETTLING:
        return refuse(f"type: {kind!r} settles a choice a reward left, and you owe none", ORDER)
    if acting == "pass":
        return refuse("type: you have passed; what is left is a tile from the display, advances bought and 'end'",
                      "tianxia.action.pass")
    if kind in MAIN:
        return refuse(f"type: one action a turn, and your {acting} action is under way (end it first)",
                      "tianxia.action.turns")
    if kind in REGION_PARTS:
        return refuse(f"type: a {kind} belongs to a Region action, and none is under way", RULE_OF[kind])
    if kind in PIECES:
        return refuse(f"type: a {kind} is built in a Military action, and none is under way", RULE_OF[kind])
    if kind == "end":
        return refuse("type: there is no action under way to end", ORDER)
    return refuse(f"type: {kind!r} comes after passing, and you have not passed", RULE_OF.get(kind, ORDER))


def among(offered: list[Action], action: Action, rule: str) -> None:
    """Refused, naming the first field whose value is not offered, unless `action` is one of the
    actions of its type `offered`."""
    if action in offered:
        return
    kind = action["type"]
    same = [item for item in offered if item["type"] == kind]
    for field in sorted({key for item in same for key in item} | set(action)):
        if field == "type":
            continue
        values = [item.get(field) for item in same]
        if action.get(field) not in values:
            shown = ", ".join(map(repr, dict.fromkeys(str(value) for value in values)))
            raise refuse(f"{field}: {action.get(field)!r} is not open to you now (open: {shown or 'none'})", rule)
    raise refuse(f"{kind}: that combination is not open to you now (cost or room)", rule)


def known(value: Any, field: str, ids: Collection[str], what: str, rule: str) -> str:
    if not isinstance(value, str) or value not in ids:
        raise refuse(f"{field}: {value!r} is not {what} (one of {', '.join(ids)})", rule)
    return value


def afford(have: int, cost: int, what: str, rule: str) -> None:
    if have < cost:
        raise refuse(f"{what} costs {cost}, and you have {have}", rule)


# --- A choice a reward left ----------------------------------------------------------------

def check_settling(state: TianxiaState, seat: int, owed: Mapping[str, Any], action: Action) -> None:
    """A reward's choice comes first (`tianxia.house.region-order`); one with nothing left to
    choose from is forgone."""
    kind, options = action["type"], options_for(state, seat, owed)
    if options and action in options:  # the common case: one of the options, with no words to make
        return
    gave = f"the {owed['kind']} that {source_words(owed['source'])} gave"
    if not options:
        if kind != "forgo":
            raise refuse(f"type: {gave} has nothing left to choose from: 'forgo' it first ({kind!r} must wait)", ORDER)
        return
    if kind not in {item["type"] for item in options}:
        raise refuse(f"type: first choose {gave} ({kind!r} must wait)", ORDER)
    among(options, action, "tianxia.house.palace" if kind == "tile" else RULE_OF[kind])


# --- No action under way: a main or a free action ------------------------------------------

def check_region(state: TianxiaState, seat: int, action: Action) -> None:
    rule = "tianxia.action.region"
    region = known(action["region"], "region", BOARD.regions, "a region", rule)
    if not state.seats[seat].discs:
        raise refuse("region: you have no action disc left", rule)
    cost = len(state.discs[region])
    if coins(state, seat) < cost:  # the words made only for a refusal
        afford(coins(state, seat), cost, f"coins: a disc on {region} ({cost} there already)", rule)
    if not region_open(state, seat, region, cost, less(state, seat, "governor")):
        raise refuse(f"region: nothing could follow a disc on {region}: no governor, exchange or shipment "
                     "you could pay for", ORDER)


def check_military(state: TianxiaState, seat: int, action: Action) -> None:
    rule = "tianxia.action.military"
    if not state.seats[seat].discs:
        raise refuse("type: you have no action disc left for a Military action", rule)
    afford(coins(state, seat), len(state.fortify_discs), "coins: a disc on the Fortify/Train space", rule)
    tracks = climbing(state, seat)
    track = action["track"]
    if not tracks:
        if track is not None:
            raise refuse(f"track: you stand at the top of every track: null, not {track!r}", "tianxia.house.palace-top")
        return
    known(track, "track", BOARD.tracks, "a Palace track", rule)
    if track not in tracks:
        raise refuse(f"track: you stand at the top of the {track} track", "tianxia.house.palace-top")


def check_barge(state: TianxiaState, seat: int, action: Action) -> None:
    rule = "tianxia.action.barge"
    barge = action["barge"]
    if not (type(barge) is str and barge in BOARD.barges):  # `known`'s test, its call made only for a refusal
        known(barge, "barge", BOARD.barges, "a barge", rule)
    cost, held = barge_cost(state, seat, barge), state.seats[seat].goods["coins"]
    if held < cost:  # the words made only for a refusal
        afford(held, cost, f"coins: a worker on the {barge}", rule)


def check_pass(state: TianxiaState, seat: int, action: Action) -> None:
    """Passing is always open when no action is under way."""


def check_discard_disc(state: TianxiaState, seat: int, action: Action) -> None:
    if not state.seats[seat].discs:
        raise refuse("type: you have no action disc left to discard", "tianxia.free.discard-disc")


def check_use_tile(state: TianxiaState, seat: int, action: Action) -> None:
    mine = state.seats[seat]
    if action["tile"] not in mine.tiles:
        raise refuse(f"tile: {action['tile']!r} is not one of your one-shot tiles ({', '.join(mine.tiles) or 'none'})",
                     "tianxia.free.tile")


def check_discard_objective(state: TianxiaState, seat: int, action: Action) -> None:
    mine = state.seats[seat]
    if action["objective"] not in mine.objectives:
        raise refuse(f"objective: {action['objective']!r} is not one of your objective cards "
                     f"({', '.join(mine.objectives) or 'none'})", "tianxia.free.objective")


# --- A Region or a Military action under way --------------------------------------------

def check_region_part(state: TianxiaState, seat: int, action: Action) -> None:
    kind, acting, mine = action["type"], state.acting, state.seats[seat]
    if kind in acting["done"]:
        raise refuse(f"type: this Region action's {kind} is done: each of governor, exchange and ship once", ORDER)
    if kind == "governor" and not mine.meeples:
        raise refuse("type: you have no governor left", RULE_OF[kind])
    if kind == "ship":
        if BOARD.regions[acting["region"]].port is None:
            raise refuse(f"type: {acting['region']} has no port to ship from", RULE_OF[kind])
        if not mine.shipping:
            raise refuse("type: you have no shipping marker left", RULE_OF[kind])
    # its own type's actions only: `among` looks at no other
    among(region_actions(state, seat, acting, 0, None, kind), action, RULE_OF[kind])  # paid, cut and `only` by position


def check_end(state: TianxiaState, seat: int, action: Action) -> None:
    if state.acting["kind"] == "region" and not state.acting["done"]:
        raise refuse("type: a Region action ends after a governor, an exchange or a shipment", "tianxia.action.region")


def check_piece(state: TianxiaState, seat: int, action: Action) -> None:
    kind, mode, mine = action["type"], state.acting["mode"], state.seats[seat]
    rule = RULE_OF[kind]
    wanted = "train" if kind == "soldier" else "fortify"
    if mode not in (None, wanted):
        raise refuse(f"type: this Military action is to {mode}: no {kind} in it", "tianxia.action.military")
    left = {"wall": mine.walls, "tower": mine.towers, "soldier": mine.soldiers}[kind]
    if not left:
        raise refuse(f"type: you have no {kind} left", rule)
    if kind == "soldier":
        afford(mine.goods["rice"], soldier_rice(state, seat), "rice: a soldier", rule)
    else:
        cost = wall_stone(state, seat) if kind == "wall" else tower_stone(state, seat)
        if mine.goods["stone"] < cost:  # the words made only for a refusal
            afford(mine.goods["stone"], cost, f"stone: a {kind}", rule)
    among(military_actions(state, seat, state.acting, kind), action, rule)  # `only` its type's: `among` looks at no other


# --- After passing ---------------------------------------------------------------------------

def check_after_passing(state: TianxiaState, seat: int, action: Action) -> None:
    """A tile from the display first, where one may be taken; then advances bought, then 'end'."""
    kind, acting, mine = action["type"], state.acting, state.seats[seat]
    offered = pass_actions(state, seat, acting)
    if offered and offered[0]["type"] == "tile":
        if kind != "tile":
            raise refuse(f"type: first take a tile from the display ({kind!r} must wait)", "tianxia.action.pass")
        tile = action["tile"]
        if isinstance(tile, str) and tile in BOARD.tiles and tile in state.display and not may_take(state, seat, tile):
            raise refuse(f"tile: you own a jade {BOARD.tiles[tile].figurine} already", "tianxia.figurine.one-each")
    elif kind == "tile":
        raise refuse("type: no tile on the display is yours to take", "tianxia.action.pass")
    elif kind == "buy_advance":
        rule = "tianxia.house.pass-advances"
        if not may_advance_passing(mine.figurines, acting["bought"]):
            raise refuse(f"type: one advance per jade figurine owned ({len(mine.figurines)}), and you have bought "
                         f"{acting['bought']}", rule)
        afford(coins(state, seat), BOARD.figurines.pass_coins[acting["bought"]], "coins: this advance", rule)
        if action["track"] in BOARD.tracks and state.at_top(seat, action["track"]):
            raise refuse(f"track: you stand at the top of the {action['track']} track", "tianxia.house.palace-top")
    among(offered, action, RULE_OF[kind])


CHECKS: dict[str, Check] = {
    "region": check_region, "military": check_military, "barge": check_barge, "pass": check_pass,
    "discard_disc": check_discard_disc, "use_tile": check_use_tile, "discard_objective": check_discard_objective,
    "governor": check_region_part, "exchange": check_region_part, "ship": check_region_part, "end": check_end,
    "wall": check_piece, "tower": check_piece, "soldier": check_piece,
}

