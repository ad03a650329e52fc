"""The analysis of a game's decisions: each judged by the search bot from the deciding seat's view.

For a decision a seat took, the game's search bot (domain.search) is given that seat's view of the
table at that moment (`rules.view(state, seat)`) and the legal actions, exactly as when it plays:
it deals tables consistent with the view (`rules.search.determinize`) and, on each dealt table
and one random stream per sample, takes every judged action and plays the game out with the
game's playout bot at every seat (`SearchBot.paired_values`): every action is judged on the same
samples, so the difference between two actions is a mean of paired differences, not of two noisy
means. Its mean reward per action is that action's expected result for the seat: a win chance
where seats win or lose, and where a seat plays alone (the Court, Tianxia against Li Mu) its
expected score in the game's points (the game's `AnalysisTerms.points`). Successive halving spends
the budget on the better actions; the best is the played action unless another of the last
survivors (which the played action always joins) beats it by more than CONFIDENCE standard errors
of their paired differences. The loss is how far the played action's expected result falls below
the best's, never below 0; the marks' thresholds and the budget are the game's own
(`rules.search.analysis`, in `domain/<game>/analysis.py`).

Nothing here reads the table beyond the view: two tables with one view get one analysis. The
random stream is derived from the game, the analysis version and the step, so asking again gives
the same numbers, and any entry can be re-run and checked (`rerun_matches`).

Pure: no store, no network (services.analysis stores and schedules it).
"""

from __future__ import annotations

import hashlib
import math
import statistics
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from domain import clock, interrupts, rules_turns
from domain.contract import Action, Event
from domain.game import AnalysisTerms
from domain.rng import Rng
from domain.search import SearchBot, action_key

# 2: each action judged on the same samples (paired), by playouts of the game's heuristic bot; a
# seat alone judged in the game's points; thresholds per game, from the game's AnalysisTerms.
# 3: a game's win chances calibrated by its AnalysisTerms.calibration (Xanadu's stretched).
# 4: a game's losses count in the accuracies at its AnalysisTerms.accuracy_scale (its decisions a seat);
# a game may judge by each seat's lead in points (AnalysisTerms.leads; Xanadu's), calibrated into win chances.
ANALYSIS_VERSION = 4  # a change to what the numbers mean or how they are made: a new stream per game
ANALYSIS_BOT = "search"

DEFAULT_TERMS = AnalysisTerms(playouts=40, thresholds=(0.10, 0.20, 0.30))
MARKS = ("inaccuracy", "mistake", "blunder")
ROUNDING = 4  # decimals kept: the numbers are stored and compared exactly
POINTS_ROUNDING = 2  # decimals kept of an expected score in points


def terms(rules: Any) -> AnalysisTerms:
    """The game's terms of analysis (its AnalysisTerms, beside its search hooks), or the defaults."""
    hooks = rules.search
    return hooks.analysis if hooks is not None and hooks.analysis is not None else DEFAULT_TERMS


def in_points(rules: Any, seats: int) -> bool:
    """Whether the numbers are the game's points: a seat alone, in a game that counts them."""
    return seats == 1 and terms(rules).points is not None


def _rules(game: str | Any) -> Any:
    from domain import registry  # the registry imports every game, which import this module's terms

    return registry.get(game) if isinstance(game, str) else game


def thresholds(game: str | Any, seats: int = 2) -> tuple[float, float, float]:
    """The losses that earn an inaccuracy, a mistake, a blunder: in win chance, or alone in points."""
    rules = _rules(game)
    return terms(rules).points_thresholds if in_points(rules, seats) else terms(rules).thresholds


def mark(game: str | Any, loss: float, seats: int = 2) -> str | None:
    """The mark a loss earns in `game`: the worst whose threshold it reaches, or None."""
    earned = None
    for name, threshold in zip(MARKS, thresholds(game, seats)):
        if loss >= threshold:
            earned = name
    return earned


def move_accuracy(loss: float, scale: float = 1.0) -> float:
    """One decision's accuracy, 0 to 100, from its loss (0 to 1): lichess's curve over the win chance
    lost in percentage points, 103.1668 e^(-0.04354 L) - 3.1669, so a loss of 0 is 100 and each
    point lost costs a little less than the one before. `scale` (the game's
    AnalysisTerms.accuracy_scale) counts the loss as that many chess moves' worth."""
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * 100 * loss * scale) - 3.1669))


CHESS_DECISIONS = 40  # moves a side in a game of chess, what lichess's accuracy curve is made for


def accuracy_scale(decisions_per_seat: float) -> float:
    """The accuracy scale of a game where a seat takes `decisions_per_seat` decisions with a choice:
    each counts as decisions_per_seat / 40 chess moves, so that a game's worth of win chance lost a
    little at every decision costs the same accuracy in every game; never below 1, so that a
    decision which throws the whole game away costs all its accuracy in a short game too."""
    return round(max(1.0, decisions_per_seat / CHESS_DECISIONS), 1)


def accuracy(losses: Iterable[float], game: str | Any | None = None, seats: int = 2,
             expected: Sequence[float] | None = None) -> float | None:
    """A seat's accuracy over a game, as lichess computes a game's: the mean of two means of its
    decisions' accuracies (None with none). One is weighted by how much the seat's expected result
    swung around each decision (`expected`, its expected result before each, in order: a decision
    in a sharp stretch counts more than one in a calm one; equal weights without it); the other is
    the harmonic mean, so that one blunder among good decisions weighs as it should rather than
    being averaged away. Losses and expected results in points (a seat alone) count as the share of
    the game's `points_whole` they are; a game's losses count at its `accuracy_scale`."""
    whole, scale = 1.0, 1.0
    if game is not None:
        rules = _rules(game)
        scale = terms(rules).accuracy_scale
        if in_points(rules, seats):
            whole = terms(rules).points_whole
    each = [move_accuracy(loss / whole, scale) for loss in losses]
    if not each:
        return None
    weights = volatility([100 * value / whole for value in expected]) if expected else [1.0] * len(each)
    if len(weights) != len(each):
        raise ValueError(f"{len(each)} decisions but {len(weights)} expected results")
    weighted = sum(a * w for a, w in zip(each, weights)) / sum(weights)
    harmonic = len(each) / sum(1 / max(1.0, a) for a in each)
    return round((weighted + harmonic) / 2, 1)


def volatility(percents: Sequence[float]) -> list[float]:
    """Each decision's weight in a seat's accuracy: the spread (population standard deviation,
    kept between 0.5 and 12 points) of the seat's expected result over a window of its decisions
    around it, the window a tenth of the game (2 to 8 decisions); the first decisions share the
    first window, as lichess's do."""
    size = max(2, min(8, len(percents) // 10))
    if len(percents) <= size:
        windows = [percents] * len(percents)
    else:
        windows = [percents[:size]] * (size - 1) + [percents[i:i + size] for i in range(len(percents) - size + 1)]
    return [max(0.5, min(12.0, statistics.pstdev(window))) for window in windows]


def unit(game: str | Any, seats: int | None = None) -> str:
    """What the numbers count, in words: "win chance", or a seat alone's points by the game's name."""
    rules = _rules(game)
    alone = in_points(rules, rules.seats[0] if seats is None else seats)
    return terms(rules).points_unit if alone else "win chance"


def final_points(rules: Any, state: Any) -> float:
    """A seat alone's result in the game's points on a finished table (what its expected score predicts)."""
    return terms(rules).points(state)


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
    """The analysis's engine: the game's search bot with the game's analysis playouts at the default
    strength, doubled for each step of `strength` above it and halved for each below
    (domain.search.STRENGTHS)."""
    bot = rules.bots[ANALYSIS_BOT]
    judged = replace(bot.budget, playouts=terms(rules).playouts, tables=1, depth=terms(rules).depth or bot.budget.depth)
    return type(bot)(rules, judged).at_strength(strength)


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


def is_planned(cause: Mapping[str, Any]) -> bool:
    """A decision the analysis plans for, as every reader of the log tells it: a seat's, not the
    deal, a rival's turn, a takeback or the clock's. A standing answer is one too: to the other seats
    it looks like an answer given by hand (services.log.presenting), so passing it over shows only
    inside the job."""
    return not (cause.get("setup") or rules_turns.is_rules_turn(cause) or "takeback" in cause
                or "clock" in cause or "action" not in cause or cause.get("seat") is None)


@dataclass(frozen=True)
class Planned:
    """A decision in an analysis's plan: taken by `seat` on the table of `step`."""

    step: int
    seat: int


def planned_decisions(records: Sequence[Mapping[str, Any]]) -> list[Planned]:
    """Every decision a seat took, from a game's recorded events ({"version", "cause"}), in order:
    read from the causes alone, never from a table, so that the plan (and every count or progress
    made of it) is the same for every table with the same public log. Which of them had one legal
    action, or came from a standing rule, may hang on a hidden hand: that is `passed_over`'s, in
    the job."""
    planned, last = [], None
    for record in records:
        cause = record["cause"]
        if cause != last and is_planned(cause):
            planned.append(Planned(record["version"] - 1, cause["seat"]))
        last = cause
    return planned


def passed_over(rules: Any, state: Any, seat: int, action: Action, cause: Mapping[str, Any]) -> str | None:
    """Why a planned decision gets no judgement, or None when it is judged: a standing answer, a
    decision with one legal action, or no choice among the game's actions (an action open to every
    seat, as resigning)."""
    if cause.get(interrupts.STANDING):
        return "a standing answer"
    if rules.to_act(state) != seat:
        return "taken out of turn"
    legal = rules.legal_actions(state, seat)
    if action not in legal:
        return "not one of the game's actions"
    if len(legal) == 1:
        return "one legal action"
    return None


def seat_decisions(rules: Any, seats: int, options: Mapping[str, Any],
                   records: Sequence[Mapping[str, Any]]) -> Iterator[SeatDecision]:
    """Every decision a seat took with more than one legal action, from a game's recorded events
    ({"version", "event", "cause"} from version 2 on), in order, with the table it was taken on."""
    state = rules.new_state(seats, options)
    index = 0
    while index < len(records):
        cause = records[index]["cause"]
        first = records[index]["version"]
        if is_planned(cause) and passed_over(rules, state, cause["seat"], cause["action"], cause) is None:
            yield SeatDecision(first - 1, cause["seat"], dict(cause["action"]), state)
        while index < len(records) and records[index]["cause"] == cause:
            state = clock.fold(rules, state, Event.from_json(records[index]["event"]))
            index += 1


def judge(rules: Any, bot: SearchBot, state: Any, seat: int, played: Action, rng: Rng) -> dict[str, Any]:
    """The numbers of one decision, from the seat's view only: the expected result of each judged
    action, the best, the played one's, the loss. `state` is read only for the view, the legal
    actions (which the view shows the seat) and how many seats play."""
    view = rules.view(state, seat)
    legal = rules.legal_actions(state, seat)
    game_terms = terms(rules)
    if in_points(rules, len(rules.scores(state))):
        return judge_view(bot, view, legal, played, rng, game_terms.points)
    if game_terms.leads is not None:
        return judge_view(bot, view, legal, played, rng, lambda ended: lead_chance(rules, ended, seat), digits=ROUNDING)
    return judge_view(bot, view, legal, played, rng, None, game_terms.calibration)


def lead_chance(rules: Any, state: Any, seat: int) -> float:
    """The seat's win chance on a table a playout stopped on, in a game judged by its leads
    (AnalysisTerms.leads): its share of the win where the game is over, else its lead in points made
    a win chance by the game's calibration, 1 / (1 + e^-(slope x lead + intercept))."""
    if rules.to_act(state) is None and (outcome := rules.outcome(state)) is not None:
        return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    slope, intercept = terms(rules).calibration
    return 1 / (1 + math.exp(-max(-50.0, min(50.0, slope * terms(rules).leads(state)[seat] + intercept))))


def calibrated(reward: float, calibration: tuple[float, float] | None) -> float:
    """A mean reward as a win chance (the game's Platt scaling, AnalysisTerms.calibration): a
    monotone map, so it never changes which action is best, only how far apart they stand."""
    if calibration is None or calibration == (1.0, 0.0):
        return reward
    slope, intercept = calibration
    edge = 1e-4  # a reward of 0 or 1 is a certain result: kept finite, and certain still after rounding
    clipped = min(1 - edge, max(edge, reward))
    return 1 / (1 + math.exp(-(slope * math.log(clipped / (1 - clipped)) + intercept)))


def judge_alike(rules: Any, bot: SearchBot, state: Any, seat: int, rng: Rng) -> None:
    """Spend on a decision passed over the work of judging one (the budget's playouts, from the
    seat's view), and keep nothing: while a game runs, how soon each planned decision is done
    must not tell the other seats which ones were forced by a hand."""
    if rules.to_act(state) == seat and (legal := rules.legal_actions(state, seat)):
        bot.paired_values(rules.view(state, seat), legal[:1], rng)


CONFIDENCE = 1.5  # standard errors by which another action's paired mean must beat the played one's


def better_than_played(results: Mapping[str, Sequence[float]], keys: Sequence[str], played_key: str) -> str:
    """The best action: among the last survivors of the halving (judged on the most samples, the
    same ones as the played action), the highest mean of those that beat the played action by more
    than CONFIDENCE standard errors of their paired differences; the played one if none does. A
    difference within the noise is no loss: the highest of several noisy means is biased upwards."""
    most = max(len(judged) for judged in results.values())
    played = results[played_key]
    best, best_mean = played_key, sum(played) / len(played)
    for key in keys:
        judged = results.get(key, ())
        if key == played_key or len(judged) != most:
            continue
        differences = [mine - theirs for mine, theirs in zip(judged, played)]
        mean = sum(differences) / len(differences)
        spread = sum((difference - mean) ** 2 for difference in differences) / max(len(differences) - 1, 1)
        if mean > CONFIDENCE * math.sqrt(spread / len(differences)) and sum(judged) / len(judged) > best_mean:
            best, best_mean = key, sum(judged) / len(judged)
    return best


def judge_view(bot: SearchBot, view: Mapping[str, Any], legal: Sequence[Action], played: Action,
               rng: Rng, points: Callable[[Any], float] | None = None,
               calibration: tuple[float, float] | None = None, digits: int | None = None) -> dict[str, Any]:
    """The numbers of one decision from the seat's view (see `judge`): `points` scores the table a
    playout stopped on (a seat alone's points, or a win chance made of its lead); without it, the
    search's reward for the seat, calibrated. `digits`: decimals kept (by default a win chance's,
    or with `points` a score's)."""
    results = bot.paired_values(view, legal, rng, keep=played, points=points)
    keys = [action_key(action) for action in legal]
    played_key = action_key(played)
    best_key = better_than_played(results, keys, played_key)
    values = {key: (calibrated(sum(judged) / len(judged), calibration), len(judged)) for key, judged in results.items()}
    digits = digits if digits is not None else ROUNDING if points is None else POINTS_ROUNDING
    best_expected = round(values[best_key][0], digits)
    played_expected = round(values[played_key][0], digits)
    return {
        "expected_before": best_expected,
        "played": dict(played), "played_expected": played_expected,
        "best": dict(legal[keys.index(best_key)]), "best_expected": best_expected,
        "loss": round(max(0.0, best_expected - played_expected), digits),
    }


def judged_entry(game: str, step: int, seat: int, numbers: Mapping[str, Any], seats: int = 2) -> dict[str, Any]:
    """A decision's stored entry: its step and seat, its numbers and its mark (`seats`: how many play)."""
    return {"step": step, "seat": seat, **numbers, "mark": mark(game, numbers["loss"], seats)}


NUMBERS = ("expected_before", "played", "played_expected", "best", "best_expected", "loss")


def same_numbers(entry: Mapping[str, Any], again: Mapping[str, Any]) -> bool:
    return all(entry.get(key) == again.get(key) for key in NUMBERS)
