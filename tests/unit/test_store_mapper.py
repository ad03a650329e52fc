"""A save's recorded events are stored byte for byte as the library's own mapper stores them,
whether they share a cause (one decision) or not, beside the events it stores its own way."""

from __future__ import annotations

from datetime import datetime, timezone
from uuid import uuid4

from eventsourcing.persistence import Mapper

from services.log.game import Game
from services.log.store import GameStore

CAUSE = {"seat": 0, "action": {"type": "draw", "slot": 2, "note": "ünï \"quoted\""}, "rng": "decision:9",
         "at": "2026-11-28T05:19:01Z"}


def recorded(game_id, version: int, cause: dict, **data) -> Game.Recorded:
    return Game.Recorded(originator_id=game_id, originator_version=version,
                         timestamp=datetime(2026, 11, 28, 5, 19, 1, version, tzinfo=timezone.utc),
                         domain_event={"type": "drew", "rule": "x.draw", "data": data, "private": {"cards": ["红"]},
                                       "private_to": 0, "secret": {}},
                         cause=cause, chain=f"{version:064x}")


def test_recorded_events_are_stored_as_the_librarys_mapper_stores_them():
    store = GameStore({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    game = Game(game="chi", rules_version="1", seats=[{"name": "a"}, {"name": "b"}], options={}, seed="s",
                seed_commitment="c")
    created = game.collect_events()
    other_id = uuid4()
    events = [*created, recorded(game.id, 2, CAUSE, n=1), recorded(game.id, 3, CAUSE, n=2.5),
              recorded(other_id, 4, dict(CAUSE, seat=1), n=None), recorded(game.id, 5, {"setup": True}, n=[])]
    library = Mapper(transcoder=store.mapper.transcoder)

    assert store.mapper.to_stored_events(events) == [library.to_stored_event(event) for event in events]


def test_the_store_saves_through_the_batch_mapper():
    store = GameStore({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    game = Game(game="chi", rules_version="1", seats=[{"name": "a"}, {"name": "b"}], options={}, seed="s",
                seed_commitment="c")
    game.record(domain_event={"type": "t", "rule": "r", "data": {}, "private": {}, "private_to": None, "secret": {}},
                cause=CAUSE, chain="0" * 64)
    store.save(game)

    stored = store.stored_events(game.id)
    assert [event.chain for event in stored[1:]] == ["0" * 64]
    assert stored[1].cause == CAUSE
