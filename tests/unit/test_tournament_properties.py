"""Over random results, a Swiss never pairs two players twice while another pairing could avoid it,
and nobody has two byes; a round robin meets every pair once. Checked against a brute-force search
written here independently of the pairing code."""

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.tournaments import decide
from domain.tournaments.model import Entrant, Settings

from .tournament_builders import Play, random_places


def rematch_free_pairing_exists(players: list[str], met: set[frozenset], byes: set[str]) -> bool:
    """Is there a bye (to a player without one, if the field is odd) and a pairing of the rest
    in which nobody meets an opponent again?"""
    if len(players) % 2:
        return any(perfect(tuple(p for p in players if p != bye), met) for bye in players if bye not in byes)
    return perfect(tuple(players), met)


def perfect(players: tuple[str, ...], met: set[frozenset]) -> bool:
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(frozenset((first, q)) not in met and perfect(tuple(p for p in rest if p != q), met) for q in rest)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 11).flatmap(lambda n: st.tuples(
    st.just(n), st.integers(1, n - 1), st.lists(st.sampled_from([1200, 1500, 1800]), min_size=n, max_size=n),
    st.text("abcdef", min_size=1, max_size=6))))
def test_a_swiss_pairs_no_one_twice_while_it_can_and_gives_nobody_a_second_bye(case):
    n, rounds, ratings, seed = case
    play = Play(Settings("swiss", rounds), [Entrant(f"p{i}", r) for i, r in enumerate(ratings)], seed=seed)
    results = random_places(seed)
    met: set[frozenset] = set()
    byes: set[str] = set()
    for _ in range(rounds):
        avoidable = rematch_free_pairing_exists(play.state.players, met, byes)
        pairing = play.play_round(results)
        games = [frozenset(t.seats) for t in pairing.tables]
        assert sorted(pairing.players()) == sorted(play.state.players)
        if avoidable:
            assert not met.intersection(games), f"round {pairing.round} repeats a game another pairing avoids"
        assert not byes.intersection(pairing.byes), f"round {pairing.round} gives a second bye"
        assert len(pairing.byes) == n % 2
        met.update(games)
        byes.update(pairing.byes)


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 12), st.text("xyz", min_size=1, max_size=4))
def test_a_round_robin_meets_every_pair_exactly_once(n, seed):
    play = Play(Settings("round-robin", n - 1 + n % 2), [Entrant(f"p{i}") for i in range(n)], seed=seed)
    games = []
    for _ in range(n - 1 + n % 2):
        games += [frozenset(t.seats) for t in play.play_round(random_places(seed)).tables]
    assert len(games) == len(set(games)) == n * (n - 1) // 2


@settings(max_examples=30, deadline=None)
@given(st.integers(4, 10).flatmap(lambda n: st.tuples(
    st.just(n), st.integers(2, n - 1), st.integers(0, n - 1), st.text("gh", min_size=1, max_size=5))))
def test_a_player_who_withdraws_mid_way_is_never_paired_again_and_the_rest_still_meet_no_one_twice(case):
    n, rounds, leaving, seed = case
    play = Play(Settings("swiss", rounds), [Entrant(f"p{i}") for i in range(n)], seed=seed)
    results = random_places(seed)
    gone = f"p{leaving}"
    met: set[frozenset] = set()
    byes: set[str] = set()
    for number in range(1, rounds + 1):
        if number == 2:
            play.apply(decide.withdraw(play.state, gone))
        active = [p for p in play.state.players if p not in play.state.withdrawn]
        avoidable = rematch_free_pairing_exists(active, met, byes)
        pairing = play.play_round(results)
        assert sorted(pairing.players()) == sorted(active)
        games = [frozenset(t.seats) for t in pairing.tables]
        if avoidable:
            assert not met.intersection(games)
        met.update(games)
        byes.update(pairing.byes)
    assert gone in [s.player for s in play.state.standings(seed) if s.withdrawn]
