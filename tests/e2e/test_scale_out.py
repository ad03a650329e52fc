"""Scale-out: one PostgreSQL event store shared by two API servers and two RQ workers.

Fifty games at once (bots against bots, and people against bots played by this test's threads
over HTTP, their requests spread over both API servers) all end; every log is whole, replays to
the final table, and holds each decision once; nothing is left in Redis. And two people racing
for the same version through different API servers get one success and one 409.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.e2e.cluster import (
    Client,
    PersonPlayer,
    check_event_log,
    running_cluster,
    wait_for_no_stuck_jobs,
    wait_until,
    wait_until_all_finished,
)
from tests.paging import every_page

pytestmark = pytest.mark.e2e

BOT_PAIRS = [
    [{"bot": "random"}, {"bot": "greedy"}],
    [{"bot": "greedy"}, {"bot": "greedy"}],
    [{"bot": "greedy"}, {"bot": "random"}],
]
# A random person against the random bot makes a long game (about 500 events): one in five.
PERSON_SEATS = [
    [{"name": "ana"}, {"bot": "greedy"}],
    [{"bot": "greedy"}, {"name": "bo"}],
    [{"name": "cy"}, {"bot": "greedy"}],
    [{"bot": "greedy"}, {"name": "di"}],
    [{"name": "ed"}, {"bot": "random"}],
]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    with running_cluster(tmp_path_factory.mktemp("scale-out"), apis=2, workers=2) as running:
        yield running


def test_fifty_games_at_once_all_end_with_whole_logs_and_no_stuck_jobs(cluster):
    client = Client(cluster.urls)
    seats = [BOT_PAIRS[n % 3] for n in range(25)] + [PERSON_SEATS[n % 5] for n in range(25)]
    urls = cluster.urls

    def create(n: int):
        return Client(urls[n % len(urls):] + urls[:n % len(urls)]).create(seats[n], f"scale-{n}")

    with ThreadPoolExecutor(8) as pool:  # created at once, half through each API server
        games = list(pool.map(create, range(len(seats))))
    deadline = time.monotonic() + 120
    players = [PersonPlayer(Client(cluster.urls), game, deadline, poll=0.25) for game in games if game.has_person]
    for player in players:
        player.start()
    try:
        final = wait_until_all_finished(client, games, players, deadline)
    except AssertionError:
        print(cluster.logs())
        raise

    assert all(game["outcome"] is not None for game in final.values())
    events = sum(check_event_log(client, cluster.services, game) for game in games)
    assert events > 50 * 60
    assert all(player.game.moves for player in players), "a person never got to move"
    wait_for_no_stuck_jobs(cluster)
    # The lobby and the results, on each API server, show every game over at its last version, once
    # the server's runner has caught up with what the workers wrote (off the request path).
    expected = {gid: ("finished", g["version"]) for gid, g in final.items()}
    for url in cluster.urls:
        def lobby_caught_up():
            lobby = Client([url]).get("/api/games?limit=500")["games"]
            return {g["id"]: (g["status"], g["version"]) for g in lobby} == expected
        wait_until(lobby_caught_up, 60, f"the lobby of {url} to show every game over")
        results = Client([url]).get("/api/results?limit=500")["results"]
        assert {r["id"]: r["scores"] for r in results} == {gid: g["outcome"]["scores"] for gid, g in final.items()}
    # Both workers played bot turns, and both are still there.
    for worker in cluster.workers:
        assert worker.alive, f"worker {worker.pid} died:\n{cluster.logs()}"
        played = worker.log_path.read_text().count(": played")
        assert played > 20, f"worker {worker.pid} played only {played} bot turns"


def test_two_people_racing_through_different_api_servers_get_one_success_and_one_conflict(cluster):
    """The seat to act sends two different moves decided on the same version (two devices, say),
    one through each API server, at the same moment: one is saved, the other answered 409 with
    the version the winner made, and the log holds the winner's events only."""
    first, second = Client(cluster.urls[:1]), Client(cluster.urls[1:])
    game = first.create([{"name": "ana"}, {"name": "bo"}], "race")
    base = f"/api/games/{game.id}"
    rounds = 0
    while rounds < 15:
        table = first.get(base)
        if table["status"] == "finished":
            break
        seat, version = table["to_act"]["seat"], table["version"]
        token = game.tokens[seat]
        legal = first.get(base + "/actions", token)["actions"]
        if len(legal) < 2:
            answer = second.request("POST", base + "/actions", json={"action": legal[0], "expected_version": version},
                                    headers={"Authorization": f"Bearer {token}"})
            assert answer.status_code == 200, answer.text
            continue
        # Both servers load the game at this version first, so each may decide from its own cache.
        second.get(base)
        barrier = threading.Barrier(2)
        answers = {}

        def race(client, action, name):
            barrier.wait()
            answers[name] = client.request("POST", base + "/actions",
                                           json={"action": action, "expected_version": version},
                                           headers={"Authorization": f"Bearer {token}"})

        racers = [threading.Thread(target=race, args=(first, legal[0], "first")),
                  threading.Thread(target=race, args=(second, legal[-1], "second"))]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
        codes = sorted(answer.status_code for answer in answers.values())
        assert codes == [200, 409], f"round {rounds}: {[(a.status_code, a.text) for a in answers.values()]}"
        winner = next(a for a in answers.values() if a.status_code == 200).json()
        loser = next(a for a in answers.values() if a.status_code == 409).json()
        assert loser["current_version"] == winner["version"]
        _, events = every_page(first.get, base + "/events?limit=500", "events")
        assert [e["version"] for e in events] == list(range(1, winner["version"] + 1))
        assert len([e for e in events if e.get("cause", {}).get("rng") == f"decision:{version}"]) \
            == winner["version"] - version, "the losing move left an event behind"
        rounds += 1
    assert rounds == 15
