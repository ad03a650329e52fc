"""The search's peer: OpenSpiel's own `MCTSBot` on its pure-Python block dominoes, its
simulations (one random rollout each) a second of CPU, on the machine and in the run that
measures ours. Issue 32 counted 3,405 a second beside its own figures of the search bots'
playouts; the ratio of this run's count to that one carries its targets to another machine, as
the rules engine's ratio to OpenSpiel's games does for the rules' targets.

    python -m bench.mcts_peer
"""

from __future__ import annotations

import random
import time

ISSUE_RUN = 3405  # MCTSBot's simulations a second on block dominoes in issue 32's run
SIMULATIONS = 100  # per decision
DECISIONS = 20  # decisions searched, over as many games as it takes


def mcts_simulations_per_second(decisions: int = DECISIONS, simulations: int = SIMULATIONS,
                                seed: int = 32) -> float | None:
    """MCTSBot's simulations a second of CPU at the decisions of seeded games of block dominoes
    (UCT constant 2, one random rollout a leaf, no solving), or None when open_spiel is not installed."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python import games  # noqa: F401 (registers the python_* games)
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return None
    game = pyspiel.load_game("python_block_dominoes")
    chance = random.Random(seed)
    bot = mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                       solve=False, random_state=np.random.RandomState(seed))
    spent, searched = 0.0, 0
    while searched < decisions:
        state = game.new_initial_state()
        while not state.is_terminal() and searched < decisions:
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                state.apply_action(chance.choices(outcomes, weights)[0])
                continue
            started = time.process_time()
            action = bot.step(state)
            spent, searched = spent + time.process_time() - started, searched + 1
            state.apply_action(action)
    return searched * simulations / spent


def machine_scale(measured: float | None) -> float:
    """How many of issue 32's playouts this machine makes for one there (1 without the peer)."""
    return 1.0 if measured is None else measured / ISSUE_RUN


if __name__ == "__main__":
    rate = mcts_simulations_per_second()
    print("OpenSpiel is not installed (pip install -e '.[bench]')" if rate is None else
          f"OpenSpiel's MCTSBot on block dominoes: {rate:.0f} simulations/s "
          f"({machine_scale(rate):.2f}x issue 32's run)")
