"""Whole games of Chi over HTTP against a real server process.

Every move is made by posting back one of the listed legal actions. At every version the test
sees, it keeps the table as each seat and a spectator saw it, checks that the replay step of that
version shows exactly that table, and that no answer to a seat holds what is neither public nor
its own. Once the game is over it checks every replay step against the tables seen during play.
"""

from __future__ import annotations

import pytest

from domain.rng import Rng
from tests.paging import every_page
from tests.secrecy import assert_learns_nothing_secret, leaves, without_lines
from tests.http_session import fresh_connections

pytestmark = pytest.mark.e2e

VIEWERS = (0, 1, None)


class Table:
    """One game seen through the API by its two seats and a spectator."""

    def __init__(self, base: str, seats: list[dict], seed: str):
        self.base = base
        self.http = fresh_connections()
        answer = self.http.post(f"{base}/api/games", json={"game": "chi", "seats": seats, "seed": seed})
        assert answer.status_code == 201, answer.text
        created = answer.json()
        self.id = created["id"]
        self.tokens = {t["seat"]: t["token"] for t in created["tokens"]}
        self.seen: dict[int, dict] = {}  # version -> viewer -> game as seen then

    def get(self, path: str, viewer: int | None) -> dict:
        headers = {"Authorization": f"Bearer {self.tokens[viewer]}"} if viewer in self.tokens else {}
        answer = self.http.get(f"{self.base}/api/games/{self.id}{path}", headers=headers)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def whole(self, path: str, viewer: int | None, key: str) -> dict:
        """Every page of a paged answer (the event log, the replay) as one answer."""
        headers = {"Authorization": f"Bearer {self.tokens[viewer]}"} if viewer in self.tokens else {}
        last, items = every_page(lambda link: self.http.get(self.base + link, headers=headers).json(),
                                 f"/api/games/{self.id}{path}?limit=500", key)
        return {**last, key: items}

    def observe(self) -> dict:
        """Look at the table as everyone, check replay and secrecy at this version; returns the spectator's game."""
        views = {viewer: self.get("", viewer) for viewer in VIEWERS if viewer is None or viewer in self.tokens}
        version = views[None]["version"]
        assert all(view["version"] == version for view in views.values()), "the game moved while looking"
        self.seen[version] = views
        for viewer, view in views.items():
            step = self.get(f"/replay/{version}", viewer)
            # A failed turn is the state of the job the game waits on, not of the table at a version:
            # only the game itself says so (and nothing failed here).
            assert view.pop("failed_turn") is None
            assert step["table"] == view, f"replay step {version} differs from the table seen by {viewer}"
        if views[None]["status"] == "running":
            self.check_secrecy(views)
        return views[None]

    def check_secrecy(self, views: dict) -> None:
        spectator_log = self.whole("/events", None, "events")
        public = leaves(spectator_log) | leaves(views[None])
        for seat in self.tokens:
            own_log = self.whole("/events", seat, "events")
            own = own_private_facts(own_log, spectator_log)
            for answer in (views[seat], own_log, self.get("/actions", seat), self.whole("/replay", seat, "steps")):
                assert_learns_nothing_secret(without_lines(answer), public, own)

    def play(self, chooser: Rng) -> dict:
        game = self.observe()
        while game["to_act"] is not None:
            seat = game["to_act"]["seat"]
            assert seat in self.tokens, "a bot's turn was left waiting"
            legal = self.get("/actions", seat)["actions"]
            answer = self.http.post(
                f"{self.base}/api/games/{self.id}/actions",
                json={"action": chooser.choice(legal), "expected_version": game["version"]},
                headers={"Authorization": f"Bearer {self.tokens[seat]}"},
            )
            assert answer.status_code == 200, answer.text
            game = self.observe()
        return game


def own_private_facts(own_log: dict, spectator_log: dict) -> set[str]:
    """What the seat's log shows where the spectator's does not: its own cards and its own actions."""
    mine: set[str] = set()
    for own, public in zip(own_log["events"], spectator_log["events"]):
        for key in set(public.get("hidden", [])) - set(own.get("hidden", [])):
            mine |= leaves(own["data"].get(key))
        mine |= leaves(own.get("cause", {}).get("action"))
    return mine


def agrees(seen, revealed) -> bool:
    """A table seen during play agrees with the revealed one: every fact shown then is the same now."""
    if isinstance(seen, dict):
        return isinstance(revealed, dict) and all(key in revealed and agrees(value, revealed[key])
                                                  for key, value in seen.items())
    if isinstance(seen, list):
        return isinstance(revealed, list) and len(seen) == len(revealed) and all(map(agrees, seen, revealed))
    return seen == revealed


def check_the_finished_replay(table: Table) -> None:
    replay = table.whole("/replay", None, "steps")
    last = replay["version"]
    assert replay["status"] == "finished"
    assert [s["step"] for s in replay["steps"]] == list(range(1, last + 1))
    for step in range(1, last + 1):
        shown = table.get(f"/replay/{step}", None)
        assert shown["step"] == step and shown["rule"]["id"] and shown["description"]
        if step in table.seen:
            assert agrees(table.seen[step][None]["table"], shown["table"]["table"]), f"step {step} rewrote the table"
    final = table.get("", None)
    assert final["seed"] and final["outcome"]["scores"]


@pytest.mark.parametrize("seed", ["e2e-people-1", "e2e-people-2"])
def test_two_people_play_a_whole_game_and_its_replay_matches_what_they_saw(server, seed):
    table = Table(server, [{"name": "ana"}, {"name": "bo"}], seed)
    final = table.play(Rng(seed, "chooser"))
    assert final["status"] == "finished"
    check_the_finished_replay(table)


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_a_person_plays_a_whole_game_against_a_bot(server, bot):
    table = Table(server, [{"name": "ana"}, {"bot": bot}], f"e2e-{bot}")
    final = table.play(Rng(bot, "chooser"))
    assert final["outcome"] is not None
    check_the_finished_replay(table)


def test_a_game_between_two_bots_is_over_when_created(server):
    table = Table(server, [{"bot": "random"}, {"bot": "greedy"}], "e2e-bots")
    assert table.observe()["status"] == "finished"
    check_the_finished_replay(table)
