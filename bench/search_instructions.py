"""bench.search_speed's figures counted in instructions (valgrind's callgrind): what one rules step
inside each game's search costs, and a random playout's step, a figure no load on the machine moves.

One child process under callgrind finds the same positions as bench.search_speed and runs the same
searches on them (the game's own search bot, the same seeded streams), after one search left out
to warm the interpreter up; callgrind writes its count out at a mark just before the searches
(`--dump-before` on a call made there and nowhere else), again after them, and again after the
same random playouts bench.search_speed times. The first figure is the searches' count divided by
the rules steps they took (and by their playouts: a playout's share of the searches), the second
the random playouts' count divided by their steps.

    python -m bench.search_instructions              # every game
    python -m bench.search_instructions court xi     # some
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.search_speed import TABLES, step_verdict

POSITIONS = 8  # as bench.search_speed


def _mark() -> None:
    """Where callgrind writes out what it counted and starts again from zero (`--dump-before`
    names this call, which nothing in a search makes)."""
    os.getppid()


def _child(game: str, count: int) -> dict[str, int]:
    """The searches and random playouts counted between marks; their steps."""
    from bench.search_speed import CountingSearch, positions, random_playout
    from domain import registry
    from domain.rng import Rng

    rules = registry.get(game)
    seats, options = TABLES[game]
    found = positions(rules, seats, options, count)
    bot = CountingSearch(rules, rules.bots["search"].budget)
    view, legal = found[0]
    bot.choose(view, legal, Rng("search-speed", "warm-up"))
    bot.steps = 0
    _mark()
    for number, (view, legal) in enumerate(found):
        bot.choose(view, legal, Rng("search-speed", f"choice:{number}"))
    _mark()
    random_steps = sum(random_playout(rules, seats, options, f"search-speed-{number}")[1] for number in range(3))
    _mark()
    return {"steps": bot.steps, "random_steps": random_steps, "decisions": len(found),
            "playouts": len(found) * bot.budget.playouts}


def per_step(game: str, count: int = POSITIONS) -> dict[str, float]:
    """Instructions a rules step inside the search and a random playout's step, for `game`."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--dump-before=getppid",
                   "--dump-instr=no", sys.executable, "-m", "bench.search_instructions", "--child",
                   json.dumps([game, count])]
        done = subprocess.run(command, capture_output=True, text=True, check=True,
                              cwd=Path(__file__).resolve().parents[1])
        counted = json.loads(done.stdout.strip().splitlines()[-1])
        totals = []
        for number in (2, 3):  # the dumps ending at the second and third marks
            text = Path(f"{out}.{number}").read_text()
            totals.append(int(re.search(r"^(?:summary|totals):\s*(\d+)", text, re.MULTILINE).group(1)))
    return {"step": totals[0] / counted["steps"], "random_step": totals[1] / counted["random_steps"],
            "playout": totals[0] / counted["playouts"], "steps": counted["steps"], "decisions": counted["decisions"]}


def lines(games: list[str], count: int = POSITIONS) -> list[str]:
    out = ["Search bots' rules step in instructions (callgrind), over bench.search_speed's searches:"]
    for game in games:
        figures = per_step(game, count)
        ratio = figures["step"] / figures["random_step"]
        out.append(f"  {game}: {figures['step'] / 1e3:.0f} k a rules step inside the search ({figures['steps']} steps "
                   f"over {figures['decisions']} decisions), a random playout's {figures['random_step'] / 1e3:.0f} k "
                   f"({step_verdict(ratio)}); {figures['playout'] / 1e6:.2f} M a playout")
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.search_instructions", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help=f"among {', '.join(TABLES)} (all when none is named)")
    parser.add_argument("--positions", type=int, default=POSITIONS, help="searches counted per game")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(_child(*json.loads(args.child))), flush=True)
    else:
        games = args.games or list(TABLES)
        if unknown := [game for game in games if game not in TABLES]:
            parser.error(f"no search bot measured for {', '.join(unknown)}")
        print("\n".join(lines(games, args.positions)), flush=True)
