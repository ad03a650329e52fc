"""The pending stack of a scenario: a skirmish under way and a window, bottom first, in the shape
the view shows them, so that a fork can start inside a window ("what if I had answered with Heat
Stroke?").

A declaration is made in its declarer's own turn, so the declarer of a window is the active
seat, and the window waits on another seat still in the game. The stack holds at most a skirmish
step (the active seat's, its unit's skirmish used) and a window above it; a window on a skirmish
answers the skirmish step below it. A choice an effect asks is never laid out (scenario.py).
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.scenario_fields import ScenarioFields
from domain.xi.cards.catalogue import ALL_IDS
from domain.xi.cards.vocabulary import TYPES
from domain.xi.engine.abilities import ABILITY
from domain.xi.engine.windows import KINDS
from domain.xi.state import SKIRMISH_STEP, WINDOW_STEP, XiState

RULE = "xi.scenario"
CHECK = ScenarioFields(RULE, "Xi Cards", "a Xi card", ALL_IDS)  # every scenario refusal cites xi.scenario

# The facts a window's declaration holds, by kind (those after the first three may be left out).
ON_FIELDS = {"spell": ("kind", "declarer", "card", "target"),
             "ability": ("kind", "declarer", "source", "card", "target", "choice"),
             "skirmish": ("kind", "declarer", "attacker", "card", "attacker_type", "target"),
             "draw": ("kind", "declarer"), "end_turn": ("kind", "declarer")}
REQUIRED = {"spell": 3, "ability": 4, "skirmish": 6, "draw": 2, "end_turn": 2}


def check_pending(plan: Any, steps: list[Any]) -> list[dict[str, Any]]:
    """The stack as `table_laid_out` records it ({kind, seat, facts}), or IllegalAction."""
    kinds = [step.get("kind") if isinstance(step, Mapping) else None for step in steps]
    if kinds not in ([], [SKIRMISH_STEP], [WINDOW_STEP], [SKIRMISH_STEP, WINDOW_STEP]):
        raise CHECK.refuse("scenario.pending: at most a skirmish under way ({\"kind\": \"skirmish\", ...}) and "
                                "a window above it ({\"kind\": \"window\", ...}), bottom first; a choice an effect "
                                "asks cannot be laid out")
    laid: list[dict[str, Any]] = []
    for index, step in enumerate(steps):
        where = f"scenario.pending[{index}]"
        if step["kind"] == SKIRMISH_STEP:
            laid.append(_skirmish(plan, step, where))
        else:
            laid.append(_window(plan, step, where, laid[0] if laid else None))
    return laid


def _target(plan: Any, value: Any, where: str, seat: int) -> str | int:
    if isinstance(value, str):
        if value not in plan.unit_ids:
            raise CHECK.refuse(f"{where}: {value!r} is not the id of a unit in play")
        return value
    target = plan.seat_in(value, where)
    if target == seat:
        raise CHECK.refuse(f"{where}: seat {seat} does not aim at itself")
    return target


def _skirmish(plan: Any, step: Mapping[str, Any], where: str) -> dict[str, Any]:
    CHECK.fields(step, where, ("kind", "seat", "attacker", "target"), "a skirmish under way")
    seat = plan.seat_in(step.get("seat"), f"{where}.seat")
    if seat != plan.active:
        raise CHECK.refuse(f"{where}.seat: a skirmish is declared in its attacker's turn, seat {plan.active}'s")
    attacker = step.get("attacker")
    unit = next((unit for unit in plan.units if f"u{unit['since']}" == attacker), None)
    if unit is None or unit["skirmishes"] < 1:
        raise CHECK.refuse(f"{where}.attacker: {attacker!r} is not a unit in play that has used its skirmish")
    return {"kind": SKIRMISH_STEP, "seat": seat,
            "facts": {"attacker": attacker, "target": _target(plan, step.get("target"), f"{where}.target", seat)}}


def _window(plan: Any, step: Mapping[str, Any], where: str, below: dict[str, Any] | None) -> dict[str, Any]:
    CHECK.fields(step, where, ("kind", "seat", "on"), "a window")
    seat = plan.seat_in(step.get("seat"), f"{where}.seat")
    on = step.get("on")
    kind = on.get("kind") if isinstance(on, Mapping) else None
    if kind not in KINDS:
        raise CHECK.refuse(f"{where}.on.kind: {kind!r} is not a kind of declaration; one of {', '.join(KINDS)}")
    CHECK.fields(on, f"{where}.on", ON_FIELDS[kind], f"a {kind} declaration")
    for name in ON_FIELDS[kind][:REQUIRED[kind]]:
        if name not in on:
            raise CHECK.refuse(f"{where}.on.{name}: missing; a {kind} declaration names it")
    declarer = plan.seat_in(on["declarer"], f"{where}.on.declarer")
    if declarer != plan.active:
        raise CHECK.refuse(f"{where}.on.declarer: declarations are made in one's own turn, seat {plan.active}'s")
    if seat == declarer:
        raise CHECK.refuse(f"{where}.seat: a window waits on another seat than the declarer")
    if kind == "spell":
        CHECK.card(on["card"], f"{where}.on.card")
    elif kind == "ability":
        held = {f"u{h['since']}": h["card"] for h in plan.units} | {f"s{h['since']}": h["card"] for h in plan.in_play}
        if held.get(on["source"]) != on["card"] or not ABILITY.get(on["card"]):
            raise CHECK.refuse(f"{where}.on.source: {on['source']!r} is no card in play with that ability")
    elif kind == "skirmish":
        if below is None or below["facts"] != {"attacker": on["attacker"], "target": on["target"]}:
            raise CHECK.refuse(f"{where}.on: a window on a skirmish answers the skirmish under way below it")
        if on["attacker_type"] not in TYPES:
            raise CHECK.refuse(f"{where}.on.attacker_type: {on['attacker_type']!r} is not a type")
    if "target" in on and kind != "skirmish":
        _target(plan, on["target"], f"{where}.on.target", -1)
    return {"kind": WINDOW_STEP, "seat": seat, "facts": {"seat": seat, **on}}


def pending_of(state: XiState) -> list[dict[str, Any]]:
    """The stack as a scenario names it (the view's shape)."""
    shown: list[dict[str, Any]] = []
    for step in state.pending:
        if step.kind == SKIRMISH_STEP:
            shown.append({"kind": SKIRMISH_STEP, "seat": step.seat, "attacker": step.facts["attacker"],
                          "target": step.facts["target"]})
        else:
            shown.append({"kind": WINDOW_STEP, "seat": step.seat,
                          "on": {key: value for key, value in step.facts.items() if key != "seat"}})
    return shown
