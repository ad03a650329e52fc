"""The small steps the folds share: a seat, the rival or a wall section copied before it is changed
(the lists in a table are shared with the tables before it; a seat or the rival once per copy of
the table), goods gained and paid, a worker
joining a barge, a tile leaving where it lay, prestige scored and pieces sent home.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.tianxia.board.loader import BOARD
from domain.tianxia.state import LI_MU, NEUTRAL, Rival, Seat, Section, TianxiaState, copy_rival, copy_seat, copy_section, copy_site


SEATS, RIVAL = "seats", "rival"  # the keys of `state.owned` besides the seats' numbers


def own_seat(state: TianxiaState, seat: int) -> Seat:
    """`seat`'s supply, to change: a copy put in a new list of seats the first time this copy of the
    table changes it (the lists and seats of a table are shared with the tables before it), the
    same copy after that (`state.owned`: a decision's events change one table, copied once)."""
    owned = state.owned
    if owned is None:
        owned = state.owned = {}
    else:
        mine = owned.get(seat)
        if mine is not None and state.seats[seat] is mine:
            return mine
    seats = state.seats
    if owned.get(SEATS) is not seats:
        seats = owned[SEATS] = state.seats = seats.copy()
    mine = seats[seat] = owned[seat] = copy_seat(seats[seat])
    return mine


def own_rival(state: TianxiaState) -> Rival:
    """The rival, to change: a copy put on the table the first time this copy of the table changes
    him, the same copy after that (as `own_seat`)."""
    owned = state.owned
    if owned is None:
        owned = state.owned = {}
    else:
        rival = owned.get(RIVAL)
        if rival is not None and state.rival is rival:
            return rival
    rival = state.rival = owned[RIVAL] = copy_rival(state.rival)
    return rival


def gain(seat: Seat, amounts: Mapping[str, int]) -> None:
    """Goods and prestige added to a seat being changed (negative amounts pay)."""
    goods = seat.goods.copy()  # a method's copy: fewer instructions than `dict(...)`
    for name, count in amounts.items():
        if name == "prestige":
            seat.prestige += count
        else:
            goods[name] = goods.get(name, 0) + count
    seat.goods = goods


def join_barge(state: TianxiaState, barge: str, worker: int) -> None:
    """A worker joins `barge` at its leftmost space; a third one pushed off goes home (the rival's)
    or to its seat's merchant spaces (`tianxia.house.merchants`); a neutral one leaves the board."""
    workers = [worker, *state.barges[barge]]
    room = BOARD.barges[barge].workers
    barges = state.barges.copy()
    barges[barge] = workers[:room]
    state.barges = barges
    for pushed in workers[room:]:
        if pushed == len(state.seats) and state.rival is not None:  # the rival's (`rival_owner`, without its call)
            rival = own_rival(state)
            if rival.kind == LI_MU:
                rival.barge_meeples += 1
            else:
                rival.meeples += 1
        elif pushed != NEUTRAL:
            own_seat(state, pushed).merchants += 1


def tile_leaves(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    """The tile leaves where it lay: a site, a Palace step or the round display."""
    where, index = facts["where"], facts["index"]
    if "site" in where:
        site = copy_site(state.sites[where["site"]])
        site.tile = None
        sites = state.sites.copy()
        sites[where["site"]] = site
        state.sites = sites
    elif "track" in where:
        steps = list(state.step_tiles[where["track"]])
        tiles = steps[where["step"]]
        # the tile at `index` gone (slices, not a comprehension)
        steps[where["step"]] = [*tiles[:index], *tiles[index + 1:]] if index >= 0 else list(tiles)
        step_tiles = state.step_tiles.copy()
        step_tiles[where["track"]] = steps
        state.step_tiles = step_tiles
    else:
        display = state.display
        state.display = [*display[:index], *display[index + 1:]] if index >= 0 else list(display)


def own_section(state: TianxiaState, section: str) -> Section:
    """A copy of a wall section's pieces, put on the table: the copy is the one to change, by new
    lists in the fields it changes (its lists are still the table's before it)."""
    copied = copy_section(state.sections[section])
    sections = state.sections.copy()
    sections[section] = copied
    state.sections = sections
    return copied


def score(state: TianxiaState, owner: int, points: int) -> None:
    """Prestige to an owner: a seat, or Li Mu (the Bot's points are always 0)."""
    if not points:
        return
    if owner == len(state.seats) and state.rival is not None:  # the rival (`rival_owner`)
        own_rival(state).prestige += points
    else:
        own_seat(state, owner).prestige += points


def home(state: TianxiaState, owner: int, field_name: str) -> None:
    """A piece back to its owner's supply."""
    holder = own_rival(state) if owner == len(state.seats) and state.rival is not None else own_seat(state, owner)
    setattr(holder, field_name, getattr(holder, field_name) + 1)


GAINED = 1  # `pay`'s sign for goods gained, passed by position: a call by keyword is not specialised


def pay(state: TianxiaState, seat: int, amounts: Mapping[str, int], sign: int = -1) -> Seat:
    """`seat` pays `amounts` (or, `sign` 1, gains them); the seat's copy, to change further."""
    mine = own_seat(state, seat)
    goods = mine.goods.copy()
    for name, count in amounts.items():  # `gain` of the signed, non-zero amounts, without a dict made for it
        if not count:
            continue
        if name == "prestige":
            mine.prestige += sign * count
        else:
            goods[name] = goods.get(name, 0) + sign * count
    mine.goods = goods
    return mine


def settled(state: TianxiaState, seat: int) -> None:
    """The first choice `seat` owed is made."""
    owed = state.owed
    index = 0
    while owed[index]["seat"] != seat:  # a loop, not a generator: settling is a frequent decision
        index += 1
    state.owed = [*owed[:index], *owed[index + 1:]]
