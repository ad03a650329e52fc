"""Rate limits: past a limit of its key or its address, a request is answered 429 `rate-limited`
with Retry-After and the limit it met, and changes nothing; two API processes sharing one Redis
share the counts; accepting a challenge counts as creating a game; challenges issued, and
tournaments organised or joined, have limits of their own; streams held open are capped per key
and per address."""

from __future__ import annotations

import os
import uuid

import pytest
from redis.connection import Connection

from services.compose import build
from web.app import create_app
from tests.api.test_games_api import PROBLEM, bearer, create

REDIS = "redis://127.0.0.1:6379/0"


def settings(**limits: str) -> dict[str, str]:
    """An in-memory store whose limits are counted in the real Redis under a namespace of its own."""
    return {**os.environ, "PERSISTENCE_MODULE": "eventsourcing.popo", "CHRONICLE_LIMITS_STORAGE": REDIS,
            "CHRONICLE_NAMESPACE": f"limits-{uuid.uuid4().hex[:12]}", **limits}


def two_api_processes(env: dict[str, str]):
    """Two apps over one store and one Redis, as two API hosts of one deployment are."""
    services = build(env)
    return create_app(env, services).test_client(), create_app(env, services).test_client(), services


def first_move(client, created: dict) -> dict:
    token = created["tokens"][0]["token"]
    actions = client.get(f"/api/games/{created['id']}/actions", headers=bearer(token)).json
    return {"action": actions["actions"][0], "expected_version": actions["version"]}


def assert_rate_limited(answer, words: str, allowed: int, window: int) -> None:
    assert answer.status_code == 429, answer.json
    assert answer.content_type == PROBLEM
    assert answer.json["type"] == "/problems/rate-limited"
    assert words in answer.json["rate_limit"] and answer.json["limit"] == allowed
    wait = int(answer.headers["Retry-After"])
    assert 1 <= wait <= window and answer.json["retry_after"] == wait
    assert f"try again in {wait} s" in answer.json["detail"]


def test_two_api_processes_sharing_redis_count_games_created_from_one_address_together():
    first, second, _ = two_api_processes(settings(CHRONICLE_LIMIT_GAMES_PER_ADDRESS="3/minute"))
    create(first, seed="a")
    create(second, seed="b")
    create(first, seed="c")

    for api in (first, second):
        assert_rate_limited(api.post("/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}]}),
                            "games created from one client address", allowed=3, window=60)
    # Forking creates a game too: it meets the same limit.
    assert first.post(f"/api/games/{uuid.uuid4()}/fork?at=1").status_code == 429
    # Listing games is no creation: never limited; and a refused request created nothing.
    second.application.extensions["chronicle"].game_list.catch_up()
    listed = second.get("/api/games")
    assert listed.status_code == 200 and listed.json["total"] == 3


def test_moves_are_counted_per_seat_token_so_one_client_does_not_spend_another_s():
    first, second, _ = two_api_processes(settings(CHRONICLE_LIMIT_MOVES_PER_KEY="1/minute"))
    games = [create(first, [{"name": "ana"}, {"bot": "random"}], seed=f"m{n}") for n in range(2)]
    move = first_move(first, games[0])
    assert first.post(f"/api/games/{games[0]['id']}/actions", json=move,
                      headers=bearer(games[0]["tokens"][0]["token"])).status_code == 200

    again = first_move(second, games[0])
    refused = second.post(f"/api/games/{games[0]['id']}/actions", json=again,
                          headers=bearer(games[0]["tokens"][0]["token"]))
    assert_rate_limited(refused, "moves from one player key", allowed=1, window=60)
    assert first_move(second, games[0])["expected_version"] == again["expected_version"], "the refused move was not taken"
    # Another seat's token has its own count.
    other = second.post(f"/api/games/{games[1]['id']}/actions", json=first_move(second, games[1]),
                        headers=bearer(games[1]["tokens"][0]["token"]))
    assert other.status_code == 200, other.json


def test_players_registered_from_one_address_are_limited():
    client, _, _ = two_api_processes(settings(CHRONICLE_LIMIT_PLAYERS_PER_ADDRESS="2/hour"))
    assert [client.post("/api/players", json={"name": f"p{n}"}).status_code for n in range(2)] == [201, 201]
    assert_rate_limited(client.post("/api/players", json={"name": "p3"}), "players registered from one client address",
                        allowed=2, window=3600)


def test_behind_a_trusted_proxy_each_client_address_it_forwards_has_its_own_count():
    client, _, _ = two_api_processes(settings(CHRONICLE_LIMIT_PLAYERS_PER_ADDRESS="1/hour",
                                              CHRONICLE_TRUSTED_PROXIES="1"))

    def register(name: str, address: str) -> int:
        return client.post("/api/players", json={"name": name}, headers={"X-Forwarded-For": address}).status_code

    assert [register("ana", "203.0.113.5"), register("bo", "203.0.113.6"), register("cy", "203.0.113.5")] \
        == [201, 201, 429]


def test_a_stream_past_the_key_s_cap_is_refused_until_one_of_its_streams_closes():
    env = {"PERSISTENCE_MODULE": "eventsourcing.popo", "CHRONICLE_LIMIT_STREAMS_PER_KEY": "1",
           "CHRONICLE_STREAM_SECONDS": "3600"}
    client = create_app(env).test_client()
    created = create(client, [{"name": "ana"}, {"name": "bo"}])
    path, ana, bo = (f"/api/games/{created['id']}/stream", bearer(created["tokens"][0]["token"]),
                     bearer(created["tokens"][1]["token"]))

    held = client.get(path, headers=ana, buffered=False)
    assert held.status_code == 200
    refused = client.get(path, headers=ana, buffered=False)
    assert_rate_limited(refused, "1 streams open at once for one player key", allowed=1, window=60)
    other_seat = client.get(path, headers=bo, buffered=False)
    assert other_seat.status_code == 200, "another key holds streams of its own"
    other_seat.close()

    held.close()
    again = client.get(path, headers=ana, buffered=False)
    assert again.status_code == 200, "a closed stream gave its place back"
    again.close()


def test_with_redis_stopped_the_limits_count_in_memory_and_nothing_is_refused_for_it():
    client, _, _ = two_api_processes(settings(CHRONICLE_LIMITS_STORAGE="redis://127.0.0.1:1/0",
                                              CHRONICLE_LIMIT_GAMES_PER_ADDRESS="2/minute"))
    assert [client.post("/api/games", json={"game": "chi", "seats": [{"name": "a"}, {"name": "b"}]}).status_code
            for _ in range(3)] == [201, 201, 429]


@pytest.mark.parametrize("name, value", [("CHRONICLE_LIMIT_MOVES_PER_KEY", "many"),
                                         ("CHRONICLE_LIMIT_STREAMS_PER_ADDRESS", "0")])
def test_a_limit_setting_that_is_no_limit_stops_the_start_naming_it(name, value):
    with pytest.raises(ValueError, match=name):
        create_app({"PERSISTENCE_MODULE": "eventsourcing.popo", name: value})


def test_limits_off_limits_nothing():
    client = create_app({"PERSISTENCE_MODULE": "eventsourcing.popo", "CHRONICLE_LIMITS": "off",
                         "CHRONICLE_LIMIT_PLAYERS_PER_ADDRESS": "1/hour"}).test_client()
    assert [client.post("/api/players", json={"name": f"p{n}"}).status_code for n in range(3)] == [201] * 3


def register(client, name: str) -> dict:
    answer = client.post("/api/players", json={"name": name})
    assert answer.status_code == 201, answer.json
    return answer.json


def games_listed(client) -> int:
    client.application.extensions["chronicle"].game_list.catch_up()
    return client.get("/api/games").json["total"]


def test_accepting_a_challenge_creates_a_game_and_meets_the_limit_of_games_created():
    client, _, _ = two_api_processes(settings(CHRONICLE_LIMIT_GAMES_PER_KEY="1/minute"))
    ana, bo = register(client, "ana"), register(client, "bo")
    issued = [client.post("/api/challenges", json={"game": "chi", "to": bo["id"]}, headers=bearer(ana["key"])).json
              for _ in range(2)]
    accepted = client.post(f"/api/challenges/{issued[0]['id']}/accept", headers=bearer(bo["key"]))
    assert accepted.status_code == 200 and accepted.json["game_id"], accepted.json
    assert games_listed(client) == 1

    refused = client.post(f"/api/challenges/{issued[1]['id']}/accept", headers=bearer(bo["key"]))
    assert_rate_limited(refused, "games created from one player key", allowed=1, window=60)
    incoming = client.get("/api/challenges", headers=bearer(bo["key"])).json["incoming"]
    assert [c["id"] for c in incoming] == [issued[1]["id"]] and incoming[0]["status"] == "open", "still open"
    assert games_listed(client) == 1, "the refused acceptance created no game"
    # One count: bo's key, having created a game by accepting, may not create another directly either.
    direct = client.post("/api/games", json={"game": "chi", "seats": [{"player": bo["id"]}, {"bot": "random"}]},
                         headers=bearer(bo["key"]))
    assert direct.status_code == 429
    # Another key has its own count.
    other = client.post("/api/games", json={"game": "chi", "seats": [{"player": ana["id"]}, {"bot": "random"}]},
                        headers=bearer(ana["key"]))
    assert other.status_code == 201, other.json


def test_challenges_issued_from_one_key_are_limited_and_a_refused_one_is_not_issued():
    client, _, _ = two_api_processes(settings(CHRONICLE_LIMIT_CHALLENGES_PER_KEY="2/hour"))
    ana, bo = register(client, "ana"), register(client, "bo")

    def issue(player: dict):
        return client.post("/api/challenges", json={"game": "chi", "to": bo["id"] if player is ana else ana["id"]},
                           headers=bearer(player["key"]))

    assert [issue(ana).status_code for _ in range(2)] == [201, 201]
    assert_rate_limited(issue(ana), "challenges issued from one player key", allowed=2, window=3600)
    assert len(client.get("/api/challenges", headers=bearer(bo["key"])).json["incoming"]) == 2
    assert issue(bo).status_code == 201, "another key has its own count"


def test_challenges_issued_from_one_address_are_limited_whatever_the_keys():
    client, _, _ = two_api_processes(settings(CHRONICLE_LIMIT_CHALLENGES_PER_ADDRESS="2/hour"))
    ana, bo, cy = register(client, "ana"), register(client, "bo"), register(client, "cy")
    answers = [client.post("/api/challenges", json={"game": "chi", "to": cy["id"]}, headers=bearer(player["key"]))
               for player in (ana, bo, cy)]
    assert [a.status_code for a in answers[:2]] == [201, 201]
    assert_rate_limited(answers[2], "challenges issued from one client address", allowed=2, window=3600)


def test_tournaments_organised_or_joined_from_one_key_are_limited_and_a_refused_request_changes_nothing():
    client, _, _ = two_api_processes(settings(CHRONICLE_LIMIT_TOURNAMENTS_PER_KEY="2/hour"))
    ana, bo = register(client, "ana"), register(client, "bo")

    def organise(player: dict):
        return client.post("/api/tournaments", json={"game": "chi", "format": "swiss", "rounds": 2, "clock": {"per_decision": "P1D"}},
                           headers=bearer(player["key"]))

    def join(player: dict, tournament: dict):
        return client.post(f"/api/tournaments/{tournament['id']}/join", headers=bearer(player["key"]))

    opened = [organise(bo) for _ in range(2)]
    assert [answer.status_code for answer in opened] == [201, 201], opened[0].json
    first, second = (answer.json for answer in opened)
    assert join(ana, first).status_code == 200
    assert organise(ana).status_code == 201
    # ana's key has organised one and joined one: the third is refused, whether organising or joining.
    assert_rate_limited(organise(ana), "tournaments organised or joined from one player key", allowed=2, window=3600)
    assert join(ana, second).status_code == 429
    entrants = client.get(f"/api/tournaments/{second['id']}").json["entrants"]
    assert "ana" not in [entrant["name"] for entrant in entrants], "the refused join entered nobody"
    mine = client.get("/api/players/me/tournaments", headers=bearer(ana["key"])).json["tournaments"]
    assert len(mine) == 2, "the refused tournament was not opened"


def test_requests_refused_for_their_form_spend_nothing_of_the_allowance():
    client, _, _ = two_api_processes(settings(CHRONICLE_LIMIT_GAMES_PER_ADDRESS="2/minute",
                                              CHRONICLE_LIMIT_GAMES_PER_KEY="2/minute"))
    ana = register(client, "ana")
    mistakes = [client.post("/api/games", json={"game": "chi", "seats": [{"name": ""}, {"name": "bo"}]}),
                client.post("/api/games", json={"game": "no-such-game", "seats": [{"name": "a"}, {"name": "b"}]}),
                client.post("/api/games", data="seats", content_type="text/plain"),
                client.post("/api/games", json={"game": "chi"}, headers=bearer(ana["key"]))]
    assert [answer.status_code for answer in mistakes] == [400, 400, 415, 400]

    good = {"game": "chi", "seats": [{"player": ana["id"]}, {"bot": "random"}]}
    assert [client.post("/api/games", json=good, headers=bearer(ana["key"])).status_code for _ in range(2)] == [201, 201]
    assert_rate_limited(client.post("/api/games", json=good, headers=bearer(ana["key"])),
                        "games created from one", allowed=2, window=60)
    assert games_listed(client) == 2


def test_an_ipv6_client_counts_as_its_slash_64_network_so_changing_address_within_it_does_not_help():
    client, _, _ = two_api_processes(settings(CHRONICLE_LIMIT_PLAYERS_PER_ADDRESS="2/hour"))

    def register_from(name: str, address: str) -> int:
        return client.post("/api/players", json={"name": name}, environ_base={"REMOTE_ADDR": address}).status_code

    assert [register_from("ana", "2001:db8:1:2::1"), register_from("bo", "2001:db8:1:2:ffff::9"),
            register_from("cy", "2001:db8:1:2::abcd")] == [201, 201, 429]
    assert register_from("dee", "2001:db8:1:3::1") == 201, "the next /64 network is another client"
    # An IPv4 address written as IPv6 is that IPv4 address.
    assert [register_from("eve", "192.0.2.7"), register_from("fay", "::ffff:192.0.2.7"),
            register_from("gus", "192.0.2.7")] == [201, 201, 429]


def test_past_two_limits_at_once_the_answer_names_the_one_that_lasts_and_waits_for_it():
    client, _, _ = two_api_processes(settings(CHRONICLE_LIMIT_PLAYERS_PER_ADDRESS="1/minute;1/hour"))
    assert client.post("/api/players", json={"name": "ana"}).status_code == 201
    refused = client.post("/api/players", json={"name": "bo"})
    assert_rate_limited(refused, "1 players registered from one client address per 1 hour", allowed=1, window=3600)
    assert int(refused.headers["Retry-After"]) > 60, "waiting for the minute's window would not be enough"


def test_past_the_key_s_limit_and_the_address_s_the_answer_waits_for_the_later_to_end():
    client, _, _ = two_api_processes(settings(CHRONICLE_LIMIT_GAMES_PER_KEY="1/minute",
                                              CHRONICLE_LIMIT_GAMES_PER_ADDRESS="2/hour"))
    ana, bo = register(client, "ana"), register(client, "bo")

    def create_with(player: dict):
        return client.post("/api/games", json={"game": "chi", "seats": [{"player": player["id"]}, {"bot": "random"}]},
                           headers=bearer(player["key"]))

    assert [create_with(ana).status_code, create_with(bo).status_code] == [201, 201]
    refused = create_with(ana)  # past ana's minute and the address's hour
    assert_rate_limited(refused, "2 games created from one client address per 1 hour", allowed=2, window=3600)
    assert int(refused.headers["Retry-After"]) > 60


def test_a_move_s_four_limits_cost_one_redis_round_trip_to_test_and_one_to_count(monkeypatch):
    client, _, _ = two_api_processes(settings())
    # Creating the game made the connection and, counting the game, loaded the counting script.
    game = create(client, [{"name": "ana"}, {"name": "bo"}], seed="trips")
    token = game["tokens"][0]["token"]
    move, trips = first_move(client, game), []
    sends = Connection.send_packed_command
    monkeypatch.setattr(Connection, "send_packed_command",
                        lambda connection, *args, **kwargs: trips.append(args) or sends(connection, *args, **kwargs))
    answer = client.post(f"/api/games/{game['id']}/actions", json=move, headers=bearer(token))
    assert answer.status_code == 200, answer.json
    assert len(trips) == 2, "the per-key and per-address windows of a second and a minute, tested once, counted once"
