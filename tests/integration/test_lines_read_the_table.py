"""A game's lines may read the table just before each event (domain.lines, `describe_on`): every
place that shows a line (the move reply, the event log, the replay and its steps, the stream, the
game list) gives it the viewer's own table then and the event as the viewer sees it, and nothing
more."""

import hashlib
import json

import pytest

from domain import registry
from projections.database import ProjectionDatabase
from projections.game_list import GameList
from domain.rng import Rng
from services.live.streams import GameStream, Pace


def digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:10]


@pytest.fixture
def chi_reads_the_table(monkeypatch):
    """Chi, with lines that name the table they were read against (by its digest) and record each
    event they were given."""
    rules = registry.get("chi")
    given = []

    def describe_on(view_before, event, names):
        given.append(event)
        return f"{event.type} on {digest(view_before)}"

    monkeypatch.setattr(rules.events, "describe_on", describe_on)  # the game reads its lines off its event table
    monkeypatch.setattr(rules.events, "line_reads_table", lambda event: True)  # every line of it, here
    return rules, given


def expected_lines(services, game_id, viewer, last):
    """Version -> the line `viewer` should read: the event's type on the digest of its own table
    at the version before."""
    rules = registry.get("chi")
    lines = {}
    for version in range(2, last + 1):
        before = services.store.game(game_id, version=version - 1)
        event = services.store.stored_events(game_id, gt=version - 1, lte=version)[0]
        table = rules.view(before.state, viewer, reveal=False)
        lines[version] = f"{event.domain_event['type']} on {digest(table)}"
    return lines


def play(services, game_id, decisions):
    rng = Rng("lines", "test")
    replies = []
    for _ in range(decisions):
        game = services.store.game(game_id)
        seat = game.to_act()
        if seat is None:
            break
        action = rng.choice(game.rules.legal_actions(game.state, seat))
        replies.append((seat, services.commands.act(game_id, seat, action, game.version)))
    return replies


def stream_lines(services, game_id, token):
    ticks = iter([0.0, 0.0, 0.0])
    pace = Pace(safety=1.0, heartbeat=1e9, lifetime=1.0, clock=lambda: next(ticks, 2.0), wait=lambda *_: None)
    lines = {}
    for message in GameStream(services.news, game_id, token, 1, pace).messages():
        if message.event == "event":
            data = json.loads(message.text.split("data: ", 1)[1])
            lines[data["version"]] = data["event"]["description"]
    return lines


def test_every_line_is_read_against_the_viewers_own_table_just_before_its_event(services, chi_reads_the_table):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="lines-read-the-table")
    replies = play(services, created.id, decisions=12)
    last = services.store.game(created.id).version
    token = created.tokens[0]["token"]
    for viewer, key in ((0, token), (None, None)):
        expected = expected_lines(services, created.id, viewer, last)
        log = services.queries.events(created.id, key, after=0, limit=last)["events"]
        assert {e["version"]: e["description"] for e in log if e["version"] > 1} == expected
        replay = services.queries.replay(created.id, key, after=0, limit=last)["steps"]
        assert {s["step"]: s["description"] for s in replay if s["step"] > 1} == expected
        for version in (2, last // 2, last):
            assert services.queries.replay_step(created.id, version, key)["description"] == expected[version]
        assert {v: line for v, line in stream_lines(services, created.id, key).items() if v > 1} == expected
    ana = expected_lines(services, created.id, 0, last)
    for seat, reply in replies:
        if seat == 0:
            assert {e["version"]: e["description"] for e in reply["events"]} == {
                e["version"]: ana[e["version"]] for e in reply["events"]}


def test_a_line_is_given_only_the_facts_its_viewer_may_see(services, chi_reads_the_table):
    rules, given = chi_reads_the_table
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="lines-see-no-secret")
    play(services, created.id, decisions=6)
    last = services.store.game(created.id).version
    given.clear()
    services.queries.events(created.id, None, after=0, limit=last)
    stored = [s for s in services.store.stored_events(created.id, gt=1, lte=last)]
    hidden = [s.domain_event for s in stored if s.domain_event["private"] or s.domain_event["secret"]]
    assert hidden, "the deal hides cards"
    assert len(given) == len(stored)
    for event, record in zip(given, stored):
        assert not event.private and not event.secret
        assert dict(event.data) == record.domain_event["data"]


def test_the_game_list_reads_its_line_as_a_spectator(services, chi_reads_the_table):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="lines-listed")
    play(services, created.id, decisions=3)
    listed = next(g for g in GameList(services.store, ProjectionDatabase(":memory:")).games()
                  if g["id"] == str(created.id))
    version = listed["last_move"]["version"]
    assert listed["last_move"]["description"] == expected_lines(services, created.id, None, version)[version]
