"""What if: the engine's answer to a counterfactual, "what if this action had been taken at step n?"

The rules decide the other action on the table of step n with the random stream the real game
used for the decision taken there (`decision:n`), so the answer is the same each time it is asked
and is what the game would have done, draws included. Nothing is recorded in the game's log: the
answer is kept in the game's dispute log, beside the disputes, so what a player was told stays on
the record.

Who may ask, and what they learn:
- A finished game: anyone, about any decision, shown whole (every card is revealed at the end).
- A running game: a seat, about a decision it took itself. The rules' answer may have drawn cards
  that are still hidden (the deck's order is secret until the end): the events and the table after
  them are shown as that seat would have seen them only when the decision draws nothing and shows
  the seat nothing it did not know (the contract's `reversible`, the test takebacks use); otherwise
  the answer says whether the action was legal and withholds what the rules would have done until
  the game is over.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain import rules_turns, takeback
from domain.canonical import canonical_json
from domain.errors import RulesError
from services.errors import Forbidden, InvalidRequest
from services.log.explain import decision_of, find_rule_json, made_by
from services.log.game import Game, decision_rng
from services.log.presenting import present_events
from services.log.store import GameStore

MAX_ACTION_BYTES = 1024  # every legal action of every game is a small fraction of this; the answer is kept
WITHHELD = ("what the rules would have done draws on cards that stay hidden until the game ends "
            "(the deck's order): ask again once it is over")


def decision_at(store: GameStore, game: Game, step: int) -> dict[str, Any]:
    """The cause of the decision taken on the table of step `step`; InvalidRequest naming `step` if
    no seat decided there (the creation and the deal, a rival's turn the rules played, the last
    step, or a step inside a decision)."""
    if isinstance(step, bool) or not isinstance(step, int) or not 1 <= step <= game.version:
        raise InvalidRequest(f"steps run from 1 to {game.version}; there is no step {step}", "step")
    if step == game.version:
        why = "the game ended there" if game.finished else "it is still to be taken: make the move, or ask once it is"
        raise InvalidRequest(f"no decision was taken on step {step}: {why}", "step")
    decided_on, cause, events = decision_of(store, game, step + 1)
    if cause.get("setup"):
        raise InvalidRequest(before_the_first_decision(game, step, events[-1].originator_version), "step")
    if rules_turns.is_rules_turn(cause):
        part = "" if decided_on == step else f" (step {step} is part of it)"
        raise InvalidRequest(f"on step {decided_on} the rules played {cause[rules_turns.RULES]}'s turn, which no "
                             f"seat decides{part}: there is no other action to ask about", "step")
    if decided_on != step:
        raise InvalidRequest(f"step {step} is inside {made_by(game, cause)}, taken on step {decided_on}: "
                             f"ask about step {decided_on}", "step")
    return cause


def before_the_first_decision(game: Game, step: int, dealt: int) -> str:
    """Why nothing was decided on `step`, a step of the creation and the deal (which ends on `dealt`)."""
    deal = f"step {dealt} is the deal" if dealt == 2 else f"steps 2 to {dealt} are the deal"
    what = "it is the game's creation" if step == 1 else "it is part of the deal"
    first = f"play starts on step {dealt}" + ("" if dealt == game.version else ": ask about it, or a later step")
    return f"no seat decided on step {step}: {what} ({deal}, which the rules make from the seed); {first}"


def what_if(store: GameStore, game: Game, step: int, action: Any, viewer: int | None) -> dict[str, Any]:
    """The rules' answer to `action` taken in place of the decision of step `step`, as `viewer` (a
    seat, or None) may see it."""
    if not game.finished and viewer is None:
        # Before anything about the step: a spectator may be kept behind the game (spectator_delay).
        raise Forbidden("the game is running: a spectator may ask what-ifs once it is over (a seat may ask "
                        "about its own decisions at once)", field="Authorization")
    if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        raise InvalidRequest('an action is a JSON object with a "type", as the legal actions list them', "action")
    if len(canonical_json(action)) > MAX_ACTION_BYTES:
        raise InvalidRequest(f"an action is at most {MAX_ACTION_BYTES} bytes of JSON; the legal actions are far "
                             "smaller", "action")
    cause = decision_at(store, game, step)
    seat = cause["seat"]
    if not game.finished and viewer != seat:
        raise Forbidden(f"step {step} is seat {seat}'s decision, and the game is running: seat {viewer} may ask "
                        "about it once the game is over (a seat may ask about its own decisions at once)",
                        field="Authorization")
    then = store.game(game.id, version=step)
    rules = game.rules
    answer: dict[str, Any] = {
        "step": step, "seat": seat, "asked_by": viewer, "action": dict(action),
        "taken": cause["action"], "same_as_taken": dict(action) == cause["action"],
        "legal_actions": rules.legal_actions(then.state, seat),
    }
    if action.get("type") == takeback.TAKE_BACK["type"]:
        return {**answer, "legal": False, "refused": {
            "rule": find_rule_json(game, takeback.TAKEBACK_RULE),
            "reason": "a takeback is asked of the service, not decided by the rules: it has no what-if"}}
    try:
        decision = rules.decide(then.state, seat, dict(action), decision_rng(game.seed, step))
    except RulesError as refused:
        return {**answer, "legal": False, "refused": {"rule": find_rule_json(game, refused.rule), "reason": refused.reason}}
    answer["legal"] = True
    if not (game.finished or rules.reversible(decision.events)):
        return {**answer, "withheld": WITHHELD}
    reveal = game.finished
    events = present_events(game, viewer, decision.events, step + 1, then.state)
    after = decision.state
    outcome = rules.outcome(after)
    to_act = rules.to_act(after)
    return {
        **answer,
        "events": events,
        "rules": [find_rule_json(game, rule_id) for rule_id in dict.fromkeys(event.rule for event in decision.events)],
        "table": rules.view(after, viewer, reveal=reveal),
        "to_act": None if to_act is None else {"seat": to_act, "name": game.seats[to_act]["name"]},
        "rules_turn": rules_turns.due(rules, after),
        "outcome": outcome.to_json() if outcome else None,
        **(fork_from(rules, then.state, step) if game.finished else {}),
    }


def fork_from(rules: Any, state: Any, step: int) -> dict[str, Any]:
    """Where to fork to play the other action on: the table of the step itself, if the rules can
    lay it out (a sandbox starts where a scenario can; see each game's scenario_of)."""
    try:
        rules.scenario_of(state)
    except RulesError as refused:
        return {"fork": None, "fork_refused": refused.reason}
    return {"fork": {"at": step}}

