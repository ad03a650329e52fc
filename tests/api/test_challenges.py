"""Challenges over REST: a player proposes a game to another (or to anyone), who accepts or declines."""

from __future__ import annotations

import hashlib
import threading
from uuid import UUID

import pytest
from eventsourcing.utils import get_topic

from services.compose import build
from services.players.challenges import MAX_OUTGOING
from services.errors import ChallengeClosed
from services.log.game import Game
from tests.api.test_games_api import PROBLEM, bearer
from tests.api.test_players_api import register
from tests.api.test_streams import Script, read
from tests.clocks import FakeClock
from tests.infra import postgres_database
from tests.playing import play_to_end


@pytest.fixture
def clock(services):
    services.commands.clock = FakeClock()
    return services.commands.clock


def challenge(client, challenger, to=None, **body):
    body = {"game": "chi", **({"to": to["id"]} if to else {}), **body}
    answer = client.post("/api/challenges", json=body, headers=bearer(challenger["key"]))
    assert answer.status_code == 201, answer.json
    return answer.json


def lists(client, player):
    answer = client.get("/api/challenges", headers=bearer(player["key"]))
    assert answer.status_code == 200, answer.json
    return answer.json


def ids(shown):
    return [entry["id"] for entry in shown]


def answer(client, player, challenge_id, verb, **body):
    return client.post(f"/api/challenges/{challenge_id}/{verb}", headers=bearer(player["key"]),
                       **({"json": body} if body else {}))


def test_the_challenged_sees_the_challenge_and_accepting_it_seats_both_in_a_new_game(client):
    ana, bo = register(client, "ana"), register(client, "bo")
    issued = challenge(client, ana, bo, clock={"per_decision": "P1D"}, seat="first")
    assert issued["status"] == "open" and issued["to"] == {"id": bo["id"], "name": "bo"}
    assert ids(lists(client, bo)["incoming"]) == [issued["id"]] and lists(client, bo)["outgoing"] == []
    assert ids(lists(client, ana)["outgoing"]) == [issued["id"]]

    accepted = answer(client, bo, issued["id"], "accept")
    assert accepted.status_code == 200, accepted.json
    assert accepted.json["status"] == "accepted" and accepted.json["taker"]["name"] == "bo"
    game = client.get(f"/api/games/{accepted.json['game_id']}", headers=bearer(bo["key"])).json
    assert [(seat["name"], seat["player"]) for seat in game["seats"]] == [("ana", ana["id"]), ("bo", bo["id"])]
    assert game["you"] == 1 and game["clock"]["per_decision"] == "P1D"
    assert lists(client, bo)["incoming"] == [] and ids(lists(client, ana)["recent"]) == [issued["id"]]
    again = answer(client, bo, issued["id"], "accept")
    assert again.status_code == 409 and again.content_type == PROBLEM
    assert again.json["challenge_status"] == "accepted" and "bo accepted" in again.json["detail"]


def test_a_casual_challenge_makes_a_game_that_counts_for_no_rating(client, services):
    ana, bo = register(client, "ana"), register(client, "bo")
    issued = challenge(client, ana, bo, rated=False)
    game_id = answer(client, bo, issued["id"], "accept").json["game_id"]
    play_to_end(services, UUID(game_id))
    assert client.get(f"/api/games/{game_id}/ratings").json["rated"] is False
    rated = challenge(client, ana, bo)
    rated_game = answer(client, bo, rated["id"], "accept").json["game_id"]
    play_to_end(services, UUID(rated_game))
    assert client.get(f"/api/games/{rated_game}/ratings").json["rated"] is True


def test_a_declined_challenge_tells_the_challenger_why_and_can_no_longer_be_accepted(client):
    ana, bo = register(client, "ana"), register(client, "bo")
    issued = challenge(client, ana, bo)
    declined = answer(client, bo, issued["id"], "decline", reason="not this week, sorry")
    assert declined.status_code == 200 and declined.json["status"] == "declined"
    [seen] = lists(client, ana)["recent"]
    assert seen["status"] == "declined" and seen["reason"] == "not this week, sorry"
    assert lists(client, ana)["outgoing"] == [] and lists(client, bo)["incoming"] == []
    late = answer(client, bo, issued["id"], "accept")
    assert late.status_code == 409 and late.json["challenge_status"] == "declined"


def test_only_the_challenger_cancels_and_a_cancelled_challenge_is_gone_from_the_challenged(client):
    ana, bo = register(client, "ana"), register(client, "bo")
    issued = challenge(client, ana, bo)
    refused = answer(client, bo, issued["id"], "cancel")
    assert refused.status_code == 403 and "challenger" in refused.json["detail"]
    assert answer(client, ana, issued["id"], "decline").status_code == 403
    cancelled = answer(client, ana, issued["id"], "cancel")
    assert cancelled.status_code == 200 and cancelled.json["status"] == "cancelled"
    assert lists(client, bo)["incoming"] == [] and lists(client, bo)["recent"][0]["status"] == "cancelled"
    late = answer(client, bo, issued["id"], "accept")
    assert late.status_code == 409 and late.json["challenge_status"] == "cancelled"


def test_a_challenge_expires_after_three_days_unless_it_says_otherwise(client, clock):
    ana, bo = register(client, "ana"), register(client, "bo")
    lasting = challenge(client, ana, bo)
    short = challenge(client, ana, bo, expires_in="PT2H")
    clock.advance(hours=2)
    assert ids(lists(client, bo)["incoming"]) == [lasting["id"]]
    assert answer(client, bo, short["id"], "accept").json["challenge_status"] == "expired"
    clock.advance(days=2, hours=21, minutes=59)
    assert ids(lists(client, bo)["incoming"]) == [lasting["id"]], "still open a minute before its three days"
    clock.advance(minutes=1)
    assert lists(client, bo)["incoming"] == [] and lists(client, ana)["outgoing"] == []
    assert {entry["status"] for entry in lists(client, ana)["recent"]} == {"expired"}
    late = answer(client, bo, lasting["id"], "accept")
    assert late.status_code == 409 and late.json["challenge_status"] == "expired"


def test_an_open_challenge_is_listed_for_others_and_goes_to_its_first_taker(client):
    ana, cy, di = register(client, "ana"), register(client, "cy"), register(client, "di")
    issued = challenge(client, ana, clock={"per_decision": "P1D"})
    assert issued["to"] is None
    assert ids(lists(client, cy)["open"]) == [issued["id"]] and lists(client, ana)["open"] == []
    assert ids(lists(client, ana)["outgoing"]) == [issued["id"]]
    assert answer(client, ana, issued["id"], "accept").status_code == 403, "one does not take one's own challenge"
    taken = answer(client, cy, issued["id"], "accept")
    assert taken.status_code == 200
    seats = client.get(f"/api/games/{taken.json['game_id']}").json["seats"]
    assert sorted(seat["name"] for seat in seats) == ["ana", "cy"]
    second = answer(client, di, issued["id"], "accept")
    assert second.status_code == 409 and "cy accepted" in second.json["detail"]
    assert lists(client, di)["open"] == []


@pytest.fixture(params=["sqlite", "postgres"])
def two_processes(request, tmp_path):
    """Two processes sharing one event store: a SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": str(tmp_path)}
        yield build(env), build(env)
        return
    with postgres_database() as env:
        processes = build({**env, "CHRONICLE_DATA": str(tmp_path)}), build({**env, "CHRONICLE_DATA": str(tmp_path)})
        yield processes
        for services in processes:
            services.store.close()


def test_two_takers_racing_for_an_open_challenge_one_gets_the_game_the_other_is_told(two_processes):
    first, second = two_processes
    players = first.commands.players
    ana, cy, di = (players.get(players.register(name)["id"]) for name in ("ana", "cy", "di"))
    issued = first.commands.challenges.issue(ana, {"game": "chi"}, players)
    second.commands.challenges.get(issued["id"])  # both processes have read it before either takes it
    outcomes: list = []
    barrier = threading.Barrier(2)

    def take(services, taker):
        barrier.wait()
        try:
            outcomes.append(services.commands.challenges.accept(issued["id"], taker))
        except ChallengeClosed as closed:
            outcomes.append(closed)

    threads = [threading.Thread(target=take, args=pair) for pair in ((first, cy), (second, di))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    won = [outcome for outcome in outcomes if isinstance(outcome, dict)]
    lost = [outcome for outcome in outcomes if isinstance(outcome, ChallengeClosed)]
    assert len(won) == 1 and len(lost) == 1 and lost[0].status == "accepted"
    created = first.store.recorder.select_notifications(start=1, limit=100, topics=[get_topic(Game.Created)])
    assert [note.originator_id for note in created] == [UUID(won[0]["game_id"])], "exactly one game was created"
    for services in (first, second):
        assert services.commands.challenges.get(issued["id"]).game_id == won[0]["game_id"]


def test_bad_challenges_are_refused_naming_the_field_and_change_nothing(client):
    ana, bo = register(client, "ana"), register(client, "bo")
    cases = [
        ({"to": "00000000-0000-0000-0000-000000000000"}, 400, "to", "no player"),
        ({"to": ana["id"]}, 400, "to", "cannot challenge themselves"),
        ({"to": bo["id"], "game": "tic-tac-toe"}, 400, "game", "no game"),
        ({"to": bo["id"], "game": "court"}, 400, "game", "two"),
        ({"to": bo["id"], "options": {"speed": 3}}, 400, "options.speed", "no option"),
        ({"to": bo["id"], "clock": {"per_decision": "tomorrow"}}, 400, "clock.per_decision", "ISO 8601"),
        ({"to": bo["id"], "expires_in": "P30D"}, 400, "expires_in", "two weeks"),
        ({"to": bo["id"], "seat": "middle"}, 400, "seat", "random"),
    ]
    for body, status, field, words in cases:
        refused = client.post("/api/challenges", json={"game": "chi", **body}, headers=bearer(ana["key"]))
        assert refused.status_code == status and refused.content_type == PROBLEM, (body, refused.json)
        assert refused.json["field"] == field and words in refused.json["detail"], (body, refused.json)
    assert lists(client, ana) == lists(client, bo) == {"incoming": [], "outgoing": [], "recent": [], "open": []}
    assert client.post("/api/challenges", json={"game": "chi"}).status_code == 401
    assert client.get("/api/challenges", headers=bearer("a.b")).status_code == 403


def test_a_player_keeps_at_most_so_many_challenges_open(client):
    ana, bo = register(client, "ana"), register(client, "bo")
    for _ in range(MAX_OUTGOING):
        challenge(client, ana, bo)
    refused = client.post("/api/challenges", json={"game": "chi", "to": bo["id"]}, headers=bearer(ana["key"]))
    assert refused.status_code == 422 and refused.json["type"] == "/problems/limit-reached"
    assert refused.json["limit"] == MAX_OUTGOING and str(MAX_OUTGOING) in refused.json["detail"]
    assert len(lists(client, ana)["outgoing"]) == len(lists(client, bo)["incoming"]) == MAX_OUTGOING
    answer(client, ana, lists(client, ana)["outgoing"][0]["id"], "cancel")
    challenge(client, ana, bo)  # a place freed: a new one is taken


def test_only_the_player_challenged_answers_and_a_reason_is_bounded(client):
    ana, bo, cy = register(client, "ana"), register(client, "bo"), register(client, "cy")
    issued = challenge(client, ana, bo)
    assert answer(client, cy, issued["id"], "accept").status_code == 403
    assert answer(client, cy, issued["id"], "decline").status_code == 403
    long = answer(client, bo, issued["id"], "decline", reason="x" * 201)
    assert long.status_code == 400 and long.json["field"] == "reason"
    assert answer(client, bo, "not-an-id", "accept").status_code == 404
    assert ids(lists(client, bo)["incoming"]) == [issued["id"]], "nothing changed"


def test_a_player_is_found_by_the_start_of_their_name_case_aside(client):
    ana, anatole, bo = register(client, "Ana"), register(client, "anatole"), register(client, "bo")
    found = client.get("/api/players?name=AN").json["players"]
    assert found == [{"id": ana["id"], "name": "Ana"}, {"id": anatole["id"], "name": "anatole"}]
    assert client.get("/api/players?name=bo").json["players"] == [{"id": bo["id"], "name": "bo"}]
    assert client.get("/api/players?name=zed").json["players"] == []
    assert client.get("/api/players?name=" + "x" * 41).status_code == 400


def test_the_challenged_hears_of_a_challenge_on_their_notice_stream_and_the_challenger_of_the_answer(client, app):
    ana, bo = register(client, "ana"), register(client, "bo")
    waiting = challenge(client, ana, bo, game="xi")
    issued = []
    _, messages = read(client, app, "/api/players/me/stream",
                       Script([lambda: issued.append(challenge(client, ana, bo))], lifetime=4), bearer(bo["key"]))
    kind, _, opening = messages[0]
    assert kind == "inbox" and ids(opening["challenges"]) == [waiting["id"]]
    told = [data for kind, _, data in messages[1:] if kind == "challenge"]
    assert ids(told) == ids(issued) and told[0]["challenger"]["name"] == "ana" and told[0]["status"] == "open"

    declines = lambda: answer(client, bo, waiting["id"], "decline", reason="busy")  # noqa: E731
    _, messages = read(client, app, "/api/players/me/stream", Script([declines], lifetime=4), bearer(ana["key"]))
    told = [data for kind, _, data in messages[1:] if kind == "challenge"]
    assert [(data["id"], data["status"], data["reason"]) for data in told] == [(waiting["id"], "declined", "busy")]


def test_seats_drawn_by_lot_follow_the_new_games_seed_revealed_at_its_end_and_first_or_second_are_kept(client):
    ana, bo = register(client, "ana"), register(client, "bo")
    for seat in ("random",) * 6 + ("first", "second"):
        issued = challenge(client, ana, bo, seat=seat)
        game_id = answer(client, bo, issued["id"], "accept").json["game_id"]
        game = client.get(f"/api/games/{game_id}").json
        first = game["seats"][0]["name"]
        assert "seed" not in game, "the coin stays secret while the game runs"
        resign(client, game_id, ana if first == "ana" else bo)
        seed = client.get(f"/api/games/{game_id}").json["seed"]  # revealed at the end: the lot checks
        if seat == "random":
            even = hashlib.sha256(b"chronicle challenge seat\0" + seed.encode()).digest()[-1] % 2 == 0
            assert first == ("ana" if even else "bo")
        else:
            assert first == ("ana" if seat == "first" else "bo")


def resign(client, game_id, player):
    """The player resigns the game (their key opens their seat), ending it."""
    version = client.get(f"/api/games/{game_id}").json["version"]
    answer = client.post(f"/api/games/{game_id}/actions", json={"action": {"type": "resign"}, "expected_version": version},
                         headers=bearer(player["key"]))
    assert answer.status_code == 200, answer.json


def test_a_player_has_at_most_so_many_challenges_waiting_for_their_answer(client, monkeypatch):
    monkeypatch.setattr("services.players.challenges.MAX_INCOMING", 2)
    bo, others = register(client, "bo"), [register(client, name) for name in ("ana", "cy", "di")]
    for other in others[:2]:
        challenge(client, other, bo)
    refused = client.post("/api/challenges", json={"game": "chi", "to": bo["id"]}, headers=bearer(others[2]["key"]))
    assert refused.status_code == 422 and refused.json["limit"] == 2 and refused.json["field"] == "to"
    assert "bo has 2 challenges waiting" in refused.json["detail"]
    assert lists(client, others[2])["outgoing"] == [] and len(lists(client, bo)["incoming"]) == 2
