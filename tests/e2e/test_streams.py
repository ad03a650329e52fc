"""The live stream of a game against a real server, read by a plain SSE client over HTTP."""

from __future__ import annotations

import json
import queue
import threading

import jsonpatch
import pytest
import requests
from tests.http_session import fresh_connections

pytestmark = pytest.mark.e2e


def sse_messages(response):
    """(event, id, data) for each message of a text/event-stream response, as it arrives; a
    message that carries a patch of the view gets the view it makes as its `game`."""
    fields: dict[str, str] = {}
    view = None
    for line in response.iter_lines(decode_unicode=True):
        if line:
            name, _, value = line.partition(": ")
            fields[name] = value
            continue
        if "data" in fields:
            data = json.loads(fields["data"])
            if "patch" in data:
                data["game"] = jsonpatch.apply_patch(view, data["patch"])
            view = data.get("game", view)
            yield fields.get("event"), int(fields["id"]) if "id" in fields else None, data
        fields = {}


def test_a_spectator_reading_the_stream_sees_every_version_once_and_the_end(server):
    http = fresh_connections()
    created = http.post(f"{server}/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}],
                                                     "seed": "e2e-stream"}).json()
    game_url = f"{server}/api/games/{created['id']}"
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    arrived: queue.Queue = queue.Queue()
    opened = threading.Event()

    def listen():
        with requests.get(f"{game_url}/stream", stream=True, timeout=60) as response:
            opened.set()
            for message in sse_messages(response):
                arrived.put(message)
        arrived.put(None)  # the stream ended

    def received_up_to(version: int) -> list:
        """The messages the stream brings until the one of `version` (however slowly they come)."""
        messages = []
        while not messages or messages[-1][1] < version:
            message = arrived.get(timeout=60)
            assert message is not None, f"the stream ended before version {version}"
            messages.append(message)
        return messages

    listener = threading.Thread(target=listen)
    listener.start()
    assert opened.wait(60)
    received = received_up_to(1)
    for _ in range(8):
        game = http.get(game_url).json()
        seat = game["to_act"]["seat"]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        action = http.get(f"{game_url}/actions", headers=auth).json()["actions"][0]
        answer = http.post(f"{game_url}/actions", headers=auth, json={"action": action, "expected_version": game["version"]})
        assert answer.status_code == 200
        # While the game runs, each message shows the spectator's table at its version: the replay's step.
        for kind, version, data in received_up_to(answer.json()["version"]):
            assert data["game"]["table"]["hand"] is None and "seed" not in data["game"]
            assert data["game"] == http.get(f"{game_url}/replay/{version}").json()["table"]
            received.append((kind, version, data))
    final = http.get(game_url).json()["version"]
    http.post(f"{game_url}/actions", headers={"Authorization": f"Bearer {tokens[0]}"},
              json={"action": {"type": "resign"}, "expected_version": final})
    received += received_up_to(final + 1)
    assert arrived.get(timeout=60) is None, "the stream ends with the game"
    listener.join(60)

    kinds = [kind for kind, _, _ in received]
    versions = [version for _, version, _ in received]
    assert kinds[0] == "game" and set(kinds[1:]) == {"event"}
    assert versions == list(range(versions[0], final + 2)), "every version once, in order"
    assert received[-1][2]["game"]["status"] == "finished" and received[-1][2]["game"]["seed"] == "e2e-stream"

    # A client that lost the connection resumes after the last version it saw...
    middle = versions[len(versions) // 2]
    with requests.get(f"{game_url}/stream", headers={"Last-Event-ID": str(middle)}, stream=True, timeout=60) as again:
        assert [version for _, version, _ in sse_messages(again)] == list(range(middle + 1, final + 2))
    # ...and is told, once it has everything of a finished game, that nothing more will come.
    assert requests.get(f"{game_url}/stream", headers={"Last-Event-ID": str(final + 1)}, timeout=60).status_code == 204
