"""A tournament's players hear its news in words: their game of each round ("Round 1 of Chi, a
Swiss by oli: your game against bo"), a bye, and their final place, with the game and the
tournament as links; on their notices stream (told once, in this process or from another one),
in their inbox, and on their webhook. Each player hears only their own."""

from __future__ import annotations

import pytest

from projections.database import ProjectionDatabase
from projections.game_list import GameList
from projections.inbox import Inbox
from projections.notices import PlayerNotices
from services.compose import build
from services.tournaments.news import TournamentNotices
from tests.clocks import FakeClock
from tests.conftest import MEMORY
from tests.integration.test_news import listen, next_message, on_sqlite, quiet_pace
from tests.receiver import Receiver

DAY = {"per_decision": "P1D", "on_timeout": "forfeit"}
NAME = "Chi, a Swiss by oli"


def register(services, *names, callback=None):
    players = services.commands.players
    return [players.get(players.register(name, callback)["id"]) for name in names]


def swiss_of_two_players_and_a_bot(services, rounds=2):
    """oli organises a Swiss of Chi with a random bot; ana and bo join: three entrants, so every
    round has one game and one bye."""
    oli, ana, bo = register(services, "oli", "ana", "bo")
    tournaments = services.commands.tournaments
    opened = tournaments.organise(oli, {"game": "chi", "format": "swiss", "rounds": rounds, "clock": DAY,
                                        "bots": [{"bot": "random", "name": "robo"}], "rated": False})
    for player in (ana, bo):
        tournaments.join(opened["id"], player)
    return oli, ana, bo, opened["id"]


def round_of(services, tournament_id, number):
    """Who plays whom in the round (name -> (game id, opponents)), and who has the bye."""
    played = services.commands.tournaments.shown(tournament_id)["rounds"][number - 1]
    games = {name: (table["game_id"], [other for other in table["players"] if other != name])
             for table in played["tables"] for name in table["players"]}
    return games, played["byes"]


def expected(tournament_id, number, name, games):
    """The notice a player of round `number` should hear, in words, with its game's links."""
    if name not in games:
        return {"kind": "bye", "words": f"Round {number} of {NAME}: you have a bye", "game": None}
    game_id, [opponent] = games[name]
    return {"kind": "round", "words": f"Round {number} of {NAME}: your game against {opponent}", "game": game_id,
            "opponents": [opponent],
            "links": {"tournament": f"/api/tournaments/{tournament_id}", "tournament_page": f"/tournaments/{tournament_id}",
                      "game": f"/api/games/{game_id}", "page": f"/games/{game_id}"}}


def contains(notice, wanted):
    return {key: notice[key] for key in wanted} == wanted


def test_after_round_one_each_player_hears_their_game_or_their_bye_in_words_with_links(services):
    oli, ana, bo, tournament_id = swiss_of_two_players_and_a_bot(services)
    services.commands.tournaments.start(tournament_id, oli)
    games, byes = round_of(services, tournament_id, 1)
    assert len(byes) == 1 and len(games) == 2, "three entrants: one game, one bye"
    news = TournamentNotices(services.store)

    for player in (ana, bo):
        [notice] = news.all_of(str(player.id))
        assert notice["id"] == f"{tournament_id}:round-1" and notice["round"] == 1
        assert contains(notice, expected(tournament_id, 1, player.name, games))
        assert news.latest(str(player.id)) == [notice]
    assert news.all_of(str(oli.id)) == [], "the organiser who did not play hears nothing"


def test_the_end_tells_each_player_their_place_among_all(services):
    services.commands.clock = clock = FakeClock()
    oli, ana, bo, tournament_id = swiss_of_two_players_and_a_bot(services, rounds=1)
    services.commands.tournaments.start(tournament_id, oli)
    games, [bye] = round_of(services, tournament_id, 1)
    [game_id] = {game_id for game_id, _ in games.values()}
    game = services.store.game(game_id)
    clock.advance(days=1)
    services.commands.time_out(game.id, game.version)

    ended = services.commands.tournaments.shown(tournament_id)
    assert ended["status"] == "finished"
    places = {s["player"]: s["place"] for s in ended["standings"]}
    news = TournamentNotices(services.store)
    for player in (ana, bo):
        *rounds, last = news.all_of(str(player.id))
        assert [n["kind"] for n in rounds] == ["bye" if player.name == bye else "round"]
        place = places[player.name]
        assert last["id"] == f"{tournament_id}:finished" and (last["place"], last["of"]) == (place, 3)
        assert last["words"] == f"{NAME} finished: you placed {place}{['st', 'nd', 'rd'][place - 1]} of 3"
        assert news.latest(str(player.id)) == [last]


def test_the_notices_stream_tells_each_player_their_own_round_and_a_later_stream_opens_with_it(services, tmp_path):
    oli, ana, bo, tournament_id = swiss_of_two_players_and_a_bot(services)
    inbox = Inbox(GameList(services.store, ProjectionDatabase(str(tmp_path / "projections.sqlite"))))
    streams = {}
    for player in (ana, bo):
        streams[player.name] = listen(PlayerNotices(inbox, services.news, str(player.id), quiet_pace(),
                                                    tournaments=TournamentNotices(services.store)).messages())
        opening = next_message(streams[player.name])
        assert opening.event == "inbox" and opening.data["tournaments"] == [], "nothing to tell before round one"

    services.commands.tournaments.start(tournament_id, oli)
    games, byes = round_of(services, tournament_id, 1)
    for player in (ana, bo):
        told = [message for message in drain_until_tournament(streams[player.name])]
        tournament_messages = [m for m in told if m.event == "tournament"]
        [notice] = [m.data for m in tournament_messages]
        assert contains(notice, expected(tournament_id, 1, player.name, games))
        if player.name not in byes:
            assert all("you have a bye" not in str(m.data) for m in told), "the other's bye is theirs alone"
    # A stream opened afterwards lists where the tournament stands in its opening, and tells it no more.
    later = listen(PlayerNotices(inbox, services.news, str(ana.id), quiet_pace(),
                                 tournaments=TournamentNotices(services.store)).messages())
    opening = next_message(later)
    assert [n["id"] for n in opening.data["tournaments"]] == [f"{tournament_id}:round-1"]
    assert contains(opening.data["tournaments"][0], expected(tournament_id, 1, "ana", games))


def drain_until_tournament(arrived):
    """The messages up to and including the first `tournament` one."""
    while True:
        message = next_message(arrived)
        yield message
        if message.event == "tournament":
            return


def test_a_round_paired_by_another_process_reaches_the_players_notices(tmp_path):
    """The watcher of the process serving the stream reads the tournament's events in the store's
    log (no doorbell, no safety look of the notices themselves)."""
    saver, watcher = build(on_sqlite(tmp_path, CHRONICLE_NEWS="none", CHRONICLE_NEWS_SAFETY_SECONDS="0.2")), \
        build(on_sqlite(tmp_path, CHRONICLE_NEWS="none", CHRONICLE_NEWS_SAFETY_SECONDS="0.2"))
    oli, ana, bo, tournament_id = swiss_of_two_players_and_a_bot(saver)
    inbox = Inbox(GameList(watcher.store, ProjectionDatabase(str(tmp_path / "projections.sqlite"))))
    arrived = listen(PlayerNotices(inbox, watcher.news, str(bo.id), quiet_pace(),
                                   tournaments=TournamentNotices(watcher.store)).messages())
    assert next_message(arrived).event == "inbox"

    saver.commands.tournaments.start(tournament_id, oli)
    games, _ = round_of(saver, tournament_id, 1)
    [told] = [m for m in drain_until_tournament(arrived) if m.event == "tournament"]
    assert contains(told.data, expected(tournament_id, 1, "bo", games))


@pytest.fixture
def hooked():
    """The receiver listens on 127.0.0.1, which the operator allows here; bots play in this process."""
    return build({**MEMORY, "CHRONICLE_WEBHOOK_ALLOW_HOSTS": "127.0.0.1"})


def test_each_player_s_webhook_gets_their_own_tournament_notice_signed_with_its_kind(hooked):
    with Receiver() as ana_hook, Receiver() as bo_hook:
        oli, ana, bo, tournament_id = swiss_of_two_players_and_a_bot(hooked)
        hooks = {"ana": (ana, ana_hook), "bo": (bo, bo_hook)}
        for player, receiver in hooks.values():
            receiver.secret = hooked.commands.players.set_callback(player, receiver.url)["webhook_secret"]
        hooked.commands.tournaments.start(tournament_id, oli)
        games, byes = round_of(hooked, tournament_id, 1)
        for name, (player, receiver) in hooks.items():
            [call] = receiver.wait_until(lambda received: [c for c in received if c["json"]["type"] == "tournament"])
            assert call["refusal"] is None, "signed so that the standardwebhooks library verifies it"
            notice = call["json"]
            assert contains(notice, expected(tournament_id, 1, name, games))
            assert notice["kind"] == ("bye" if name in byes else "round")
            assert call["headers"]["webhook-id"] == f"tournament-{player.id}-{tournament_id}-round-1"


def test_at_a_table_of_more_seats_a_player_hears_everyone_they_play_against(services):
    oli, ana, bo, cai = register(services, "oli", "ana", "bo", "cai")
    tournaments = services.commands.tournaments
    opened = tournaments.organise(oli, {"game": "xanadu", "format": "tables", "rounds": 1, "clock": DAY})
    for player in (ana, bo, cai):
        tournaments.join(opened["id"], player)
    [table] = tournaments.start(opened["id"], oli)["rounds"][0]["tables"]
    assert sorted(table["players"]) == ["ana", "bo", "cai"]
    news = TournamentNotices(services.store)
    for player in (ana, bo, cai):
        others = [name for name in table["players"] if name != player.name]
        [notice] = news.all_of(str(player.id))
        assert notice["words"] == (f"Round 1 of Xanadu, a tables tournament by oli: your game against "
                                   f"{others[0]} and {others[1]}")
        assert (notice["game"], notice["opponents"]) == (table["game_id"], others)


def test_the_player_left_out_of_a_round_hears_of_their_bye_with_no_game(services):
    oli, ana, bo, cai = register(services, "oli", "ana", "bo", "cai")
    tournaments = services.commands.tournaments
    opened = tournaments.organise(oli, {"game": "chi", "format": "swiss", "rounds": 2, "clock": DAY})
    for player in (ana, bo, cai):
        tournaments.join(opened["id"], player)
    tournaments.start(opened["id"], oli)
    games, [bye] = round_of(services, opened["id"], 1)
    news = TournamentNotices(services.store)
    for player in (ana, bo, cai):
        [notice] = news.all_of(str(player.id))
        if player.name == bye:
            assert notice["words"] == f"Round 1 of {NAME}: you have a bye"
            assert (notice["kind"], notice["game"], notice["opponents"]) == ("bye", None, [])
            assert set(notice["links"]) == {"tournament", "tournament_page"}, "no game to link to"
        else:
            assert contains(notice, expected(opened["id"], 1, player.name, games))
            assert bye not in notice["words"], "a player's notice does not tell of another's bye"


def test_a_notice_rung_again_or_found_again_by_a_safety_look_is_not_told_twice(services, tmp_path):
    oli, ana, bo, tournament_id = swiss_of_two_players_and_a_bot(services)
    services.commands.tournaments.start(tournament_id, oli)
    inbox = Inbox(GameList(services.store, ProjectionDatabase(str(tmp_path / "projections.sqlite"))))
    notices = PlayerNotices(inbox, services.news, str(ana.id), quiet_pace(), tournaments=TournamentNotices(services.store))
    told: set[str] = set()
    [first] = list(notices.tournament_news(told, [tournament_id]))
    assert first.data["id"] == f"{tournament_id}:round-1"
    assert list(notices.tournament_news(told, [tournament_id])) == [], "rung again"
    assert list(notices.tournament_news(told)) == [], "a safety look over all the player's tournaments"


def test_a_player_withdrawn_after_losing_on_time_hears_it_on_their_stream_inbox_and_webhook(hooked, tmp_path):
    hooked.commands.clock = clock = FakeClock()
    with Receiver() as ana_hook, Receiver() as bo_hook:
        oli, ana, bo, tournament_id = swiss_of_two_players_and_a_bot(hooked)
        hooks = {"ana": (ana, ana_hook), "bo": (bo, bo_hook)}
        for player, receiver in hooks.values():
            receiver.secret = hooked.commands.players.set_callback(player, receiver.url)["webhook_secret"]
        hooked.commands.tournaments.start(tournament_id, oli)  # withdrawn after 1 loss on time: the default
        games, [bye] = round_of(hooked, tournament_id, 1)
        [game_id] = {game_id for game_id, _ in games.values()}
        game = hooked.store.game(game_id)
        late = game.seats[game.to_act()]["name"]  # robo, a bot, has played at once: a player is awaited
        clock.advance(days=1)
        hooked.commands.time_out(game.id, game.version)

        player, receiver = hooks[late]
        words = f"{NAME}: you were withdrawn after losing 1 game on time; your results so far stand"
        [call] = receiver.wait_until(lambda received: [c for c in received if c["json"].get("kind") == "withdrawn"])
        assert call["refusal"] is None and call["json"]["words"] == words
        assert call["headers"]["webhook-id"] == f"tournament-{player.id}-{tournament_id}-withdrawn"
        others = [name for name in hooks if name != late]
        for other in others:
            assert all(c["json"].get("kind") != "withdrawn" for c in hooks[other][1].received), "only theirs"

    news = TournamentNotices(hooked.store)
    *earlier, withdrawn = news.all_of(str(player.id))
    assert [n["id"] for n in earlier] == [f"{tournament_id}:round-1"], "told after the round they lost on time"
    assert (withdrawn["id"], withdrawn["kind"], withdrawn["round"], withdrawn["words"]) == \
        (f"{tournament_id}:withdrawn", "withdrawn", 1, words)
    assert news.latest(str(player.id)) == [withdrawn], "the inbox shows where the tournament stands for them"
    shown = hooked.commands.tournaments.shown(tournament_id)
    [round_two] = shown["rounds"][1]["tables"]
    assert late not in round_two["players"], "not paired again"

    inbox = Inbox(GameList(hooked.store, ProjectionDatabase(str(tmp_path / "projections.sqlite"))))
    stream = PlayerNotices(inbox, hooked.news, str(player.id), quiet_pace(), tournaments=news)
    told: set[str] = set()
    assert [m.data["words"] for m in stream.tournament_news(told, [tournament_id])][-1] == words


def test_a_player_who_withdraws_by_asking_is_not_told_of_it(services):
    oli, ana, bo, tournament_id = swiss_of_two_players_and_a_bot(services)
    services.commands.tournaments.start(tournament_id, oli)
    services.commands.tournaments.withdraw(tournament_id, ana)
    assert [n["kind"] for n in TournamentNotices(services.store).all_of(str(ana.id))] in (["round"], ["bye"])


def test_the_news_whose_webhooks_may_still_be_due_is_of_the_running_tournaments_and_those_ended_lately(services):
    """What the sweeper reads when it looks for notices whose webhook was lost: never every
    tournament there ever was."""
    services.commands.clock = clock = FakeClock()
    tournaments = services.commands.tournaments
    oli, ana, bo, ended = swiss_of_two_players_and_a_bot(services, rounds=1)
    tournaments.start(ended, oli)
    games, _ = round_of(services, ended, 1)
    [game_id] = {game_id for game_id, _ in games.values()}
    game = services.store.game(game_id)
    clock.advance(days=1)
    services.commands.time_out(game.id, game.version)
    assert tournaments.shown(ended)["status"] == "finished"
    running = tournaments.organise(oli, {"game": "chi", "rounds": 1, "clock": DAY, "rated": False})["id"]

    assert sorted(tournaments.with_news()) == sorted([running, ended])
    clock.advance(hours=23)
    assert ended in tournaments.with_news(), "its last news may still be owed a webhook"
    clock.advance(hours=2)
    assert tournaments.with_news() == [running], "ended more than a day ago: looked at no more"
