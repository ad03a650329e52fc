"""The Python client against a real server: a player registers, plays a game of Chi against a
built-in bot to its end by the game's stream, and every refusal a client can provoke comes back
as the exception of its problem's kind (all but those a client of this package cannot provoke:
a body not sent as JSON, a server failing, an HTTP refusal of no kind of its own)."""

import pytest

from chronicle_client import (
    BotAccount, ChallengeClosed, Client, Forbidden, GameOver, HeadersTooLarge, IllegalAction, InvalidRequest,
    LimitReached, MethodNotAllowed, NotFinished, NotFound, NotYourTurn, SeatTaken, StaleVersion, TooLarge,
    Unauthorized, UriTooLong,
)
from tests.client.conftest import register

pytestmark = pytest.mark.e2e

NO_GAME = "00000000-0000-0000-0000-000000000000"


def test_a_player_plays_chi_against_a_bot_to_the_end_reading_the_game_stream(anonymous):
    ana, ana_id = register(anonymous, "ana")
    assert ana.get_me()["name"] == "ana"
    created = ana.create_game({"game": "chi", "seats": [{"player": ana_id}, {"bot": "random"}], "seed": "client-1"})
    game_id = created["id"]

    versions, moves, last = [], 0, None
    for message in ana.game_stream(game_id, views="full"):
        view = message.data["game"]
        versions.append(message.data["version"])
        assert int(message.id) == message.data["version"]
        last = view
        if view["status"] == "running" and view["to_act"] and view["to_act"]["seat"] == 0:
            legal = ana.list_actions(game_id)
            if legal["version"] == view["version"]:  # the stream may lag a move the bot made since
                reply = ana.act(game_id, legal["actions"][0], legal["version"])
                assert reply["version"] > legal["version"]
                moves += 1
    # The iterator ended by itself: the server said (204) that the game's last event had come.
    assert last["status"] == "finished" and last["outcome"] is not None
    assert moves > 3
    assert versions == list(range(versions[0], versions[-1] + 1)), "a version skipped or seen twice"
    assert versions[-1] == ana.get_game(game_id)["version"]


def two_person_game(anonymous: Client, seed: str) -> tuple[str, dict[int, Client], int]:
    """A game of Chi between two people by seat tokens: its id, a client per seat, the seat to act."""
    created = anonymous.create_game({"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}], "seed": seed})
    seats = {token["seat"]: anonymous.with_key(token["token"]) for token in created["tokens"]}
    view = seats[0].get_game(created["id"])
    return created["id"], seats, view["to_act"]["seat"]


def test_the_refusals_of_a_move_are_raised_as_their_kinds(anonymous):
    game_id, seats, to_act = two_person_game(anonymous, "client-refusals")
    mover, waiter = seats[to_act], seats[1 - to_act]
    legal = mover.list_actions(game_id)
    version = legal["version"]

    with pytest.raises(NotYourTurn) as refused:
        waiter.act(game_id, legal["actions"][0], version)
    assert refused.value.status == 403 and refused.value.rule

    with pytest.raises(StaleVersion) as stale:
        mover.act(game_id, legal["actions"][0], version - 1)
    assert stale.value.status == 409 and stale.value.current_version == version

    with pytest.raises(IllegalAction) as illegal:
        mover.act(game_id, {"type": "draw", "slot": 99}, version)
    assert illegal.value.status == 422 and illegal.value.detail

    with pytest.raises(InvalidRequest) as invalid:
        mover.take_action(game_id, {"action": legal["actions"][0], "expected_version": "ten"})
    assert invalid.value.status == 400 and "expected_version" in str(invalid.value.errors or invalid.value.field)

    with pytest.raises(NotFinished):
        mover.audit_game(game_id)

    assert mover.get_game(game_id)["version"] == version, "a refused move changed the game"
    mover.act(game_id, {"type": "resign"}, version)
    with pytest.raises(GameOver) as over:
        waiter.act(game_id, {"type": "resign"}, version + 1)
    assert over.value.status == 422


def test_the_refusals_of_keys_seats_and_requests_are_raised_as_their_kinds(anonymous):
    with pytest.raises(Unauthorized):
        anonymous.get_me()
    with pytest.raises(Forbidden) as forbidden:
        anonymous.with_key("not-a-key").get_me()
    assert type(forbidden.value) is Forbidden and forbidden.value.status == 403
    with pytest.raises(NotFound) as missing:
        anonymous.get_game(NO_GAME)
    assert missing.value.status == 404
    with pytest.raises(MethodNotAllowed):
        anonymous._call("DELETE", "/api/games")
    with pytest.raises(TooLarge):
        anonymous.register_player({"name": "ana", "callback_url": "x" * 300_000})
    with pytest.raises(UriTooLong):
        anonymous.find_players(name="a" * 5000)
    with pytest.raises(HeadersTooLarge):
        anonymous.with_key("k" * 9000).get_me()

    bo, bo_id = register(anonymous, "bo")
    game = bo.create_game({"game": "chi", "seats": [{"player": bo_id}, {"bot": "random"}]})
    with pytest.raises(SeatTaken):
        bo.join_seat(game["id"], 1)
    with pytest.raises(BotAccount) as too_late:
        bo.become_bot()  # only before the player's first game
    assert too_late.value.rule == "players.bot-account.before-first-game"


def test_the_refusals_of_challenges_are_raised_as_their_kinds(anonymous):
    cy, _ = register(anonymous, "cy")
    di, di_id = register(anonymous, "di")
    first = cy.challenge(di_id, "chi")
    cy.cancel_challenge(first["id"])
    with pytest.raises(ChallengeClosed) as closed:
        di.accept_challenge(first["id"])
    assert closed.value.challenge_status == "cancelled"

    issued = [cy.challenge(None, "chi", rated=False) for _ in range(20)]
    with pytest.raises(LimitReached) as full:
        cy.challenge(None, "chi")
    assert full.value.limit == len(issued)
