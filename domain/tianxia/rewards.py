"""What a seat gains from a Palace step, a ship's space, a bonus tile, an objective or its merchants,
and the choices such a reward leaves it (`tianxia.house.region-order`).

Resources, coins and prestige are gained at once (`reward_taken`); an objective card is drawn
(private to the seat); a good, an advance, a free soldier or wall, a port for the bonus Shipping
token and a tile of a Palace step are owed: the seat chooses each, before anything else, as its
next decisions (`state.owed`). An owed choice with nothing to choose from is lost, and the event
says so. A seat's effects (its board side, its starting building, the passive buildings holding
its governors) change what it pays and gains (`effects`, `less`).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain.tianxia.board.loader import BOARD
from domain.tianxia.board.components import Effect
from domain.tianxia.evolve import TianxiaEmitter
from domain.tianxia.state import TianxiaState
from domain.tianxia.board.vocabulary import GOODS, RESOURCES

PIECES = frozenset({*RESOURCES, "prestige"})  # what is gained at once (a set: asked of every item of a reward)
OWED = ("good", "advance", "soldier", "wall")


def effects(state: TianxiaState, seat: int) -> list[Effect]:
    """Every effect that works for `seat`: its board side's, its starting building's, and each passive
    building's that holds one of its governors."""
    mine = state.seats[seat]
    found: list[Effect] = []
    if mine.side is not None:
        found += BOARD.player_boards[mine.side].effects
    if mine.starting_building is not None:
        found += BOARD.starting_buildings[mine.starting_building].effects
    for site in state.sites.values():
        if site.building is not None and seat in site.governors and BOARD.buildings[site.building].kind == "passive":
            found += BOARD.buildings[site.building].effects
    return found


def _cuts(found: Sequence[Effect]) -> dict[str, int]:
    """How much less per item the effects `found` make their owner pay, by occasion."""
    cuts: dict[str, int] = {}
    for effect in found:
        if effect.less:
            cuts[effect.on] = cuts.get(effect.on, 0) + effect.less
    return cuts


# `less` is asked for every cost of every legal list: each source's cuts summed once, at import.
SIDE_CUTS = {side: _cuts(board.effects) for side, board in BOARD.player_boards.items()}
START_CUTS = {building: _cuts(start.effects) for building, start in BOARD.starting_buildings.items()}
# A seat's own cuts by its side and starting building (either None before it is chosen), summed.
SEAT_CUTS = {side: {start: {occasion: SIDE_CUTS.get(side, {}).get(occasion, 0)
                                      + START_CUTS.get(start, {}).get(occasion, 0)
                            for occasion in {*SIDE_CUTS.get(side, {}), *START_CUTS.get(start, {})}}
                    for start in (None, *START_CUTS)}
             for side in (None, *SIDE_CUTS)}
PASSIVE_CUTS = {building: cuts for building, held in BOARD.buildings.items()
                if held.kind == "passive" and (cuts := _cuts(held.effects))}


def _by_occasion(passive: Mapping[str, Mapping[str, int]]) -> dict[str, list[tuple[str, int]]]:
    """The passive buildings' cuts by occasion: (building, cut) for each building cutting it."""
    found: dict[str, list[tuple[str, int]]] = {}
    for building, cuts in passive.items():
        for occasion, cut in cuts.items():
            found.setdefault(occasion, []).append((building, cut))
    return found


# `less` looks only for the sites of the few buildings that cut an occasion (none cuts a governor).
CUTTERS = _by_occasion(PASSIVE_CUTS)


def less(state: TianxiaState, seat: int, occasion: str) -> int:
    """How much less `seat` pays per item on an occasion (train, fortify, barge, governor): what
    `effects` holds for it, summed; the cutting buildings' sites and cuts looked up once per game,
    by occasion, not scanned for at every cost (`state.cutter_sites`)."""
    mine = state.seats[seat]
    total = SEAT_CUTS[mine.side][mine.starting_building].get(occasion, 0)
    if occasion in CUTTERS:  # none cuts a governor, the cost every main action list asks
        at = state.cutter_sites
        if at is None:
            at = state.cutter_sites = cutter_sites(state)
        sites = state.sites
        for site, cut in at[occasion]:
            if seat in sites[site].governors:
                total += cut
    return total


def cutter_sites(state: TianxiaState) -> dict[str, list[tuple[str, int]]]:
    """The sites of the buildings that cut a cost (CUTTERS) and each one's cut, by occasion:
    `state.cutter_sites`."""
    found: dict[str, list[tuple[str, int]]] = {occasion: [] for occasion in CUTTERS}
    for site_id, site in state.sites.items():
        cuts = PASSIVE_CUTS.get(site.building)
        if cuts:
            for occasion, cut in cuts.items():
                found[occasion].append((site_id, cut))
    return found


def gains_on(state: TianxiaState, seat: int, occasion: str) -> dict[str, int]:
    """What `seat` gains on an occasion (pass, deliver, ...) from its effects."""
    total: dict[str, int] = {}  # a plain dict, not a Counter: a Counter's making and update are Python
    for effect in effects(state, seat):
        if effect.on == occasion and effect.gain:
            for name, count in effect.gain.items():
                total[name] = total.get(name, 0) + count
    return total


def reward(em: TianxiaEmitter, seat: int, amounts: Mapping[str, Any], source: Mapping[str, Any], rule: str) -> None:
    """Give `seat` a reward: what is gained at once, the objective cards drawn, the choices owed.
    `source` says where from, in the board's own words and ids: {"track", "step"}, {"port"},
    {"tile"}, {"objective"}, {"merchants"}, {"token"}."""
    state = em.state
    gained = {}
    for name, count in amounts.items():  # a loop, not a comprehension: a reward is in most decisions
        if name in PIECES and count:
            gained[name] = count
    owed: list[dict[str, Any]] = []
    for kind in OWED:
        if kind not in amounts:  # most rewards owe nothing: no look-up's call, `int` or `range` for them
            continue
        count = amounts[kind]
        if not count:
            continue
        for _ in range(int(count)):
            if options_for(state, seat, {"kind": kind}):
                owed.append({"seat": seat, "kind": kind, "source": source})
    token = amounts.get("token")
    if gained or owed or token:
        em.emit("reward_taken", rule, {
            "seat": seat, "source": source, "gain": gained, "owed": owed, "token": token})
    if token == "bonus-shipping":
        em.emit("reward_taken", rule, {
            "seat": seat, "source": {"token": token}, "gain": {}, "owed": [{"seat": seat, "kind": "port",
                                                                          "source": {"token": token}}], "token": None})
    drawn = amounts.get("objective")
    for _ in range(int(drawn) if drawn else 0):
        if state.objective_deck:
            card = state.objective_deck[0]
            em.emit("objective_drawn", rule, {"seat": seat, "source": source}, private={"objective": card}, private_to=seat)


def first_owed(state: TianxiaState, seat: int) -> dict[str, Any] | None:
    """The first choice a reward left `seat` to make, if any (a loop: asked of every decision)."""
    for item in state.owed:
        if item["seat"] == seat:
            return item
    return None


def climbing(state: TianxiaState, seat: int) -> list[str]:
    """The tracks `seat` may still climb (`tianxia.house.palace-top`), in the board's order."""
    found, palace = [], state.palace
    for track in BOARD.tracks:  # a loop, not a comprehension: this is asked for every legal list
        if seat not in palace[track][-1]:  # `state.at_top`, without the method's call
            found.append(track)
    return found


def options_for(state: TianxiaState, seat: int, owed: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The actions that settle one owed choice of `seat`'s; [] when there is nothing to choose from."""
    kind = owed["kind"]
    mine = state.seats[seat]
    found: list[dict[str, Any]] = []  # loops, not comprehensions: a comprehension's function costs more
    if kind == "good":
        for good in GOODS:
            found.append({"type": "good", "good": good})
    elif kind == "advance":
        for track in climbing(state, seat):
            found.append({"type": "advance", "track": track})
    elif kind == "soldier":
        if mine.soldiers:
            for section, pieces in state.sections.items():
                if len(pieces.soldiers) < BOARD.walls[section].soldiers:
                    found.append({"type": "soldier", "section": section})
    elif kind == "wall":
        if mine.walls:
            for section, pieces in state.sections.items():
                if len(pieces.walls) < BOARD.walls[section].walls:
                    found.append({"type": "wall", "section": section})
    elif kind == "port":
        if mine.shipping:
            for port in BOARD.ports:
                found.append({"type": "port", "port": port})
    else:
        for index, tile in enumerate(state.step_tiles[owed["track"]][owed["step"]]):
            if may_take(state, seat, tile):
                found.append({"type": "tile", "tile": tile, "index": index})
    return found


def may_take(state: TianxiaState, seat: int, tile: str) -> bool:
    """No player owns two jade figurines of a kind (tianxia.figurine.one-each)."""
    figurine = BOARD.tiles[tile].figurine
    return figurine is None or figurine not in state.seats[seat].figurines


def may_advance_passing(figurines: Sequence[str], taken: int) -> bool:
    """Whether one who passes, having taken `taken` advances, takes another: one per jade figurine
    owned, each counting as it arrives, so a figurine taken on a Palace step reached while passing
    opens one more (`tianxia.house.pass-advances`). Li Mu gains his "the same as a player would"
    (L190), without paying."""
    return taken < len(figurines) and taken < len(BOARD.figurines.pass_coins)  # below both: no `min` call


def pushed_off(state: TianxiaState, barge: str) -> int | None:
    """Whose worker a worker joining `barge` would push off: its third, when it is full."""
    workers, room = state.barges[barge], BOARD.barges[barge].workers
    return workers[room - 1] if len(workers) >= room else None


def merchants(em: TianxiaEmitter, pushed: int | None) -> None:
    """A seat's worker pushed off a barge has gone to its merchant spaces; full, they pay the board's
    merchant reward and the meeples come home (tianxia.free.merchant, `tianxia.house.merchants`)."""
    state = em.state
    if pushed is None or not 0 <= pushed < len(state.seats):
        return
    mine = state.seats[pushed]
    if mine.side is None:
        return
    board = BOARD.player_boards[mine.side]
    if mine.merchants >= board.merchant_spaces:
        em.emit("merchants_paid", "tianxia.free.merchant", {
            "seat": pushed, "meeples": mine.merchants})
        reward(em, pushed, board.merchant, {"merchants": mine.side}, "tianxia.free.merchant")
