"""The analysis of a game's decisions: each judged by the search bot from the deciding seat's view.

For a decision a seat took, the game's search bot (domain.search) is given that seat's view of the
table at that moment (`rules.view(state, seat)`) and the legal actions, exactly as when it plays:
it deals tables consistent with the view (`rules.search.determinize`) and, on each dealt table
and one random stream per sample, takes every judged action and plays the game out with the
game's playout bot at every seat (`SearchBot.paired_values`): every action is judged on the same
samples, so the difference between two actions is a mean of paired differences, not of two noisy
means. Its mean reward per action is that action's expected result for the seat: a win chance
where seats win or lose, and where a seat plays alone (the Court, Tianxia against Li Mu) the
search bot's measure of its score. Successive halving spends the budget on the better actions;
the best is the highest mean among the last survivors, which the played action always joins.
The loss is how far the played action's expected result falls below the best's, never below 0.

Nothing here reads the table beyond the view: two tables with one view get one analysis. The
random stream is derived from the game, the analysis version and the step, so asking again gives
the same numbers, and any entry can be re-run and checked (`rerun_matches`).

Pure: no store, no network (services.analysis stores and schedules it).
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping, Sequence

from domain import clock, interrupts, rules_turns
from domain.contract import Action, Event
from domain.rng import Rng
from domain.search import SearchBot, action_key

ANALYSIS_VERSION = 1  # a change to what the numbers mean or how they are made: a new stream per game
ANALYSIS_BOT = "search"

# Loss thresholds, in the measure's units (a win chance of 0 to 1): (inaccuracy, mistake, blunder).
# Chosen so the search bot's own games get few marks (docs/analysis.md says how they were measured);
# a game whose search is noisier (more hidden cards, longer playouts cut short) gets wider ones.
MARK_THRESHOLDS: Mapping[str, tuple[float, float, float]] = {
    "chi": (0.30, 0.40, 0.50),
    "court": (0.06, 0.12, 0.20),
    "xanadu": (0.08, 0.15, 0.25),
    "xi": (0.22, 0.34, 0.45),
    "tianxia": (0.12, 0.22, 0.35),
}
DEFAULT_THRESHOLDS = (0.10, 0.20, 0.30)
MARKS = ("inaccuracy", "mistake", "blunder")
ROUNDING = 4  # decimals kept: the numbers are stored and compared exactly


def thresholds(game: str) -> tuple[float, float, float]:
    return MARK_THRESHOLDS.get(game, DEFAULT_THRESHOLDS)


def mark(game: str, loss: float) -> str | None:
    """The mark a loss earns in `game`: the worst whose threshold it reaches, or None."""
    earned = None
    for name, threshold in zip(MARKS, thresholds(game)):
        if loss >= threshold:
            earned = name
    return earned


def move_accuracy(loss: float) -> float:
    """One decision's accuracy, 0 to 100, from its loss (0 to 1): lichess's curve over the win chance
    lost in percentage points, 103.1668 e^(-0.04354 L) - 3.1669, so a loss of 0 is 100 and each
    point lost costs a little less than the one before."""
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * 100 * loss) - 3.1669))


def accuracy(losses: Iterable[float]) -> float | None:
    """A seat's accuracy over a game: the mean of its decisions' accuracies (None with none)."""
    each = [move_accuracy(loss) for loss in losses]
    return round(sum(each) / len(each), 1) if each else None


def measure(seats: int) -> str:
    """What the numbers measure: a seat alone plays for its score, others for the win."""
    return "expected_score" if seats == 1 else "win_chance"


def analysis_seed(game_id: str, version: int = ANALYSIS_VERSION) -> str:
    """The analysis's seed: the game and the analysis version, nothing secret."""
    return hashlib.sha256(f"chronicle:analysis:{game_id}:{version}".encode()).hexdigest()


def step_rng(seed: str, step: int) -> Rng:
    """The random stream of the analysis of the decision taken on step `step`."""
    return Rng(seed, f"analysis:{step}")


def bot_at(rules: Any, strength: int) -> SearchBot:
    """The game's search bot at `strength` (domain.search.STRENGTHS): the analysis's engine."""
    return rules.bots[ANALYSIS_BOT].at_strength(strength)


def budget_json(bot: SearchBot) -> dict[str, Any]:
    budget = bot.budget
    return {"playouts": budget.playouts, "tables": budget.tables, "depth": budget.depth,
            "exploration": budget.exploration, "playout_bot": budget.playout_bot}


@dataclass(frozen=True)
class SeatDecision:
    """A decision a seat took: on the table of `step` (the replay's step before it)."""

    step: int
    seat: int
    action: Action
    state: Any


def is_seat_decision(cause: Mapping[str, Any]) -> bool:
    """A seat's own choice: not the deal, a rival's turn, a takeback, a standing answer or the clock's."""
    return not (cause.get("setup") or rules_turns.is_rules_turn(cause) or "takeback" in cause
                or cause.get(interrupts.STANDING) or "clock" in cause or "action" not in cause)


def seat_decisions(rules: Any, seats: int, options: Mapping[str, Any],
                   records: Sequence[Mapping[str, Any]]) -> Iterator[SeatDecision]:
    """Every decision a seat took with more than one legal action, from a game's recorded events
    ({"version", "event", "cause"} from version 2 on), in order, with the table it was taken on."""
    state = rules.new_state(seats, options)
    index = 0
    while index < len(records):
        cause = records[index]["cause"]
        first = records[index]["version"]
        if is_seat_decision(cause) and rules.to_act(state) == cause["seat"]:
            legal = rules.legal_actions(state, cause["seat"])
            if len(legal) > 1 and cause["action"] in legal:
                yield SeatDecision(first - 1, cause["seat"], dict(cause["action"]), state)
        while index < len(records) and records[index]["cause"] == cause:
            state = clock.fold(rules, state, Event.from_json(records[index]["event"]))
            index += 1


def judge(rules: Any, bot: SearchBot, state: Any, seat: int, played: Action, rng: Rng) -> dict[str, Any]:
    """The numbers of one decision, from the seat's view only: the expected result of each searched
    action, the best, the played one's, the loss. `state` is read only for the view and the legal
    actions (which the view shows the seat)."""
    view = rules.view(state, seat)
    legal = rules.legal_actions(state, seat)
    return judge_view(bot, view, legal, played, rng)


def judge_view(bot: SearchBot, view: Mapping[str, Any], legal: Sequence[Action], played: Action,
               rng: Rng) -> dict[str, Any]:
    values = bot.paired_values(view, legal, rng, keep=played)
    keys = [action_key(action) for action in legal]
    played_key = action_key(played)
    # The best is the highest mean among the last survivors of the halving, which were judged on
    # the most samples, the same ones as the played action: a loss is a mean of paired differences.
    most = max(values[key][1] for key in values)
    compared = [key for key in keys if values[key][1] == most]
    best_key = max(compared, key=lambda key: (values[key][0], key == played_key))
    best_expected = round(values[best_key][0], ROUNDING)
    played_expected = round(values[action_key(played)][0], ROUNDING)
    return {
        "expected_before": best_expected,
        "played": dict(played), "played_expected": played_expected,
        "best": dict(legal[keys.index(best_key)]), "best_expected": best_expected,
        "loss": round(max(0.0, best_expected - played_expected), ROUNDING),
    }


def judged_entry(game: str, step: int, seat: int, numbers: Mapping[str, Any]) -> dict[str, Any]:
    """A decision's stored entry: its step and seat, its numbers and its mark."""
    return {"step": step, "seat": seat, **numbers, "mark": mark(game, numbers["loss"])}


NUMBERS = ("expected_before", "played", "played_expected", "best", "best_expected", "loss")


def same_numbers(entry: Mapping[str, Any], again: Mapping[str, Any]) -> bool:
    return all(entry.get(key) == again.get(key) for key in NUMBERS)
