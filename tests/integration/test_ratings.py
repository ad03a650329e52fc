"""Ratings from finished games: who is rated, by what places, what never counts, and a rebuild
from zero that gives exactly the ratings caught up live."""

from __future__ import annotations

import pytest

from domain.contract import Outcome
from projections.database import ProjectionDatabase
from projections.game_list import GameList
from projections.leaderboards import Leaderboards
from projections.ratings import places
from tests.clocks import FakeClock
from tests.playing import play_to_end


def outcome(scores, winners, beaten_by=None):
    return Outcome(scores=scores, winners=winners, reason="end", beaten_by=beaten_by)


def test_winners_share_the_first_place_and_the_others_follow_by_score_equal_scores_sharing():
    assert places(outcome([30, 12, 40, 12], [2])) == [2, 3, 1, 3]
    assert places(outcome([30, 30, 5], [0, 1])) == [1, 1, 2], "a shared win is a tie for the first place"
    assert places(outcome([50, 20], [1])) == [2, 1], "a winner by the rules ranks first whatever the score (a resignation)"
    assert places(outcome([14, 9], [], beaten_by="the Bot")) == [1, 2], "a rival the rules play won: by score"


@pytest.fixture
def boards(services):
    game_list = GameList(services.store, ProjectionDatabase(":memory:"))
    return Leaderboards(game_list)


def register(services, *names):
    return [services.commands.players.register(name) for name in names]


def players_table(services, game, people, seed, extra=(), **settings):
    """A game of registered players, each seated with their own consent (a key per player)."""
    created = services.commands.create(game, [{"player": people[0]["id"]}] + [{"open": True, "player": p["id"]}
                                                                              for p in people[1:]] + list(extra),
                                       seed=seed, host_key=people[0]["key"], **settings)
    for seat, person in enumerate(people[1:], start=1):
        services.commands.join(created.id, seat, services.commands.players.get(person["id"]))
    return created.id


def board(boards, game):
    """The leaderboard once every game played is caught up (as the API's runner does off the request path)."""
    boards.game_list.catch_up()
    return boards.board(game, limit=500).rows


def changes(boards, game_id):
    boards.game_list.catch_up()
    return boards.changes(str(game_id))


def by_rater(boards, game):
    return {row["rater"]: row for row in board(boards, game)}


def test_the_winner_of_a_game_between_players_climbs_above_the_loser_and_both_are_provisional(services, boards):
    ana, bo = register(services, "ana", "bo")
    game_id = players_table(services, "chi", [ana, bo], "rated-1")
    play_to_end(services, game_id)
    winner = services.store.game(game_id).rules.outcome(services.store.game(game_id).state).winners
    assert len(winner) == 1
    rows = board(boards, "chi")
    assert [row["name"] for row in rows] == (["ana", "bo"] if winner == [0] else ["bo", "ana"])
    assert rows[0]["rating"] > rows[1]["rating"] and all(row["provisional"] and row["games"] == 1 for row in rows)
    moved = changes(boards, game_id)
    assert [change["place"] for change in moved] == [1 if seat in winner else 2 for seat in (0, 1)]
    assert all(change["before"] == 0.0 for change in moved), "newcomers start at 0"
    assert moved[winner[0]]["change"] > 0 > moved[1 - winner[0]]["change"]


def test_a_resignation_is_a_loss_like_any_other(services, boards):
    ana, bo = register(services, "ana", "bo")
    game_id = players_table(services, "chi", [ana, bo], "rated-resign")
    game = services.store.game(game_id)
    services.commands.act(game_id, 0, {"type": "resign"}, game.version)
    ratings = by_rater(boards, "chi")
    assert ratings[f"player:{bo['id']}"]["rating"] > ratings[f"player:{ana['id']}"]["rating"]
    assert ratings[f"player:{bo['id']}"]["wins"] == 1 and ratings[f"player:{ana['id']}"]["wins"] == 0


def test_a_clock_forfeit_is_a_loss_like_any_other(services, boards):
    services.commands.clock = clock = FakeClock()
    ana, bo = register(services, "ana", "bo")
    game_id = players_table(services, "chi", [ana, bo], "rated-forfeit",
                            clock={"per_decision": "P1D", "on_timeout": "forfeit"})
    game = services.store.game(game_id)
    late = game.to_act()
    clock.advance(days=2)
    assert services.commands.time_out(game_id, game.version) is not None
    [loser] = [row for row in changes(boards, game_id) if row["seat"] == late]
    assert loser["place"] == 2 and loser["change"] < 0


def test_sandbox_games_and_games_with_an_unregistered_person_count_for_nobody(services, boards):
    ana, bo = register(services, "ana", "bo")
    game_id = players_table(services, "chi", [ana, bo], "rated-fork-source")
    play_to_end(services, game_id)
    stored = services.store.stored_events(game_id)
    ends = [event.originator_version for event, after in zip(stored[1:], stored[2:]) if event.cause != after.cause]
    fork = services.commands.fork(game_id, ends[len(ends) // 2])
    play_to_end(services, fork.id)
    anonymous = services.commands.create("chi", [{"name": "cy"}, {"bot": "greedy"}], seed="rated-anonymous")
    play_to_end(services, anonymous.id)
    assert services.store.game(fork.id).finished and services.store.game(anonymous.id).finished
    assert changes(boards, fork.id) is None and changes(boards, anonymous.id) is None
    assert {row["games"] for row in board(boards, "chi")} == {1}, "only the first game counted"


def test_bots_are_rated_per_name_version_and_strength_on_the_players_scale(services, boards):
    services.commands.create("chi", [{"bot": "greedy"}, {"bot": "random"}], seed="rated-bots-1")
    services.commands.create("chi", [{"bot": "search", "strength": 1}, {"bot": "random"}], seed="rated-bots-2")
    ratings = by_rater(boards, "chi")
    assert set(ratings) == {"bot:greedy@1", "bot:random@1", "bot:search@1/1"}
    assert ratings["bot:random@1"]["games"] == 2 and ratings["bot:search@1/1"]["name"] == "search-bot, version 1 at strength 1"
    assert all(row["kind"] == "bot" and row["player"] is None for row in ratings.values())


def test_xanadu_places_every_seat_and_a_shared_place_moves_both_alike(services, boards):
    ana, bo, cy = register(services, "ana", "bo", "cy")
    game_id = players_table(services, "xanadu", [ana, bo, cy], "rated-xanadu")
    play_to_end(services, game_id)
    game = services.store.game(game_id)
    result = game.rules.outcome(game.state)
    moved = changes(boards, game_id)
    assert [change["place"] for change in moved] == places(result)
    assert sorted(change["place"] for change in moved)[0] == 1
    best = max(moved, key=lambda change: change["change"])
    assert best["place"] == 1


def test_a_player_sees_each_games_rating_with_its_history(services, boards):
    ana, bo = register(services, "ana", "bo")
    for number in range(3):
        play_to_end(services, players_table(services, "chi", [ana, bo], f"rated-history-{number}"))
    boards.game_list.catch_up()
    rated = boards.of_player(ana["id"])
    assert set(rated) == {"chi"} and rated["chi"]["games"] == 3
    history = rated["chi"]["history"]
    assert len(history) == 3 and history[-1]["rating"] == rated["chi"]["rating"]


def test_rebuilding_from_zero_gives_exactly_the_ratings_caught_up_live(services):
    """The games finish in another order than they began, caught up now and then as the runner
    would: the ratings follow the order of finishing, and a rebuild follows it too."""
    game_list = GameList(services.store, ProjectionDatabase(":memory:"))
    people = register(services, "ana", "bo", "cy", "di")
    games = [players_table(services, "chi", [people[number % 4], people[(number + 1) % 4]], f"rebuild-{number}")
             for number in range(8)]
    games += [services.commands.create("chi", [{"bot": "greedy"}, {"player": people[number]["id"]}],
                                       seed=f"rebuild-bot-{number}", host_key=people[number]["key"]).id
              for number in range(2)]
    for turn, game_id in enumerate(reversed(games)):
        play_to_end(services, game_id, seed=f"rebuild-{turn}")
        if turn % 3 == 0:
            game_list.catch_up()
    game_list.catch_up()
    live = [dict(row) for row in game_list.db.query("SELECT * FROM ratings ORDER BY game, rater")]
    history = [dict(row) for row in game_list.db.query("SELECT * FROM rating_changes ORDER BY position, seat")]
    assert len(live) == 5 and len(history) == 20
    assert [row["game_id"] for row in history[::2]] == [str(game_id) for game_id in reversed(games)], "as they finished"
    game_list.rebuild()
    assert [dict(row) for row in game_list.db.query("SELECT * FROM ratings ORDER BY game, rater")] == live
    assert [dict(row) for row in game_list.db.query("SELECT * FROM rating_changes ORDER BY position, seat")] == history


def test_a_tie_moves_the_tied_seats_alike_and_a_shared_win_beats_a_lone_last(services):
    from projections import ratings

    db = ProjectionDatabase(":memory:")
    raters = [[f"player:{name}", "player", name] for name in ("ana", "bo", "cy")]
    with db.transaction() as cursor:
        ratings.rate_game(cursor, "tie-2", 1, {"game": "chi", "raters": raters[:2], "places": [1, 1], "winners": [0, 1],
                                               "finished_at": "2026-11-26T00:00:00"})
        ratings.rate_game(cursor, "tie-3", 2, {"game": "xanadu", "raters": raters, "places": [1, 1, 2],
                                               "winners": [0, 1], "finished_at": "2026-11-26T00:00:01"})
    chi = {row["rater"]: row for row in db.query("SELECT * FROM ratings WHERE game = 'chi'")}
    assert chi["player:ana"]["mu"] == chi["player:bo"]["mu"] == ratings.MODEL.mu, "a tie between equals moves neither"
    assert chi["player:ana"]["sigma"] < ratings.MODEL.sigma, "but the model grows surer of both"
    assert chi["player:ana"]["wins"] == chi["player:bo"]["wins"] == 0.5, "a shared win counts its share"
    xanadu = {row["rater"]: row["ordinal"] for row in db.query("SELECT * FROM ratings WHERE game = 'xanadu'")}
    assert xanadu["player:ana"] == xanadu["player:bo"] > xanadu["player:cy"]


def test_a_bot_against_itself_counts_for_no_rating_and_an_unrecorded_version_is_rated_apart(services, boards):
    mirror = services.commands.create("chi", [{"bot": "greedy"}, {"bot": "greedy"}], seed="rated-mirror")
    assert services.store.game(mirror.id).finished
    assert changes(boards, mirror.id) is None and board(boards, "chi") == []
    from projections.ratings import rated_entry

    chi = services.store.game(mirror.id).rules
    older = [{"name": "greedy-bot", "bot": "greedy"}, {"name": "random-bot", "bot": "random"}]  # before bot_version
    entry = rated_entry("chi", chi, older, {}, chi.outcome(services.store.game(mirror.id).state), "")
    assert [rater for rater, _, _ in entry["raters"]] == ["bot:greedy@unrecorded", "bot:random@unrecorded"]
