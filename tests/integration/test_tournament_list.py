"""The tournament list read model: caught up from the log's tournament events, a batch at a time,
to the same rows as a rebuild from zero gives; a read brings only a few tournaments up to date
and the runner the rest; and the games played between tournaments' events never lengthen a
read's look for news."""

from __future__ import annotations

import time

from projections.database import ProjectionDatabase
from projections.game_list import GameList
from projections.runner import ProjectionRunner
from projections.tournament_list import READ_TOURNAMENTS, TournamentList

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


def test_games_played_after_the_last_tournament_event_move_the_position_on(services):
    [ana] = register(services, "ana")
    opened = organise(services, ana)
    tournaments = TournamentList(services.store, ProjectionDatabase(":memory:"))
    tournaments.catch_up()
    services.commands.create("chi", [{"bot": "random"}, {"bot": "greedy"}], seed="between")  # hundreds of events
    head = services.store.recorder.max_notification_id()
    assert not tournaments.behind() and tournaments.catch_up_some() == 0, "no tournament news: nothing to write"
    assert tournaments.catch_up_batch() == 0 and tournaments.position() == head, \
        "the runner moves the position past the games, so a read looks only at what came after"
    assert [row["id"] for row in tournaments.page().rows] == [opened["id"]]
