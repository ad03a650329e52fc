"""Read paths that should not grow with the store: measured on 5,000 games and a 100,000-event game.

The store (bench.read_store) is an SQLite file; the reads go through the whole Flask app (routing,
validation, the read models, serialisation) with its test client, in a process started after the
store was written: nothing is cached, and the read models have seen none of it. Each figure is
the median of REPEAT requests, but for the first game-list reads, each of which meets thousands
of games the read model has not seen.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from typing import Any, Callable

from bench.read_store import long_game, player_games
from projections.runner import ProjectionRunner
from services.compose import build
from web.app import create_app

GAMES = 5_000
LONG_GAME = 100_000
REPEAT = 21
FIRST_READS = 11
DEEP_ROW = 4_000
PAGE = 100  # versions in the event log and replay pages measured (the default page)

TARGET = 0.020
INBOX_TARGET = 0.005
# The figures of issue 13, before this work, on the same kind of store (its peer).
BEFORE = {"inbox": 0.436, "first_list_read": 24.6, "offset": 0.024, "events_2000": 0.700}


def median_time(request: Callable[[], Any], repeat: int = REPEAT) -> float:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        request()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def ok(client, url: str, headers: dict | None = None) -> dict:
    answer = client.get(url, headers=headers)
    if answer.status_code != 200:
        raise RuntimeError(f"GET {url}: {answer.status_code} {answer.get_data(as_text=True)[:300]}")
    return answer.json


def read_model_figures(games: int = GAMES, long_events: int = LONG_GAME, progress=print) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as data:
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": data}
        writer = build(env)
        started = time.perf_counter()
        ana = player_games(writer, games)
        long = long_game(writer, long_events)
        built = time.perf_counter() - started
        writer.store.close()
        progress(f"(store of {games} games and a {long_events}-event game written in {built:.0f} s)")

        services = build(env)  # a new API process: nothing cached, no read model yet
        app = create_app(services=services)
        client = app.test_client()
        figures = {"games": games, **first_reads(client, app, games)}
        inbox = {"Authorization": f"Bearer {ana['key']}"}
        figures["inbox"] = median_time(lambda: ok(client, "/api/players/me/games?limit=10", inbox))
        row = figures["deep_row"] = min(DEEP_ROW, games * 4 // 5)
        figures["offset"] = median_time(lambda: ok(client, f"/api/games?offset={row}"))
        deep = deep_link(client, row)
        figures["cursor"] = median_time(lambda: ok(client, deep))
        figures.update(versions_pages(client, long["id"]))
        figures.update(export_figures(client, long["id"]))
        services.store.close()
        app.extensions["chronicle"].game_list.db.close()
    return figures


def first_reads(client, app, games: int) -> dict[str, Any]:
    """GET /api/games with the whole store unseen by the read model, FIRST_READS times (each read
    brings a few games up to date, so every one meets thousands unseen); then the same reads while
    the process's runner catches up off the request path, and the time it takes to."""
    game_list = app.extensions["chronicle"].game_list
    samples = timed_reads(client, FIRST_READS)
    unseen = games - game_list.total("games")
    started = time.perf_counter()
    runner = ProjectionRunner(game_list, every=0.01).start()
    during = timed_reads(client, REPEAT, pause=0.05)
    while game_list.behind():
        time.sleep(0.05)
    caught_up = time.perf_counter() - started
    runner.stop()
    return {"first_list_read": statistics.median(samples), "unseen_games": unseen, "catch_up": caught_up,
            "read_during_catch_up": statistics.median(during)}


def timed_reads(client, count: int, pause: float = 0.0) -> list[float]:
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        ok(client, "/api/games")
        samples.append(time.perf_counter() - started)
        time.sleep(pause)
    return samples


def deep_link(client, row: int) -> str:
    """The link to the page of 50 games that starts at `row`, reached by following `next` links."""
    link, seen = "/api/games?limit=500", 0
    while seen + 500 < row:
        link = ok(client, link)["next"]
        seen += 500
    page = ok(client, link.replace("limit=500", f"limit={row - seen}"))
    return page["next"].replace(f"limit={row - seen}", "limit=50")


def versions_pages(client, game_id) -> dict[str, float]:
    """Pages of the long game's event log and replay: the first, one in the middle, the last."""
    base = f"/api/games/{game_id}"
    version = ok(client, base)["version"]
    figures = {"long_game_version": version}
    for name, path in (("events", "events"), ("replay", "replay")):
        for where, after in (("first", 0), ("middle", version // 2), ("last", version - PAGE)):
            figures[f"{name}_{where}"] = median_time(lambda: ok(client, f"{base}/{path}?after={after}&limit={PAGE}"))
    figures["step_10"] = median_time(lambda: ok(client, f"{base}/replay/10"))
    figures["step_last"] = median_time(lambda: ok(client, f"{base}/replay/{version}"))
    return figures


def export_figures(client, game_id) -> dict[str, float]:
    """The time to the export's first piece (the median), and to its end (once)."""
    def first_piece():
        answer = client.get(f"/api/games/{game_id}/export")
        pieces = answer.response
        next(iter(pieces))
        answer.close()

    first = median_time(first_piece)
    started = time.perf_counter()
    size = len(client.get(f"/api/games/{game_id}/export").get_data())
    return {"export_first": first, "export_all": time.perf_counter() - started, "export_bytes": size}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def verdict(seconds: float, target: float = TARGET) -> str:
    return f"target under {target * 1000:.0f} ms: {'meets' if seconds < target else 'MISSES'}"


def report(figures: dict[str, Any]) -> list[str]:
    """The benchmark's lines, each figure beside its target and the issue's figure before this work."""
    f = figures
    pages = lambda name: (f"first {ms(f[name + '_first'])}, in the middle {ms(f[name + '_middle'])}, "  # noqa: E731
                          f"last {ms(f[name + '_last'])}")
    worst = lambda *names: max(f[name] for name in names)  # noqa: E731
    return [
        f"Read models on {f['games']} games of one player's and a game of {f['long_game_version']} events "
        f"(SQLite; through the Flask app in process; medians of {REPEAT}):",
        f"Inbox, limit=10: {ms(f['inbox'])} ({verdict(f['inbox'], INBOX_TARGET)}; before: {ms(BEFORE['inbox'])})",
        f"First game-list read with {f['unseen_games']} games unseen: {ms(f['first_list_read'])} "
        f"({verdict(f['first_list_read'])}; before: {BEFORE['first_list_read']:.1f} s); the process's runner then "
        f"caught up off the request path in {f['catch_up']:.1f} s, and the same read took {ms(f['read_during_catch_up'])} "
        f"meanwhile",
        f"Games page at row {f['deep_row']}: cursor {ms(f['cursor'])} ({verdict(f['cursor'])}), offset {ms(f['offset'])} "
        f"(before: {ms(BEFORE['offset'])})",
        f"Event log pages of {PAGE}: {pages('events')} "
        f"({verdict(worst('events_first', 'events_middle', 'events_last'))}; before: the whole log of a "
        f"2,000-event game {ms(BEFORE['events_2000'])})",
        f"Replay pages of {PAGE}: {pages('replay')} ({verdict(worst('replay_first', 'replay_middle', 'replay_last'))})",
        f"Replay step 10: {ms(f['step_10'])}, last step: {ms(f['step_last'])} "
        f"({verdict(worst('step_10', 'step_last'))} each)",
        f"Export: first line after {ms(f['export_first'])} ({verdict(f['export_first'])}); all "
        f"{f['export_bytes'] / 2 ** 20:.0f} MiB in {f['export_all']:.1f} s, streamed",
    ]


if __name__ == "__main__":
    print("\n".join(report(read_model_figures())))
