"""Round robin by FIDE's Berger tables: every pair once, colours balanced, a bye in an odd field."""

from itertools import combinations

import pytest

from domain.tournaments.errors import TournamentError
from domain.tournaments.model import Settings
from domain.tournaments.round_robin import berger_numbers, berger_round, pair_round_robin

from .tournament_builders import Play, entrants, random_places

# FIDE Handbook C.05, Annex 1: the Berger tables for 3-4 and 5-6 players.
BERGER_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
BERGER_6 = [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)], [(2, 6), (3, 1), (4, 5)],
            [(6, 5), (1, 4), (2, 3)], [(3, 6), (4, 2), (5, 1)]]


def test_the_rounds_are_fides_published_berger_tables():
    assert [berger_round(4, r) for r in range(1, 4)] == BERGER_4
    assert [berger_round(6, r) for r in range(1, 6)] == BERGER_6
    assert berger_round(8, 2) == [(8, 5), (6, 4), (7, 3), (1, 2)]


@pytest.mark.parametrize("n", range(3, 15))
def test_every_pair_meets_exactly_once_and_colours_differ_by_at_most_one(n):
    players = [f"p{i}" for i in range(n)]
    rounds = [pair_round_robin(players, set(), r, "seed") for r in range(1, n + n % 2)]
    met = [frozenset(t.seats) for pairing in rounds for t in pairing.tables]
    assert sorted(met, key=sorted) == sorted((frozenset(p) for p in combinations(players, 2)), key=sorted)
    for p in players:
        first = sum(1 for pairing in rounds for t in pairing.tables if t.seats[0] == p)
        second = sum(1 for pairing in rounds for t in pairing.tables if t.seats[1] == p)
        assert abs(first - second) <= 1
        assert sum(1 for pairing in rounds if p in pairing.byes) == n % 2


def test_numbers_are_drawn_from_the_seed():
    players = [f"p{i}" for i in range(8)]
    assert berger_numbers(players, "a") == berger_numbers(players, "a")
    assert len({tuple(berger_numbers(players, f"s{i}")) for i in range(6)}) > 1


def test_a_withdrawn_players_opponents_have_a_bye_and_nobody_else_moves():
    players = [f"p{i}" for i in range(6)]
    before = pair_round_robin(players, set(), 3, "seed")
    gone = before.tables[1].seats[0]
    after = pair_round_robin(players, {gone}, 3, "seed")
    opponent = next(p for p in before.tables[1].seats if p != gone)
    assert after.byes == (opponent,)
    assert [t.seats for t in after.tables] == [t.seats for t in before.tables if gone not in t.seats]


def test_a_round_robin_has_no_round_after_every_pair_has_met():
    play = Play(Settings("round-robin", 5), entrants(4))
    for _ in range(3):
        play.play_round(random_places("rr"))
    with pytest.raises(TournamentError) as refused:
        play.pair()
    assert refused.value.rule == "tournament.rounds"
