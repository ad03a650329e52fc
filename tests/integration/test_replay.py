"""Replays: each step's table is the game as it stood at that version, cheaply reached."""

from eventsourcing.application import project_aggregate

from services.log.presenting import present_game
from services.log.store import SNAPSHOT_INTERVAL
from tests.playing import play_to_end
from tests.secrecy import assert_learns_nothing_secret, leaves, private_facts_of


def test_every_replay_step_shows_the_table_as_it_stood_at_that_version(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="replay")
    tables = {}
    game = services.store.game(created.id)
    tables[game.version] = present_game(game, None, reveal=True)["table"]
    from domain.rng import Rng

    rng = Rng("replay", "test")
    while not game.finished:
        seat = game.to_act()
        services.commands.act(created.id, seat, rng.choice(game.rules.legal_actions(game.state, seat)), game.version)
        game = services.store.game(created.id)
        tables[game.version] = present_game(game, None, reveal=True)["table"]
    for version, table in tables.items():
        step = services.queries.replay_step(created.id, version, None)
        assert step["table"]["table"] == table
        assert step["version"] == version


def test_the_replay_lists_one_step_per_version_starting_with_the_creation(services):
    created = services.commands.create("chi", [{"bot": "random"}, {"bot": "random"}], seed="steps")
    steps, after = [], 0
    while after is not None:  # a page at a time, each starting where the one before ended
        replay = services.queries.replay(created.id, None, after=after)
        steps += replay["steps"]
        after = replay["next_after"]
    assert [s["step"] for s in steps] == list(range(1, replay["version"] + 1))
    assert replay["version"] > 100, "a game of more than one page"
    assert steps[0]["type"] == "game_created"
    assert all(s["rule"] and s["description"] for s in steps)


def test_long_games_are_snapshotted_so_a_late_step_does_not_replay_from_the_start(services):
    created = services.commands.create("chi", [{"bot": "random"}, {"bot": "random"}], seed="snap")
    game = services.store.game(created.id)
    snapshotted = [0] + [s.originator_version for s in services.store.snapshots.get(created.id)] + [game.version]
    assert game.version >= 2 * SNAPSHOT_INTERVAL
    gaps = [later - earlier for earlier, later in zip(snapshotted, snapshotted[1:])]
    most_events_a_move = 12
    assert max(gaps) < SNAPSHOT_INTERVAL + most_events_a_move, gaps


def test_a_game_loaded_from_its_snapshot_equals_the_game_folded_from_every_event(services):
    created = services.commands.create("chi", [{"bot": "random"}, {"bot": "greedy"}], seed="fold")
    snapshot = list(services.store.snapshots.get(created.id))[-1]
    version = snapshot.originator_version
    from_snapshot = services.store.game(created.id, version=version + 3)
    folded = project_aggregate(None, services.store.events.get(created.id, lte=version + 3))
    assert from_snapshot.version == folded.version == version + 3
    assert from_snapshot.state == folded.state


def test_no_step_of_a_running_game_shows_a_seat_the_other_hand_or_the_deck(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="hide-the-hands")
    play_some(services, created.id, decisions=30)
    token = created.tokens[0]["token"]
    own = private_facts_of(0, services.store.stored_events(created.id))
    last = services.store.game(created.id).version
    public = leaves(services.queries.events(created.id, None))
    for step in range(1, last + 1):
        ana = services.queries.replay_step(created.id, step, token)
        spectator = services.queries.replay_step(created.id, step, None)
        assert ana["table"]["you"] == 0 and "seed" not in ana["table"]
        assert_learns_nothing_secret(ana, public | leaves(spectator), own)


def play_some(services, game_id, decisions):
    from domain.rng import Rng

    rng = Rng("some", "test")
    for _ in range(decisions):
        game = services.store.game(game_id)
        seat = game.to_act()
        if seat is None:
            return
        services.commands.act(game_id, seat, rng.choice(game.rules.legal_actions(game.state, seat)), game.version)


def test_the_seed_is_revealed_once_the_game_is_over(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"bot": "random"}], seed="reveal-me")
    token = created.tokens[0]["token"]
    assert "seed" not in services.queries.table(created.id, token)
    play_to_end(services, created.id)
    finished = services.queries.table(created.id, None)
    assert finished["seed"] == "reveal-me"
    assert finished["outcome"] is not None


def test_a_replay_step_shows_the_game_at_that_step_as_the_store_rebuilds_it_takebacks_included(services):
    """A step's answer builds the game at the step from the one its decision was taken on: the same
    version, time of its last event, status, seats and table as the store's own rebuild gives."""
    from domain.errors import IllegalAction
    from domain.rng import Rng

    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="replay-whole")
    rng, took_back = Rng("replay-whole", "test"), 0
    while not (game := services.store.game(created.id)).finished:
        seat = game.to_act()
        if game.version % 5 == 0:
            try:
                services.commands.act(created.id, 1 - seat, {"type": "take_back"}, game.version)
                took_back += 1
                continue
            except IllegalAction:
                pass
        services.commands.act(created.id, seat, rng.choice(game.rules.legal_actions(game.state, seat)), game.version)
    assert took_back, "the game holds takebacks"
    for version in range(1, game.version + 1):
        rebuilt = present_game(services.store.game(created.id, version=version), None, reveal=True)
        assert services.queries.replay_step(created.id, version, None)["table"] == rebuilt, f"step {version}"
