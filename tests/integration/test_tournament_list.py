"""The tournament list read model: caught up from the log's tournament events, a batch at a time,
to the same rows as a rebuild from zero gives; a read brings only a few tournaments up to date
and the runner the rest; and the games played between tournaments' events never lengthen a
read's look for news."""

from __future__ import annotations

import time

from projections.database import ProjectionDatabase
from projections.game_list import GameList
from projections.runner import ProjectionRunner
from projections.tournament_list import LONG_LOOK, READ_TOURNAMENTS, TournamentList

DAY = {"per_decision": "P1D", "on_timeout": "forfeit"}


def register(services, *names):
    players = services.commands.players
    return [players.get(players.register(name)["id"]) for name in names]


def organise(services, organiser, **settings):
    body = {"game": "chi", "format": "swiss", "rounds": 2, "clock": DAY, **settings}
    return services.commands.tournaments.organise(organiser, body)


def everything(tournaments: TournamentList) -> tuple[list[dict], dict[str, int]]:
    """Every row of the list, and its totals under each filter the tests use."""
    rows = tournaments.page(limit=500).rows
    totals = {key: tournaments.total(key) for key in ("tournaments", "tournaments:status=open",
                                                      "tournaments:status=running", "tournaments:status=finished",
                                                      "tournaments:game=chi", "tournaments:status=finished:game=xi")}
    return rows, totals


def test_caught_up_step_by_step_or_rebuilt_from_zero_the_list_has_the_same_rows(services):
    ana, bo, cy = register(services, "ana", "bo", "cy")
    tournaments = services.commands.tournaments
    live = TournamentList(services.store, ProjectionDatabase(":memory:"))

    opened = organise(services, ana, rounds=3)
    live.catch_up()
    tournaments.join(opened["id"], bo)
    tournaments.join(opened["id"], cy)
    live.catch_up()
    tournaments.withdraw(opened["id"], cy)  # before round one: out of the field
    running = organise(services, ana, bots=[{"bot": "random"}])
    tournaments.join(running["id"], bo)
    live.catch_up()
    tournaments.start(running["id"], ana)
    finished = organise(services, bo, game="xi", format="tables", rounds=1,
                        bots=[{"bot": "random", "name": name} for name in ("Rae", "Gus", "Ivy")])
    live.catch_up()
    tournaments.start(finished["id"], bo)
    live.catch_up()

    rows, totals = everything(live)
    assert [row["id"] for row in rows] == [finished["id"], running["id"], opened["id"]]
    assert [(row["status"], row["entrant_count"]) for row in rows] == [("finished", 3), ("running", 2), ("open", 1)]
    assert rows[0]["winner"] == tournaments.shown(finished["id"])["standings"][0]["player"]
    assert totals == {"tournaments": 3, "tournaments:status=open": 1, "tournaments:status=running": 1,
                      "tournaments:status=finished": 1, "tournaments:game=chi": 2,
                      "tournaments:status=finished:game=xi": 1}

    assert live.rebuild() > 0
    assert everything(live) == (rows, totals), "rebuilt from zero: the same rows and totals"
    fresh = TournamentList(services.store, ProjectionDatabase(":memory:"))
    fresh.catch_up()
    assert everything(fresh) == (rows, totals), "a new read model caught up from zero: the same"


def test_a_read_brings_only_a_few_tournaments_up_to_date_and_the_runner_brings_the_rest(services):
    [ana] = register(services, "ana")
    organised = [organise(services, ana)["id"] for _ in range(READ_TOURNAMENTS + 3)]
    db = ProjectionDatabase(":memory:")
    tournaments = TournamentList(services.store, db)
    first = tournaments.page(limit=500)
    assert {row["id"] for row in first.rows} == set(organised[:READ_TOURNAMENTS]), \
        "a read answers after bringing the oldest few up to date, not the whole log"
    runner = ProjectionRunner(GameList(services.store, db), every=0.01, others=[tournaments]).start()
    try:
        deadline = time.monotonic() + 60
        while tournaments.total("tournaments") < len(organised):
            assert time.monotonic() < deadline, "the runner never brought the rest"
            time.sleep(0.01)
    finally:
        runner.stop()
    assert [row["id"] for row in tournaments.page(limit=500).rows] == organised[::-1]


def test_the_runner_moves_the_position_past_the_games_played_since_the_last_tournament_event(services):
    [ana] = register(services, "ana")
    opened = organise(services, ana)
    tournaments = TournamentList(services.store, ProjectionDatabase(":memory:"))
    tournaments.catch_up()
    services.commands.create("chi", [{"bot": "random"}, {"bot": "greedy"}], seed="between")  # hundreds of events
    head = services.store.recorder.max_notification_id()
    assert tournaments.position() < head and not tournaments.behind(), "no tournament news"
    assert tournaments.catch_up_batch() == 0 and tournaments.position() == head, \
        "a read's look for news starts after the games"
    assert [row["id"] for row in tournaments.page().rows] == [opened["id"]]


def test_without_a_runner_a_read_moves_the_position_on_once_its_look_grows_long(services):
    [ana] = register(services, "ana")
    organise(services, ana)
    tournaments = TournamentList(services.store, ProjectionDatabase(":memory:"))
    tournaments.catch_up()
    caught_up_at, seed = tournaments.position(), 0
    while services.store.recorder.max_notification_id() - caught_up_at < LONG_LOOK:
        assert tournaments.catch_up_some() == 0 and tournaments.position() == caught_up_at, \
            "a short look: nothing written"
        services.commands.create("chi", [{"bot": "random"}, {"bot": "greedy"}], seed=f"between-{seed}")
        seed += 1
    assert seed > 1, "the games were looked past while the look was short"
    head = services.store.recorder.max_notification_id()
    assert tournaments.catch_up_some() == 0 and tournaments.position() == head
