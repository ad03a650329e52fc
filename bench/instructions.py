"""The rules engine's cost per decision counted in instructions (valgrind's callgrind), for every
game, beside OpenSpiel's pure-Python games: a figure that holds however busy the machine is.

A decision costs what bench.engine times: the legal actions of the seat to act, then `decide`
with its check (a person's move is always checked), evolve included; a rules turn (Tianxia's Li
Mu) is a decision of its own. OpenSpiel's games are played as bench.engine plays them, a chance
node counting as a decision. The same playouts are counted through the trusted path too
(`decide_trusted`, for actions taken straight from the legal list: the random bot, search
playouts).

Each figure comes from one child process under callgrind which deals 2K games and plays them,
each decision a seeded random legal action. Games 1..K warm the interpreter up (imports, caches,
the adaptive interpreter's specialised code); callgrind writes its count out and starts again
from zero just before game K+1 and again after game 2K (`--dump-before` on a call made there and
nowhere else), so the figure is the count of games K+1..2K divided by their decisions: the same
difference as two runs of K and 2K games would give, with start-up and the deals left out
exactly, in one run. K is chosen (by playing the games natively first) so that the games counted
hold at least `--decisions` decisions.

    python -m bench.instructions                # every game
    python -m bench.instructions court xanadu   # a subset, by game name (or OpenSpiel's name)
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from typing import Any

from bench.games import OPENSPIEL, TABLES, Table, table

TARGET = 1.0  # issue 32: every game at most OpenSpiel's Python mean per decision
DECISIONS = 2000  # at least this many decisions in the games counted
MOST_DECISIONS = 5000  # a guard, as in bench.engine: every game ends long before


def _rules(game: str) -> Any:
    """One game's rules, importing that game's package alone."""
    return importlib.import_module(f"domain.{game}").RULES


def _mark() -> None:
    """Where callgrind writes out what it has counted and starts again from zero (`--dump-before`
    names this call, which nothing else in a playout makes)."""
    os.getppid()


def _our_games(row: Table, count: int, way: str, marked: int | None) -> list[int]:
    """Deal `count` games of a table of bench.games and play them at random; each one's decisions. With
    `marked`, `_mark()` before game number `marked` and after the last."""
    from domain import rules_turns
    from domain.rng import Rng

    label, game, seats, options = row
    rules = _rules(game)
    decide = rules.decide if way == "checked" else rules.decide_trusted
    dealt = [rules.setup(seats, options, Rng(f"bench-{number}", "setup")).state for number in range(count)]
    decisions: list[int] = []
    for number, state in enumerate(dealt):
        if number == marked:
            _mark()
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
    if marked is not None:
        _mark()
    return decisions


def _openspiel_games(name: str, count: int, marked: int | None) -> list[int]:
    """Start `count` games of an OpenSpiel game and play them at random; each one's decisions,
    marked as `_our_games` marks them."""
    import pyspiel
    from open_spiel.python import games  # noqa: F401 (registers the python_* games)

    game = pyspiel.load_game(name)
    players = game.num_players()
    started = [game.new_initial_state() for _ in range(count)]
    decisions: list[int] = []
    for number, state in enumerate(started):
        if number == marked:
            _mark()
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
    if marked is not None:
        _mark()
    return decisions


def _play(label: str, count: int, way: str, marked: int | None = None) -> list[int]:
    """The row `label` (ours or OpenSpiel's): `count` games dealt and played; each one's decisions."""
    row = table(label)
    return _our_games(row, count, way, marked) if row else _openspiel_games(label, count, marked)


def _games_for(label: str, wanted: int) -> int:
    """K such that games K+1..2K hold at least `wanted` decisions (played natively to count them)."""
    per_game: list[int] = []
    games = 1
    while True:
        if len(per_game) < 2 * games:  # in batches
            per_game = _play(label, 4 * games, "checked")
        if sum(per_game[games:2 * games]) >= wanted or games >= 500:
            return games
        games += 1


def per_decision(label: str, wanted: int = DECISIONS, way: str = "checked") -> float:
    """Instructions per decision of one row (see the module's docstring)."""
    games = _games_for(label, wanted)
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--dump-before=getppid",
                   "--dump-instr=no", sys.executable, "-m", "bench.instructions", "--child",
                   json.dumps([label, 2 * games, way, games])]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        decisions = int(done.stdout.strip().splitlines()[-1])
        with open(f"{out}.2") as dump:  # the second dump: from the first mark to the second
            totals = re.search(r"^(?:summary|totals):\s*(\d+)", dump.read(), re.MULTILINE)
    if totals is None:
        raise RuntimeError(f"callgrind counted nothing between the marks for {label}")
    return int(totals.group(1)) / decisions


def instruction_figures(names: list[str] | None = None, wanted: int = DECISIONS,
                        peer: float | None = None) -> dict[str, Any]:
    """Instructions per decision of our rows (checked, and trusted) and OpenSpiel's
    games; `names` picks our games by name; `peer`, OpenSpiel's mean taken as given (a quick
    check while working) instead of measured."""
    ours = [row for row in TABLES if not names or row.game in names or row.label in names]
    figures: dict[str, Any] = {"ours": [], "openspiel": {}}
    if peer is None:
        for name in OPENSPIEL:
            figures["openspiel"][name] = per_decision(name, wanted)
        peer = statistics.mean(figures["openspiel"].values())
    figures["openspiel_mean"] = peer
    for label, *_ in ours:
        figures["ours"].append({"label": label, "checked": per_decision(label, wanted),
                                "trusted": per_decision(label, wanted, "trusted")})
    return figures


def instruction_lines(figures: dict[str, Any]) -> list[str]:
    """The table: game, k instructions per decision, ratio to OpenSpiel's mean, target."""
    peer = figures["openspiel_mean"]
    lines = ["Rules engine in instructions (callgrind), per decision (legal actions + decide, checked):",
             f"  {'game':<32} {'k instr.':>9} {'ratio':>7}  target {TARGET:.1f}x   trusted path"]
    for game in figures["ours"]:
        ratio = game["checked"] / peer
        trusted = f"{game['trusted'] / 1e3:.1f} k ({game['trusted'] / peer:.2f}x)"
        lines.append(f"  {game['label']:<32} {game['checked'] / 1e3:>9.1f} {ratio:>6.2f}x  "
                     f"{'meets ' if ratio <= TARGET else 'MISSES'}        {trusted}")
    if not figures["openspiel"]:
        lines.append(f"  OpenSpiel's pure-Python mean taken as given, not measured: {peer / 1e3:.1f} k per decision")
        return lines
    each = ", ".join(f"{name.removeprefix('python_')} {value / 1e3:.1f}" for name, value in figures["openspiel"].items())
    lines.append(f"  OpenSpiel's pure-Python games, same run: mean {peer / 1e3:.1f} k per decision ({each} k)")
    return lines


def available(peer_given: bool = False) -> str | None:
    """Why the figures cannot be counted here, else None (OpenSpiel is needed only to measure its mean)."""
    if shutil.which("valgrind") is None:
        return "valgrind is not installed (apt-get install valgrind)"
    if peer_given:
        return None
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return "OpenSpiel is not installed (`make bench` installs it: pip install -e '.[bench]')"
    return None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="our games by name (chi, court, xanadu, xi, tianxia)")
    parser.add_argument("--decisions", type=int, default=DECISIONS, help="decisions counted per figure")
    parser.add_argument("--peer", type=float, help="OpenSpiel's mean in k instructions, taken as given (not measured)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        label, count, way, marked = json.loads(args.child)
        print(sum(_play(label, count, way, marked)[marked:]))
        return 0
    if (missing := available(peer_given=bool(args.peer))) is not None:
        print(f"Rules engine in instructions: not counted ({missing})")
        return 0
    peer = args.peer * 1e3 if args.peer else None
    print("\n".join(instruction_lines(instruction_figures(args.games, args.decisions, peer))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
