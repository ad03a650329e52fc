"""Standings and tie-breaks, computed by hand for small crosstables; withdrawals and losses on time."""

from fractions import Fraction as F

from domain.tournaments import decide
from domain.tournaments.model import Pairing, PlayedRound, Result, Settings, Table
from domain.tournaments.records import build_records
from domain.tournaments.scoring import points_by_place
from domain.tournaments.standings import standings

from .tournament_builders import Play, entrants, played, records_after


def row(table, player):
    return next(s for s in table if s.player == player)


def crosstable():
    # A beats B, draws C, loses to D; B beats D; C beats B and draws D.
    return [played(1, "A B 1-0", "C D ="), played(2, "A C =", "B D 1-0"), played(3, "D A 1-0", "C B 1-0")]


def test_points_buchholz_cut_one_sonneborn_berger_and_wins_match_the_hand_computed_crosstable():
    table = standings(list("ABCD"), records_after("ABCD", *crosstable()), "swiss")
    by_hand = {  # points, Buchholz, cut-1, Sonneborn-Berger, wins
        "A": (F(3, 2), F(9, 2), F(7, 2), F(2), 1),
        "B": (F(1), F(5), F(7, 2), F(3, 2), 1),
        "C": (F(2), F(4), F(3), F(5, 2), 1),
        "D": (F(3, 2), F(9, 2), F(7, 2), F(5, 2), 1),
    }
    for p, expected in by_hand.items():
        s = row(table, p)
        assert (s.points, s.buchholz, s.buchholz_cut1, s.sonneborn_berger, s.wins) == expected
    # A and D tie on points, cut-1 and Buchholz: D's better Sonneborn-Berger puts D ahead.
    assert [s.player for s in table] == ["C", "D", "A", "B"]
    assert [s.place for s in table] == [1, 2, 3, 4]


def test_a_round_robin_breaks_ties_by_sonneborn_berger_first():
    table = standings(list("ABCD"), records_after("ABCD", *crosstable(), format="round-robin"), "round-robin")
    assert [s.player for s in table] == ["C", "D", "A", "B"]


def test_the_last_tie_falls_to_the_initial_ranking():
    rounds = [played(1, "A B =", "C D =")]
    assert [s.player for s in standings(list("DCBA"), records_after("ABCD", *rounds), "swiss")] == list("DCBA")


def test_places_at_a_table_score_from_one_to_zero_and_ties_share():
    assert points_by_place((1, 2, 3)) == [1, F(1, 2), 0]
    assert points_by_place((2, 1, 4, 3)) == [F(2, 3), 1, 0, F(1, 3)]
    assert points_by_place((1, 1, 3)) == [F(3, 4), F(3, 4), 0]
    assert points_by_place((1, 1)) == [F(1, 2), F(1, 2)]


def test_tie_breaks_at_tables_weigh_each_tablemate_by_the_share_of_the_table():
    game = PlayedRound(Pairing(1, (Table(1, ("A", "B", "C")),)), {1: Result((1, 2, 3))}, True)
    records = build_records("ABC", [game], "tables")
    table = standings(list("ABC"), records, "tables")
    a = row(table, "A")
    assert a.buchholz == F(1, 4)  # mean of B's 1/2 and C's 0
    assert a.sonneborn_berger == F(1, 4)  # (1 x 1/2 + 1 x 0) / 2
    assert row(table, "B").sonneborn_berger == 0  # below A (1 point), above C (0 points)
    assert [s.player for s in table] == ["A", "B", "C"]


def test_a_player_who_withdraws_mid_way_is_paired_no_more_and_their_games_still_count_for_opponents():
    play = Play(Settings("swiss", 4), entrants(6))
    first = play.play_round(lambda table: (1, 2))
    gone = first.tables[0].seats[0]  # won round one
    opponent = first.tables[0].seats[1]
    play.apply(decide.withdraw(play.state, gone))
    for _ in range(3):
        pairing = play.play_round(lambda table: (1, 2))
        assert gone not in pairing.players()
        assert len(pairing.byes) == 1
    table = play.state.standings(play.seed)
    assert row(table, gone).withdrawn and row(table, gone).points == 1 and row(table, gone).games == 1
    # The opponent's Buchholz counts the withdrawn player's point.
    records = build_records(play.state.players, play.state.rounds, "swiss")
    opponents = [g.tablemates[0] for g in records[opponent].games]
    assert gone in opponents
    assert row(table, opponent).buchholz == sum(records[q].points for q in opponents)


def test_a_loss_on_time_is_a_lost_game_played_the_winner_scores_a_win_and_they_do_not_meet_again():
    play = Play(Settings("swiss", 3), entrants(4))
    pairing = play.pair()
    slow = pairing.tables[0].seats[0]
    play.result(pairing.tables[0], (2, 1), lost_on_time=(slow,))
    play.result(pairing.tables[1], (1, 2))
    winner = pairing.tables[0].seats[1]
    table = play.state.standings(play.seed)
    assert row(table, slow).points == 0 and row(table, slow).games == 1
    assert row(table, winner).points == 1 and row(table, winner).wins == 1
    records = build_records(play.state.players, play.state.rounds, "swiss")
    assert records[slow].games[0].lost_on_time
    assert frozenset((slow, winner)) not in {frozenset(t.seats) for t in play.pair().tables}
