"""The opening's choices, the only decisions before round 1 (tianxia.house.building-set): the first
player chooses one of the two building arrangements dealt; every seat, in turn order, its player
board side and the starting building it keeps (L121-122); outside solo, every seat a starting
supply, in reverse turn order (L39). The rivals take no part (L39, L120). After the last choice,
round 1's Setup and Income follow in the same decision.
"""

from __future__ import annotations

from domain.contract import Action
from domain.errors import IllegalAction, NotYourTurn
from domain.tianxia.board.loader import BOARD
from domain.tianxia.evolve import TianxiaEmitter
from domain.tianxia.rounds import start_round
from domain.tianxia.state import OPENING, SOLO, TianxiaState

SIDES = tuple(BOARD.player_boards)


def chooser(state: TianxiaState) -> int | None:
    """The seat whose opening choice is next; None once they are made."""
    return state.choices[0]["seat"] if state.phase == OPENING and state.choices else None


def choices(state: TianxiaState, seat: int) -> list[Action]:
    """Every choice `seat` may make now, in a stable order; [] when it is not its choice."""
    if chooser(state) != seat:
        return []
    kind = state.choices[0]["kind"]
    if kind == "arrangement":
        return [{"type": "arrangement", "choice": number} for number in range(len(state.arrangements))]
    if kind == "start":
        return [{"type": "start", "side": side, "building": building}
                for side in SIDES for building in state.seats[seat].offer]
    return [{"type": "supply", "supply": supply} for supply in state.supplies]


def check_choice(state: TianxiaState, seat: int, action: Action) -> None:
    """Nothing if `action` is a choice open to `seat` now; else NotYourTurn, or IllegalAction naming
    the field and the rule of the choice to make."""
    if chooser(state) != seat:
        raise NotYourTurn(f"it is seat {chooser(state)}'s choice now, not yours")
    kind = state.choices[0]["kind"]
    if action not in choices(state, seat):
        raise IllegalAction(refusal(state, seat, kind, action), rule=RULES[kind](state))


def arrangement_chosen(em: TianxiaEmitter, seat: int, action: Action) -> None:
    buildings = em.state.arrangements[action["choice"]]
    em.emit("arrangement_chosen", RULES["arrangement"](em.state),
            {"seat": seat, "choice": action["choice"], "buildings": dict(buildings)})
    after_choice(em)


def start_chosen(em: TianxiaEmitter, seat: int, action: Action) -> None:
    boxed = [building for building in em.state.seats[seat].offer if building != action["building"]]
    em.emit("start_chosen", RULES["start"](em.state), {"seat": seat, "side": action["side"], "building": action["building"]},
            secret={"boxed": boxed})
    after_choice(em)


def supply_taken(em: TianxiaEmitter, seat: int, action: Action) -> None:
    gain = dict(BOARD.starting_supplies[action["supply"]].gain)
    em.emit("supply_taken", RULES["supply"](em.state), {"seat": seat, "supply": action["supply"], "gain": gain})
    after_choice(em)


def after_choice(em: TianxiaEmitter) -> None:
    """After the last choice, round 1's Setup and Income."""
    if not em.state.choices:
        start_round(em)


PERFORMERS = {"arrangement": arrangement_chosen, "start": start_chosen, "supply": supply_taken}


RULES = {
    "arrangement": lambda state: "tianxia.house.building-set",
    "start": lambda state: "tianxia.solo.setup.starting-building" if state.mode == SOLO else "tianxia.house.starting-tiles",
    "supply": lambda state: "tianxia.house.building-set",
}


def refusal(state: TianxiaState, seat: int, kind: str, action: Action) -> str:
    """Why an opening choice is refused, naming the field at fault."""
    if action.get("type") != kind:
        return f"type: the choice to make now is {kind!r}, not {action.get('type')!r}"
    if kind == "arrangement":
        return f"choice: {action.get('choice')!r} is not one of the arrangements dealt (0 or 1)"
    if kind == "start":
        if action.get("side") not in SIDES:
            return f"side: {action.get('side')!r} is not a side of the player board ({', '.join(SIDES)})"
        offer = state.seats[seat].offer
        return f"building: {action.get('building')!r} is not one of the starting buildings you drew ({', '.join(offer)})"
    return f"supply: {action.get('supply')!r} is not one of the starting supplies offered ({', '.join(state.supplies)})"
