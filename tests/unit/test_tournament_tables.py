"""Tables of three to six seats: sizes for every field, seated by standing, byes when a field cannot fit."""

import pytest

from domain.tournaments.model import Pairing, PlayedRound, Result, Settings, Table
from domain.tournaments.records import build_records
from domain.tournaments.tables import pair_tables, table_sizes

from .tournament_builders import Play, entrants, records_after


@pytest.mark.parametrize("least, most", [(3, 4), (3, 5), (3, 6), (4, 5), (4, 6), (5, 6)])
@pytest.mark.parametrize("field", range(3, 21))
def test_sizes_seat_everyone_who_can_be_seated_in_tables_of_near_equal_size(field, least, most):
    sizes = table_sizes(field, least, most)
    assert all(least <= s <= most for s in sizes)
    assert sizes == sorted(sizes, reverse=True)
    if sizes:
        assert max(sizes) - min(sizes) <= 1
    seated = sum(sizes)
    # Nobody is left out who could have been seated: no larger number of players fits these tables.
    assert not any(_fits(n, least, most) for n in range(seated + 1, field + 1))
    # And they sit at the fewest tables that hold them.
    assert not sizes or not _fits_in(seated, len(sizes) - 1, least, most)


def _fits(n, least, most):
    return any(_fits_in(n, t, least, most) for t in range(1, n + 1))


def _fits_in(n, tables, least, most):
    return tables * least <= n <= tables * most


def test_a_field_of_three_to_four_seats_is_laid_out_as_documented():
    assert {n: table_sizes(n, 3, 4) for n in (3, 5, 7, 10, 13)} == {
        3: [3], 5: [4], 7: [4, 3], 10: [4, 3, 3], 13: [4, 3, 3, 3]}


def test_players_are_seated_by_standing_best_at_table_one():
    players = [f"p{i}" for i in range(1, 8)]
    records = records_after(players)
    for p, points in zip(players, (0, 0, 3, 2, 1, 2, 0)):
        records[p].points += points
    pairing = pair_tables(players, records, 2, "seed", 3, 4)
    assert [set(t.seats) for t in pairing.tables] == [{"p3", "p4", "p6", "p5"}, {"p1", "p2", "p7"}]


def test_who_cannot_be_seated_has_a_bye_lowest_first_and_never_twice_while_others_have_had_none():
    play = Play(Settings("tables", 3, 4, 4), entrants(5))
    byes = []
    for _ in range(3):
        pairing = play.play_round(lambda table: (1, 2, 3, 4))
        byes += pairing.byes
    assert len(byes) == 3 and len(set(byes)) == 3
    assert byes[0] == "p05"


def test_players_who_have_met_change_places_with_lower_tables_so_fewer_meet_again():
    players = [f"p{i}" for i in range(1, 9)]
    first = PlayedRound(Pairing(1, (Table(1, tuple(players[:4])), Table(2, tuple(players[4:])))),
                        {1: Result((1, 2, 3, 4)), 2: Result((1, 2, 3, 4))}, closed=True)
    records = build_records(players, [first], "tables")
    pairing = pair_tables(players, records, 2, "seed", 4, 4)
    # Seated by standing alone, all twelve pairs would meet again; two pairs a table is the fewest possible.
    assert [set(t.seats) for t in pairing.tables] == [{"p1", "p2", "p5", "p6"}, {"p3", "p4", "p7", "p8"}]


def test_sixteen_players_at_tables_of_four_meet_nobody_twice_in_three_rounds():
    play = Play(Settings("tables", 3, 4, 4), entrants(16))
    met = set()
    for _ in range(3):
        pairing = play.play_round(lambda table: tuple(range(1, len(table.seats) + 1)))
        pairs = {frozenset((a, b)) for t in pairing.tables for a in t.seats for b in t.seats if a < b}
        assert not pairs & met  # seated by standing alone, ten pairs would meet again
        met |= pairs
