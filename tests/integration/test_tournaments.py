"""Tournaments as the service runs them: organised, joined and withdrawn from, their rounds' games
created as real games, each result recorded as its game ends (a loss on time a loss), the next
round paired when one closes, and the seed revealed at the end, every pairing re-derivable."""

from __future__ import annotations

import copy

import pytest

from domain.tournaments.events import PlayerWithdrew, from_data
from domain.tournaments.state import fold
from domain.tournaments.verify import verify_pairings
from services.errors import Forbidden, InvalidRequest, TournamentRefused
from domain.tournaments.model import Settings
from tests.clocks import FakeClock
from tests.unit.tournament_builders import Play, entrants

DAY = {"per_decision": "P1D", "on_timeout": "forfeit"}


@pytest.fixture
def clock(services):
    services.commands.clock = FakeClock()
    return services.commands.clock


def register(services, *names):
    players = services.commands.players
    return [players.get(players.register(name)["id"]) for name in names]


def organise(services, organiser, **settings):
    body = {"game": "chi", "format": "swiss", "rounds": 2, "clock": DAY, **settings}
    return services.commands.tournaments.organise(organiser, body)


def test_a_swiss_of_chi_bots_is_played_to_the_end_and_every_pairing_follows_from_the_revealed_seed(services):
    [organiser] = register(services, "ana")
    bots = [{"bot": "random"}, {"bot": "random"}, {"bot": "greedy"}, {"bot": "greedy", "name": "Greedy Gus"}]
    tournaments = services.commands.tournaments
    opened = organise(services, organiser, rounds=3, bots=bots, rated=False)
    assert opened["status"] == "open" and opened["seed"] is None
    assert [e["name"] for e in opened["entrants"]] == ["random-bot", "random-bot (2)", "greedy-bot", "Greedy Gus"]

    ended = tournaments.start(opened["id"], organiser)

    assert ended["status"] == "finished", "bots play every round's games at once; each round closes and the next is paired"
    assert [len(r["tables"]) for r in ended["rounds"]] == [2, 2, 2]
    for played in ended["rounds"]:
        assert played["closed"]
        for table in played["tables"]:
            game = services.store.game(table["game_id"])
            assert game.finished and [s["name"] for s in game.seats] == table["players"], \
                "each game is seated as its table is paired"
            assert sorted(table["places"]) in ([1, 2], [1, 1])
    met = [frozenset(t["players"]) for r in ended["rounds"] for t in r["tables"]]
    assert len(met) == len(set(met)), "nobody meets the same opponent twice"
    assert sum(s["points"] for s in ended["standings"]) == 6, "six games, a point each"
    assert [s["place"] for s in ended["standings"]] == [1, 2, 3, 4]
    assert ended["seed"] is not None, "the seed is revealed at the end"

    events = [from_data(data) for data in tournaments.get(opened["id"]).events]
    assert verify_pairings(events).ok
    rebuilt = fold(events).standings()
    assert [(s.player, float(s.points), float(s.buchholz)) for s in rebuilt] == \
        [(s["player"], s["points"], s["buchholz"]) for s in ended["standings"]], \
        "the standings rebuilt from the stream alone are the ones shown"


def test_players_join_and_withdraw_and_the_rules_refuse_what_they_forbid_changing_nothing(services, clock, monkeypatch):
    organiser, bo, cy, di = register(services, "ana", "bo", "cy", "di")
    tournaments = services.commands.tournaments
    opened = organise(services, organiser, size_limit=3)
    tournaments.join(opened["id"], organiser)
    tournaments.join(opened["id"], bo)
    with pytest.raises(TournamentRefused) as twice:
        tournaments.join(opened["id"], bo)
    assert twice.value.rule == "tournament.join.once"
    tournaments.join(opened["id"], cy)
    with pytest.raises(TournamentRefused) as full:
        tournaments.join(opened["id"], di)
    assert full.value.rule == "tournament.join.size-limit"
    shown = tournaments.withdraw(opened["id"], cy)
    assert [e["name"] for e in shown["entrants"]] == ["ana", "bo"], "before round one, a withdrawal leaves the field"
    with pytest.raises(TournamentRefused) as stranger:
        tournaments.withdraw(opened["id"], di)
    assert stranger.value.rule == "tournament.withdraw.entrant"
    with pytest.raises(Forbidden):
        tournaments.start(opened["id"], bo)
    with pytest.raises(TournamentRefused) as no_time:
        tournaments.start(opened["id"])
    assert no_time.value.rule == "tournament.start.time"
    assert tournaments.shown(opened["id"]) == shown, "the refusals changed nothing"

    read_before = copy.deepcopy(tournaments.get(opened["id"]))  # what a start racing this one read
    running = tournaments.start(opened["id"], organiser)
    assert running["status"] == "running"
    with monkeypatch.context() as patched:
        stale = iter([read_before])
        fresh = tournaments.get
        patched.setattr(tournaments, "get", lambda key: next(stale, None) or fresh(key))
        with pytest.raises(TournamentRefused) as again:
            tournaments.start(opened["id"], organiser)
    assert again.value.rule == "tournament.start.once" and "started already" in again.value.reason
    assert tournaments.shown(opened["id"]) == running, "a second start pairs nothing"
    [table] = running["rounds"][0]["tables"]
    assert sorted(table["players"]) == ["ana", "bo"]
    with pytest.raises(TournamentRefused) as late:
        tournaments.join(opened["id"], di)
    assert late.value.rule == "tournament.join.open"
    assert [t["id"] for t in tournaments.of_player(str(bo.id))] == [opened["id"]]
    assert tournaments.of_player(str(di.id)) == []


def test_a_loss_on_time_is_a_loss_and_the_last_round_ends_the_tournament(services, clock):
    organiser, bo = register(services, "ana", "bo")
    tournaments = services.commands.tournaments
    opened = organise(services, organiser, rounds=1)
    for player in (organiser, bo):
        tournaments.join(opened["id"], player)
    running = tournaments.start(opened["id"], organiser)
    [table] = running["rounds"][0]["tables"]
    game = services.store.game(table["game_id"])
    late = table["players"][game.to_act()]

    clock.advance(days=1)
    services.commands.time_out(game.id, game.version)

    ended = tournaments.shown(opened["id"])
    assert ended["status"] == "finished"
    [result] = ended["rounds"][0]["tables"]
    assert result["lost_on_time"] == [late]
    assert [(s["player"], s["points"]) for s in ended["standings"]][-1] == (late, 0), "the player out of time lost"


def test_a_player_who_loses_on_time_is_withdrawn_from_the_rounds_after_and_the_record_verifies(services, clock):
    organiser, bo, cy = register(services, "ana", "bo", "cy")
    tournaments = services.commands.tournaments
    opened = organise(services, organiser, rounds=2)
    assert opened["withdraw_after_timeouts"] == 1, "a new tournament withdraws a player after 1 loss on time"
    for player in (organiser, bo, cy):
        tournaments.join(opened["id"], player)
    running = tournaments.start(opened["id"], organiser)
    [table] = running["rounds"][0]["tables"]
    [bye] = running["rounds"][0]["byes"]
    game = services.store.game(table["game_id"])
    late = table["players"][game.to_act()]
    [winner] = [name for name in table["players"] if name != late]

    clock.advance(days=1)
    services.commands.time_out(game.id, game.version)

    shown = tournaments.shown(opened["id"])
    assert shown["rounds"][0]["tables"][0]["lost_on_time"] == [late]
    assert {e["name"]: (e["withdrawn"], e["withdrawn_on_time"]) for e in shown["entrants"]} == \
        {late: (True, True), winner: (False, False), bye: (False, False)}
    [second] = shown["rounds"][1]["tables"]
    assert sorted(second["players"]) == sorted([winner, bye]) and shown["rounds"][1]["byes"] == [], \
        "round two pairs the two still in, and gives the player withdrawn no bye"
    assert next(s for s in shown["standings"] if s["player"] == late)["withdrawn"]

    last = services.store.game(second["game_id"])
    clock.advance(days=1)
    services.commands.time_out(last.id, last.version)
    ended = tournaments.shown(opened["id"])
    assert ended["status"] == "finished"
    events = [from_data(data) for data in tournaments.get(opened["id"]).events]
    assert verify_pairings(events).ok
    assert [e.player for e in events if isinstance(e, PlayerWithdrew)] == [late], \
        "a loss on time in the last round withdraws nobody: no round is left"


def test_with_the_withdrawal_rule_at_0_a_player_who_loses_on_time_is_paired_again(services, clock):
    organiser, bo, cy = register(services, "ana", "bo", "cy")
    tournaments = services.commands.tournaments
    opened = organise(services, organiser, rounds=2, withdraw_after_timeouts=0)
    for player in (organiser, bo, cy):
        tournaments.join(opened["id"], player)
    [table] = tournaments.start(opened["id"], organiser)["rounds"][0]["tables"]
    game = services.store.game(table["game_id"])
    late = table["players"][game.to_act()]
    clock.advance(days=1)
    services.commands.time_out(game.id, game.version)
    shown = tournaments.shown(opened["id"])
    assert shown["withdraw_after_timeouts"] == 0
    assert late in shown["rounds"][1]["tables"][0]["players"] + shown["rounds"][1]["byes"]
    assert not any(e["withdrawn"] for e in shown["entrants"])


def test_the_start_time_starts_it_without_the_organiser(services, clock):
    [organiser] = register(services, "ana")
    tournaments = services.commands.tournaments
    opened = organise(services, organiser, rounds=1, bots=[{"bot": "random"}, {"bot": "random"}],
                      starts_at="2026-11-23T10:00:00Z")
    clock.advance(hours=1)
    assert tournaments.start(opened["id"])["status"] == "finished"


@pytest.mark.parametrize("change, field", [
    ({"game": "go"}, "game"),
    ({"game": "court"}, "format"),
    ({"format": "tables"}, "format"),
    ({"rounds": 0}, "rounds"),
    ({"rounds": "3"}, "rounds"),
    ({"format": "knockout"}, "format"),
    ({"size_limit": 1000}, "size_limit"),
    ({"clock": None}, "clock"),
    ({"bots": [{"bot": "genius"}]}, "bots[0].bot"),
    ({"bots": [{"bot": "random", "name": "X"}, {"bot": "greedy", "name": "x"}]}, "bots[1].name"),
    ({"starts_at": "tomorrow"}, "starts_at"),
    ({"rated": "yes"}, "rated"),
    ({"withdraw_after_timeouts": 11}, "withdraw_after_timeouts"),
    ({"withdraw_after_timeouts": -1}, "withdraw_after_timeouts"),
    ({"withdraw_after_timeouts": "1"}, "withdraw_after_timeouts"),
])
def test_a_bad_tournament_is_refused_naming_its_field(services, change, field):
    [organiser] = register(services, "ana")
    with pytest.raises((InvalidRequest, TournamentRefused)) as refused:
        organise(services, organiser, **change)
    assert refused.value.field == field
    assert services.commands.tournaments.of_player(str(organiser.id)) == []


def test_the_watch_starts_a_tournament_whose_start_time_has_passed(services, clock):
    from services.reactions.overdue import ClockWatch

    [organiser] = register(services, "ana")
    tournaments = services.commands.tournaments
    opened = organise(services, organiser, rounds=1, bots=[{"bot": "random"}, {"bot": "greedy"}],
                      starts_at="2026-11-23T10:00:00Z")
    watch = ClockWatch(services.commands, every=60, bots=services.in_process)
    watch.look()
    assert tournaments.shown(opened["id"])["status"] == "open", "not before its start time"
    clock.advance(hours=1)
    watch.look()
    assert tournaments.shown(opened["id"])["status"] == "finished"
    assert services.commands.tournaments.sweep() == [], "a finished tournament is looked at no more"


def test_a_tables_tournament_of_xanadu_bots_seats_three_to_four_a_table_and_is_played_to_the_end(services):
    [organiser] = register(services, "ana")
    bots = [{"bot": "random"}] * 4 + [{"bot": "builder"}] * 3
    ended = services.commands.tournaments.start(services.commands.tournaments.organise(organiser, {
        "game": "xanadu", "format": "tables", "rounds": 2, "clock": DAY, "bots": bots,
        "table_seats_min": 3, "table_seats_max": 4})["id"], organiser)
    assert ended["status"] == "finished"
    for played in ended["rounds"]:
        assert sorted(len(t["players"]) for t in played["tables"]) == [3, 4], "seven players: a table of 4 and one of 3"
        for table in played["tables"]:
            assert [s["name"] for s in services.store.game(table["game_id"]).seats] == table["players"]
    assert sum(s["points"] for s in ended["standings"]) == pytest.approx(2 * (4 / 2 + 3 / 2)), "a table of n gives n/2 points"


def test_each_round_is_paired_once_however_often_results_reads_and_sweeps_come(services, monkeypatch):
    from domain.tournaments import decide

    pairings = []
    real = decide.next_pairing
    monkeypatch.setattr(decide, "next_pairing", lambda *args: pairings.append(args[3]) or real(*args))
    [organiser] = register(services, "ana")
    tournaments = services.commands.tournaments
    bots = [{"bot": "random"}, {"bot": "random"}, {"bot": "greedy"}, {"bot": "greedy"}, {"bot": "random"}]
    opened = organise(services, organiser, rounds=3, bots=bots, rated=False)

    ended = tournaments.start(opened["id"], organiser)
    for _ in range(3):
        tournaments.shown(opened["id"])
        tournaments.advance(opened["id"])
        tournaments.sweep()
    for played in ended["rounds"]:  # each result's job retried
        for table in played["tables"]:
            tournaments.game_finished(services.store.game(table["game_id"]))

    assert ended["status"] == "finished"
    assert [len(before) for before in pairings] == [0, 1, 2], \
        "three rounds, each paired once from the rounds before it: not again per game result, read or sweep"


def test_round_one_of_a_swiss_pairs_the_top_half_of_the_ratings_against_the_bottom_half(services):
    players = register(services, "ana", "bo", "cy", "di")
    ana, bo, cy, di = players
    at_chi = {str(ana.id): 30.0, str(bo.id): 20.04, str(cy.id): -4.96}  # di has no rating at Chi yet
    tournaments = services.commands.tournaments
    opened = organise(services, ana)
    for player in players:
        tournaments.join(opened["id"], player, lambda game, seat: at_chi.get(seat["player"]) if game == "chi" else 99)

    running = tournaments.start(opened["id"], ana)
    assert [(e["name"], e["rating"]) for e in running["entrants"]] == \
        [("ana", 1800), ("bo", 1700), ("cy", 1450), ("di", 1500)], "1500 + 10 x the rating at the game; unrated 1500"
    assert sorted(sorted(t["players"]) for t in running["rounds"][0]["tables"]) == [["ana", "di"], ["bo", "cy"]], \
        "by rating ana, bo, di, cy: the first of the top half meets the first of the bottom half"


@pytest.mark.parametrize("scores, winners, places", [
    ([30, 12, 30, 9], [0, 2], (1, 3, 1, 4)),  # two winners share the first place; the next is 3rd
    ([30, 12, 12, 9], [0], (1, 2, 2, 4)),  # a tie below the winner
    ([5, 9, 7], [], (3, 1, 2)),  # nobody won (a rival the rules play did): all by score
    ([10, 10], [0, 1], (1, 1)),  # a draw
])
def test_a_games_outcome_gives_its_tournament_places_as_ranks_ties_and_all(services, scores, winners, places):
    from domain.contract import Outcome
    from domain.tournaments.decide import finish_game
    from services.tournaments.tournaments import places_of

    assert places_of(Outcome(scores, winners, "over")) == places
    play = Play(Settings("tables", 1, 3, 4) if len(scores) > 2 else Settings("swiss", 1), entrants(len(scores)))
    pairing = play.pair()
    [table] = pairing.tables
    assert finish_game(play.state, 1, table.number, places_of(Outcome(scores, winners, "over")))[0].places == places, \
        "a tournament records the result of every game, however it ended"
