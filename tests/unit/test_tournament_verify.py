"""Anyone re-derives every round of an exported tournament from its revealed seed; a tampered round is named."""

from dataclasses import replace

import pytest

from domain.tournaments.events import RoundPaired
from domain.tournaments.model import Settings
from domain.tournaments.verify import verify_pairings

from .tournament_builders import Play, entrants, random_places


def finished(settings: Settings, players: int) -> Play:
    play = Play(settings, entrants(players))
    for _ in range(settings.rounds):
        play.play_round(random_places("verify"))
    play.finish()
    return play


@pytest.mark.parametrize("settings, players", [
    (Settings("swiss", 5), 9), (Settings("round-robin", 5), 5), (Settings("tables", 4, 3, 4), 11)])
def test_every_round_of_a_finished_tournament_re_derives_from_the_revealed_seed(settings, players):
    verdict = verify_pairings(finished(settings, players).events)
    assert verdict.ok and verdict.rounds_checked == settings.rounds


def test_a_tampered_pairing_is_caught_and_its_round_named():
    events = finished(Settings("swiss", 5), 8).events
    third = next(i for i, e in enumerate(events) if isinstance(e, RoundPaired) and e.round == 3)
    tables = events[third].tables
    swapped = ((tables[0][0], tables[1][1]), (tables[1][0], tables[0][1])) + tables[2:]
    events[third] = replace(events[third], tables=swapped)
    verdict = verify_pairings(events)
    assert not verdict.ok and verdict.round == 3 and verdict.rounds_checked == 2
    assert verdict.recorded.tables == swapped and verdict.expected.tables == tables


@pytest.mark.parametrize("settings, players", [(Settings("round-robin", 5), 6), (Settings("tables", 3, 3, 4), 10)])
def test_players_swapped_between_tables_are_caught_in_every_format(settings, players):
    events = finished(settings, players).events
    second = next(i for i, e in enumerate(events) if isinstance(e, RoundPaired) and e.round == 2)
    tables = [list(t) for t in events[second].tables]
    tables[0][0], tables[1][0] = tables[1][0], tables[0][0]
    events[second] = replace(events[second], tables=tuple(tuple(t) for t in tables))
    verdict = verify_pairings(events)
    assert not verdict.ok and verdict.round == 2 and verdict.rounds_checked == 1


def test_a_round_paired_beyond_the_tournaments_rounds_is_named():
    events = finished(Settings("swiss", 2), 4).events
    last_round = [e for e in events if isinstance(e, RoundPaired)][-1]
    extra = replace(last_round, round=3)
    verdict = verify_pairings(events[:-1] + [extra] + events[-1:])
    assert not verdict.ok and verdict.round == 3 and "should not have been paired" in verdict.problem


def test_a_colour_swapped_on_one_table_is_a_tampered_pairing_too():
    events = finished(Settings("swiss", 3), 6).events
    first = next(i for i, e in enumerate(events) if isinstance(e, RoundPaired))
    tables = events[first].tables
    events[first] = replace(events[first], tables=(tables[0][::-1],) + tables[1:])
    assert verify_pairings(events).round == 1


def test_a_seed_that_does_not_match_the_commitment_is_refused():
    events = finished(Settings("swiss", 2), 4).events
    verdict = verify_pairings(events, seed="a seed chosen afterwards")
    assert not verdict.ok and "commitment" in verdict.problem


def test_a_running_tournament_cannot_be_verified_before_its_seed_is_revealed():
    play = Play(Settings("swiss", 3), entrants(4))
    play.play_round(random_places("verify"))
    assert "not revealed" in verify_pairings(play.events).problem
