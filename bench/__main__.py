"""`make bench`: every figure the README reports, measured on this machine."""

from __future__ import annotations

import argparse
import logging
import os
import platform
import sys
import time

from bench.analysis import analysis_figures, report as analysis_report
from bench.analysis_workers import analysis_worker_figures, report as analysis_workers_report
from bench.bot_strength import every_deck, every_deck_line, searching, solitaire, win_rate
from bench.li_mu import GAMES as LI_MU_GAMES, li_mu_line
from bench.search_speed import TABLES as SEARCHED, lines as search_speed_lines
from bench.bot_tournaments import bot_tournament_figures, report_lines as bot_tournament_report
from bench.dispute_record import dispute_record_figures, report as dispute_record_report
from bench.xi_balance import against_random_lines, deck_matrix_lines
from bench.engine import engine_figures, engine_lines
from bench.http import http_figures
from bench.queue_figures import queue_figures
from bench.read_models import read_model_figures
from bench.read_models import report as read_model_report
from bench.ratings import rating_figures, report as ratings_report
from bench.playouts import games_per_second
from bench.move_path import move_path_figures, report as move_path_report
from bench.new_games import new_game_figures, report as new_games_report
from bench.watchers import report as watcher_report, watcher_figures
from domain import registry
from services.offline.simulation import simulate
from cli.simulate_report import table, verdicts


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description="every figure the README reports")
    parser.add_argument("--li-mu-games", type=int, default=LI_MU_GAMES,
                        help="games of Tianxia against Li Mu for each of the search bot and the steward")
    arguments = parser.parse_args()
    # The apps the benchmarks start log every move at INFO; the figures are the output here.
    logging.basicConfig(level=logging.WARNING)
    # The benchmarks drive the servers and apps they start from one address, far past the rate
    # limits a person meets (a thousand streams, moves as fast as they go): what they measure is
    # the service's speed, so its limits are off (the servers inherit the environment).
    os.environ["CHRONICLE_LIMITS"] = "off"
    started = time.monotonic()
    print(f"Tabletop Chronicle benchmarks on {platform.processor() or platform.machine()}, Python {platform.python_version()}")

    pure = games_per_second("chi")
    print(f"\nPure domain: {pure['games_per_second']:.0f} random Chi games/s "
          f"({pure['events_per_game']:.0f} events per game, {pure['seconds_per_event'] * 1e6:.1f} µs per event)")
    print("\n".join(engine_lines(engine_figures())))

    print()
    print("\n".join(move_path_report(move_path_figures())))

    http = http_figures()
    print()
    ratio = http["replay_last_step"] / http["replay_step_10"]
    verdict = "meets" if ratio <= 1.5 else "MISSES"
    print(f"Replay of a {http['long_game_events']}-event game: step 10 {ms(http['replay_step_10'])}, "
          f"last step {ms(http['replay_last_step'])} ({ratio:.2f}x; target at most 1.5x: {verdict})")

    print("\n".join(dispute_record_report(dispute_record_figures())))

    print()
    print("\n".join(read_model_report(read_model_figures(progress=lambda line: None))))
    print("\n".join(new_games_report(new_game_figures())))
    print("\n".join(ratings_report(rating_figures())))

    strength = win_rate("chi", "greedy", "random", games=1000)
    verdict = "meets" if strength["low"] >= 0.75 else "MISSES"
    print(f"\nChi greedy bot against random over {strength['games']} games (seats alternated): "
          f"{strength['rate']:.1%} won (ties count half), 95% interval {strength['low']:.1%} to "
          f"{strength['high']:.1%} (target at least 75%: {verdict})")

    for players, target in ((2, None), (4, 0.60)):
        strength = win_rate("xanadu", "builder", "random", games=500, players=players)
        verdict = "" if target is None else f" (target at least {target:.0%}: {'meets' if strength['low'] >= target else 'MISSES'})"
        print(f"Xanadu builder bot against {players - 1} random over {strength['games']} games: "
              f"{strength['rate']:.1%} won (shared wins count as shares), 95% interval {strength['low']:.1%} to "
              f"{strength['high']:.1%}{verdict}")

    print()
    print("\n".join(search_speed_lines(list(SEARCHED))))

    search = searching("chi", "search", "greedy", games=200, workers=2)
    verdict = "meets" if search["low"] >= 0.60 else "MISSES"
    print(f"Chi search bot against greedy over {search['games']} games (seats alternated): {search['rate']:.1%} won "
          f"(ties count half), 95% interval {search['low']:.1%} to {search['high']:.1%} (target at least 60%: "
          f"{verdict}); thinking {search['mean'] * 1e3:.0f} ms a decision on average, {search['slowest'] * 1e3:.0f} ms "
          f"at the slowest (bound 1 s)")

    # Xi's search against general, every pairing of the starters (16): 4 games a pairing here, about
    # 11 minutes on two cores; the goal's 200 games (`python -m bench.bot_strength xi search
    # general --every-deck --games 200`) take about 35.
    search = every_deck("xi", "search", "general", games=64)
    print(every_deck_line("xi", "search", "general", search, target=0.60) + " (bound 1 s)")

    # Tianxia's search bot alone against Li Mu at Hard, on the same seeds as the steward
    # (bench.li_mu; `--li-mu-games` for a shorter run than the 200 games).
    print(li_mu_line(arguments.li_mu_games, workers=2))

    search = searching("xanadu", "search", "builder", games=20, workers=2)
    verdict = "meets" if search["low"] >= 0.60 else "MISSES"
    print(f"Xanadu search bot against builder over {search['games']} games of 2 (seats alternated): {search['rate']:.1%} "
          f"won (shared wins count half), 95% interval {search['low']:.1%} to {search['high']:.1%} (target at least "
          f"60%: {verdict}); thinking {search['mean'] * 1e3:.0f} ms a decision on average, {search['slowest'] * 1e3:.0f} ms "
          f"at the slowest (bound 1 s on average)")

    court = solitaire("court", "search", "autoplayer", games=20, workers=2)
    mine, theirs = court["median"]["search"], court["median"]["autoplayer"]
    verdict = "meets" if mine > theirs and court["rank"]["search"] > court["rank"]["autoplayer"] else "MISSES"
    print(f"Court search bot against the autoplayer on the same {court['games']} deals: median score {mine:g} against "
          f"{theirs:g}, median title {court['title']['search']} against {court['title']['autoplayer']}; it scored more "
          f"on {court['better']:.0%} of the deals (ties count half), 95% interval {court['low']:.0%} to "
          f"{court['high']:.0%} (target a higher median score and title: {verdict}); thinking "
          f"{court['mean'] * 1e3:.0f} ms a decision on average, {court['slowest'] * 1e3:.0f} ms at the slowest")

    print()
    print("\n".join(against_random_lines(games=1000, workers=2)))
    print("\n".join(deck_matrix_lines(games=1000, workers=2)))  # about 7 minutes on two cores

    reports = [simulate("court", bot, 1000) for bot in ("autoplayer", "random")]
    order = list(registry.get("court").titles)
    print()
    print("\n".join(table("The Court of Xiang Chi, 1000 games each", reports, order)
                    + verdicts(reports[0], reports[1], order)))

    queued = queue_figures()
    ratio = queued["bot_p50"] / queued["bare_p50"]
    verdict = "meets" if ratio <= 3 else "MISSES"
    print(f"\nBot turn through RQ on PostgreSQL, enqueue to event stored: p50 {ms(queued['bot_p50'])}, "
          f"p95 {ms(queued['bot_p95'])}")
    print(f"Bare RQ job round trip, same run: p50 {ms(queued['bare_p50'])}, p95 {ms(queued['bare_p95'])} "
          f"(bot turn {ratio:.1f}x; target at most 3x: {verdict})")
    print(f"Bot-vs-bot games to the end: {queued['games_per_second_1']:.2f} games/s with 1 worker, "
          f"{queued['games_per_second_2']:.2f} with 2")

    print()
    print("\n".join(watcher_report(watcher_figures())))

    print()
    print("\n".join(analysis_report(analysis_figures(games=2, decisions=10))))  # a few minutes per game
    # One analysis on one worker, another on two (their share of the CPU): a few minutes at strength 2.
    print("\n".join(analysis_workers_report(analysis_worker_figures(strength=2))))

    print()
    print("\n".join(bot_tournament_report(bot_tournament_figures(workers=2))))  # about 15 minutes on two cores
    # How long the whole run took: the figures in the README come from one run, which must fit a
    # stretch of the machine to itself (bench.mcts_peer tells a slow machine from a fast one).
    print(f"\n(this run took {(time.monotonic() - started) / 60:.0f} minutes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
