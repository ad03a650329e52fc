"""The store the read-model benchmark reads: 5,000 games of one player's, and one game of 100,000 events.

The games are created through the commands, as a client's would be: a third of them with a clock,
a third moved on once, a sixth resigned. The long game is a real game of Chi whose players only
draw and discard (the deck is reshuffled from the discard pile, so it never ends), decided by the
rules and recorded in memory, then saved in large transactions with a snapshot every
SNAPSHOT_INTERVAL versions, as the service's own saves leave them; it ends with a resignation
through the commands, so that it can be exported.
"""

from __future__ import annotations

from typing import Any

from domain import clock
from domain.rng import Rng
from services.compose import Services
from services.log.game import decision_rng
from services.log.store import SNAPSHOT_INTERVAL

SAVE_EVERY = 5_000  # events saved in one transaction while the long game is written
AT = "2026-01-01T00:00:00Z"  # the time the long game's decisions are recorded at


def player_games(services: Services, count: int, progress=lambda done: None) -> dict[str, Any]:
    """`count` games of Chi for one player, ana, against bo (a seat taken by name)."""
    ana = services.commands.players.register("ana")
    commands = services.commands
    for number in range(count):
        timed = {"per_decision": "P1D", "on_timeout": "forfeit"} if number % 3 == 0 else None
        created = commands.create("chi", [{"player": ana["id"]}, {"name": "bo"}], seed=f"read-{number}",
                                  host_key=ana["key"], clock=timed)
        if number % 6 == 1:
            game = services.store.game(created.id)
            commands.act(created.id, 1, {"type": "resign"}, game.version)
        elif number % 3 == 2:
            game = services.store.game(created.id)
            seat = game.to_act()
            commands.act(created.id, seat, game.rules.legal_actions(game.state, seat)[0], game.version)
        progress(number + 1)
    return ana


def stalling(action: dict[str, Any]) -> bool:
    return action["type"] in ("draw", "discard")


def long_game(services: Services, events: int, progress=lambda done: None) -> dict[str, Any]:
    """A game of Chi of at least `events` events, finished; its id and its seats' tokens."""
    created = services.commands.create("chi", [{"name": "a"}, {"name": "b"}], seed="read-long")
    store = services.store
    game = store.game(created.id)
    chooser = Rng("read-long", "chooser")
    snapshots = []
    while game.version < events:
        seat = game.to_act()
        legal = game.rules.legal_actions(game.state, seat)
        action = chooser.choice([a for a in legal if stalling(a)] or legal)
        cause = {"seat": seat, "action": action, "rng": f"decision:{game.version}", "at": AT}
        before = game.version
        game.record_decision(clock.decision_events(game.rules, game.state, cause, decision_rng(game.seed, game.version)),
                             cause)
        if before // SNAPSHOT_INTERVAL != game.version // SNAPSHOT_INTERVAL:
            snapshots.append(store.snapshot(game))
        if len(game.pending_events) >= SAVE_EVERY:
            store.save(game)
            store.snapshots.put(snapshots)
            snapshots = []
            progress(game.version)
    store.save(game)
    store.snapshots.put(snapshots)
    if store.repository.cache is not None:  # the cached game would otherwise fold every new event
        store.repository.cache.put(game.id, game)
    game = store.game(created.id)
    services.commands.act(created.id, game.to_act(), {"type": "resign"}, game.version)
    return {"id": created.id, "tokens": {token["seat"]: token["token"] for token in created.tokens}}
