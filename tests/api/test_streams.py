"""Live streams over Flask's test client, with an injected clock: a game's events as each viewer
may see them, resuming after a version, the end of a finished game, and a player's notices."""

from __future__ import annotations

import json
from uuid import UUID

import jsonpatch

from services.live.streams import Pace
from tests.api.test_games_api import PROBLEM, bearer, create
from tests.api.test_players_api import register, two_players_game


class Script:
    """A stream's clock and wait: each wait runs the next scripted step (a move rings the stream's
    bell) a second later at most, or, with none left, lasts as long as it may."""

    def __init__(self, steps=(), lifetime=30.0, heartbeat=5.0):
        self.now = 0.0
        self.steps = list(steps)
        self.pace = Pace(safety=1.0, heartbeat=heartbeat, lifetime=lifetime, clock=lambda: self.now, wait=self.wait)

    def wait(self, bell, seconds):
        if self.steps:
            self.now += min(seconds, 1.0)
            self.steps.pop(0)()
        else:
            self.now += seconds


def read(client, app, path, script, headers=None):
    """Every message of a stream until it ends: (event, id, data) tuples, and comments as ("comment", None, text).

    A message that carries a patch of the view gets the view it makes of the one before as its
    `game`, as a client would see it."""
    app.config["CHRONICLE_STREAM_PACE"] = script.pace
    answer = client.get(path, headers=headers or {})
    if answer.status_code != 200:
        return answer, []
    assert answer.mimetype == "text/event-stream"
    messages, view = [], None
    for block in answer.get_data(as_text=True).split("\n\n"):
        if not block or block.startswith("retry:"):
            continue
        if block.startswith(":"):
            messages.append(("comment", None, block[1:].strip()))
            continue
        fields = dict(line.split(": ", 1) for line in block.splitlines())
        data = json.loads(fields["data"])
        if "patch" in data:
            assert view is not None, "a patch follows a whole view"
            data["game"] = jsonpatch.apply_patch(view, data["patch"])
        view = data.get("game", view)
        messages.append((fields.get("event"), int(fields["id"]) if "id" in fields else None, data))
    return answer, messages


def first_legal_move(services, game_id):
    def move():
        game = services.store.game(UUID(game_id))
        seat = game.to_act()
        services.commands.act(game.id, seat, game.rules.legal_actions(game.state, seat)[0], game.version)
    return move


def test_a_seats_stream_opens_with_its_table_then_brings_each_new_event_with_its_view_then(client, app, services):
    created = create(client)
    token = created["tokens"][0]["token"]
    moves = [first_legal_move(services, created["id"]) for _ in range(3)]
    _, messages = read(client, app, f"/api/games/{created['id']}/stream", Script(moves, lifetime=6), bearer(token))
    kind, first_id, opening = messages[0]
    assert kind == "game" and first_id == created["version"] == opening["version"]
    then = client.get(f"/api/games/{created['id']}/replay/{first_id}", headers=bearer(token)).json["table"]
    assert opening["game"] == then and opening["game"]["table"]["hand"], "the seat sees its own hand"
    events = [m for m in messages if m[0] == "event"]
    now = client.get(f"/api/games/{created['id']}").json["version"]
    assert [m[1] for m in events] == list(range(created["version"] + 1, now + 1)), "every version, in order, once"
    for _, version, data in events:
        step = client.get(f"/api/games/{created['id']}/replay/{version}", headers=bearer(token)).json
        assert data["version"] == version and data["game"] == step["table"]
        assert data["event"]["type"] == step["event"]["type"]


def test_a_spectators_stream_shows_no_hand(client, app, services):
    created = create(client)
    moves = [first_legal_move(services, created["id"]) for _ in range(2)]
    _, messages = read(client, app, f"/api/games/{created['id']}/stream", Script(moves, lifetime=4))
    for _, version, data in messages:
        assert data["game"]["table"]["hand"] is None
        spectator_step = client.get(f"/api/games/{created['id']}/replay/{version}").json
        assert data["game"] == spectator_step["table"]
        if "event" in data:
            assert data["event"] == spectator_step["event"]


def test_a_client_resumes_after_the_last_version_it_saw(client, app, services):
    created = create(client)
    for _ in range(2):
        first_legal_move(services, created["id"])()
    now = client.get(f"/api/games/{created['id']}").json["version"]
    for headers, path in (({"Last-Event-ID": "3"}, ""), ({}, "?after=3")):
        _, messages = read(client, app, f"/api/games/{created['id']}/stream{path}", Script(lifetime=1), headers)
        assert [m[1] for m in messages if m[0] == "event"] == list(range(4, now + 1))
        assert all(m[0] != "game" for m in messages), "a resumed stream starts with what was missed"
    answer, _ = read(client, app, f"/api/games/{created['id']}/stream", Script(), {"Last-Event-ID": "three"})
    assert answer.status_code == 400 and answer.content_type == PROBLEM and answer.json["field"] == "Last-Event-ID"


def test_a_finished_games_stream_ends_after_its_last_event_and_a_reconnection_is_told_there_is_no_more(client, app, services):
    created = create(client)
    token = created["tokens"][0]["token"]
    resign = lambda: client.post(f"/api/games/{created['id']}/actions", headers=bearer(token),  # noqa: E731
                                 json={"action": {"type": "resign"}, "expected_version": created["version"]})
    script = Script([resign], lifetime=1000)
    _, messages = read(client, app, f"/api/games/{created['id']}/stream", script)
    last = messages[-1]
    assert last[0] == "event" and last[2]["game"]["status"] == "finished" and last[2]["event"]["type"] == "resigned"
    assert script.now < 10, "the stream ended with the game, not at the end of its lifetime"
    assert "seed" in last[2]["game"], "once over, everything is shown"
    answer, _ = read(client, app, f"/api/games/{created['id']}/stream", Script(), {"Last-Event-ID": str(last[1])})
    assert answer.status_code == 204


def test_a_quiet_stream_sends_keep_alive_comments_and_ends_with_its_lifetime(client, app):
    created = create(client)
    _, messages = read(client, app, f"/api/games/{created['id']}/stream", Script(lifetime=12, heartbeat=5))
    assert [m[0] for m in messages] == ["game", "comment", "comment"]


def test_a_stream_of_an_unknown_game_or_with_a_wrong_token_is_refused_before_it_starts(client, app):
    answer, _ = read(client, app, "/api/games/00000000-0000-0000-0000-000000000000/stream", Script())
    assert answer.status_code == 404 and answer.content_type == PROBLEM
    created = create(client)
    answer, _ = read(client, app, f"/api/games/{created['id']}/stream", Script(), bearer("not-a-token"))
    assert answer.status_code == 403


def test_a_players_notices_open_with_the_games_awaiting_them_then_tell_each_turn_and_each_end(client, app, services):
    ana, bo = register(client, "ana"), register(client, "bo")
    games = [two_players_game(client, ana, bo, seed=f"notices-{n}")["id"] for n in range(4)]
    awaiting = {g for g in games if client.get(f"/api/games/{g}").json["to_act"]["name"] == "ana"}
    elsewhere = sorted(set(games) - awaiting)
    assert awaiting and elsewhere, "the seeds give both kinds"
    bo_moves = first_legal_move(services, elsewhere[0])
    ana_resigns = lambda: client.post(f"/api/games/{elsewhere[-1]}/actions", headers=bearer(ana["key"]),  # noqa: E731
                                      json={"action": {"type": "resign"},
                                            "expected_version": client.get(f"/api/games/{elsewhere[-1]}").json["version"]})
    _, messages = read(client, app, "/api/players/me/stream", Script([bo_moves, ana_resigns], lifetime=4), bearer(ana["key"]))
    kind, _, opening = messages[0]
    assert kind == "inbox" and {g["id"] for g in opening["awaiting_you"]} == awaiting
    notices = [(kind, data["id"]) for kind, _, data in messages[1:] if kind != "comment"]
    expected = [("your_turn", elsewhere[0])] if client.get(f"/api/games/{elsewhere[0]}").json["to_act"]["name"] == "ana" else []
    assert notices == expected + [("game_finished", elsewhere[-1])]


def test_after_the_whole_view_each_message_carries_a_patch_of_it_and_whole_views_are_there_on_request(client, app, services):
    created = create(client)
    token = created["tokens"][0]["token"]
    moves = [first_legal_move(services, created["id"]) for _ in range(3)]
    _, patched = read(client, app, f"/api/games/{created['id']}/stream", Script(moves, lifetime=6), bearer(token))
    assert "game" in patched[0][2] and all("patch" in data for kind, _, data in patched[1:] if kind == "event")
    now = client.get(f"/api/games/{created['id']}").json["version"]
    _, whole = read(client, app, f"/api/games/{created['id']}/stream?views=full&after={created['version']}",
                    Script(lifetime=1), bearer(token))
    events = [m for m in whole if m[0] == "event"]
    assert [m[1] for m in events] == list(range(created["version"] + 1, now + 1))
    assert all("patch" not in data for _, _, data in events)
    assert [data["game"] for _, _, data in events] == [data["game"] for kind, _, data in patched if kind == "event"]
    size = lambda value: len(json.dumps(value, separators=(",", ":")))  # noqa: E731
    assert sum(size(data["patch"]) for _, _, data in patched[1:]) < sum(size(data["game"]) for _, _, data in events) / 2
    answer = client.get(f"/api/games/{created['id']}/stream?views=all")
    assert answer.status_code == 400 and answer.json["field"] == "views"


def test_a_resumed_stream_sends_the_whole_view_first_then_patches(client, app, services):
    created = create(client)
    for _ in range(3):
        first_legal_move(services, created["id"])()
    _, messages = read(client, app, f"/api/games/{created['id']}/stream", Script(lifetime=1),
                       {"Last-Event-ID": str(created["version"])})
    events = [data for kind, _, data in messages if kind == "event"]
    assert "patch" not in events[0] and all("patch" in data for data in events[1:]) and len(events) >= 2


def test_a_players_own_move_from_another_client_is_told_as_the_game_moving_on(client, app, services):
    ana, bo = register(client, "ana"), register(client, "bo")
    game = two_players_game(client, ana, bo, seed="moved")
    if client.get(f"/api/games/{game['id']}").json["to_act"]["name"] == "bo":
        first_legal_move(services, game["id"])()  # bo's move, before ana opens her notices
    assert client.get(f"/api/games/{game['id']}").json["to_act"]["name"] == "ana"
    ana_moves = first_legal_move(services, game["id"])
    _, messages = read(client, app, "/api/players/me/stream", Script([ana_moves], lifetime=4), bearer(ana["key"]))
    notices = [(kind, data["id"], data["status"]) for kind, _, data in messages[1:] if kind != "comment"]
    assert notices == [("game_moved", game["id"], "running")], "the game now waits on bo"
