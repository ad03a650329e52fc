"""Bot tournaments: for each game that has tournaments, one tournament of its built-in bots at
several strengths, organised and run through the services as `chronicle tournament bots` runs
one (cli/bot_tournament.py), each in a store of its own in a scratch folder, bots playing in the
process; its crosstable and each bot's rating change (docs/tournaments.md, "Bot tournaments").

The tournaments run side by side in `workers` processes. A tournament's seed and its games' seeds
are drawn afresh each run, so the figures differ from run to run; a bot's rating starts as a
newcomer's in each. Alone: `python -m bench.bot_tournaments`.
"""

from __future__ import annotations

import sys
import tempfile
import time
from typing import Any

from bench.pool import played

# Each game's field and size, chosen to finish within half an hour on a busy two-core machine:
# the search bot at strengths 1 to 3 (a quarter, half and the whole of the game's own budget),
# but at Tianxia's slow tables 1 and 2. The Court is played alone: it has no tournaments.
PLAN: list[dict[str, Any]] = [
    {"game": "chi", "bots": "random,greedy,search:1,search:2,search:3", "rounds": 4},
    {"game": "xi", "bots": "random,general,search:1,search:2,search:3", "rounds": 4, "format": "swiss"},
    {"game": "tianxia", "bots": "random,steward,search:1,search:2", "rounds": 3},
    {"game": "xanadu", "bots": "random,builder,search:1,search:2,search:3", "rounds": 3},
]


def one_tournament(plan: dict[str, Any]) -> dict[str, Any]:
    """Run one planned tournament in a scratch store; its report's lines and how long it took."""
    import logging

    from cli.bot_tournament import bot_list, leaderboards_of, report, run_bot_tournament, tournament_body
    from services.compose import build

    logging.basicConfig(level=logging.WARNING)
    with tempfile.TemporaryDirectory(prefix=f"bot-tournament-{plan['game']}-") as folder:
        services = build({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": folder,
                          "CHRONICLE_BOTS": "inprocess", "CHRONICLE_LIMITS": "off"})
        body = tournament_body(plan["game"], bot_list(plan["bots"]), plan["rounds"], plan.get("format"))
        started = time.perf_counter()
        result = run_bot_tournament(services, leaderboards_of(services), body)
        seconds = time.perf_counter() - started
        services.store.close()
    return {"game": plan["game"], "seconds": seconds, "lines": report(result),
            "best": result.tournament["standings"][0]["player"],
            "changes": [(c.name, c.change) for c in result.changes], "recorded": result.recorded}


def bot_tournament_figures(plan: list[dict[str, Any]] = PLAN, workers: int = 2) -> list[dict[str, Any]]:
    return played(one_tournament, plan, workers)


def report_lines(figures: list[dict[str, Any]]) -> list[str]:
    lines = ["Bot tournaments (one per game, the built-in bots at several strengths; docs/tournaments.md):"]
    for each in figures:
        lines += ["", *each["lines"], f"({each['seconds']:.0f} s)"]
    return lines


if __name__ == "__main__":
    print("\n".join(report_lines(bot_tournament_figures())), flush=True)
    sys.exit(0)
