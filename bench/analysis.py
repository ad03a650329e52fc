"""The analysis (domain.analysis) measured, per game with a search bot:

- calibration: games of the game's heuristic bot at every seat (seeded), decisions judged at the
  default strength; a reliability table (the predicted win chance in bins, how many decisions,
  how often the deciding seat went on to win) and the Brier score beside the base rate's (always
  predicting the mean win rate). Alone (the Court, Tianxia against Li Mu), where the measure is
  the expected score in points, the mean error of the predicted score against the final one,
  beside the base's (always predicting the mean final score).
- telling players apart: on the same tables (those of the heuristic bot's games), the action the
  heuristic bot took and the ones the random bot and the search bot (strength 1) would have taken,
  each judged: each bot's accuracy, marks and loss quantiles; the time each judgement took; and the
  decisions with a choice a seat takes in a game, whence the game's accuracy scale.

- speed: a whole game of the random bot judged in one process (one worker's share), wall and CPU time.

`python -m bench.analysis [game...] [--games N] [--decisions N] [--quick] [--no-whole]`; `make
bench` runs the quick figures of every game.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field
from typing import Any

from domain import analysis, registry
from domain.rng import Rng
from domain.search import DEFAULT_STRENGTH

SEARCHING = [name for name, rules in registry.GAMES.items() if "search" in rules.bots]
BINS = 10  # the reliability table's bins of the predicted win chance


@dataclass
class Played:
    """A game played in memory: its decisions with a choice, as (state, seat, action), and each seat's
    result (its share of the win, or alone its final score)."""

    decisions: list[tuple[Any, int, dict]] = field(default_factory=list)
    results: list[float] = field(default_factory=list)


def heuristic(rules) -> str:
    """The game's heuristic bot: the one its search bot plays its playouts with."""
    return rules.bots["search"].budget.playout_bot


def play(rules, bot, seats: int, seed: str) -> Played:
    """A whole game with `bot` at every seat."""
    rng = Rng(seed, "play")
    runner = analysis.bot_at(rules, 1)  # its steps play the rules' own turns after each decision
    state = runner._rules_turns(rules.setup(seats, {}, Rng(seed, "setup")).state, rng)
    played, moves = Played(), 0
    while (seat := rules.to_act(state)) is not None and moves < 2000:
        legal = rules.legal_actions(state, seat)
        action = bot.choose(rules.view(state, seat), legal, Rng(seed, f"bot:{moves}"))
        if len(legal) > 1:
            played.decisions.append((state, seat, action))
        state = runner._step(state, seat, action, rng)
        moves += 1
    outcome = rules.outcome(state) if rules.to_act(state) is None else None
    if seats == 1:
        played.results = [float(analysis.final_points(rules, state))]
    elif outcome is not None:
        played.results = [1.0 / len(outcome.winners) if seat in outcome.winners else 0.0 for seat in range(seats)]
    return played


def spread(decisions: list, most: int) -> list[int]:
    """At most `most` indices spread evenly over a game's decisions."""
    if len(decisions) <= most:
        return list(range(len(decisions)))
    return sorted({round(index * (len(decisions) - 1) / (most - 1)) for index in range(most)}) if most > 1 else [0]


def judged(game: str, games: int, decisions: int, strength: int = DEFAULT_STRENGTH, seats: int | None = None) -> dict:
    """Games of the heuristic bot at every seat, up to `decisions` of each judged: on each judged
    table, the action the heuristic bot took, the one the random bot and the search bot (strength 1)
    would take from the same view, each judged with the same random stream. Per bot: losses, marks,
    time; and the predictions (the expected result before the heuristic's decision, and the seat's
    result) for the calibration."""
    rules = registry.get(game)
    players = {"random": rules.bots["random"], heuristic(rules): rules.bots[heuristic(rules)],
               "search": rules.bots["search"].at_strength(1)}
    judge = analysis.bot_at(rules, strength)
    seats = seats or rules.seats[0]
    losses: dict[str, list[float]] = {name: [] for name in players}
    # per bot, per game and seat: (loss, expected before), as a game's analysis sums a seat up
    seated: dict[str, dict[tuple[int, int], list[tuple[float, float]]]] = {name: {} for name in players}
    seconds: list[float] = []
    pairs = []
    per_seat: list[int] = []  # the decisions with a choice each seat took, for the accuracy scale
    for number in range(games):
        seed = f"analysis-bench-{game}-{number}"
        played = play(rules, players[heuristic(rules)], seats, seed)
        per_seat += [sum(decider == seat for _, decider, _ in played.decisions) for seat in range(seats)]
        for index in spread(played.decisions, decisions):
            state, seat, taken = played.decisions[index]
            view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
            known: dict[str, dict] = {}
            for name, bot in players.items():
                action = taken if name == heuristic(rules) else bot.choose(view, legal, Rng(seed, f"{name}:{index}"))
                key = analysis.action_key(action)
                if key not in known:
                    started = time.perf_counter()
                    known[key] = analysis.judge(rules, judge, state, seat, action, analysis.step_rng(seed, index))
                    seconds.append(time.perf_counter() - started)
                losses[name].append(known[key]["loss"])
                seated[name].setdefault((number, seat), []).append((known[key]["loss"], known[key]["expected_before"]))
                if name == heuristic(rules) and played.results:
                    pairs.append((known[key]["expected_before"], played.results[seat]))
    rows = {}
    for name, lost in losses.items():
        ranked = sorted(lost) or [0.0]
        count = max(len(lost), 1)
        rows[name] = {"player": name, "decisions": len(lost), "accuracy": mean_accuracy(seated[name], game, seats),
                      "losses": {f"p{q}": ranked[min(len(ranked) - 1, len(ranked) * q // 100)] for q in (50, 80, 90, 95)},
                      "marked": {mark: sum(analysis.mark(game, loss, seats) == mark for loss in lost) / count
                                 for mark in analysis.MARKS}}
    return {"players": rows, "pairs": pairs, "alone": seats == 1, "seconds": sum(seconds) / max(len(seconds), 1),
            "judged": len(seconds), "decisions_per_seat": sum(per_seat) / max(len(per_seat), 1)}


def mean_accuracy(seated: dict[tuple[int, int], list[tuple[float, float]]], game: str, seats: int) -> float | None:
    """A bot's accuracy: each game's seat summed up as an analysis sums it (domain.analysis.accuracy
    over its judged decisions), the mean over them."""
    each = [analysis.accuracy([loss for loss, _ in judged], game, seats, [before for _, before in judged])
            for judged in seated.values() if judged]
    return round(sum(each) / len(each), 1) if each else None


def calibration(pairs: list[tuple[float, float]], alone: bool) -> dict:
    """Win chances: the reliability table and the Brier score beside the base rate's. Alone (scores
    in points): the mean absolute error beside the base's."""
    if not pairs:
        return {}
    outcomes = [result for _, result in pairs]
    base = sum(outcomes) / len(outcomes)
    if alone:
        return {"error": sum(abs(p - o) for p, o in pairs) / len(pairs),
                "base_error": sum(abs(base - o) for o in outcomes) / len(pairs), "mean_result": base}
    table = []
    for low in range(BINS):
        inside = [(p, o) for p, o in pairs if low / BINS <= p < (low + 1) / BINS or (low == BINS - 1 and p == 1.0)]
        if inside:
            table.append({"bin": f"{low / BINS:.1f}-{(low + 1) / BINS:.1f}", "count": len(inside),
                          "predicted": sum(p for p, _ in inside) / len(inside),
                          "won": sum(o for _, o in inside) / len(inside)})
    return {"table": table, "brier": sum((p - o) ** 2 for p, o in pairs) / len(pairs),
            "base_brier": sum((base - o) ** 2 for o in outcomes) / len(pairs), "base_rate": base}


def logit(p: float) -> float:
    p = min(1 - 1e-4, max(1e-4, p))
    return math.log(p / (1 - p))


def platt(pairs: list[tuple[float, float]]) -> tuple[float, float]:
    """The slope on the logit scale that best turns predictions into results (logistic regression
    of the results on the predictions' logits through the origin, by Newton's method; a shared win
    counts as its share). No intercept: the seats of a game are alike, so an even position stays
    even (with one, the seats that decide more often, the losing ones, would pull every chance down)."""
    slope = 1.0
    for _ in range(50):
        gradient, curvature = 0.0, 1e-9
        for predicted, result in pairs:
            x = logit(predicted)
            p = 1 / (1 + math.exp(-slope * x))
            gradient += (result - p) * x
            curvature += p * (1 - p) * x * x
        step = gradient / curvature
        slope += step
        if abs(step) < 1e-9:
            break
    return slope, 0.0


def brier(pairs: list[tuple[float, float]], fitted: tuple[float, float] = (1.0, 0.0)) -> float:
    return sum((analysis.calibrated(p, fitted) - o) ** 2 for p, o in pairs) / len(pairs)


def fit(game: str, pairs: list[tuple[float, float]]) -> dict:
    """The Platt scaling that would calibrate the game's win chances (AnalysisTerms.calibration),
    fitted on all its heuristic bot's decisions; and, to see that it is no overfit, fitted on each
    half of the games and scored on the other half, beside the Brier of the win chances as they are."""
    half = len(pairs) // 2
    first, second = pairs[:half], pairs[half:]
    held_out = (brier(second, platt(first)) * len(second) + brier(first, platt(second)) * len(first)) / len(pairs)
    slope, intercept = platt(pairs)
    now_slope, now_intercept = analysis.terms(registry.get(game)).calibration
    # On top of the calibration the game has now: logit p'' = slope (now_slope x + now_intercept) + intercept.
    return {"composed": (round(slope * now_slope, 2), round(slope * now_intercept + intercept, 2) + 0.0),
            "held_out_brier": held_out, "brier": brier(pairs)}


def game_figures(game: str, games: int, decisions: int, seats: int | None = None) -> dict:
    figures = judged(game, games, decisions, seats=seats)
    return {"game": game, "seats": seats or registry.get(game).seats[0], **figures,
            "calibration": calibration(figures["pairs"], figures["alone"])}


def whole_game(game: str, strength: int = DEFAULT_STRENGTH) -> dict:
    """A whole game of the random bot at every seat (long: Chi's last about 100 decisions), every
    decision with a choice judged in this one process, as one worker judges them: the wall time, and
    the CPU time (what the wall time would be on a machine of its own)."""
    rules = registry.get(game)
    judge = analysis.bot_at(rules, strength)
    seed = f"analysis-bench-{game}-whole"
    played = play(rules, rules.bots["random"], rules.seats[0], seed)
    wall, cpu = time.perf_counter(), time.process_time()
    for index, (state, seat, action) in enumerate(played.decisions):
        analysis.judge(rules, judge, state, seat, action, analysis.step_rng(seed, index))
    return {"decisions": len(played.decisions), "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu}


def analysis_figures(games: int = 2, decisions: int = 20, chosen: list[str] | None = None,
                     whole: bool = True, seats: int | None = None) -> list[dict]:
    return [{**game_figures(game, games, decisions, seats), **({"whole": whole_game(game)} if whole else {})}
            for game in chosen or SEARCHING]


def report(figures: list[dict]) -> list[str]:
    lines = ["Analysis (tables of the heuristic bot's games; on each, the heuristic's action and the random and "
             "search (strength 1) bots' judged at the default strength):"]
    for figure in figures:
        game = figure["game"]
        unit = analysis.unit(registry.get(game), figure["seats"])
        lines.append(f"  {game:8} {figure['seats']} seats, {figure['judged']} judgements, {figure['seconds']:.2f} s each")
        per_seat = figure["decisions_per_seat"]
        lines.append(f"  {game:8} a seat takes {per_seat:.1f} decisions with a choice a game: accuracy scale "
                     f"{analysis.accuracy_scale(per_seat)} (the game's: {analysis.terms(registry.get(game)).accuracy_scale})")
        if "whole" in figure:
            whole = figure["whole"]
            lines.append(f"  {game:8} a whole game of the random bot, {whole['decisions']} decisions judged on one process: "
                         f"{whole['wall']:.0f} s ({whole['cpu']:.0f} s of CPU)")
        for row in figure["players"].values():
            lines.append(f"  {game:8} {row['player']:10} {row['decisions']:4} decisions; accuracy {row['accuracy']}; marked: "
                         + ", ".join(f"{name} {share:.0%}" for name, share in row["marked"].items())
                         + f"; losses ({unit}) " + ", ".join(f"{name} {value:.2f}" for name, value in row["losses"].items()))
        calibrated = figure["calibration"]
        if "brier" in calibrated:
            lines.append(f"  {game:8} calibration over the heuristic bot's games: Brier {calibrated['brier']:.3f} "
                         f"(base rate {calibrated['base_rate']:.2f}: {calibrated['base_brier']:.3f})")
            if "fit" in figure:
                fitted = figure["fit"]
                lines.append(f"  {game:8} Platt scaling fitted: calibration={fitted['composed']}; Brier on held-out "
                             f"halves {fitted['held_out_brier']:.3f} against {fitted['brier']:.3f} as they are")
            for row in calibrated["table"]:
                lines.append(f"           predicted {row['bin']}: {row['count']:4} decisions, mean {row['predicted']:.2f}, "
                             f"won {row['won']:.2f}")
        elif calibrated:
            lines.append(f"  {game:8} calibration over the heuristic bot's games: mean error {calibrated['error']:.1f} "
                         f"{unit} (always the mean final score, {calibrated['mean_result']:.1f}: "
                         f"{calibrated['base_error']:.1f})")
    return lines


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_chosen", nargs="*", metavar="game")
    parser.add_argument("--games", type=int, default=4, help="games per bot (default 4)")
    parser.add_argument("--decisions", type=int, default=30, help="decisions judged per game at most (default 30)")
    parser.add_argument("--quick", action="store_true", help="what make bench runs: 2 games, 10 decisions each")
    parser.add_argument("--no-whole", action="store_true", help="skip the time of a whole game judged")
    parser.add_argument("--seats", type=int, help="seats at the table (default: the game's fewest)")
    parser.add_argument("--fit", action="store_true", help="fit the Platt scaling of the win chances (AnalysisTerms.calibration)")
    arguments = parser.parse_args()
    games, decisions = (2, 10) if arguments.quick else (arguments.games, arguments.decisions)
    for name in arguments.games_chosen or SEARCHING:
        figures = analysis_figures(games, decisions, [name], not arguments.no_whole, arguments.seats)
        if arguments.fit and not figures[0]["alone"]:
            figures[0]["fit"] = fit(name, figures[0]["pairs"])
        print("\n".join(report(figures)[1:]), flush=True)
