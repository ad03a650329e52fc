"""A replay step beside a full dispute record: what it costs with only its own disputes and
what-ifs on record, and with every seat's disputes and the spectators' what-ifs kept to their
bounds besides.

Two games alike (the same seed), through the service on SQLite in one process (the aggregate
cache warm, as on a busy server): one holds the step's own entries only, the other the same and
a full record around them. Their steps are timed in turns, so a machine busy with other work
weighs on both alike.
"""

from __future__ import annotations

import statistics
import tempfile
import time

from services.disputes import dispute_log
from services.compose import build
from services.disputes.disputes import file_dispute, record_what_if
from services.log.explain import decision_of
from services.disputes.what_if import what_if
from tests.playing import play_to_end

OWN = 10  # disputes each seat files about the step itself


def decisions(services, game) -> list[tuple[int, int]]:
    """Each step a seat decided on, with the seat."""
    found, step = [], 2
    while step <= game.version:
        decided_on, cause, events = decision_of(services.store, game, step)
        if "seat" in cause and "action" in cause:
            found.append((decided_on, cause["seat"]))
        step = events[-1].originator_version + 1
    return found


def dispute_record_figures(repeat: int = 50) -> dict:
    with tempfile.TemporaryDirectory() as data:
        services = build({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": data})
        games = []
        for _ in range(2):
            created = services.commands.create("chi", [{"name": "a"}, {"name": "b"}], seed="bench-disputes")
            play_to_end(services, created.id, seed="bench-disputes")
            games.append(services.store.game(created.id))
        taken = decisions(services, games[0])
        asked_on = taken[len(taken) // 3][0]
        step = asked_on + 1  # the first step of that decision: its what-ifs and its disputes show there

        def ask(game, decided_on: int, seat: int, count: int) -> int:
            then = services.store.game(game.id, version=decided_on)
            legal = then.rules.legal_actions(then.state, seat)[:count]
            for other in legal:
                record_what_if(services.store, game.id, what_if(services.store, game, decided_on, other, None))
            return len(legal)

        for game in games:
            for seat in (0, 1):
                for _ in range(OWN):
                    file_dispute(services.store, game.id, seat, step, "x" * 2000)
            asked = ask(game, asked_on, dict(taken)[asked_on], 3)
        alone, full = games
        for seat in (0, 1):  # the rest of the record, up to its bounds
            for number in range(dispute_log.MAX_DISPUTES - OWN):
                about = 2 + (number * 7) % (full.version - 1)
                file_dispute(services.store, full.id, seat, about if about != step else 2, "x" * 2000)
        for decided_on, seat in taken:
            if decided_on != asked_on and asked < dispute_log.MAX_WHAT_IFS:
                asked += ask(full, decided_on, seat, min(3, dispute_log.MAX_WHAT_IFS - asked))
        samples: dict[str, list[float]] = {"alone": [], "full": []}
        for _ in range(repeat):
            for name, game in (("alone", alone), ("full", full)):
                started = time.perf_counter()
                services.queries.replay_step(game.id, step, None)
                samples[name].append(time.perf_counter() - started)
        shown = services.queries.replay_step(full.id, step, None)
        services.store.close()
    return {"alone": statistics.median(samples["alone"]), "full": statistics.median(samples["full"]),
            "disputes": 2 * dispute_log.MAX_DISPUTES, "what_ifs": asked, "step_disputes": shown["disputes_total"],
            "step_what_ifs": shown["what_ifs_total"]}


def report(figures: dict) -> list[str]:
    ratio = figures["full"] / figures["alone"]
    verdict = "meets" if ratio <= 1.5 else "MISSES"
    return [f"Replay step with {figures['step_disputes']} disputes and {figures['step_what_ifs']} what-ifs of its "
            f"own: {figures['alone'] * 1e3:.2f} ms with nothing else on record, {figures['full'] * 1e3:.2f} ms beside "
            f"a full record ({figures['disputes']} disputes of 2 KB, {figures['what_ifs']} what-ifs) ({ratio:.2f}x; "
            f"target at most 1.5x: {verdict})"]
