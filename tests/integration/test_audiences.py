"""Audiences: the caught-up streams of one game and one kind of viewer get each move's messages as
the same bytes, written to their sockets together; a seat's bytes go only to that seat's streams.
The audiences here are advanced by hand after each move (no writer thread), over socket pairs."""

from __future__ import annotations

import json
import socket

import jsonpatch

from services.live.audiences import Audience, Member, Sent
from services.live.streams import Pace
from services.log.presenting import present_game

NEVER = 1e6


class PairWire:
    """One end of a socket pair as a stream's wire: raw framing, writes that never wait."""

    framing = "raw"

    def __init__(self, sock: socket.socket):
        self.sock = sock
        sock.setblocking(False)

    def frame(self, payload: bytes) -> bytes:
        return payload

    def send_now(self, data: bytes) -> int:
        try:
            return self.sock.send(data)
        except BlockingIOError:
            return 0

    def send_all(self, data: bytes) -> None:
        self.sock.setblocking(True)
        self.sock.sendall(data)
        self.sock.setblocking(False)


def received(sock: socket.socket) -> bytes:
    sock.setblocking(False)
    chunks = []
    while True:
        try:
            chunk = sock.recv(1 << 20)
        except BlockingIOError:
            return b"".join(chunks)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def messages(raw: bytes) -> list[dict]:
    return [json.loads(line[6:]) for line in raw.decode().splitlines() if line.startswith("data: ")]


def move(services, game_id) -> int:
    game = services.store.game(game_id)
    seat = game.to_act()
    services.commands.act(game_id, seat, game.rules.legal_actions(game.state, seat)[0], game.version)
    return services.store.game(game_id).version


def audience_of(services, feed, viewer, pace, start, members=2):
    """An audience of `viewer` whose `members` clients hold `start`'s view; their sockets' far ends."""
    audience, far_ends = Audience(feed, viewer, False, pace), []
    for _ in range(members):
        near, far = socket.socketpair()
        assert audience.join(Member(PairWire(near)), Sent(start.version, (start.version, False)), start, 0.0)
        far_ends.append(far)
    return audience, far_ends


def test_each_seat_and_the_spectators_get_their_own_view_as_the_same_bytes_for_every_stream_of_it(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="audiences")
    pace = Pace(safety=NEVER, heartbeat=NEVER, lifetime=NEVER)
    start = services.store.game(created.id)
    with services.news.watching_game(created.id) as watch:
        feed = watch.feed
        audiences = {viewer: audience_of(services, feed, viewer, pace, start) for viewer in (0, 1, None)}
        for _ in range(4):
            move(services, created.id)
            current = feed.look(0.0, NEVER)
            for audience, _ in audiences.values():
                audience.advance(current, 0.0)
        got = {viewer: [received(far) for far in far_ends] for viewer, (_, far_ends) in audiences.items()}
    now = services.store.game(created.id).version
    for viewer, (first, second) in got.items():
        assert first == second and first, "every stream of one viewer gets the same bytes"
        view = present_game(start, viewer)
        shown = messages(first)
        assert [data["version"] for data in shown] == list(range(start.version + 1, now + 1)), "every version once"
        for data in shown:
            view = jsonpatch.apply_patch(view, data["patch"])
            assert view == present_game(services.store.game(created.id, version=data["version"]), viewer), \
                "each patch gives the viewer's own table then"
    hands = {viewer: present_game(services.store.game(created.id), viewer)["table"]["hand"] for viewer in (0, 1, None)}
    assert hands[None] is None and hands[0] != hands[1]
    assert json.dumps(hands[0]) not in got[1][0].decode() and json.dumps(hands[1]) not in got[0][0].decode(), \
        "no seat's hand reaches the other seat's streams"
    assert '"hand":[' not in got[None][0].decode(), "the spectators see no hand"


def test_a_stream_whose_socket_is_full_is_handed_back_with_the_rest_and_the_others_still_get_the_move(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="audiences-slow")
    pace = Pace(safety=NEVER, heartbeat=NEVER, lifetime=NEVER)
    start = services.store.game(created.id)
    with services.news.watching_game(created.id) as watch:
        feed = watch.feed
        audience, (slow_end, quick_end) = audience_of(services, feed, None, pace, start)
        slow, quick = list(audience.members.values())
        while slow.wire.send_now(b"x" * 65536):
            pass  # a client that does not read: its socket takes nothing more
        version = move(services, created.id)
        audience.advance(feed.look(0.0, NEVER), 0.0)
        assert slow.back.is_set() and slow.sent.seen == version, "handed back, having been sent the move"
        assert slow.rest and b"id: %d" % version in slow.rest, "with what its socket did not take"
        assert list(audience.members.values()) == [quick]
        assert [data["version"] for data in messages(received(quick_end))] == list(range(start.version + 1, version + 1))
        slow_end.close()


def test_a_stream_whose_client_left_is_handed_back_as_gone(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="audiences-gone")
    pace = Pace(safety=NEVER, heartbeat=NEVER, lifetime=NEVER)
    start = services.store.game(created.id)
    with services.news.watching_game(created.id) as watch:
        feed = watch.feed
        audience, (left_end, _) = audience_of(services, feed, 0, pace, start)
        left = next(iter(audience.members.values()))
        left_end.close()
        move(services, created.id)
        audience.advance(feed.look(0.0, NEVER), 0.0)
        assert left.back.is_set() and left.gone and len(audience.members) == 1


def test_a_stream_that_lacks_a_move_the_audience_was_sent_does_not_join_it(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="audiences-late")
    pace = Pace(safety=NEVER, heartbeat=NEVER, lifetime=NEVER)
    start = services.store.game(created.id)
    with services.news.watching_game(created.id) as watch:
        feed = watch.feed
        audience, _ = audience_of(services, feed, None, pace, start)
        move(services, created.id)
        current = feed.look(0.0, NEVER)
        late, _ = socket.socketpair()
        assert not audience.join(Member(PairWire(late)), Sent(start.version, (start.version, False)), current, 0.0)
        assert audience.sent.seen == current.version, "the members were brought up to the game first"
        assert audience.join(Member(PairWire(late)), audience.sent.copy(), current, 0.0)
