"""Xi Cards' bots and decks: the general bot against the random player with each pairing of named
decks, and the named decks against each other with the general bot in both seats (as sold, and
with the FAQ's removals). `python -m bench.xi_balance --games N`; `make bench` plays 1,000 games
a pairing. Seats alternate; a draw counts as no win; intervals are 95% Wilson intervals."""

from __future__ import annotations

import argparse
import sys
import time

from services.offline.simulation import wilson
from domain import registry
from services.offline.deck_matches import bot_against, deck_matrix, named_decks, variants
from cli.simulate_report import matrix

TARGET = 0.70  # the general bot against random, in every pairing (docs/design/xi-cards.md, 5.5)


def against_random_lines(games: int, workers: int) -> list[str]:
    """The general bot with each named deck against random with each, one line a pairing."""
    decks = {name: name for name in named_decks(registry.get("xi"))}
    started = time.perf_counter()
    tallies = bot_against("xi", "general", "random", decks, games, "xi-strength", workers)
    lines = [f"Xi general bot against random, {games} games a pairing, seats alternated, a draw no win "
             f"({time.perf_counter() - started:.0f} s on {workers} processes):"]
    for (mine, theirs), tally in tallies.items():
        low, high = wilson(tally.wins, tally.games)
        verdict = "meets" if low >= TARGET else "MISSES"
        lines.append(f"  general with {mine}, random with {theirs}: {tally.rate:.1%} won, 95% interval {low:.1%} "
                     f"to {high:.1%}, {tally.draws} drawn (target at least {TARGET:.0%}: {verdict})")
    return lines


def deck_matrix_lines(games: int, workers: int, rows: list[str] | None = None) -> list[str]:
    """Each named deck against each, the general bot in both seats: as sold, and with the FAQ's
    removals (`rows`: some rows only)."""
    rules = registry.get("xi")
    names = named_decks(rules)
    lines: list[str] = []
    for kind, decks in [("as sold", {name: name for name in names}), *variants(rules).items()]:
        started = time.perf_counter()
        tallies = deck_matrix("xi", "general", decks, games, "xi-balance", workers, rows=rows)
        lines += [""] + matrix(f"Xi decks, general against general, {kind}: the row deck's wins, {games} games a "
                               f"cell, seats alternated ({time.perf_counter() - started:.0f} s)", tallies, names, rows)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.xi_balance", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games a pairing (default 1000)")
    parser.add_argument("--workers", type=int, default=2, help="processes playing them (default 2)")
    parser.add_argument("--part", choices=("random", "decks", "both"), default="both",
                        help="against random, the deck matrices, or both (default)")
    parser.add_argument("--row", action="append", metavar="DECK",
                        help="the matrices' rows to play (default all; each cell's games are the same either way)")
    args = parser.parse_args(argv)
    if args.part in ("random", "both"):
        print("\n".join(against_random_lines(args.games, args.workers)), flush=True)
    if args.part in ("decks", "both"):
        print("\n".join(deck_matrix_lines(args.games, args.workers, args.row)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
