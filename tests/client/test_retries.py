"""A move whose answer is lost on the way back is sent again with the same Idempotency-Key, and the
game moves once: a real TCP proxy between the client and a real server cuts the connection after
the server has acted."""

import pytest

from chronicle_client import ChronicleError, Client, Unreachable
from tests.client.proxy import dropping_proxy

pytestmark = pytest.mark.e2e


def test_a_move_whose_answer_is_lost_is_retried_with_the_same_key_and_taken_once(anonymous, server):
    created = anonymous.create_game({"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}], "seed": "retry"})
    game_id = created["id"]
    tokens = {token["seat"]: token["token"] for token in created["tokens"]}
    direct = anonymous.with_key(tokens[0])
    seat = direct.get_game(game_id)["to_act"]["seat"]
    legal = anonymous.with_key(tokens[seat]).list_actions(game_id)
    draw = next(action for action in legal["actions"] if action["type"] == "draw")

    with dropping_proxy(server) as proxy, Client(proxy.url, tokens[seat], backoff=0.05) as through_proxy:
        reply = through_proxy.act(game_id, draw, legal["version"])

    assert proxy.dropped == 1
    assert len(proxy.moves_sent) == 2 and proxy.moves_sent[0] == proxy.moves_sent[1] != b""
    # The second sending answered what the first did: had it acted again, it would have met a stale version.
    after = direct.list_events(game_id, after=legal["version"])
    assert [event["type"] for event in after["events"]].count("card_drawn") == 1
    assert reply["version"] == direct.get_game(game_id)["version"]
    assert direct.get_game(game_id)["to_act"]["seat"] == 1 - seat


def test_a_move_without_an_answer_on_every_try_ends_in_unreachable_and_a_given_key_is_kept(anonymous, server):
    created = anonymous.create_game({"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}], "seed": "retry-2"})
    game_id = created["id"]
    tokens = {token["seat"]: token["token"] for token in created["tokens"]}
    seat = anonymous.with_key(tokens[0]).get_game(game_id)["to_act"]["seat"]
    mover = anonymous.with_key(tokens[seat])
    legal = mover.list_actions(game_id)

    with dropping_proxy(server, drops=3) as proxy, Client(proxy.url, tokens[seat], retries=2, backoff=0.05) as flaky:
        with pytest.raises(Unreachable):
            flaky.act(game_id, legal["actions"][0], legal["version"], idempotency_key="my-move-1")
    assert proxy.moves_sent == [b"my-move-1"] * 3

    # The move was taken by the first sending; the same key, sent again directly, answers it.
    again = mover.act(game_id, legal["actions"][0], legal["version"], idempotency_key="my-move-1")
    assert again["version"] == mover.get_game(game_id)["version"] > legal["version"]


def test_a_read_answered_503_is_sent_again_and_a_request_that_may_act_is_not(anonymous, server):
    created = anonymous.create_game({"game": "chi", "seats": [{"name": "ana"}, {"bot": "random"}], "seed": "retry-3"})

    with dropping_proxy(server, unavailable=2) as proxy, Client(proxy.url, backoff=0.05) as client:
        assert client.get_game(created["id"])["id"] == created["id"]
    assert len(proxy.refused) == 2 and all(line.startswith(b"GET /api/games/") for line in proxy.refused)

    # Registering twice would make two players: a 503 is raised, not sent again.
    with dropping_proxy(server, unavailable=1) as proxy, Client(proxy.url, backoff=0.05) as client:
        with pytest.raises(ChronicleError) as unavailable:
            client.register_player({"name": "cy"})
        assert unavailable.value.status == 503
        assert client.register_player({"name": "cy"})["name"] == "cy"
    assert proxy.refused == [b"POST /api/players HTTP/1.1"]
