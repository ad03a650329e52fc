"""examples/bot.py's heuristic: it knows no game, yet prefers what looks like a gain to waiting."""

import importlib.util
import random
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "examples" / "bot.py"


def example_bot():
    spec = importlib.util.spec_from_file_location("example_bot", BOT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_bot_mostly_prefers_an_action_that_gains_to_one_that_waits_yet_plays_either():
    bot = example_bot()
    random.seed(7)
    actions = [{"type": "pass"}, {"type": "attack", "target": "west"}, {"type": "end_turn"}]
    chosen = [bot.choose(actions)["type"] for _ in range(500)]
    assert chosen.count("attack") > 350
    assert {"pass", "end_turn"} & set(chosen), "never anything but the best: a game could go round in circles"


def test_the_example_bot_plays_the_only_legal_action():
    assert example_bot().choose([{"type": "skip_turn"}]) == {"type": "skip_turn"}
