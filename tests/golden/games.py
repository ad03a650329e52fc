"""The seeded games the golden file pins, played through the service exactly as a user's would be.

Each game is played on an in-memory store with a clock that never moves: people's seats by a
seeded random player choosing among the legal actions, bots' seats by the service's own bots. What
is kept of a game is what must never change for the same seeds: the SHA-256 of every recorded
domain event's canonical JSON, the chain's head and the audit's verdict.
"""

from __future__ import annotations

from typing import Any, Iterator

from domain import registry
from domain.canonical import sha256_of
from domain.errors import IllegalAction
from domain.rng import Rng
from services.disputes.audit import audit_game
from services.compose import build
from tests.clocks import FakeClock

MEMORY = {"PERSISTENCE_MODULE": "eventsourcing.popo"}
SEEDS = ("golden-1", "golden-2", "golden-3")
TAKE_BACK = {"type": "take_back"}
TAKEBACK_EVERY = 3  # in the games that take back, a person tries after every third decision


def configurations() -> Iterator[dict[str, Any]]:
    """Every game, seat count and variant pinned, each played by people and by each of its bots."""
    # Xanadu's games are made with the newest edition of its deck (the service records it); the
    # first edition, which every Xanadu game stored before editions plays, is pinned as well. So are
    # Xi's tables with and without the standing rule a new table deals every seat in with.
    tables = [("chi", 2, {}), ("court", 1, {}), ("court", 1, {"advanced": True}),
              ("xanadu", 2, {}), ("xanadu", 3, {}), ("xanadu", 4, {}),
              ("xanadu", 2, {"edition": 1}), ("xanadu", 4, {"edition": 1}),
              ("xi", 2, {"pass_when_unable": True}), ("xi", 2, {"pass_when_unable": False}),
              ("tianxia", 1, {"difficulty": "emperor"}), ("tianxia", 2, {})]
    searched = set()  # a searching game is slow: one seed of each game's first table pins it, one seat searching
    for game, seats, options in tables:
        rules = registry.get(game)
        for player in ("people", *sorted(rules.bots)):
            if player == "search":
                if game in searched:
                    continue
                searched.add(game)
            for seed in SEEDS if player != "search" else SEEDS[:1]:
                yield {"game": game, "seats": seats, "options": options, "player": player, "seed": seed}
    # A takeback carries the whole table it restores: pin how a state is written into an event.
    for seed in SEEDS:
        yield {"game": "chi", "seats": 2, "options": {}, "player": "people", "seed": seed, "takebacks": True}
    # A sandbox game laid out from a scenario, as a dispute would be.
    for game in ("chi", "xi", "tianxia"):
        yield {"game": game, "seats": 2 if game != "tianxia" else 1, "options": {}, "player": "people", "seed": "golden-scenario",
               "scenario": registry.get(game).scenario_example}


def name_of(config: dict[str, Any]) -> str:
    """A readable key: game, seats, variant (an option set true by its name, another as name-value),
    player, seed."""
    variant = sorted(key if value is True else f"{key}-{value}" for key, value in config["options"].items() if value)
    parts = [config["game"], f"{config['seats']}-seats", *variant,
             config["player"], *(["takebacks"] if config.get("takebacks") else []),
             *(["scenario"] if config.get("scenario") else []), config["seed"]]
    return "/".join(parts)


def play(config: dict[str, Any]) -> dict[str, Any]:
    """Play one configuration to its end; what the golden file keeps of it."""
    services = build(MEMORY)
    services.commands.clock = FakeClock()
    if config["player"] == "people":
        seats = [{"name": f"p{seat}"} for seat in range(config["seats"])]
    elif config["player"] == "search":  # slow: one seat, at its quickest, beside people
        seats = [{"bot": "search", "strength": 1}] + [{"name": f"p{seat}"} for seat in range(1, config["seats"])]
    else:
        seats = [{"bot": config["player"]} for _ in range(config["seats"])]
    created = services.commands.create(config["game"], seats, seed=config["seed"], options=dict(config["options"]),
                                       scenario=config.get("scenario"))
    chooser = Rng(config["seed"], "golden-player")
    decisions, last_seat = 0, None
    while (game := services.store.game(created.id)).to_act() is not None:
        assert decisions < 5000, f"{name_of(config)} did not end"
        if config.get("takebacks") and decisions % TAKEBACK_EVERY == TAKEBACK_EVERY - 1:
            try:  # the seat that decided last takes it back, when the rules let it
                services.commands.act(created.id, last_seat, TAKE_BACK, game.version)
                decisions += 1
                continue
            except IllegalAction:
                pass
        seat = game.to_act()
        action = chooser.choice(game.rules.legal_actions(game.state, seat))
        services.commands.act(created.id, seat, action, game.version)
        decisions, last_seat = decisions + 1, seat
    stored = services.store.stored_events(created.id)[1:]
    report = audit_game(services.store, created.id)
    return {
        "events": [sha256_of(event.domain_event) for event in stored],
        "head": report["head"],
        "verified": report["verified"],
    }
