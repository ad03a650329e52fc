"""On a server as `make run` starts it, where the caught-up streams of one kind of viewer share
each move's bytes: two streams of each seat and two spectators follow a game of Chi, and each
sees, at every version, exactly its own table: its own hand, never the other seat's."""

from __future__ import annotations

import pytest

from tests.e2e.chi_watched import BOUND, chi_game_on_a_server, read_together, streams_of
from tests.e2e.test_streams import sse_messages
from tests.http_moves import first_legal_move

pytestmark = pytest.mark.e2e

MOVES = 6


def follow(messages, upto_version, into: list) -> None:
    for message in messages:
        into.append(message)
        if message[1] >= upto_version[0]:
            return


def test_each_seats_streams_show_its_own_hand_and_the_spectators_none(tmp_path):
    with chi_game_on_a_server(tmp_path, "seats-apart") as game:
        http, created = game.http, game.created
        auth = {seat: game.seat(seat) for seat in (0, 1)}
        viewers = [0, 0, 1, 1, None, None]
        with streams_of(game, [auth.get(viewer, {}) for viewer in viewers]) as streams:
            assert all(stream.status_code == 200 for stream in streams)
            readings = [sse_messages(stream) for stream in streams]
            seen = [[next(reading)] for reading in readings]  # each has its table: it has caught up
            last = [created["version"]]
            for _ in range(MOVES):
                moved = first_legal_move(http, game.url, created, BOUND)
                assert moved.status_code == 200, moved.text
                last[0] = moved.json()["version"]
            read_together(follow, list(zip(readings, [last] * len(readings), seen)))
        tables = {}
        for viewer in (0, 1, None):
            tables[viewer] = {version: http.get(f"{game.url}/replay/{version}", headers=auth.get(viewer, {})).json()["table"]
                              for version in range(created["version"], last[0] + 1)}
        for viewer, messages in zip(viewers, seen):
            assert [version for _, version, _ in messages] == list(range(created["version"], last[0] + 1)), \
                "every version once"
            for _, version, data in messages:
                assert data["game"] == tables[viewer][version], f"{viewer}'s own table at version {version}"
        hands = {viewer: tables[viewer][last[0]]["table"]["hand"] for viewer in (0, 1, None)}
        assert hands[None] is None and hands[0] and hands[1] and hands[0] != hands[1]
