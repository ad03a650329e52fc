"""The live stream of a game against a real server, read by a plain SSE client over HTTP."""

from __future__ import annotations

import json
import threading

import pytest
import requests

pytestmark = pytest.mark.e2e


def sse_messages(response):
    """(event, id, data) for each message of a text/event-stream response, as it arrives."""
    fields: dict[str, str] = {}
    for line in response.iter_lines(decode_unicode=True):
        if line:
            name, _, value = line.partition(": ")
            fields[name] = value
            continue
        if "data" in fields:
            yield fields.get("event"), int(fields["id"]) if "id" in fields else None, json.loads(fields["data"])
        fields = {}


def test_a_spectator_reading_the_stream_sees_every_version_once_and_the_end(server):
    http = requests.Session()
    created = http.post(f"{server}/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}],
                                                     "seed": "e2e-stream"}).json()
    game_url = f"{server}/api/games/{created['id']}"
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    received = []
    opened = threading.Event()

    def listen():
        with requests.get(f"{game_url}/stream", stream=True, timeout=30) as response:
            opened.set()
            received.extend(sse_messages(response))

    listener = threading.Thread(target=listen)
    listener.start()
    assert opened.wait(10)
    for _ in range(8):
        game = http.get(game_url).json()
        seat = game["to_act"]["seat"]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        action = http.get(f"{game_url}/actions", headers=auth).json()["actions"][0]
        assert http.post(f"{game_url}/actions", headers=auth,
                         json={"action": action, "expected_version": game["version"]}).status_code == 200
    final = http.get(game_url).json()["version"]
    http.post(f"{game_url}/actions", headers={"Authorization": f"Bearer {tokens[0]}"},
              json={"action": {"type": "resign"}, "expected_version": final})
    listener.join(30)
    assert not listener.is_alive(), "the stream ends with the game"

    kinds = [kind for kind, _, _ in received]
    versions = [version for _, version, _ in received]
    assert kinds[0] == "game" and set(kinds[1:]) == {"event"}
    assert versions == list(range(versions[0], final + 2)), "every version once, in order"
    assert received[-1][2]["game"]["status"] == "finished"
    for _, version, data in received[1:-1]:
        assert data["game"]["table"]["hand"] is None
        assert data["game"] == http.get(f"{game_url}/replay/{version}").json()["table"]

    # A client that lost the connection resumes after the last version it saw...
    middle = versions[len(versions) // 2]
    with requests.get(f"{game_url}/stream", headers={"Last-Event-ID": str(middle)}, stream=True, timeout=30) as again:
        assert [version for _, version, _ in sse_messages(again)] == list(range(middle + 1, final + 2))
    # ...and is told, once it has everything of a finished game, that nothing more will come.
    assert requests.get(f"{game_url}/stream", headers={"Last-Event-ID": str(final + 1)}, timeout=10).status_code == 204
