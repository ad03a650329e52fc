"""The fold: each event's facts applied to a state, giving a new state.

Pure: no randomness, no clock, and the input state is never changed. Each applier changes a table
of its own (a fresh copy in `evolve`, a decision's own table in its Emitter) by putting new
lists and new `Seat`s in the fields the event changes. An event that does not fit the table (a
drawn card that is not on top of the deck, time spent that the seat does not have) raises
ValueError: a stream that fails here has been tampered with or mis-ordered.
"""

from __future__ import annotations

from copy import deepcopy
from typing import Any, Mapping

from domain.xi.cards.catalogue import CARDS
from domain.xi.standing_match import spent
from domain.xi.state import (
    CHOOSE_STEP,
    DECK_STEP,
    DECKS,
    Effect,
    InPlay,
    ORDER,
    ORDER_STEP,
    OVER,
    PLAY,
    PT_CAP,
    SKIRMISH_STEP,
    WINDOW_STEP,
    Seat,
    Step,
    Unit,
    XiState,
    copy_unit,
    writable_in_play,
    writable_seat,
    writable_unit,
)
from domain.xi.table import capped_pt

Facts = Mapping[str, Any]
_new = object.__new__


def _tick(s: XiState, since: int) -> None:
    if since <= s.clock:
        raise ValueError(f"timestamp {since} is not after {s.clock}")
    s.clock = since


def _leave(s: XiState, uid: str) -> Unit:
    """The unit leaves play, and the effects under way forget it."""
    # Plain loops: a unit leaves on most strikes, where generators cost more.
    units: list[Unit] = []
    unit = None
    for other in s.units:
        if other.uid != uid:
            units.append(other)
        elif unit is None:
            unit = other
    if unit is None:
        raise ValueError(f"no unit {uid} in play")
    s.units = units
    for effect in s.effects:
        if uid in effect.to:
            s.effects = [Effect(e.source, [to for to in e.to if to != uid], e.where, e.op, e.value, e.since)
                         for e in s.effects if e.to != [uid]]
            break
    return unit


def _pop(s: XiState, kind: str, seat: int) -> None:
    if not s.pending or s.pending[-1].kind != kind or s.pending[-1].seat != seat:
        raise ValueError(f"seat {seat} has no pending {kind} step on top")
    s.pending = s.pending[:-1]


def _spend(seat: Seat, cost: Facts) -> None:
    t, pt = cost["t"], cost["pt"]
    if t > seat.t or pt > seat.pt:
        raise ValueError(f"{t}T and {pt}pT spent with {seat.t}T and {seat.pt}pT")
    seat.t, seat.pt = seat.t - t, seat.pt - pt


def game_prepared(s: XiState, facts: Facts) -> None:
    s.players = [Seat(life=facts["life"], standing=deepcopy(s.starting_standing)) for _ in range(facts["seats"])]
    # Seat 0 brings first: its step is on top.
    s.pending = [Step(DECK_STEP, seat) for seat in reversed(range(facts["seats"]))]
    s.phase = DECKS


def deck_brought(s: XiState, facts: Facts) -> None:
    _pop(s, DECK_STEP, facts["seat"])
    seat = writable_seat(s, facts["seat"])
    seat.deck_list = list(facts["cards"])
    seat.deck = list(facts["cards"])


def deck_shuffled(s: XiState, facts: Facts) -> None:
    seat = writable_seat(s, facts["seat"])
    order = list(facts["order"])
    if sorted(order) != sorted(seat.deck):
        raise ValueError("the shuffled deck is not the deck")
    seat.deck = order


def card_drawn(s: XiState, facts: Facts) -> None:
    seat = writable_seat(s, facts["seat"])
    card = facts["card"]
    if not seat.deck or seat.deck[0] != card:
        raise ValueError(f"{card} is not on top of seat {facts['seat']}'s deck")
    _spend(seat, facts["cost"])
    seat.deck, seat.hand = seat.deck[1:], seat.hand + [card]


def draw_missed(s: XiState, facts: Facts) -> None:
    seat = writable_seat(s, facts["seat"])
    if seat.deck:
        raise ValueError("a draw was missed from a deck that holds cards")
    _spend(seat, facts["cost"])


def coin_tossed(s: XiState, facts: Facts) -> None:
    s.pending = s.pending + [Step(ORDER_STEP, facts["winner"])]
    s.phase = ORDER


def order_chosen(s: XiState, facts: Facts) -> None:
    _pop(s, ORDER_STEP, facts["seat"])
    s.first = facts["order"][0]
    s.phase = PLAY


def turn_started(s: XiState, facts: Facts) -> None:
    s.active, s.turn = facts["seat"], facts["turn"]
    writable_seat(s, facts["seat"]).t = facts["t"]
    units = s.units
    index = 0  # counted by hand: `enumerate` is a call of its own
    for unit in units:
        if unit.skirmishes or unit.uses:  # xi.skirmish.once: a new turn, a new skirmish for every unit
            # One new list for all the units it changes (writable_unit would make one per unit).
            units = units[:index]
            for unit in s.units[index:]:
                if unit.skirmishes or unit.uses:
                    unit = copy_unit(unit)
                    unit.skirmishes = unit.uses = 0
                units.append(unit)
            s.units = units
            break
        index += 1
    for card in s.in_play:
        if card.uses:
            writable_in_play(s, card.iid).uses = 0


def _answered(s: XiState, seat: Seat, facts: Facts) -> None:
    """An answer closes the window it answers, and spends the seat's once-rule that gives it."""
    if "answering" in facts:
        window = s.pending[-1].facts if s.pending else {}
        _pop(s, WINDOW_STEP, facts["seat"])
        seat.standing = spent(seat.standing, window, facts["seat"], facts)


def card_declared(s: XiState, facts: Facts) -> None:
    seat = writable_seat(s, facts["seat"])
    card = facts["card"]
    if card not in seat.hand:
        raise ValueError(f"{card} is not in seat {facts['seat']}'s hand")
    _spend(seat, facts["paid"])
    hand = [*seat.hand]  # copies without `list`'s or `dict`'s call, here and in window_opened
    hand.remove(card)
    seat.hand = hand
    _answered(s, seat, facts)


def ability_declared(s: XiState, facts: Facts) -> None:
    seat = writable_seat(s, facts["seat"])
    _spend(seat, facts["paid"])
    source = facts["source"]
    held = writable_unit(s, source) if source.startswith("u") else writable_in_play(s, source)
    held.uses += 1
    _answered(s, seat, facts)


def window_opened(s: XiState, facts: Facts) -> None:
    step = _new(Step)  # Step(WINDOW_STEP, seat, facts) without its __init__'s call: most declarations open one
    step.kind, step.seat, step.facts = WINDOW_STEP, facts["seat"], {**facts}
    s.pending = s.pending + [step]


def window_passed(s: XiState, facts: Facts) -> None:
    pending = s.pending  # _pop, without its call: a quarter of all decisions pass a window
    if not pending or pending[-1].kind != WINDOW_STEP or pending[-1].seat != facts["seat"]:
        _pop(s, WINDOW_STEP, facts["seat"])  # which refuses it
    s.pending = pending[:-1]


def struck(s: XiState, facts: Facts) -> None:
    _pop(s, SKIRMISH_STEP, facts["seat"])


def skirmish_cancelled(s: XiState, facts: Facts) -> None:
    _pop(s, SKIRMISH_STEP, facts["seat"])


def card_prevented(s: XiState, facts: Facts) -> None:
    pass  # the card goes to the discard pile by the `card_discarded` that follows


def standing_set(s: XiState, facts: Facts) -> None:
    writable_seat(s, facts["seat"]).standing = facts["rules"]


def card_in_play(s: XiState, facts: Facts) -> None:
    _tick(s, facts["since"])
    s.in_play = s.in_play + [InPlay(iid=facts["iid"], card=facts["card"], owner=facts["owner"],
                                    controller=facts["controller"], on=facts["on"], since=facts["since"])]


def card_discarded(s: XiState, facts: Facts) -> None:
    if facts.get("iid"):
        writable_in_play(s, facts["iid"])  # it must be there
        s.in_play = [card for card in s.in_play if card.iid != facts["iid"]]
    seat = writable_seat(s, facts["owner"])
    seat.discard = seat.discard + [facts["card"]]


def card_returned(s: XiState, facts: Facts) -> None:
    seat = writable_seat(s, facts["owner"])
    if facts["from"] == "play":
        _leave(s, facts["uid"])
    elif seat.discard[-1:] == [facts["card"]]:
        seat.discard = seat.discard[:-1]
    else:
        raise ValueError(f"{facts['card']} is not on top of seat {facts['owner']}'s discard pile")
    seat.hand = seat.hand + [facts["card"]]


def life_changed(s: XiState, facts: Facts) -> None:
    target = facts["target"]
    held = writable_unit(s, target) if isinstance(target, str) else writable_seat(s, target)
    if held.life + facts["by"] != facts["to"]:
        raise ValueError(f"life {held.life} changed by {facts['by']} is not {facts['to']}")
    held.life = facts["to"]


def effect_started(s: XiState, facts: Facts) -> None:
    _tick(s, facts["since"])
    s.effects = s.effects + [Effect(facts["source"], list(facts["to"]), facts["where"], facts["op"], facts["value"],
                                    facts["since"])]


def effect_ended(s: XiState, facts: Facts) -> None:
    if not any(effect.since == facts["since"] for effect in s.effects):
        raise ValueError(f"no effect begun at {facts['since']} is under way")
    s.effects = [effect for effect in s.effects if effect.since != facts["since"]]


def choice_asked(s: XiState, facts: Facts) -> None:
    s.pending = s.pending + [Step(CHOOSE_STEP, facts["seat"], dict(facts))]


def choice_made(s: XiState, facts: Facts) -> None:
    _pop(s, CHOOSE_STEP, facts["seat"])


def unit_entered(s: XiState, facts: Facts) -> None:
    _tick(s, facts["since"])
    s.units = s.units + [Unit(uid=facts["uid"], card=facts["card"], owner=facts["owner"],
                              controller=facts["controller"], life=CARDS[facts["card"]].life, since=facts["since"])]


def skirmish_declared(s: XiState, facts: Facts) -> None:
    writable_unit(s, facts["attacker"]).skirmishes += 1  # used, whatever becomes of the skirmish
    step = _new(Step)  # Step(...) without its __init__'s call, as window_opened makes one
    step.kind, step.seat, step.facts = SKIRMISH_STEP, facts["seat"], {"attacker": facts["attacker"],
                                                                     "target": facts["target"]}
    s.pending = s.pending + [step]


def damage_dealt(s: XiState, facts: Facts) -> None:
    target = facts["target"]
    if isinstance(target, str):
        writable_unit(s, target).life -= facts["amount"]  # may go to 0 or less until the state check
    else:
        seat = writable_seat(s, target)
        seat.life = max(0, seat.life - facts["amount"])  # xi.house.life-floor


def unit_destroyed(s: XiState, facts: Facts) -> None:
    _leave(s, facts["uid"])
    seat = writable_seat(s, facts["owner"])
    seat.discard = seat.discard + [facts["card"]]


def time_banked(s: XiState, facts: Facts) -> None:
    seat = writable_seat(s, facts["seat"])
    t = facts["t"]  # _spend and capped_pt, without their calls: banking is a sixth of all decisions
    if t > seat.t or 0 > seat.pt:
        _spend(seat, {"t": t, "pt": 0})  # which refuses it
    seat.t -= t
    seat.pt = min(seat.pt + facts["pt"], PT_CAP)  # xi.cap.pt


def pt_gained(s: XiState, facts: Facts) -> None:
    seat = writable_seat(s, facts["seat"])
    if capped_pt(seat.pt + facts["by"]) != facts["to"]:
        raise ValueError(f"{seat.pt}pT and {facts['by']}pT gained is not {facts['to']}pT")
    seat.pt = facts["to"]


def turn_ended(s: XiState, facts: Facts) -> None:
    writable_seat(s, facts["seat"]).t = 0  # xi.time.expires
    # xi.house.no-win: with every deck empty, a turn is quiet unless it ends with less life on the
    # table (players still in, and units) than the end of every turn before it since they emptied.
    for player in s.players:  # a loop: every turn's end asks, where a generator costs more
        if player.deck and not player.out:
            s.quiet_turns, s.low_water = 0, None
            return
    total = sum(player.life for player in s.players if not player.out) + sum(unit.life for unit in s.units)
    if s.low_water is None or total < s.low_water:
        s.quiet_turns, s.low_water = 0, total
    else:
        s.quiet_turns += 1


def player_out(s: XiState, facts: Facts) -> None:
    """The seat is out of a game of 3-4 (xi.house.free-for-all): the cards it owns leave play for
    its discard pile, and the effects under way forget them."""
    seat = writable_seat(s, facts["seat"])
    leaving = set(facts["cards"])
    gone = [unit.card for unit in s.units if unit.uid in leaving] + [c.card for c in s.in_play if c.iid in leaving]
    if len(gone) != len(leaving):
        raise ValueError(f"not every card of {sorted(leaving)} is in play")
    for uid in [unit.uid for unit in s.units if unit.uid in leaving]:
        _leave(s, uid)
    s.in_play = [card for card in s.in_play if card.iid not in leaving]
    seat.discard = seat.discard + gone
    seat.out = True


def seat_laid_out(s: XiState, facts: Facts) -> None:
    """A scenario's seat (scenario.py): its life, time and cards."""
    if not s.players:
        s.players = [Seat() for _ in range(facts["seats"])]
    seat = writable_seat(s, facts["seat"])
    seat.life, seat.t, seat.pt, seat.out = facts["life"], facts["t"], facts["pt"], facts["out"]
    seat.hand, seat.deck, seat.discard = list(facts["hand"]), list(facts["deck"]), list(facts["discard"])
    seat.deck_list, seat.standing = list(facts["deck_list"]), facts["standing"]


def table_laid_out(s: XiState, facts: Facts) -> None:
    """A scenario's table (scenario.py): the turn, what is in play, the effects and the stack."""
    s.turn, s.active, s.first, s.phase = facts["turn"], facts["active"], facts["first"], PLAY
    s.units = [Unit(uid=u["uid"], card=u["card"], owner=u["owner"], controller=u["controller"], life=u["life"],
                    skirmishes=u["skirmishes"], since=u["since"], uses=u["uses"]) for u in facts["units"]]
    s.in_play = [InPlay(iid=c["iid"], card=c["card"], owner=c["owner"], controller=c["controller"], on=c["on"],
                        since=c["since"], uses=c["uses"]) for c in facts["in_play"]]
    s.effects = [Effect(e["source"], list(e["to"]), e["where"], e["op"], e["value"], e["since"])
                 for e in facts["effects"]]
    s.pending = [Step(step["kind"], step["seat"], dict(step["facts"])) for step in facts["pending"]]
    s.clock, s.quiet_turns, s.low_water = facts["clock"], facts["quiet_turns"], facts["low_water"]


def resigned(s: XiState, facts: Facts) -> None:
    writable_seat(s, facts["seat"]).out = True
    # The stack stays as it was (a card declared stays declared), but nothing on it waits any more.
    s.phase, s.ended_by, s.winners = OVER, "resignation", list(facts["winners"])


def game_ended(s: XiState, facts: Facts) -> None:
    s.phase, s.ended_by, s.winners = OVER, facts["reason"], list(facts["winners"])
