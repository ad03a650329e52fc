"""Swiss pairings on laid-out standings: score groups, no rematch, floaters, byes, colours, the seed."""

from domain.rng import Rng
from domain.tournaments.model import Entrant, Settings
from domain.tournaments.ranking import initial_ranking
from domain.tournaments.swiss import pair_swiss

from .tournament_builders import Play, better_ranked_wins, entrants, played, records_after

EIGHT = [f"p{i}" for i in range(1, 9)]


def seats(pairing):
    return [table.seats for table in pairing.tables]


def pairs(pairing):
    return {frozenset(table.seats) for table in pairing.tables}


def test_round_one_pairs_the_top_half_with_the_bottom_half_and_alternates_colours_down_the_tables():
    records = records_after(EIGHT)
    pairing = pair_swiss(EIGHT, records, 1, "seed")
    assert pairs(pairing) == {frozenset(p) for p in (("p1", "p5"), ("p2", "p6"), ("p3", "p7"), ("p4", "p8"))}
    top_players_first_seat = [table.seats[0] in EIGHT[:4] for table in pairing.tables]
    assert top_players_first_seat in ([True, False, True, False], [False, True, False, True])
    assert not pairing.byes


def test_winners_meet_winners_and_colour_preferences_choose_among_the_transpositions():
    round_one = played(1, "p1 p5 1-0", "p6 p2 0-1", "p3 p7 1-0", "p8 p4 0-1")
    pairing = pair_swiss(EIGHT, records_after(EIGHT, round_one), 2, "seed")
    # 1-3 and 2-4 would give p1 and p3 (both white last) the same colour: 4-1 and 2-3 give everyone theirs.
    assert seats(pairing) == [("p4", "p1"), ("p2", "p3"), ("p5", "p8"), ("p7", "p6")]


def test_players_who_have_met_are_not_paired_again_a_transposition_finds_other_opponents():
    round_one = played(1, "p1 p4 =", "p2 p5 =", "p3 p6 =")
    six = EIGHT[:6]
    pairing = pair_swiss(six, records_after(six, round_one), 2, "seed")
    assert pairs(pairing) == {frozenset(p) for p in (("p1", "p5"), ("p2", "p6"), ("p3", "p4"))}


def test_the_odd_player_of_a_score_group_floats_down_to_meet_the_top_of_the_next_group():
    round_one = played(1, "p1 p4 1-0", "p5 p2 0-1", "p3 p6 1-0")
    six = EIGHT[:6]
    pairing = pair_swiss(six, records_after(six, round_one), 2, "seed")
    assert seats(pairing) == [("p2", "p1"), ("p4", "p3"), ("p6", "p5")]


def test_a_group_whose_players_have_all_met_floats_whole_and_absolute_colours_are_kept():
    four = EIGHT[:4]
    rounds = [played(1, "p1 p3 1-0", "p2 p4 1-0"), played(2, "p1 p2 =", "p3 p4 =")]
    pairing = pair_swiss(four, records_after(four, *rounds), 3, "seed")
    # p1 had the first seat twice: it must take the second; p4 had the second seat twice.
    assert seats(pairing) == [("p4", "p1"), ("p2", "p3")]


def test_the_bye_goes_to_the_lowest_player_who_has_not_had_one():
    five = EIGHT[:5]
    round_one = played(1, "p1 p3 1-0", "p2 p4 1-0", byes=("p5",))
    first = pair_swiss(five, records_after(five), 1, "seed")
    assert first.byes == ("p5",)
    second = pair_swiss(five, records_after(five, round_one), 2, "seed")
    assert second.byes == ("p4",)
    assert "p4" not in {p for table in second.tables for p in table.seats}


def test_the_bye_passes_up_to_the_next_player_when_the_lowest_ones_bye_would_force_a_rematch():
    five = EIGHT[:5]
    rounds = [played(1, "p1 p4 1-0", "p2 p3 =", "p5 x 0-1"), played(2, "p2 p4 1-0", "p1 p3 1-0", "x p5 1-0"),
              played(3, "p3 p4 1-0")]
    # p5 is last, but without p5 the others cannot pair: p4 has met p1, p2 and p3.
    pairing = pair_swiss(five, records_after(five, *rounds), 4, "seed")
    assert pairing.byes == ("p4",)
    assert pairs(pairing) == {frozenset(("p1", "p2")), frozenset(("p3", "p5"))}


def test_two_players_meet_again_when_no_other_pairing_exists():
    play = Play(Settings("swiss", 2), entrants(2))
    play.play_round(lambda table: (1, 2))
    assert pairs(play.pair()) == {frozenset(("p01", "p02"))}


def test_a_players_colours_stay_balanced_over_a_whole_swiss():
    play = Play(Settings("swiss", 7), entrants(8, rating=lambda i: 1500))
    ranking = initial_ranking(play.state.entrants, play.seed)
    for _ in range(7):
        play.play_round(better_ranked_wins(ranking))
    firsts = {p: 0 for p in ranking}
    for played_round in play.state.rounds:
        for table in played_round.pairing.tables:
            firsts[table.seats[0]] += 1
    assert all(3 <= count <= 4 for count in firsts.values()), firsts


def test_equal_ratings_are_ordered_by_the_seed_as_docs_describe_and_the_same_seed_pairs_the_same():
    field = [Entrant(name, 1500) for name in ("ada", "bo", "cy", "di", "ed", "flo")]
    drawn = Rng("tournament seed", "initial-order").shuffle(sorted(e.player for e in field))
    assert initial_ranking(field, "tournament seed") == drawn
    orders = {tuple(initial_ranking(field, f"seed {i}")) for i in range(8)}
    assert len(orders) > 1
    again = pair_swiss(drawn, records_after(drawn), 1, "tournament seed")
    assert again == pair_swiss(drawn, records_after(drawn), 1, "tournament seed")


def test_a_higher_rating_ranks_first_whatever_the_seed():
    field = [Entrant("low", 1200), Entrant("high", 1900), Entrant("mid", 1500)]
    assert all(initial_ranking(field, f"s{i}") == ["high", "mid", "low"] for i in range(5))


def test_floats_are_read_from_the_points_each_player_had_when_paired_and_a_bye_floats_down():
    five = EIGHT[:5]
    rounds = [played(1, "p1 p3 1-0", "p2 p4 =", byes=("p5",)), played(2, "p5 p1 0-1", "p3 p2 =", byes=("p4",))]
    records = records_after(five, *rounds)
    assert records["p5"].floats == {1: "down", 2: ""}  # 1 point each when they met in round 2
    assert records["p1"].floats == {1: "", 2: ""}
    assert records["p3"].floats == {1: "", 2: "up"}  # 0 against p2's 1/2
    assert records["p2"].floats == {1: "", 2: "down"}
    assert records["p4"].floats == {1: "", 2: "down"}


def test_the_bye_passes_over_the_lowest_player_who_floated_down_the_round_before():
    five = EIGHT[:5]
    rounds = [played(1, "p1 p3 0-1", "p4 p2 1-0", byes=("p5",)), played(2, "p3 p5 0-1", "p1 p4 1-0", byes=("p2",))]
    records = records_after(five, *rounds)
    # p1, p3 and p4 (1 point each) have had no bye; p4, the lowest, floated down in round 2 (it had
    # 1 point to p1's 0). A bye is a downfloat too: version 2 gives it to p3, version 1 gave it to p4.
    assert [records[p].points for p in ("p1", "p3", "p4")] == [1, 1, 1] and records["p4"].floats[2] == "down"
    assert pair_swiss(five, records, 3, "seed").byes == ("p3",)
    assert pair_swiss(five, records, 3, "seed", version=1).byes == ("p4",)
