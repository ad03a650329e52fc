"""Queries: the table, the legal actions, the event log and the replay, as one viewer sees them.

The event log and the replay's list of steps come a page at a time: the versions after `after`,
at most `limit` of them, read by version from the store's index, so a page costs the same
wherever it is in a game of any length; `next_after` is where the next page starts (None at the
end of what the asker may see).

The table says when the turn the game waits on (a bot's, or one the rules play) failed and will be
tried again (services.reactions.failed_turns): a read never waits on a Redis that does not answer for it.
"""

from __future__ import annotations

from typing import Any, Protocol
from uuid import UUID

from redis.exceptions import RedisError

from domain import lines, rules_turns
from domain.takeback import TAKE_BACK
from services.disputes.disputes import disputed_steps, step_record
from services.errors import InvalidRequest, StepNotFound
from services.log.explain import explain_step_and_tables
from services.log.game import Game
from services.log.presenting import find_rule, present_game, present_stored, present_stored_along, shown_version
from services.log.seats import seat_of_token
from services.log.store import GameStore
from services.play.bot_choice import bot_to_act
from services.play.score_chart import ScoreCharts
from services.play.since import since_last_move
from services.play.takebacks import refusal

PAGE = 100  # versions in a page of the event log or the replay, unless the client asks otherwise
MAX_PAGE = 500


def page_bounds(after: int, limit: int, last: int) -> tuple[int, int, int | None]:
    """The versions of a page (after `after`, at most `limit`, none past `last`) as the store's
    (gt, lte), and where the next page starts (None: this one reaches `last`)."""
    if not 1 <= limit <= MAX_PAGE:
        raise InvalidRequest(f"limit is 1 to {MAX_PAGE} versions, not {limit}", "limit")
    if after < 0:
        raise InvalidRequest(f"after is a version, 0 or more, not {after}", "after")
    end = min(after + limit, last)
    return after, end, end if end < last else None


def decision_behind(cause: dict[str, Any]) -> dict[str, Any] | None:
    """The decision a step's event came from, as the replay's move list groups steps: the seat
    (or the rival of a turn the rules played) and the version it was decided on; None for the
    creation and the deal."""
    rng = cause.get("rng", "")
    if not rng.startswith("decision:"):
        return None
    decided_on = int(rng.removeprefix("decision:"))
    if rules_turns.is_rules_turn(cause):
        return {"seat": None, "rules": cause[rules_turns.RULES], "decided_on": decided_on}
    if "seat" not in cause:
        return None
    return {"seat": cause["seat"], "decided_on": decided_on}


class ShownFailure(Protocol):
    def shown(self) -> dict[str, Any]: ...


class FailedTurnsKept(Protocol):
    """Where the turns whose job failed are kept (services.reactions.failed_turns), as read here."""

    def of(self, game_id: UUID | str, version: int) -> ShownFailure | None: ...


class Queries:
    """The read side of one game, answered from its stream."""

    def __init__(self, store: GameStore, failed_turns: FailedTurnsKept | None = None):
        self.store = store
        self.failed_turns = failed_turns
        self.score_charts = ScoreCharts(store)

    def viewer(self, game: Game, token: str | None) -> int | None:
        """The seat a token holds; None for a spectator (no token)."""
        return seat_of_token(game.seats, token)

    def seen(self, game_id: UUID, token: str | None) -> tuple[Game, Game, int | None]:
        """The game now, the game as far as the asker may see it, and the asker's seat."""
        current = self.store.game(game_id)
        viewer = self.viewer(current, token)
        shown = shown_version(current, viewer)
        return current, current if shown == current.version else self.store.game(game_id, version=shown), viewer

    def table(self, game_id: UUID, token: str | None) -> dict[str, Any]:
        current, game, viewer = self.seen(game_id, token)
        return {**present_game(game, viewer), "failed_turn": self.failed_turn(current)}

    def seat_table(self, game: Game, seat: int) -> dict[str, Any]:
        """The table as the seat's own key sees it (GET /api/games/{id}): a seat sees the game as it is now."""
        return {**present_game(game, seat), "failed_turn": self.failed_turn(game)}

    def failed_turn(self, game: Game) -> dict[str, Any] | None:
        """How the bot's or the rules' turn the game waits on failed, if its job failed."""
        if self.failed_turns is None or game.finished or bot_to_act(game) is None:
            return None
        try:
            failed = self.failed_turns.of(game.id, game.version)
        except (RedisError, OSError):
            return None
        return failed.shown() if failed else None

    def legal_actions(self, game_id: UUID, token: str | None) -> dict[str, Any]:
        _, game, seat = self.seen(game_id, token)
        return self.seat_actions(game, seat)

    def seat_actions(self, game: Game, seat: int | None) -> dict[str, Any]:
        """The legal actions of a seat (GET /api/games/{id}/actions), empty when it is not its decision."""
        to_act = game.to_act()
        actions = game.rules.legal_actions(game.state, seat) if seat is not None and seat == to_act else []
        open_actions = game.rules.open_actions(game.state, seat) if seat is not None else []
        if seat is not None and refusal(self.store, game, seat) is None:
            open_actions.append(dict(TAKE_BACK))
        return {"version": game.version, "seat": seat, "to_act": to_act, "actions": actions, "open_actions": open_actions}

    def events(self, game_id: UUID, token: str | None, after: int = 0, limit: int = PAGE) -> dict[str, Any]:
        """A page of the event log: the events of the versions after `after`."""
        current, game, viewer = self.seen(game_id, token)
        gt, lte, next_after = page_bounds(after, limit, game.version)
        stored = self.store.stored_events(game_id, gt=gt, lte=lte) if lte > gt else []
        # The table the page starts from, only for a game whose lines read it (domain.lines).
        state = self.store.game(game_id, version=max(gt, 1)).state if stored and lines.reads_table(current.rules) else None
        return {
            "version": game.version,
            "events": [shown for shown, _ in present_stored_along(current, viewer, stored, current.finished, state)],
            "next_after": next_after,
        }

    def replay(self, game_id: UUID, token: str | None, after: int = 0, limit: int = PAGE) -> dict[str, Any]:
        """A page of the list of steps: step n is the game's version n (step 1 is its creation)."""
        current, game, viewer = self.seen(game_id, token)
        gt, lte, next_after = page_bounds(after, limit, game.version)
        disputed = disputed_steps(self.store, game_id)
        steps = []
        rules = current.rules
        state = self.store.game(game_id, version=max(gt, 1)).state  # the table the page starts from
        stored_events = self.store.stored_events(game_id, gt=gt, lte=lte) if lte > gt else []
        for shown, state in present_stored_along(current, viewer, stored_events, current.finished, state):
            turn = rules.turn(state)
            steps.append(
                {
                    "step": shown["version"],
                    "type": shown["type"],
                    "rule": shown["rule"],
                    "description": shown["description"],
                    "bookkeeping": lines.is_bookkeeping(rules, shown["type"]),
                    "disputes": disputed.get(shown["version"], []),
                    "turn": {"number": turn.number, "seat": turn.seat, **({"rival": turn.rival} if turn.rival else {})},
                    "decision": decision_behind(shown.get("cause", {})),
                }
            )
        return {"version": game.version, "status": "finished" if current.finished else "running", "steps": steps,
                "next_after": next_after}

    def since_last_move(self, game_id: UUID, token: str | None) -> dict[str, Any]:
        """What happened since the asking seat's last own decision (services.play.since)."""
        return since_last_move(self.store, game_id, token)

    def score_chart(self, game_id: UUID) -> dict[str, Any]:
        """A finished game's scores turn by turn (public: every table shows the scores)."""
        return self.score_charts.chart(game_id)

    def replay_step(self, game_id: UUID, step: int, token: str | None) -> dict[str, Any]:
        """Step n: its event, description and rule, the table right after it, and what the dispute
        log holds about it (the first disputes and what-ifs, and where the rest start)."""
        current = self.store.game(game_id)
        viewer = self.viewer(current, token)
        last = shown_version(current, viewer)
        if not 1 <= step <= last:
            behind = "" if last == current.version else " (spectators see this game some steps behind)"
            raise StepNotFound(f"steps run from 1 to {last}{behind}; there is no step {step}", field="n")
        stored = self.store.stored_events(game_id, gt=step - 1, lte=step)[0]
        explanation, folded = explain_step_and_tables(self.store, current, step, viewer)
        # The table at step n: revealed fully only once the game as a whole is over.
        then = folded.game_at_step() if folded is not None else self.store.game(game_id, version=step)
        # The table just before the step, for a game whose lines read it (domain.lines): folded
        # already by the explanation, from the table its decision was taken on.
        before = folded.tables[step - 1] if folded is not None and lines.reads_table(current.rules) else None
        event = present_stored(current, viewer, stored, current.finished, before)
        rule = find_rule(current, event["rule"])
        table = present_game(then, viewer, reveal=current.finished)
        # The what-ifs asked about the decision behind this step (taken on an earlier step's table).
        decision = explanation.get("decision") or {}
        asked_on = decision.get("decided_on_version") if decision.get("action") is not None else None
        return {
            "explanation": explanation,
            **step_record(self.store, current, viewer, step, asked_on, explanation),
            "step": step,
            "version": step,
            "last_step": last,
            "event": event,
            "description": event["description"],
            "rule": {"id": event["rule"], "section": rule.section, "text": rule.text} if rule else {"id": event["rule"]},
            "table": table,
        }
