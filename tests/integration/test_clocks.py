"""Clocks with an injected time: a deadline for each person's decision, and what happens when
it passes (the seat forfeits, or a bot plays for it), recorded as events citing `game.clock`."""

from __future__ import annotations

from datetime import timedelta

import pytest

from services.disputes.audit import audit_game, export_lines, verify_export
from services.log.clocks import deadline, timestamp
from services.play.commands import Commands
from services.errors import InvalidRequest
from services.reactions.overdue import ClockWatch, apply_overdue_clocks, running_games
from tests.clocks import START, FakeClock

TWO = [{"name": "ana"}, {"name": "bo"}]
DAY = {"per_decision": "P1D", "on_timeout": "forfeit"}


@pytest.fixture
def clock(services):
    services.commands.clock = FakeClock()
    return services.commands.clock


def move(services, game_id):
    """The seat to act takes its first legal action now."""
    game = services.store.game(game_id)
    seat = game.to_act()
    services.commands.act(game_id, seat, game.rules.legal_actions(game.state, seat)[0], game.version)
    return services.store.game(game_id)


def events_of(services, game_id, first=1):
    from domain.contract import Event

    return [Event.from_json(stored.domain_event) for stored in services.store.stored_events(game_id, gt=first)]


def test_each_decision_is_due_one_period_after_the_decision_before_it(services, clock):
    created = services.commands.create("chi", TWO, seed="due", clock=DAY)
    game = services.store.game(created.id)
    assert deadline(game) == START + timedelta(days=1)
    clock.advance(hours=3)
    game = move(services, created.id)
    assert deadline(game) == START + timedelta(days=1, hours=3)
    shown = services.queries.table(created.id, None)
    assert shown["deadline"] == "2026-11-24T12:00:00Z" and shown["clock"] == DAY


def test_nothing_happens_before_the_deadline_and_a_late_time_out_of_a_move_made_in_time_changes_nothing(services, clock):
    created = services.commands.create("chi", TWO, seed="in-time", clock=DAY)
    clock.advance(hours=23, minutes=59)
    assert services.commands.time_out(created.id, created.version) is None
    game = move(services, created.id)  # just in time
    clock.advance(days=2)
    assert services.commands.time_out(created.id, created.version) is None, "that decision was taken"
    assert services.store.game(created.id).version == game.version


def test_when_the_time_runs_out_the_seat_forfeits_and_the_log_says_the_clock_did_it(services, clock):
    created = services.commands.create("chi", TWO, seed="forfeit", clock=DAY)
    late = services.store.game(created.id).to_act()
    clock.advance(days=1)
    reply = services.commands.time_out(created.id, created.version)
    assert reply["status"] == "finished"
    ran_out, resigned = events_of(services, created.id, created.version)
    assert ran_out.type == "clock_ran_out" and ran_out.rule == "game.clock"
    assert ran_out.data == {"seat": late, "policy": "forfeit", "deadline": "2026-11-24T09:00:00Z"}
    assert resigned.type == "resigned" and resigned.data["seat"] == late
    game = services.store.game(created.id)
    assert game.rules.outcome(game.state).winners == [1 - late]
    step = services.queries.replay_step(created.id, created.version + 1, None)
    assert step["description"] == f"{TWO[late]['name']}'s time ran out (due 2026-11-24T09:00:00Z): {TWO[late]['name']} forfeits"
    assert step["rule"]["id"] == "game.clock" and step["rule"]["section"] == "Service"
    words = services.queries.table(created.id, None)["outcome"]["words"]
    assert words["headline"] == f"{TWO[late]['name']}'s time ran out; {TWO[1 - late]['name']} won", "a timeout, called one"
    assert audit_game(services.store, created.id)["verified"]
    assert verify_export(list(export_lines(services.store, created.id))).verified


def test_with_the_bot_policy_a_bot_plays_the_decision_and_the_game_goes_on(services, clock):
    created = services.commands.create("chi", TWO, seed="stand-in", clock={"per_decision": "PT12H", "on_timeout": "bot"})
    late = services.store.game(created.id).to_act()
    clock.advance(hours=12)
    services.commands.time_out(created.id, created.version)
    stored = services.store.stored_events(created.id, gt=created.version)
    assert stored[0].domain_event["type"] == "clock_ran_out"
    assert stored[0].domain_event["data"] == {"seat": late, "policy": "bot", "bot": "greedy",
                                              "deadline": "2026-11-23T21:00:00Z"}
    assert stored[1].cause["actor"]["bot"] == "greedy" and stored[1].cause["seat"] == late
    game = services.store.game(created.id)
    assert not game.finished and deadline(game) is not None
    assert services.queries.replay_step(created.id, created.version + 1, None)["explanation"]["rerun"]["same_events"]


def test_a_whole_week_of_missed_deadlines_plays_out_in_a_second(services, clock):
    created = services.commands.create("chi", TWO, seed="week", clock={"per_decision": "P1D", "on_timeout": "bot"})
    finished: set = set()
    for day in range(7):
        clock.advance(days=1)
        assert apply_overdue_clocks(services.commands, running_games(services.store, finished)) == [str(created.id)]
    ran_out = [e for e in events_of(services, created.id) if e.type == "clock_ran_out"]
    assert [e.data["deadline"] for e in ran_out] == [timestamp(START + timedelta(days=n)) for n in range(1, 8)]
    game = services.store.game(created.id)
    services.commands.act(created.id, game.to_act(), {"type": "resign"}, game.version)
    report = audit_game(services.store, created.id)
    assert report["verified"] and "each of the 7 bot moves is the choice of the bot the header seats there, " \
        "re-run from its seat's view" in report["checks"]


def test_bots_and_games_without_a_clock_have_no_deadline(services, clock):
    untimed = services.commands.create("chi", TWO, seed="untimed")
    assert deadline(services.store.game(untimed.id)) is None
    # Commands with no bot player attached: the game stays waiting on its bot, as it does on RQ
    # until a worker takes the job.
    waiting = Commands(services.store, clock=clock)
    for number in range(20):
        created = waiting.create("chi", [{"bot": "random"}, {"name": "bo"}], seed=f"bot-seat-{number}", clock=DAY)
        game = services.store.game(created.id)
        if game.to_act() == 0:
            break
    assert game.seats[game.to_act()]["bot"] == "random" and deadline(game) is None, "a bot plays at once"
    assert services.queries.table(created.id, None)["deadline"] is None


@pytest.mark.parametrize("clock_setting, field", [
    ({"per_decision": "1 day"}, "clock.per_decision"),
    ({"per_decision": "PT5S"}, "clock.per_decision"),
    ({"per_decision": "P90D"}, "clock.per_decision"),
    ({"per_decision": "P1D", "on_timeout": "pass"}, "clock.on_timeout"),
    ({"per_decision": "P1D", "on_timeout": "bot", "bot": "deep-blue"}, "clock.bot"),
    ({"per_decision": "P1D", "bot": "random"}, "clock.bot"),
    ({"per_decision": "P1D", "increment": "PT1M"}, "clock.increment"),
    ("P1D", "clock"),
])
def test_a_clock_that_cannot_be_is_refused_naming_the_field(services, clock_setting, field):
    with pytest.raises(InvalidRequest) as refused:
        services.commands.create("chi", TWO, seed="bad-clock", clock=clock_setting)
    assert refused.value.field == field


def test_the_clock_watch_of_a_process_without_workers_applies_a_deadline_that_passed(services, clock):
    import time

    created = services.commands.create("chi", TWO, seed="watch", clock=DAY)
    watch = ClockWatch(services.commands, every=0.05).start()
    try:
        clock.advance(days=2)
        patience = time.monotonic() + 60  # a failure bound only: the watch looks every 50 ms
        while not services.store.game(created.id).finished and time.monotonic() < patience:
            time.sleep(0.05)
    finally:
        watch.stop.set()
    assert services.store.game(created.id).finished


def test_an_open_seat_has_no_deadline_until_a_player_takes_it_and_then_gets_the_full_time(services, clock):
    players = services.commands.players
    ana, bo = players.register("ana"), players.register("bo")
    for number in range(20):
        created = services.commands.create("chi", [{"player": ana["id"]}, {"open": True}], seed=f"open-{number}",
                                           clock=DAY, host_key=ana["key"])
        if services.store.game(created.id).to_act() == 1:
            break
    assert deadline(services.store.game(created.id)) is None, "nobody to wait for yet"
    clock.advance(days=3)
    game = services.commands.join(created.id, 1, players.get(bo["id"]))
    assert deadline(game) == clock.now() + timedelta(days=1)
