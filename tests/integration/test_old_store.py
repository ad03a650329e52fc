"""A store written before the game aggregate's version 2 and the lean rules states still loads:
its snapshots (the old aggregate's shape, the old states' JSON) give the same games as folding
their events from the start, and its running games play on.

The store (tests/fixtures/store-before-lean-states.sqlite.gz) was written by the service as it
was then: tests/fixtures/make_old_store.py says how.
"""

from __future__ import annotations

import gzip
import shutil
import sqlite3
from pathlib import Path

import pytest
from eventsourcing.application import project_aggregate

from domain.rng import Rng
from services.disputes.audit import audit_game
from services.compose import build
from services.log.store import SNAPSHOT_INTERVAL

FIXTURE = Path(__file__).parent.parent / "fixtures" / "store-before-lean-states.sqlite.gz"


@pytest.fixture
def old_store(tmp_path):
    path = tmp_path / "events.sqlite"
    with gzip.open(FIXTURE) as packed, path.open("wb") as unpacked:
        shutil.copyfileobj(packed, unpacked)
    with sqlite3.connect(path) as connection:
        ids = [row[0] for row in connection.execute(
            "SELECT originator_id FROM stored_events WHERE topic LIKE '%Game.Created' ORDER BY rowid")]
        snapshotted = {row[0] for row in connection.execute("SELECT originator_id FROM stored_snapshots")}
    services = build({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path),
                      "CHRONICLE_DATA": str(tmp_path)})
    from uuid import UUID

    return services, [UUID(game_id) for game_id in ids], {UUID(game_id) for game_id in snapshotted}


def test_the_old_store_holds_snapshotted_games_of_every_kind_running_and_finished(old_store):
    services, ids, snapshotted = old_store
    games = [services.store.game(game_id) for game_id in ids]
    assert {game.game for game in games} == {"chi", "court", "xanadu"}
    assert any(game.finished for game in games) and any(not game.finished for game in games)
    assert set(ids) == snapshotted


def test_every_game_loads_from_its_old_snapshots_as_its_events_fold(old_store):
    services, ids, _ = old_store
    for game_id in ids:
        from_events = project_aggregate(None, services.store.events.get(game_id))
        loaded = services.store.game(game_id)
        assert loaded.version == from_events.version
        assert loaded.state == from_events.state and loaded.finished == from_events.finished
        assert loaded.head == from_events.head
        # A version just past a snapshot: the snapshot and the events after it.
        between = SNAPSHOT_INTERVAL + 3
        then = services.store.game(game_id, version=between)
        assert then.state == project_aggregate(None, services.store.events.get(game_id, lte=between)).state
        view = loaded.rules.view(loaded.state, None)
        assert view == from_events.rules.view(from_events.state, None)


def test_the_old_games_play_on_and_the_finished_ones_audit(old_store):
    services, ids, _ = old_store
    chooser = Rng("old-store", "playing-on")
    for game_id in ids:
        game = services.store.game(game_id)
        if game.finished:
            assert audit_game(services.store, game_id)["verified"]
            continue
        for _ in range(5):
            seat = game.to_act()
            services.commands.act(game_id, seat, chooser.choice(game.rules.legal_actions(game.state, seat)), game.version)
            game = services.store.game(game_id)
        assert game.state == project_aggregate(None, services.store.events.get(game_id)).state


def test_the_old_xanadu_game_keeps_the_first_edition_of_the_deck_and_audits_as_its_version(old_store):
    from domain.audit import audit
    from domain.xanadu.cards import FIRST_EDITION
    from domain.xanadu.table import cards_of
    from services.disputes.audit import records_of
    from tests.playing import play_to_end

    services, ids, _ = old_store
    game = next(services.store.game(game_id) for game_id in ids if services.store.game(game_id).game == "xanadu")
    assert game.rules_version == "1" and "edition" not in game.options and game.rules.version != "1"
    assert game.state.edition == FIRST_EDITION
    in_play = [building["card"] for owned in game.state.buildings for building in owned]
    assert in_play
    for card in in_play:  # a Favor, if any, on the top row only: the deck the game was dealt
        rows = cards_of(game.state)[card].rows
        assert all(row.favor is None for row in rows[:-1])
    assert audit(game.header(), game.seed, records_of(services.store, game)).verified
    play_to_end(services, game.id, seed="old-xanadu")
    finished = services.store.game(game.id)
    assert finished.finished and finished.state.edition == FIRST_EDITION
    assert audit_game(services.store, game.id)["verified"]


def test_a_new_xanadu_game_records_the_newest_edition_and_one_may_be_made_with_the_first(old_store):
    from domain.xanadu.cards import FIRST_EDITION, LATEST_EDITION
    from domain.xanadu.table import cards_of
    from tests.playing import play_to_end

    services, _, _ = old_store
    for options, edition in (({}, LATEST_EDITION), ({"edition": FIRST_EDITION}, FIRST_EDITION)):
        created = services.commands.create("xanadu", [{"name": "a"}, {"name": "b"}], seed="editions", options=options)
        game = services.store.game(created.id)
        assert game.options == {"edition": edition} and game.rules_version == game.rules.version
        hand = game.state.hands[0] + game.state.hands[1]
        lower = [card for card in hand if any(row.favor for row in cards_of(game.state)[card].rows[:-1])]
        assert bool(lower) == (edition != FIRST_EDITION)
        play_to_end(services, created.id, seed="editions")
        assert audit_game(services.store, created.id)["verified"]


def test_a_fork_of_a_xanadu_game_plays_on_with_the_deck_the_game_was_dealt(old_store):
    from domain.errors import RulesError
    from domain.xanadu.cards import FIRST_EDITION, LATEST_EDITION
    from services.log.explain import decision_of
    from tests.playing import play_to_end

    services, ids, _ = old_store
    old = next(game_id for game_id in ids if services.store.game(game_id).game == "xanadu")
    play_to_end(services, old, seed="old-xanadu-fork")
    new = services.commands.create("xanadu", [{"name": "a"}, {"name": "b"}], seed="fork-edition").id
    play_to_end(services, new, seed="fork-edition")
    for game_id, edition in ((old, FIRST_EDITION), (new, LATEST_EDITION)):
        game = services.store.game(game_id)
        fork = None
        for step in range(game.version - 1, 1, -1):  # the last start of a turn a fork can take
            if decision_of(services.store, game, step + 1)[0] != step:
                continue
            try:
                fork = services.commands.fork(game_id, step)
                break
            except RulesError:  # the middle of a turn: that refusal is tested with the scenarios
                continue
        assert fork is not None
        forked = services.store.game(fork.id)
        assert forked.options["edition"] == edition and forked.state.edition == edition
        play_to_end(services, fork.id, seed="fork-edition")
        assert audit_game(services.store, fork.id)["verified"]
