"""Tianxia's search bot alone against Li Mu at Hard, beside the steward on the same seeds (`chronicle
simulate`'s sim-0, sim-1, ...): each one's share of games won with its 95% Wilson interval, and the
search's thinking time. Issue 32's target: the search's interval wholly above the steward's.

    python -m bench.li_mu --games 200 --workers 2   # about 15 minutes on two quiet cores
    python -m bench.li_mu --strength 4               # twice the game's own playouts (160)
"""

from __future__ import annotations

import argparse
import os

from bench.bot_strength import solo_rates

GAMES = 200


def li_mu_line(games: int = GAMES, workers: int = 2, strength: int | None = None) -> str:
    searcher = "search" if strength is None else f"search:{strength}"
    rates = solo_rates("tianxia", [searcher, "steward"], games=games, options={"difficulty": "hard"}, workers=workers)
    search, steward = rates[searcher], rates["steward"]
    verdict = ("meets, intervals apart" if search["low"] > steward["high"] else
               "higher, within the intervals" if search["rate"] > steward["rate"] else "MISSES")
    return (f"Tianxia search bot{'' if strength is None else f' at strength {strength}'} against Li Mu at Hard over {search['games']} games: {search['rate']:.1%} won, 95% "
            f"interval {search['low']:.1%} to {search['high']:.1%}; the steward on the same seeds {steward['rate']:.1%} "
            f"({steward['low']:.1%} to {steward['high']:.1%}) (target a higher rate than the steward's, intervals "
            f"apart: {verdict}); thinking {search['mean'] * 1e3:.0f} ms a decision on average, "
            f"{search['slowest'] * 1e3:.0f} ms at the slowest")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.li_mu", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--strength", type=int, help="the search bot's strength, 1 to 5 (default: the game's own, 3)")
    arguments = parser.parse_args()
    print(li_mu_line(arguments.games, arguments.workers, arguments.strength), flush=True)
