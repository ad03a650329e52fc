"""The rules engine's cost per decision counted in instructions (valgrind's callgrind), for every
game, beside OpenSpiel's pure-Python games: a figure that holds however busy the machine is.

A decision costs what bench.engine times: the legal actions of the seat to act, then `decide`
with its check (a person's move is always checked), evolve included; a rules turn (Tianxia's Li
Mu) is a decision of its own. OpenSpiel's games are played as bench.engine plays them, a chance
node counting as a decision. Where a game's rules offer the trusted path (`decide.unchecked`, for
actions taken straight from the legal list: the random bot, search playouts), the same playouts
are counted through it too.

Each figure comes from a child process run twice under callgrind: both runs deal the same 2K
games, the first plays K of them, the second all 2K, each with a seeded random legal action per
decision. The difference of the two counts is the cost of playing games K+1..2K: start-up,
imports and the deals cancel out, and it is divided by those games' decisions. K is chosen (by
playing the games natively first) so that the games counted hold at least `--decisions`
decisions.

    python -m bench.instructions                # every game
    python -m bench.instructions court xanadu   # a subset, by game name (or OpenSpiel's name)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from typing import Any, Callable

from bench.engine import MOST_DECISIONS, OPENSPIEL, OURS
from domain import registry, rules_turns
from domain.rng import Rng

TARGET = 1.0  # issue 32: every game at most OpenSpiel's Python mean per decision
DECISIONS = 2000  # at least this many decisions in the games counted
WAYS = ("checked", "trusted")


def _our_games(row: tuple, count: int, play: int, way: str) -> list[int]:
    """Deal `count` games of a row of OURS, play the first `play` at random; each one's decisions."""
    label, game, seats, options, _ = row
    rules = registry.get(game)
    decide = rules.decide if way == "checked" else rules.decide.unchecked
    dealt = [rules.setup(seats, options, Rng(f"bench-{number}", "setup")).state for number in range(count)]
    decisions: list[int] = []
    for number, state in enumerate(dealt[:play]):
        seed = f"bench-{number}"
        chooser = random.Random(seed)
        taken = 0
        while taken < MOST_DECISIONS:
            rng = Rng(seed, f"decision:{taken}")
            if (played := rules_turns.play_due(rules, state, rng)) is not None:
                state = played.state
            else:
                seat = rules.to_act(state)
                if seat is None:
                    break
                legal = rules.legal_actions(state, seat)
                state = decide(state, seat, chooser.choice(legal), rng).state
            taken += 1
        decisions.append(taken)
    return decisions


def _openspiel_games(name: str, count: int, play: int) -> list[int]:
    """Start `count` games of an OpenSpiel game, play the first `play` at random; each one's decisions."""
    import pyspiel
    from open_spiel.python import games  # noqa: F401 (registers the python_* games)

    game = pyspiel.load_game(name)
    players = game.num_players()
    started = [game.new_initial_state() for _ in range(count)]
    decisions: list[int] = []
    for number, state in enumerate(started[:play]):
        chooser = random.Random(number)
        decisions.append(0)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chooser.choice(state.chance_outcomes())[0])
            elif state.is_simultaneous_node():
                state.apply_actions([chooser.choice(state.legal_actions(player)) for player in range(players)])
            else:
                state.apply_action(chooser.choice(state.legal_actions()))
            decisions[-1] += 1
    return decisions


def _rows() -> dict[str, Callable[[int, int, str], list[int]]]:
    """Every measured row by label: a function dealing `count` games and playing `play` of them."""
    rows: dict[str, Callable[[int, int, str], list[int]]] = {}
    for row in OURS:
        rows[row[0]] = lambda count, play, way, row=row: _our_games(row, count, play, way)
    for name in OPENSPIEL:
        rows[name] = lambda count, play, way, name=name: _openspiel_games(name, count, play)
    return rows


def _has_trusted(label: str) -> bool:
    row = next((row for row in OURS if row[0] == label), None)
    return row is not None and hasattr(registry.get(row[1]).decide, "unchecked")


def _games_for(label: str, wanted: int) -> tuple[int, int]:
    """K such that games K+1..2K hold at least `wanted` decisions, and those decisions."""
    play = _rows()[label]
    per_game: list[int] = []
    games = 1
    while True:
        if len(per_game) < 2 * games:  # the decisions of each game, natively, in batches
            per_game = play(4 * games, 4 * games, "checked")
        counted = sum(per_game[games:2 * games])
        if counted >= wanted or games >= 500:
            return games, counted
        games += 1


def _instructions(label: str, count: int, play: int, way: str) -> tuple[int, int]:
    """Instructions of a child process dealing `count` games and playing `play`, under callgrind;
    and the decisions it reports."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--dump-instr=no",
                   "--compress-strings=no", sys.executable, "-m", "bench.instructions", "--child",
                   json.dumps([label, count, play, way])]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        decisions = int(done.stdout.strip().splitlines()[-1])
        with open(out) as dump:
            totals = re.search(r"^(?:summary|totals):\s*(\d+)", dump.read(), re.MULTILINE)
        if totals is None:
            raise RuntimeError(f"callgrind wrote no totals for {label}")
        return int(totals.group(1)), decisions


def per_decision(label: str, wanted: int = DECISIONS, way: str = "checked") -> float:
    """Instructions per decision of one row (see the module's docstring)."""
    games, _ = _games_for(label, wanted)
    low, fewer = _instructions(label, 2 * games, games, way)
    high, more = _instructions(label, 2 * games, 2 * games, way)
    return (high - low) / (more - fewer)


def instruction_figures(names: list[str] | None = None, wanted: int = DECISIONS) -> dict[str, Any]:
    """Instructions per decision of our rows (checked, and trusted where offered) and OpenSpiel's
    games; `names` picks our games by name (the peers are always all measured, for the mean)."""
    ours = [row for row in OURS if not names or row[1] in names or row[0] in names]
    figures: dict[str, Any] = {"ours": [], "openspiel": {}}
    for name in OPENSPIEL:
        figures["openspiel"][name] = per_decision(name, wanted)
    figures["openspiel_mean"] = statistics.mean(figures["openspiel"].values())
    for label, *_ in ours:
        measured = {"label": label, "checked": per_decision(label, wanted)}
        if _has_trusted(label):
            measured["trusted"] = per_decision(label, wanted, "trusted")
        figures["ours"].append(measured)
    return figures


def instruction_lines(figures: dict[str, Any]) -> list[str]:
    """The table: game, k instructions per decision, ratio to OpenSpiel's mean, target."""
    peer = figures["openspiel_mean"]
    lines = ["Rules engine in instructions (callgrind), per decision (legal actions + decide, checked):",
             f"  {'game':<32} {'k instr.':>9} {'ratio':>7}  target {TARGET:.1f}x   trusted path"]
    for game in figures["ours"]:
        ratio = game["checked"] / peer
        trusted = (f"{game['trusted'] / 1e3:.1f} k ({game['trusted'] / peer:.2f}x)" if "trusted" in game else "-")
        lines.append(f"  {game['label']:<32} {game['checked'] / 1e3:>9.1f} {ratio:>6.2f}x  "
                     f"{'meets ' if ratio <= TARGET else 'MISSES'}        {trusted}")
    each = ", ".join(f"{name.removeprefix('python_')} {value / 1e3:.1f}" for name, value in figures["openspiel"].items())
    lines.append(f"  OpenSpiel's pure-Python games, same run: mean {peer / 1e3:.1f} k per decision ({each} k)")
    return lines


def available() -> str | None:
    """Why the figures cannot be counted here, else None."""
    if shutil.which("valgrind") is None:
        return "valgrind is not installed (apt-get install valgrind)"
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return "OpenSpiel is not installed (`make bench` installs it: pip install -e '.[bench]')"
    return None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="our games by name (chi, court, xanadu, xi, tianxia)")
    parser.add_argument("--decisions", type=int, default=DECISIONS, help="decisions counted per figure")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        label, count, play, way = json.loads(args.child)
        print(sum(_rows()[label](count, play, way)))
        return 0
    if (missing := available()) is not None:
        print(f"Rules engine in instructions: not counted ({missing})")
        return 0
    print("\n".join(instruction_lines(instruction_figures(args.games, args.decisions))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
