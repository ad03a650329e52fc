"""Many spectators on a server as `make run` starts it: open streams hold no thread, so the API
answers everything else meanwhile, and a move reaches every stream."""

from __future__ import annotations

import pytest

from tests.e2e.chi_watched import BOUND, chi_game_on_a_server, read_together, streams_of
from tests.http_moves import first_legal_move

pytestmark = pytest.mark.e2e

SPECTATORS = 100  # far more than the threads a server of threads would have to spare


def versions_seen(response, upto: int, seen: list[int]) -> None:
    """Append the id of each message to `seen` until one reaches `upto`."""
    for line in response.iter_lines(decode_unicode=True):
        if line.startswith("id: "):
            seen.append(int(line[4:]))
            if seen[-1] >= upto:
                return


def test_a_hundred_spectators_leave_the_api_answering_and_all_see_the_next_move(tmp_path):
    with chi_game_on_a_server(tmp_path, "many-watchers") as game, streams_of(game, [{}] * SPECTATORS) as streams:
        assert all(stream.status_code == 200 for stream in streams), "every stream opens"
        moved = first_legal_move(game.http, game.url, game.created, BOUND)
        assert moved.status_code == 200, moved.text
        seen = [[] for _ in streams]
        read_together(versions_seen, [(stream, moved.json()["version"], into) for stream, into in zip(streams, seen)])
        assert all(into and into[-1] == moved.json()["version"] for into in seen), "every spectator saw the move"
