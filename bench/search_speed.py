"""How fast each game's search bot thinks: its playouts per second of CPU, and what one rules step
inside its search costs beside a decision of a random playout (bench.engine's measure).

The positions searched are those of one seeded game played by the search's own playout bot (the
random bot where it has none), every decision with a choice to make, up to `positions` of them; the
search bot is the game's own, at its own budget. A rules step is one of the search's moves on a
dealt table (the decision, the rules' own turns after it, and the view and choice of the playout
bot that made it): the whole thinking time divided by the steps taken; beside it, a step of a
random playout (legal actions, a checked decision, the rules' turns after it). Both in CPU time.

    python -m bench.search_speed            # every game
    python -m bench.search_speed tianxia    # one
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Mapping

from bench.mcts_peer import ISSUE_RUN, machine_scale, mcts_simulations_per_second
from domain import registry, rules_turns
from domain.rng import Rng
from domain.search import SearchBot

# The playouts per second of the run issue 32 set its targets in, and the target: 3x as many, on a
# machine as fast as that run's (bench.mcts_peer scales them to this one's).
TODAY = {"chi": 1131, "court": 535, "xanadu": 514, "xi": 203, "tianxia": 197}
SPEED_UP = 3.0
STEP_RATIO = 1.5  # a rules step inside the search at most 1.5x a random playout's decision


def step_verdict(ratio: float) -> str:
    """A search step's ratio to a random playout's, against the target, as every bench prints it."""
    return f"{ratio:.1f}x; target at most {STEP_RATIO}x: {'meets' if ratio <= STEP_RATIO else 'MISSES'}"
TABLES = {"chi": (2, {}), "court": (1, {}), "xanadu": (2, {}), "xi": (2, {}), "tianxia": (1, {"difficulty": "hard"})}


class CountingSearch(SearchBot):
    """The game's search bot, counting the rules steps it takes."""

    steps = 0

    def _step(self, state: Any, seat: int, action: Any, rng: Rng, trusted: bool = False) -> Any:
        self.steps += 1
        return super()._step(state, seat, action, rng, trusted)


def positions(rules: Any, seats: int, options: Mapping[str, Any], count: int, seed: str = "search-speed") -> list:
    """Up to `count` (view, legal) pairs of one game played by the search's playout bot, each a real choice."""
    own = rules.bots["search"]
    player = rules.bots[own.budget.playout_bot or "random"]
    state = rules.setup(seats, rules.new_game_options(options), Rng(seed, "setup")).state
    found = []
    for number in range(5000):
        if (played := rules_turns.play_due(rules, state, Rng(seed, f"decision:{number}"))) is None:
            seat = rules.to_act(state)
            if seat is None or len(found) >= count:
                break
            view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
            if len(legal) > 1 and legal[0]["type"] not in own.budget.left_to_bot:
                found.append((view, legal))
            played = rules.decide(state, seat, player.choose(view, legal, Rng(seed, f"bot:{number}")),
                                  Rng(seed, f"decision:{number}"))
        state = played.state
    return found


def random_playout(rules: Any, seats: int, options: Mapping[str, Any], seed: str) -> tuple[float, int]:
    """One game of random legal actions, each step as the search takes one (the seat's legal
    actions, its decision, the rules' own turns after it): CPU seconds after the deal, and steps."""
    state = rules.setup(seats, rules.new_game_options(options), Rng(seed, "setup")).state
    chooser, rng = Rng(seed, "player"), Rng(seed, "rules")
    started, steps = time.process_time(), 0
    while (played := rules_turns.play_due(rules, state, rng)) is not None:
        state = played.state
    while (seat := rules.to_act(state)) is not None and steps < 5000:
        state = rules.decide(state, seat, chooser.choice(rules.legal_actions(state, seat)), rng).state
        while (played := rules_turns.play_due(rules, state, rng)) is not None:
            state = played.state
        steps += 1
    return time.process_time() - started, steps


def search_speed(game: str, count: int = 8) -> dict:
    """The game's search bot over `count` positions: playouts a second (CPU), seconds a rules step,
    and a random playout's seconds a decision on the same table."""
    rules = registry.get(game)
    seats, options = TABLES[game]
    found = positions(rules, seats, options, count)
    own = rules.bots["search"]
    bot = CountingSearch(rules, own.budget)
    started = time.process_time()
    for number, (view, legal) in enumerate(found):
        bot.choose(view, legal, Rng("search-speed", f"choice:{number}"))
    spent = time.process_time() - started
    random_spent = random_steps = 0
    for number in range(3):
        took, steps = random_playout(rules, seats, options, f"search-speed-{number}")
        random_spent, random_steps = random_spent + took, random_steps + steps
    return {"decisions": len(found), "playouts_per_second": len(found) * own.budget.playouts / spent,
            "step": spent / bot.steps, "random_step": random_spent / random_steps,
            "thinking": spent / len(found)}


def lines(games: list[str]) -> list[str]:
    peer = mcts_simulations_per_second()
    scale = machine_scale(peer)
    out = ["Search bots' speed (CPU), each over the positions of one game of its playout bot; "
           + ("OpenSpiel not installed: the targets as in issue 32's run" if peer is None else
              f"their peer, OpenSpiel's MCTSBot on block dominoes, {peer:.0f} simulations/s here against "
              f"{ISSUE_RUN} in issue 32's run, so this machine's targets are {scale:.2f}x that run's:")]
    for game in games:
        figures = search_speed(game)
        rate, target = figures["playouts_per_second"], SPEED_UP * TODAY[game] * scale
        ratio = figures["step"] / figures["random_step"]
        out.append(
            f"  {registry.get(game).title}: {rate:.0f} playouts/s over {figures['decisions']} decisions "
            f"({figures['thinking'] * 1e3:.0f} ms each; {TODAY[game]}/s in issue 32's run, {TODAY[game] * scale:.0f} "
            f"here; target 3x, at least {target:.0f}: {'meets' if rate >= target else 'MISSES'}); a rules step "
            f"inside the search "
            f"{figures['step'] * 1e6:.0f} µs, a random playout's decision {figures['random_step'] * 1e6:.0f} µs "
            f"({step_verdict(ratio)})")
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.search_speed", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help=f"among {', '.join(TABLES)} (all when none is named)")
    games = parser.parse_args().games or list(TABLES)
    if unknown := [game for game in games if game not in TABLES]:
        parser.error(f"no search bot measured for {', '.join(unknown)}")
    print("\n".join(lines(games)), flush=True)
