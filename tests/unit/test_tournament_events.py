"""A tournament's events: requests checked, the state folded from them, exported and re-read."""

import json

import pytest

from domain.rng import commitment
from domain.tournaments import decide
from domain.tournaments.errors import TournamentError
from domain.tournaments.events import from_data, to_data
from domain.tournaments.model import Settings
from domain.tournaments.state import FINISHED, OPEN, RUNNING, fold

from .tournament_builders import Play, entrants, random_places


def finished_swiss(players=7, rounds=4) -> Play:
    play = Play(Settings("swiss", rounds), entrants(players))
    for _ in range(rounds):
        play.play_round(random_places("events"))
    play.finish()
    return play


def test_creation_publishes_the_seeds_commitment_and_only_the_end_reveals_the_seed():
    play = Play(Settings("swiss", 2), entrants(4), seed="secret seed")
    assert play.events[0].seed_commitment == commitment("secret seed")
    assert "secret seed" not in json.dumps([to_data(e) for e in play.events])
    assert play.state.status == OPEN and play.state.seed is None
    play.play_round(lambda t: (1, 2))
    assert play.state.status == RUNNING
    with pytest.raises(ValueError):  # the last tie-break is the seeded order: no guessing it
        play.state.standings()
    play.finish()
    assert play.state.status == FINISHED and play.state.seed == "secret seed"


def test_the_standings_rebuilt_from_the_exported_events_equal_the_live_ones():
    play = finished_swiss()
    exported = [json.loads(json.dumps(to_data(e))) for e in play.events]
    rebuilt = fold(from_data(d) for d in exported)
    assert rebuilt == play.state
    assert rebuilt.standings() == play.state.standings()


def refused(rule, request, *args):
    with pytest.raises(TournamentError) as error:
        request(*args)
    assert error.value.rule == rule
    return error.value


def test_requests_the_rules_refuse_name_the_rule_and_cause_no_event():
    play = Play(Settings("swiss", 2, max_players=4), entrants(4))
    refused("tournament.join.size-limit", decide.join, play.state, "late", 1500)
    refused("tournament.join.once", decide.join, play.state, "p01", 1500)
    refused("tournament.seed", decide.pair_next_round, play.state, "another seed")
    refused("tournament.withdraw.entrant", decide.withdraw, play.state, "stranger")
    play.pair()
    refused("tournament.join.open", decide.join, play.state, "late", 1500)
    refused("tournament.round.open", decide.pair_next_round, play.state, play.seed)
    refused("tournament.round.open", decide.finish, play.state, play.seed)
    table = play.state.current_round.pairing.tables[0]
    refused("tournament.game.places", decide.finish_game, play.state, 1, table.number, (1, 3))
    refused("tournament.game.places", decide.finish_game, play.state, 1, table.number, (1,))
    refused("tournament.game.places", decide.finish_game, play.state, 1, table.number, (2, 2))
    refused("tournament.game.table", decide.finish_game, play.state, 1, 9, (1, 2))
    refused("tournament.round.current", decide.finish_game, play.state, 2, table.number, (1, 2))
    refused("tournament.game.on-time", decide.finish_game, play.state, 1, table.number, (1, 2), ("stranger",))
    play.result(table, (1, 2))
    refused("tournament.game.once", decide.finish_game, play.state, 1, table.number, (1, 2))


@pytest.mark.parametrize("settings, rule", [
    (dict(format="knockout", rounds=3), "tournament.format"),
    (dict(format="swiss", rounds=0), "tournament.rounds"),
    (dict(format="swiss", rounds=99), "tournament.rounds"),
    (dict(format="tables", rounds=3, min_seats=2, max_seats=4), "tournament.table-seats"),
    (dict(format="tables", rounds=3, min_seats=5, max_seats=4), "tournament.table-seats"),
    (dict(format="swiss", rounds=3, min_seats=3, max_seats=4), "tournament.table-seats"),
    (dict(format="swiss", rounds=3, max_players=10_000), "tournament.size-limit"),
])
def test_settings_out_of_bounds_are_refused_with_the_setting_named(settings, rule):
    refused(rule, lambda: Settings(**settings))


def test_the_last_result_of_a_round_closes_it_and_the_next_round_can_be_paired():
    play = Play(Settings("swiss", 2), entrants(4))
    pairing = play.pair()
    play.result(pairing.tables[0], (1, 2))
    assert not play.state.current_round.closed
    play.result(pairing.tables[1], (1, 1))
    assert play.state.current_round.closed
    assert play.pair().round == 2


def test_an_event_that_is_not_a_tournaments_is_refused_when_read():
    refused("tournament.event", from_data, {"type": "moved"})
    refused("tournament.event", from_data, {"type": "player-joined", "player": "x"})


def test_a_player_who_withdraws_before_round_one_leaves_the_field_and_later_ones_stay_in_the_standings():
    play = Play(Settings("round-robin", 3), entrants(5))
    play.apply(decide.withdraw(play.state, "p05"))
    assert "p05" not in play.state.players
    first = play.play_round(random_places("leave"))
    assert "p05" not in first.players() and not first.byes  # four players: nobody sits out
    play.apply(decide.withdraw(play.state, "p04"))
    assert "p04" in [s.player for s in play.state.standings(play.seed)]
    assert "p04" not in play.pair().players()


def test_after_a_round_closes_the_next_is_paired_once_and_after_the_last_the_seed_is_revealed():
    play = Play(Settings("swiss", 2), entrants(4))
    assert decide.after_round(play.state, play.seed) == [], "nothing follows before round one"
    pairing = play.pair()
    play.result(pairing.tables[0], (1, 2))
    assert decide.after_round(play.state, play.seed) == [], "nothing follows while a round is played"
    play.result(pairing.tables[1], (2, 1))
    [paired] = decide.after_round(play.state, play.seed)
    assert paired.round == 2
    play.apply([paired])
    assert decide.after_round(play.state, play.seed) == [], "asked again (a retried job), it pairs nothing more"
    for table in play.state.current_round.pairing.tables:
        play.result(table, (1, 1))
    [finished] = decide.after_round(play.state, play.seed)
    assert finished.seed == play.seed
    play.apply([finished])
    assert decide.after_round(play.state, play.seed) == []


def test_a_round_robin_whose_pairs_have_all_met_ends_after_its_last_round():
    play = Play(Settings("round-robin", 9), entrants(4))
    for _ in range(3):
        play.play_round(random_places("rr"))
    [finished] = decide.after_round(play.state, play.seed)
    assert finished.seed == play.seed, "three rounds of four players: every pair has met"


@pytest.mark.parametrize("ordinal, rating", [
    (None, 1500), (0.0, 1500), (7.34, 1573), (7.36, 1574), (-3.25, 1467), (-3.24, 1468), (400.0, 4000), (-400.0, 0)])
def test_an_entrants_rating_is_1500_and_ten_points_per_point_of_their_rating_at_the_game(ordinal, rating):
    from domain.tournaments.ranking import entrant_rating

    assert entrant_rating(ordinal) == rating
