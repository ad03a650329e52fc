"""The engine's account of one step: the decision behind it, what the seat could have done, the
rules that acted, what changed on the table, and whether the rules still give the same events.

What the asker may not see stays hidden: the legal actions and the action taken are shown to the
acting seat, or to everyone once the game is over (an action can name a card in hand); the
table's change is computed between the two tables as the asker sees them.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from itertools import takewhile
from typing import Any

from domain import clock, rules_turns, takeback
from domain.contract import Event
from domain.errors import RulesError
from domain.rng import Rng
from services.log.game import Game
from services.log.presenting import find_rule, shown_version
from services.log.store import GameStore, mutated

LEAF_KEYS = ("id",)  # a dict with an id (a card) is one thing on the table, not a set of fields


def table_diff(before: Any, after: Any, path: str = "") -> list[dict[str, Any]]:
    """Where two tables differ: [{"path", "before", "after"}], cards compared whole."""
    if isinstance(before, dict) and isinstance(after, dict) and not any(key in before for key in LEAF_KEYS):
        changes = []
        for key in sorted(set(before) | set(after)):
            changes += table_diff(before.get(key), after.get(key), f"{path}.{key}" if path else key)
        return changes
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        changes = []
        for index, (old, new) in enumerate(zip(before, after)):
            changes += table_diff(old, new, f"{path}[{index}]")
        return changes
    return [] if before == after else [{"path": path, "before": before, "after": after}]


DECISION_CHUNK = 8  # events read at a time while looking for a decision's last one: most decisions cause fewer


def decision_of(store: GameStore, game: Game, step: int) -> tuple[int, dict[str, Any], list[Any]]:
    """The version the step's decision was taken on, its cause, and all the events it caused.

    The decision starts right after the version its random stream names, and its events follow
    each other until one has another cause: they are read in small chunks from there, so finding
    them costs the same early or late in a game of any length.
    """
    stored = store.stored_events(game.id, gt=step - 1, lte=step)[0]
    cause = stored.cause
    rng = cause.get("rng", "")
    decided_on = 1 if cause.get("setup") else int(rng.split(":")[1])
    events: list[Any] = []
    read_to = decided_on
    while read_to < game.version:
        chunk = store.stored_events(game.id, gt=read_to, lte=min(game.version, read_to + DECISION_CHUNK))
        caused = list(takewhile(lambda stored: stored.cause == cause, chunk))
        events += caused
        if len(caused) < len(chunk):
            break
        read_to += DECISION_CHUNK
    return decided_on, cause, events


def made_by(game: Game, cause: dict[str, Any]) -> str:
    """What a decision's cause names, in the game's words: the deal, a rival's turn the rules
    played, or a seat's decision (by its name)."""
    if cause.get("setup"):
        return "the deal"
    if rules_turns.is_rules_turn(cause):
        return f"{cause[rules_turns.RULES]}'s turn, which the rules played"
    return f"{game.seats[cause['seat']]['name']}'s decision"


def rerun(store: GameStore, game: Game, before: Game, cause: dict[str, Any], recorded: list[Any]) -> dict[str, Any]:
    """Run the recorded decision through the rules again, from the state it was taken in (a
    takeback: restore the table it names again)."""
    rules = game.rules
    try:
        if cause.get("setup"):
            return {"same_events": True, "detail": "the deal is re-derived from the seed by the audit once the game is over"}
        if "takeback" in cause:
            to_version = cause["takeback"]["to_version"]
            undone = recorded[0].domain_event["data"]["undone"]
            again = [takeback.taken_back(cause["seat"], to_version, undone, store.game(game.id, version=to_version).state)]
        else:
            again = clock.decision_events(rules, before.state, cause, Rng(game.seed, cause["rng"])).events
    except RulesError as refused:
        return {"same_events": False, "detail": f"the rules now refuse this action ({refused.rule}): {refused.reason}"}
    same = [event.to_json() for event in again] == [stored.domain_event for stored in recorded]
    detail = "the rules give exactly the recorded events" if same else "the rules give other events than the log holds"
    return {"same_events": same, "detail": detail}


def explain_step(store: GameStore, game: Game, step: int, viewer: int | None) -> dict[str, Any]:
    """Everything the asker may know of how step `step` came about."""
    return explain_step_and_tables(store, game, step, viewer)[0]


@dataclass(frozen=True)
class Folded:
    """What an explanation read on its way, so that a replay step need not load it again: the game
    its decision was taken on, that decision's events up to the step, and the whole tables (hidden
    parts included) from the one decided on to the step's, by version."""

    before: Game
    events: list[Any]
    tables: dict[int, Any]

    def game_at_step(self) -> Game:
        """The game at the step, as the store would rebuild it (version, time, chain; the store
        checks each event's version follows the one before), its table the one already folded."""
        game = mutated(copy.deepcopy(self.before), self.events)
        game.adopt_state(self.tables[game.version])
        return game


def explain_step_and_tables(store: GameStore, game: Game, step: int,
                            viewer: int | None) -> tuple[dict[str, Any], Folded | None]:
    """`explain_step`, with what it folded on the way (none for the deal's step)."""
    if step == 1:
        return {"decision": None, "rules": [find_rule_json(game, "game.created")], "changes": [], "rerun": None}, None
    decided_on, cause, events = decision_of(store, game, step)
    before = store.game(game.id, version=decided_on)
    seat = cause.get("seat")
    open_to_asker = game.finished or (seat is not None and viewer == seat)
    visible = shown_version(game, viewer)  # a spectator kept behind sees no step past it
    decision: dict[str, Any] = {"decided_on_version": decided_on, "seat": seat,
                                "steps": [e.originator_version for e in events if e.originator_version <= visible]}
    if cause.get("setup"):
        decision["kind"] = "deal"
    elif rules_turns.is_rules_turn(cause):
        decision["kind"], decision["rules"] = "rules", cause[rules_turns.RULES]
    elif open_to_asker:
        decision["legal_actions"] = game.rules.legal_actions(before.state, seat)
        decision["action"] = cause["action"]
    else:
        decision["hidden"] = ["legal_actions", "action"]
    if "actor" in cause:
        decision["actor"] = cause["actor"]
    rule_ids = list(dict.fromkeys(Event.from_json(e.domain_event).rule for e in events
                                  if e.originator_version <= visible))
    # The tables around the step: the decision's own events folded from the table it was taken on.
    states = {decided_on: before.state}
    up_to_step = [stored for stored in events if stored.originator_version <= step]
    for stored in up_to_step:
        states[stored.originator_version] = clock.fold(game.rules, states[stored.originator_version - 1],
                                                       Event.from_json(stored.domain_event))
    reveal = game.finished
    changes = table_diff(game.rules.view(states[step - 1], viewer, reveal=reveal),
                         game.rules.view(states[step], viewer, reveal=reveal))
    return {
        "decision": decision,
        "rules": [find_rule_json(game, rule_id) for rule_id in rule_ids],
        "changes": changes,
        "rerun": rerun(store, game, before, cause, events),
    }, Folded(before, up_to_step, states)


def find_rule_json(game: Game, rule_id: str) -> dict[str, Any]:
    rule = find_rule(game, rule_id)
    return {"id": rule_id, "section": rule.section, "text": rule.text} if rule else {"id": rule_id}
