"""Moves per second through the service on SQLite, beside the store's own floor.

The floor is a bare `eventsourcing` aggregate appending the same events (the same payloads: the
domain event, its cause and its chain hash), in the same transactions (one per move), to a SQLite
file of its own: what storing the events costs at least. Each move is appended there right after
the service made it, so that a busy machine weighs on both alike. The domain's own work for a
move (the rules deciding and folding it, and the chain hashes of its events) is timed apart.
"""

from __future__ import annotations

import tempfile
import time

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from domain.chain import link
from domain.rng import Rng
from services.compose import build
from services.log.game import decision_rng


class Tally(Aggregate):
    @event("Recorded")
    def record(self, domain_event: dict, cause: dict, chain: str) -> None:
        self.last = domain_event


class Bare(Application):
    pass


def service_moves(games: int = 20) -> dict:
    """Play `games` whole games of Chi between two people through the commands, each move then
    appended again to the floor's store."""
    with tempfile.TemporaryDirectory() as data:
        services = build({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": data})
        floor = Bare(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": f"{data}/floor.sqlite"})
        tally = Tally()
        floor.save(tally)
        moves, events_per_move, elapsed, floor_elapsed, rules_time = 0, [], 0.0, 0.0, 0.0
        for number in range(games):
            created = services.commands.create("chi", [{"name": "a"}, {"name": "b"}], seed=f"svc-{number}")
            chooser = Rng(f"svc-{number}", "chooser")
            game = services.store.game(created.id)
            while (seat := game.to_act()) is not None:
                action = chooser.choice(game.rules.legal_actions(game.state, seat))
                rules_time += pure_rules_time(game, seat, action)
                started = time.perf_counter()
                services.commands.act(created.id, seat, action, game.version)
                elapsed += time.perf_counter() - started
                move = [(e.domain_event, e.cause, e.chain) for e in services.store.stored_events(created.id, gt=game.version)]
                events_per_move.append(move)
                started = time.perf_counter()
                for domain_event, cause, chain in move:
                    tally.record(domain_event, cause, chain)
                floor.save(tally)
                floor_elapsed += time.perf_counter() - started
                moves += 1
                game = services.store.game(created.id)
        services.store.close()
        floor.close()
    return {"moves": moves, "moves_per_second": moves / elapsed, "seconds_per_move": elapsed / moves,
            "events_per_move": events_per_move, "rules_seconds_per_move": rules_time / moves,
            "floor_seconds_per_move": floor_elapsed / moves}


def pure_rules_time(game, seat: int, action: dict) -> float:
    """What this move costs the domain alone (no store): the rules decide it (its events and the
    table after them), and each of its events is hashed into the chain."""
    rules = game.rules
    cause = {"seat": seat, "action": action, "rng": f"decision:{game.version}"}
    started = time.perf_counter()
    head, version = game.head, game.version
    for happened in rules.decide(game.state, seat, action, decision_rng(game.seed, game.version)).events:
        version += 1
        head = link(game.seed, head, version, happened.to_json(), cause)
    return time.perf_counter() - started
