"""A challenge saved by one process reaches the notices of its players served by another: the
news watcher reads it in the store's log and rings their bells (the notices themselves would
look again only once in a million seconds)."""

from __future__ import annotations

from projections.database import ProjectionDatabase
from projections.game_list import GameList
from projections.inbox import Inbox
from projections.notices import Book, PlayerNotices, challenge_news
from services.compose import build
from tests.integration.test_news import listen, next_message, quiet_pace


def test_a_challenge_and_its_answer_saved_in_another_process_reach_the_players_notices(tmp_path):
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": str(tmp_path), "CHRONICLE_NEWS": "none",
           "CHRONICLE_NEWS_SAFETY_SECONDS": "0.2"}
    saver, watcher = build(env), build(env)
    players = saver.commands.players
    ana, bo = (players.get(players.register(name)["id"]) for name in ("ana", "bo"))
    inbox = Inbox(GameList(watcher.store, ProjectionDatabase(str(tmp_path / "projections.sqlite"))))

    def notices_of(player):
        arrived = listen(PlayerNotices(inbox, watcher.news, str(player.id), quiet_pace(),
                                       watcher.commands.challenges).messages())
        assert next_message(arrived).event == "inbox"
        return arrived

    bos, anas = notices_of(bo), notices_of(ana)
    issued = saver.commands.challenges.issue(ana, {"game": "chi", "to": str(bo.id)}, players)
    told = next_message(bos)
    assert (told.event, told.data["id"], told.data["status"]) == ("challenge", issued["id"], "open")
    saver.commands.challenges.decline(issued["id"], bo, "not today")
    told = next_message(anas)
    assert (told.event, told.data["id"], told.data["status"], told.data["reason"]) == (
        "challenge", issued["id"], "declined", "not today")


def test_a_challenge_issued_and_answered_between_two_looks_at_the_book_is_still_told_once_closed():
    """The notices look at the player's book when rung: a challenge that was both issued and declined
    before the challenger's notices looked again is told, closed, not lost; one received is told when
    it arrives; one issued from here is not told until it closes."""
    nothing: Book = ({}, [])
    assert challenge_news(nothing, ({}, ["c1"])) == ["c1"], "issued and declined between looks"
    assert challenge_news(nothing, ({"c2": "incoming"}, [])) == ["c2"], "received"
    assert challenge_news(nothing, ({"c3": "outgoing"}, [])) == [], "issued from here"
    assert challenge_news(({"c3": "outgoing"}, []), ({}, ["c3"])) == ["c3"], "the issued one answered"
    assert challenge_news(({}, ["c1"]), ({}, ["c1"])) == [], "told once"
