"""Facts read off a Xanadu table: values, the rows a worker may cover next, and paying for a
building from passives, Favors and harvested rows (the search the Construction phase needs)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterator, Mapping, Sequence

from domain.xanadu.cards import CARDS, DECKS, Building
from domain.xanadu.state import MOST_BUILDINGS, OVER, XanaduState

Cover = tuple[int, int]  # (seat, building index)


class _Gains:
    """What covering a card's rows gives, read for the payment search: per resource, the running
    total from the bottom row up (`running[r][k]`: rows 0..k-1) and the last row that gives it."""

    __slots__ = ("running", "last")

    def __init__(self, gains: tuple[tuple[str, ...], ...]):
        self.running: dict[str, tuple[int, ...]] = {}
        self.last: dict[str, int] = {}
        for resource in {resource for gain in gains for resource in gain}:
            totals = [0]
            for row, gain in enumerate(gains):
                totals.append(totals[-1] + gain.count(resource))
                if resource in gain:
                    self.last[resource] = row
            self.running[resource] = tuple(totals)


class Facts:
    """One edition's card facts that the payment search reads on every step, as plain tuples by
    card id."""

    def __init__(self, cards: Mapping[str, Building]):
        self.cards = cards
        self.cost: dict[str, tuple[str, ...]] = {card.id: card.cost for card in cards.values()}
        self.passive: dict[str, tuple[str, ...]] = {card.id: card.passive for card in cards.values()}
        self.rows: dict[str, tuple] = {card.id: card.rows for card in cards.values()}
        self.height: dict[str, int] = {card.id: len(card.rows) for card in cards.values()}
        self.favors: dict[str, tuple[str | None, ...]] = {card.id: tuple(row.favor for row in card.rows)
                                                          for card in cards.values()}
        self.harvests: dict[str, tuple[tuple[str, ...], ...]] = {card.id: tuple(row.harvest for row in card.rows)
                                                                 for card in cards.values()}
        # What covering each row gives the building's owner: the harvest and, for good, the row's Favor.
        self.gains_own: dict[str, tuple[tuple[str, ...], ...]] = {
            card.id: tuple(row.harvest + ((row.favor,) if row.favor else ()) for row in card.rows)
            for card in cards.values()}
        self.gains_of = {card: _Gains(gains) for card, gains in self.harvests.items()}
        self.gains_of_own = {card: _Gains(gains) for card, gains in self.gains_own.items()}
        # Per card and first row not yet covered: what its owner has from it (passives, the Favors
        # of the rows covered), and which resources its rows left give its owner or another seat.
        self.kept: dict[str, tuple[tuple[str, ...], ...]] = {
            card: tuple(self.passive[card] + tuple(favor for favor in favors[:start] if favor)
                        for start in range(len(favors) + 1))
            for card, favors in self.favors.items()}
        self.giving_own = {card: _giving_from(gains, len(self.rows[card])) for card, gains in self.gains_of_own.items()}
        self.giving = {card: _giving_from(gains, len(self.rows[card])) for card, gains in self.gains_of.items()}


def _giving_from(gains: _Gains, rows: int) -> tuple[tuple[str, ...], ...]:
    """Per first row not yet covered (up to all `rows` covered), the resources the rows from there give."""
    return tuple(tuple(resource for resource, last in gains.last.items() if last >= start)
                 for start in range(rows + 1))


FACTS: dict[int, Facts] = {edition: Facts(cards) for edition, cards in DECKS.items()}


def facts(state: XanaduState) -> Facts:
    """The card facts of the state's edition of the deck."""
    return FACTS[state.edition]


def cards_of(state: XanaduState) -> Mapping[str, Building]:
    """The buildings of the state's edition of the deck."""
    return FACTS[state.edition].cards


def value(state: XanaduState, building: dict[str, Any]) -> int:
    return cards_of(state)[building["card"]].value(len(building["workers"]))


def covered(state: XanaduState, covers: Sequence[Sequence[int]]) -> Counter:
    """How many rows each building (seat, index) has covered, the plan's covers included."""
    rows = Counter({(seat, index): len(b["workers"]) for seat, owned in enumerate(state.buildings)
                    for index, b in enumerate(owned)})
    for seat, index in covers:
        rows[(seat, index)] += 1
    return rows


def next_row(state: XanaduState, covers: Sequence[Sequence[int]], seat: int, index: int) -> int | None:
    """The row a worker would cover next on that building (None when all are covered)."""
    rows = covered(state, covers)[(seat, index)]
    return rows if rows < len(facts(state).rows[state.buildings[seat][index]["card"]]) else None


def resources(state: XanaduState, seat: int, covers: Sequence[Sequence[int]]) -> Counter:
    """What `seat` has to pay with: its passives, the Favors unlocked on its buildings (this turn's
    covers included: they count at once), and the rows it covers this turn."""
    return Counter(_rows_of(state, seat, covers).have)


def missing(state: XanaduState, seat: int, cost: Sequence[str], covers: Sequence[Sequence[int]]) -> Counter:
    return Counter(cost) - resources(state, seat, covers)


def workers_left(state: XanaduState, seat: int, plan: dict[str, Any]) -> int:
    """How many more rows the seat may cover: one card of its hand for each, the building aside."""
    return len(state.hands[seat]) - (1 if plan["build"] else 0) - len(plan["covers"])


def coverable(state: XanaduState, covers: Sequence[Sequence[int]]) -> list[Cover]:
    rows, rows_of = _rows_covered(state, covers), facts(state).rows
    return [(seat, index) for seat, owned in enumerate(state.buildings) for index, building in enumerate(owned)
            if rows[(seat, index)] < len(rows_of[building["card"]])]


def can_pay(state: XanaduState, seat: int, cost: Sequence[str], covers: Sequence[Sequence[int]], budget: int) -> bool:
    """Whether some further covers, `budget` at most, complete the payment of `cost`."""
    return _rows_of(state, seat, covers).can_pay(cost, budget)


def payable(state: XanaduState, seat: int, card: str, plan: dict[str, Any]) -> bool:
    budget = len(state.hands[seat]) - 1 - len(plan["covers"])
    return len(state.buildings[seat]) < MOST_BUILDINGS and can_pay(state, seat, facts(state).cost[card], plan["covers"], budget)


def payable_cards(state: XanaduState, seat: int, cards: Sequence[str], plan: dict[str, Any]) -> Iterator[str]:
    """The cards of `cards` that `payable` allows, in their order (the table read once for all)."""
    if len(state.buildings[seat]) >= MOST_BUILDINGS:
        return
    budget = len(state.hands[seat]) - 1 - len(plan["covers"])
    rows, cost = _rows_of(state, seat, plan["covers"]), facts(state).cost
    for card in cards:
        if rows.can_pay(cost[card], budget):
            yield card


def any_payable(state: XanaduState, seat: int, cards: Sequence[str], plan: dict[str, Any]) -> bool:
    """Whether `payable` allows some card of `cards` (the first found ends the search)."""
    if len(state.buildings[seat]) >= MOST_BUILDINGS:
        return False
    budget = len(state.hands[seat]) - 1 - len(plan["covers"])
    rows, cost = _rows_of(state, seat, plan["covers"]), facts(state).cost
    for card in cards:
        if rows.can_pay(cost[card], budget):
            return True
    return False


def open_covers(state: XanaduState, seat: int, cost: Sequence[str] | None, covers: Sequence[Sequence[int]],
                left: int, only: Cover | None = None) -> list[Cover]:
    """The buildings whose next row `seat` may cover now (`left` covers at most, this one included)
    and still pay `cost` (None: no building to pay) with the covers left after it; of the one
    building `only`, when given."""
    if left <= 0:
        return []
    rows = _rows_of(state, seat, covers)
    targets = rows.coverable()  # `coverable(state, covers)`, read once with the rest
    if only is not None:
        targets = [only] if only in targets else []
    if cost is None or rows.can_pay(cost, left - 1):
        return list(targets)  # an extra row covered never takes a payment away
    # Only a building whose rows left give something still missing can make the difference.
    helpers = rows.helpers(rows.short_of(cost))
    return [target for target in targets if target in helpers and rows.can_pay(cost, left - 1, first=target)]


# The last `_Rows` read, with what it was read from. A table's lists are never changed in place
# (a fold puts new lists in the fields it changes: domain.event_table), so the same `buildings`
# list and `covers` list hold the same facts: the legal list, the check and the decision of one
# move, which read the same table, read it once; and a turn's next cover (the plan's covers, one
# more) is one row more of the same reading. The entry holds those lists, so their identities
# cannot pass to new lists while it stands.
_LAST_ROWS: list[tuple] = []


def _rows_of(state: XanaduState, seat: int, covers: Sequence[Sequence[int]]) -> "_Rows":
    """`_Rows(state, seat, covers)`, read once for the same buildings, covers, seat and edition."""
    buildings = state.buildings
    rows = None
    if _LAST_ROWS:
        last = _LAST_ROWS[0]  # one read: another thread may put its own entry in meanwhile
        if last[0] is buildings and last[2] == seat and last[3] == state.edition:
            if last[1] is covers:
                return last[4]
            if len(covers) == len(last[1]) + 1 and covers[:-1] == last[1]:
                owner, index = covers[-1]
                rows = last[4].after_cover((owner, index))
    if rows is None:
        rows = _Rows(state, seat, covers)
    _LAST_ROWS[:] = [(buildings, covers, seat, state.edition, rows)]
    return rows


class _Rows:
    """What `seat` has to pay with once `covers` are made (`have`), and what each further cover of
    each building would add (`ahead`: per building, the gains of its rows not yet covered, bottom
    up), read off the table once for any number of costs.

    Paying is then a choice of how many more rows of each building to cover: the gains of covers
    add up whatever their order, so the search is over those counts, building by building,
    remembering the needs it has already failed to meet. It is exact: it finds a payment whenever
    one exists within the budget.
    """

    __slots__ = ("have", "ahead", "giving", "facts", "answers", "shorts", "_coverable")

    def __init__(self, state: XanaduState, seat: int, covers: Sequence[Sequence[int]]):
        self.facts = known = facts(state)
        self.answers: dict[tuple, bool] = {}  # can_pay's answers: the facts read never change
        self.shorts: dict[tuple[str, ...], dict[str, int]] = {}  # short_of's, likewise
        buildings = state.buildings
        planned: dict[Cover, int] = {}  # this turn's covers per building
        for owner, index in covers:
            key = (owner, index)
            planned[key] = planned.get(key, 0) + 1
        # Per building: its card, its first row not covered, whether it is the seat's own; per
        # resource, the buildings whose rows not yet covered give it; and what the seat has from its
        # own buildings. Plain loops over tables made at import: this runs once per cover planned.
        have: dict[str, int] = {}
        ahead: dict[Cover, tuple[str, int, bool]] = {}
        giving: dict[str, list[Cover]] = {}
        coverable: list[Cover] = []
        height = known.height
        for owner, owned in enumerate(buildings):
            own = owner == seat
            gives = known.giving_own if own else known.giving
            for index, building in enumerate(owned):
                card, cover = building["card"], (owner, index)
                start = len(building["workers"]) + planned.get(cover, 0)
                ahead[cover] = (card, start, own)
                if start < height[card]:
                    coverable.append(cover)
                for resource in gives[card][start]:
                    if resource in giving:
                        giving[resource].append(cover)
                    else:
                        giving[resource] = [cover]
                if own:
                    for resource in known.kept[card][start]:
                        have[resource] = have.get(resource, 0) + 1
        done: dict[Cover, int] = {}
        for owner, index in covers:
            key = (owner, index)
            row = len(buildings[owner][index]["workers"]) + done.get(key, 0)
            done[key] = done.get(key, 0) + 1
            for resource in known.harvests[buildings[owner][index]["card"]][row]:
                have[resource] = have.get(resource, 0) + 1
        self.have, self.ahead, self.giving, self._coverable = have, ahead, giving, coverable

    def after_cover(self, cover: Cover) -> "_Rows":
        """What the seat has once the next row of `cover` is covered too: what that row gives it
        added, the building's rows left one fewer (worked out from these, not the table again)."""
        known = self.facts
        card, start, own = self.ahead[cover]
        after = _Rows.__new__(_Rows)
        after.facts, after.answers, after.shorts = known, {}, {}
        after.have = have = dict(self.have)
        for resource in (known.gains_own if own else known.harvests)[card][start]:
            have[resource] = have.get(resource, 0) + 1
        after.ahead = ahead = dict(self.ahead)
        ahead[cover] = (card, start + 1, own)
        after._coverable = self._coverable
        if start + 1 == known.height[card]:
            after._coverable = [target for target in self._coverable if target != cover]
        # The resources the building's rows no longer give once this one is covered.
        gives = (known.giving_own if own else known.giving)[card]
        after.giving = giving = dict(self.giving)
        still = gives[start + 1]
        for resource in gives[start]:
            if resource not in still:
                left = [target for target in giving[resource] if target != cover]
                if left:
                    giving[resource] = left
                else:
                    del giving[resource]
        return after

    def coverable(self) -> list[Cover]:
        """The buildings with a row not yet covered, in seat and building order (not to be changed)."""
        return self._coverable

    def can_pay(self, cost: Sequence[str], budget: int, first: Cover | None = None) -> bool:
        """Whether `cost` can be paid with at most `budget` more covers (after the cover of the next
        row of `first`, when given, which the budget does not count)."""
        short_of = self.short_of(cost)
        if not short_of:  # paid already, whatever is covered next: the turn's covers once it is
            return True
        key = (tuple(cost), budget, first)
        answer = self.answers.get(key)
        if answer is None:
            answer = self.answers[key] = self._can_pay(short_of, budget, first)
        return answer

    def short_of(self, cost: Sequence[str]) -> dict[str, int]:
        """What the seat still lacks of `cost`, per resource, before any further cover (worked out
        once per cost; not to be changed)."""
        key = tuple(cost)
        short_of = self.shorts.get(key)
        if short_of is None:
            short_of = self.shorts[key] = self._short_of(key)
        return short_of

    def _short_of(self, cost: tuple[str, ...]) -> dict[str, int]:
        have = self.have
        short_of: dict[str, int] = {}
        for resource, count in _needs(cost):
            lacking = count - have.get(resource, 0)
            if lacking > 0:
                short_of[resource] = lacking
        return short_of

    def helpers(self, short_of: Mapping[str, int]) -> dict[Cover, None]:
        """The buildings whose rows not yet covered give some of `short_of`, in seat and building
        order (empty when some resource of it is given by none: then nothing pays)."""
        giving = self.giving
        helpers: dict[Cover, None] = {}
        for resource in short_of:
            covers = giving.get(resource)
            if covers is None:
                return {}
            for cover in covers:
                helpers[cover] = None
        return helpers

    # Plain loops rather than comprehensions and generators below: each of those costs 2-4 k
    # instructions in CPython 3.11, and this runs for every card in hand and every row offered.
    def _can_pay(self, short_of: dict[str, int], budget: int, first: Cover | None) -> bool:
        """`can_pay` for a cost still short of `short_of`."""
        ahead, known = self.ahead, self.facts
        if first is not None:
            short_of = dict(short_of)  # less what the row of `first` gives: a copy of the shared one
            card, start, own = ahead[first]
            for resource in (known.gains_own if own else known.harvests)[card][start]:
                lacking = short_of.get(resource)
                if lacking is not None:
                    if lacking > 1:
                        short_of[resource] = lacking - 1
                    else:
                        del short_of[resource]
            if not short_of:
                return True
        if budget <= 0:
            return False
        helpers = self.helpers(short_of)
        if not helpers:
            return False  # no row left anywhere gives some resource
        keys, short = tuple(short_of), tuple(short_of.values())
        # Each building's further covers as running totals of the still-missing resources they give
        # (a column per resource), cut after the last row that gives any (covering past it never
        # helps): its first row not covered and that last row, for the search over several.
        options: list[tuple[list[tuple[int, ...]], int, int]] = []
        for cover in helpers:
            card, start, own = ahead[cover]
            if cover == first:
                start += 1
            gains = (known.gains_of_own if own else known.gains_of)[card]
            last, running = gains.last, gains.running
            top = -1
            for resource in keys:
                row = last.get(resource, -1)
                if row > top:
                    top = row
            if top < start:
                continue
            columns = []
            for resource in keys:
                columns.append(running.get(resource, _NONE))
            if _gives_enough(columns, start, min(top + 1, start + budget), short):
                return True  # this building alone pays (running totals only grow)
            options.append((columns, start, top))
        if len(options) < 2:  # nearly always: one building at most gives what is missing
            return False
        return _search([_totals(columns, start, top) for columns, start, top in options], short, budget)


def _gives_enough(columns: list[tuple[int, ...]], start: int, end: int, short: tuple[int, ...]) -> bool:
    """Whether covering a building's rows from `start` up to `end` (not included) meets `short`."""
    for column, need in zip(columns, short):
        if column[end] - column[start] < need:
            return False
    return True


def _totals(columns: list[tuple[int, ...]], start: int, top: int) -> list[tuple[int, ...]]:
    """What covering a building's rows from `start` gives, covering one row, two, ... up to `top`."""
    totals = []
    for row in range(start + 1, top + 2):
        total = []
        for column in columns:
            total.append(column[row] - column[start])
        totals.append(tuple(total))
    return totals


def _enough(got: tuple[int, ...], short: tuple[int, ...]) -> bool:
    """Whether `got` meets `short`, resource by resource."""
    for have, need in zip(got, short):
        if have < need:
            return False
    return True


_NONE = (0,) * 16  # the running totals of a resource a card's rows never give
_NEEDS: dict[tuple[str, ...], tuple[tuple[str, int], ...]] = {}


def _needs(cost: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """A cost as (resource, count) pairs, worked out once per cost."""
    key = tuple(cost)
    needs = _NEEDS.get(key)
    if needs is None:
        needs = _NEEDS[key] = tuple(Counter(key).items())
    return needs


def _met(short: tuple[int, ...]) -> bool:
    """Whether nothing is missing any more."""
    for count in short:
        if count > 0:
            return False
    return True


def _less(short: tuple[int, ...], gain: tuple[int, ...]) -> tuple[int, ...]:
    """What is still missing of `short` once `gain` is had."""
    left = []
    for count, got in zip(short, gain):
        left.append(count - got)
    return tuple(left)


def _added(got: tuple[int, ...], gain: tuple[int, ...]) -> tuple[int, ...]:
    """`got` and `gain` together, resource by resource."""
    total = []
    for count, more in zip(got, gain):
        total.append(count + more)
    return tuple(total)


def _search(options: list[list[tuple[int, ...]]], short: tuple[int, ...], budget: int) -> bool:
    """Whether covering some number of rows of each option's building, `budget` rows in all at
    most, gives at least `short` of each resource (of two buildings or more: `_Rows._can_pay`
    tries each alone first)."""
    # reach[i]: all that options i.. could give, budget aside: a need beyond it fails at once.
    reach = [(0,) * len(short)] * (len(options) + 1)
    for i in range(len(options) - 1, -1, -1):
        reach[i] = _added(reach[i + 1], options[i][-1])
    failed: set = set()

    # Helpers with loops, not generators, in this search (see `_Rows._can_pay`).
    def search(i: int, short: tuple[int, ...], budget: int) -> bool:
        if _met(short):
            return True
        if budget == 0 or i == len(options) or not _enough(reach[i], short):
            return False
        key = (i, short, budget)
        if key in failed:
            return False
        totals = options[i]
        for rows in range(min(len(totals), budget), 0, -1):
            gain = totals[rows - 1]
            if search(i + 1, _less(short, gain), budget - rows):
                return True
        if search(i + 1, short, budget):
            return True
        failed.add(key)
        return False

    return search(0, short, budget)


def _rows_covered(state: XanaduState, covers: Sequence[Sequence[int]]) -> dict[Cover, int]:
    rows = {(seat, index): len(building["workers"]) for seat, owned in enumerate(state.buildings)
            for index, building in enumerate(owned)}
    for seat, index in covers:
        rows[(seat, index)] += 1
    return rows


def starting_colour(hand: Sequence[str]) -> str | None:
    """The colour a starting building must have: brown, else blue, else yellow (else any). (A
    building has its colour in every edition of the deck.)"""
    colours = set()
    for card in hand:  # one pass, not a generator per colour: every start and foothold asks
        colours.add(CARDS[card].colour)
    for colour in ("brown", "blue", "yellow"):
        if colour in colours:
            return colour
    return None




def scores(state: XanaduState) -> list[int]:
    """Tong bao scored so far, and what every building in play would score now."""
    if state.phase == OVER:
        return list(state.scores)
    return [score + sum(value(state, building) for building in owned)
            for score, owned in zip(state.scores, state.buildings)]
