"""Sandbox tables: a chosen Tianxia position in place of a deal, and the position of a game to fork
(design section 5.4).

A scenario is a JSON object laying out a table between turns of the Action phase. Any top-level
field not given is laid out by the generator as a deal and its opening would (every opening
choice drawn at random); a seat, the rival, a site or a nomad may be given in part, its other
fields kept. `rolls` fixes Li Mu's next rolls. Every field is checked, with the reason starting
with the field at fault and citing `tianxia.scenario`; a table that breaks a count of the board
(more walls than a section holds, a marker twice on a track, a rival's card named twice) or that
the game could not play on (Li Mu without a card for a roll of his die, a stack too short for a
round's deck, a round to come without its bonus tiles or attack card) is refused, never played.
`scenario_of` writes every field back, so a fork starts from exactly the table of its step.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any, Callable, Mapping

from domain.contract import Decision
from domain.errors import IllegalAction
from domain.rng import Rng
from domain.tianxia import opening
from domain.tianxia.board.loader import BOARD
from domain.tianxia.board.reading import BoardDataError
from domain.tianxia.board.rivals import RIVALS
from domain.tianxia.decide import decide
from domain.tianxia.evolve import TianxiaEmitter
from domain.tianxia.rival_turn import LAST_CARD_TURN
from domain.tianxia.scenario_checks import FIELDS, RULE
from domain.tianxia.scenario_parts import nomad_of, palace_of, rival_of, seat_of, section_of, ship_of, site_of
from domain.tianxia.setup import deal
from domain.tianxia.state import ACTION, NEUTRAL, TianxiaState

TOP = ("round", "order", "next_order", "active", "turns", "turn_owner", "seats", "rival", "palace", "step_tiles", "discs",
       "fortify_discs", "sites", "barges", "ports", "wave", "demands", "shipping", "sections", "nomads", "attack",
       "attack_deck", "tile_bag", "ship_deck", "objective_deck", "round_stacks", "display", "rolls")


def refuse(reason: str) -> IllegalAction:
    return IllegalAction(f"scenario.{reason}" if not reason.startswith("scenario") else reason, rule=RULE)


# --- Writing a table out ------------------------------------------------------------------------

def plain(value: Any) -> Any:
    """A state's value as plain JSON (dataclasses as objects of the fields they are built with)."""
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value) if f.init}
    if isinstance(value, list):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


def scenario_of(state: TianxiaState) -> dict[str, Any]:
    """The scenario laying out this table exactly: between turns of the Action phase."""
    if state.phase != ACTION:
        why = "the opening's choices are made in a deal" if state.phase == "opening" else "the game is over"
        raise refuse(f"phase: a scenario lays out a table in the Action phase: {why}")
    if state.acting is not None or state.owed:
        raise refuse("phase: a scenario lays out a table between turns, not in the middle of one: fork at its end")
    table = plain(state)
    return {key: table[key] for key in TOP}


# --- Reading one in --------------------------------------------------------------------------

def scenario_setup(seats: int, options: Mapping[str, Any], scenario: Mapping[str, Any], rng: Rng) -> Decision:
    """The events laying out `scenario`: the table in one event (the hidden parts secret), each seat's
    objectives and offer privately; IllegalAction naming the field when it cannot be."""
    FIELDS.fields(scenario, "scenario", TOP, "a scenario")
    try:
        table = read(base_table(seats, options, rng), scenario)
    except BoardDataError as error:
        raise refuse(str(error)) from None
    em = TianxiaEmitter(TianxiaState(), None)  # the table is laid whole: nothing is drawn
    laid = plain(table)
    public = {key: laid[key] for key in ("round", "order", "active")}
    em.emit("table_laid", RULE, {"mode": table.mode, "difficulty": table.difficulty, **public}, secret={"table": laid})
    for seat, mine in enumerate(table.seats):
        em.emit("seat_laid", RULE, {"seat": seat, "objectives": len(mine.objectives)},
                private={"objectives": list(mine.objectives), "offer": list(mine.offer)}, private_to=seat)
    return em.decision()


def base_table(seats: int, options: Mapping[str, Any], rng: Rng) -> TianxiaState:
    """A deal and its opening, every choice drawn by the generator: what a scenario does not name."""
    _, state = deal(TianxiaState(), seats, options, rng)
    while (seat := opening.chooser(state)) is not None:
        state = decide(state, seat, rng.choice(opening.choices(state, seat)), rng).state
    return state


def read(base: TianxiaState, scenario: Mapping[str, Any]) -> TianxiaState:
    """`base` with the scenario's fields in place, each checked (BoardDataError naming it)."""
    owners = len(base.seats) + (base.rival is not None)
    owner_ids = list(range(owners))
    state = replace(base)
    given = dict(scenario)

    def field_of(name: str, check: Callable[[Any, str], Any]) -> None:
        if name in given:
            setattr(state, name, check(given[name], name))

    field_of("round", lambda v, w: FIELDS.whole(v, w, 1, BOARD.numbers.rounds))
    field_of("turns", lambda v, w: FIELDS.whole(v, w, 1, 10_000))
    field_of("order", lambda v, w: FIELDS.permutation(v, w, owner_ids))
    field_of("next_order", lambda v, w: FIELDS.subset(v, w, owner_ids))
    field_of("active", lambda v, w: FIELDS.one_of(v, w, owner_ids))
    field_of("turn_owner", lambda v, w: FIELDS.one_of(v, w, owner_ids))
    field_of("seats", lambda v, w: [seat_of(base.seats[i] if i < len(base.seats) else None, item, f"{w}[{i}]")
                                    for i, item in enumerate(FIELDS.list_of(v, w, len(base.seats), len(base.seats)))])
    if "rival" in given:
        if base.rival is None:
            if given["rival"] is not None:
                raise BoardDataError("rival: a game of three or four has no rival: null")
        else:
            state.rival = rival_of(base.rival, given["rival"], "rival")
    field_of("palace", lambda v, w: palace_of(v, w, owner_ids))
    field_of("step_tiles", lambda v, w: {track: [FIELDS.ids_of(tiles, f"{w}.{track}[{n}]", BOARD.tiles)
                                                 for n, tiles in enumerate(FIELDS.list_of(steps, f"{w}.{track}",
                                                                                   BOARD.palace.steps + 1,
                                                                                   BOARD.palace.steps + 1))]
                                         for track, steps in FIELDS.keyed(v, w, BOARD.tracks).items()})
    field_of("discs", lambda v, w: {region: FIELDS.owners_of(o, f"{w}.{region}", owner_ids, 3 * owners)
                                    for region, o in FIELDS.keyed(v, w, BOARD.regions).items()})
    field_of("fortify_discs", lambda v, w: FIELDS.owners_of(v, w, owner_ids, 3 * owners))
    if "sites" in given:
        sites = FIELDS.keyed(given["sites"], "sites", BOARD.sites, partial=True)
        state.sites = {site: site_of(state.sites[site], sites[site], f"sites.{site}", owner_ids) if site in sites
                       else state.sites[site] for site in BOARD.sites}
    field_of("barges", lambda v, w: {barge: FIELDS.owners_of(o, f"{w}.{barge}", [*owner_ids, NEUTRAL], BOARD.barges[barge].workers)
                                     for barge, o in FIELDS.keyed(v, w, BOARD.barges).items()})
    field_of("ports", lambda v, w: {port: [ship_of(s, f"{w}.{port}[{n}]", owner_ids)
                                           for n, s in enumerate(FIELDS.list_of(ships, f"{w}.{port}", 0, BOARD.ports[port].ships))]
                                    for port, ships in FIELDS.keyed(v, w, BOARD.ports).items()})
    field_of("wave", lambda v, w: [ship_of(s, f"{w}[{n}]", owner_ids) for n, s in enumerate(FIELDS.list_of(v, w, 0, BOARD.wave_ships))])
    field_of("demands", lambda v, w: {port: FIELDS.one_of(d, f"{w}.{port}", list(BOARD.demands))
                                      for port, d in FIELDS.keyed(v, w, BOARD.ports).items()})
    field_of("shipping", lambda v, w: {port: FIELDS.owners_of(o, f"{w}.{port}", owner_ids, 4 * owners)
                                       for port, o in FIELDS.keyed(v, w, BOARD.ports).items()})
    field_of("sections", lambda v, w: {wall: section_of(s, f"{w}.{wall}", owner_ids)
                                       for wall, s in FIELDS.keyed(v, w, BOARD.walls).items()})
    if "nomads" in given:
        nomads = FIELDS.keyed(given["nomads"], "nomads", BOARD.nomads, partial=True)
        state.nomads = {nomad: nomad_of(state.nomads[nomad], nomads[nomad], f"nomads.{nomad}") if nomad in nomads
                        else state.nomads[nomad] for nomad in BOARD.nomads}
    field_of("attack", lambda v, w: None if v is None else FIELDS.one_of(v, w, list(BOARD.attacks)))
    field_of("attack_deck", lambda v, w: FIELDS.ids_of(v, w, BOARD.attacks))
    field_of("tile_bag", lambda v, w: FIELDS.ids_of(v, w, BOARD.tiles))
    field_of("ship_deck", lambda v, w: FIELDS.ids_of(v, w, BOARD.ships))
    field_of("objective_deck", lambda v, w: FIELDS.ids_of(v, w, BOARD.objectives))
    field_of("round_stacks", lambda v, w: [FIELDS.ids_of(stack, f"{w}[{n}]", BOARD.tiles)
                                           for n, stack in enumerate(FIELDS.list_of(v, w, 0, BOARD.numbers.rounds))])
    field_of("display", lambda v, w: FIELDS.ids_of(v, w, BOARD.tiles))
    field_of("rolls", lambda v, w: [FIELDS.whole(roll, f"{w}[{n}]", 1, 6) for n, roll in enumerate(FIELDS.list_of(v, w, 0, 100))])
    if "active" in given and "turn_owner" not in given:
        state.turn_owner = state.active
    check_whole(state, owner_ids)
    state.phase, state.acting, state.owed, state.choices = ACTION, None, [], []
    state.arrangements, state.supplies = [], []
    return state


def check_whole(state: TianxiaState, owner_ids: list[int]) -> None:
    """What no field alone can say: whose turn it is must be someone who has not passed; each round
    to come needs its bonus tiles and its attack card; Li Mu must have a card for every turn the
    die may give him."""
    if state.active not in state.order:
        raise BoardDataError(f"active: {state.active!r} is not in the turn order {state.order}")
    if state.has_passed(state.active):
        raise BoardDataError(f"active: owner {state.active} has passed; it cannot be their turn")
    if all(state.has_passed(owner) for owner in owner_ids):
        raise BoardDataError("seats: everyone has passed: the round would be over")
    rounds_left = BOARD.numbers.rounds - state.round
    for name, what in (("round_stacks", "a stack of bonus tiles"), ("attack_deck", "a nomad attack card")):
        if len(getattr(state, name)) < rounds_left:
            raise BoardDataError(f"{name}: {what} for each of the {rounds_left} rounds to come, "
                                 f"not {len(getattr(state, name))}")
    if state.rival is not None and state.rival.kind == "li-mu":
        check_li_mus_cards(state)


def check_li_mus_cards(state: TianxiaState) -> None:
    """Li Mu plays a card on each of his first 4 turns, and any of them may be his first or second
    open card or the deck's top (L176-180): so until he has played 4 he keeps 2 open cards and a
    deck of a card for each card turn left. Each later round's deck is drawn from his stacks as
    the difficulty's table says (L156-162): they must hold as many."""
    rival, open_cards = state.rival, BOARD.li_mu.open_cards
    left = LAST_CARD_TURN - rival.turn
    if not rival.passed and left > 0:
        if len(rival.open) != open_cards:
            raise BoardDataError(f"rival.open: Li Mu has {open_cards} open cards while he has cards to play "
                                 f"({rival.turn} of {LAST_CARD_TURN} played): {rival.open} has {len(rival.open)}")
        if len(rival.deck) < left:
            raise BoardDataError(f"rival.deck: at least {left} cards: any of the {left} cards he has still to play "
                                 f"may be the deck's top (a roll of 6), and the deck holds {len(rival.deck)}")
    level = RIVALS.levels[state.difficulty]
    for number in range(state.round + 1, BOARD.numbers.rounds + 1):
        for name, wanted in zip(("basic", "advanced"), level.rounds[number - 1]):
            held = len(getattr(rival, name))
            if held < wanted:
                raise BoardDataError(f"rival.{name}: round {number}'s deck takes {wanted} {name.title()} cards from "
                                     f"this stack ({level.id}), which holds {held}")


SCENARIO_EXAMPLE = {
    "round": 1,
    "nomads": {"yuezhi": {"strength": 3}, "loufan": {"strength": 4}, "xiongnu": {"strength": 5}, "donghu": {"strength": 5}},
    "rolls": [3],
}
