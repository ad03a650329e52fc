"""A request refused for a rate limit (429) was not applied: the client waits the server's
Retry-After and sends it again, so a bot that plays fast slows down instead of dropping its move;
a wait longer than it will take is raised at once."""

import json

import httpx
import pytest

from chronicle_client import Client, RateLimited
from chronicle_client import client as client_module

LIMITED = {"type": "https://chronicle.example/problems/rate-limited", "title": "Rate limited", "status": 429,
           "detail": "at most 50 moves from one player key per 1 second: try again in 1 s",
           "rate_limit": "50 moves per 1 second per player key", "retry_after": 1}


def answering(*answers):
    """A transport that answers each request with the next of `answers` (status, headers, body), and
    keeps the requests it was sent."""
    sent = []
    queue = list(answers)

    def handle(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        status, headers, body = queue.pop(0)
        return httpx.Response(status, headers=headers, content=json.dumps(body).encode())

    return httpx.MockTransport(handle), sent


@pytest.fixture
def waits(monkeypatch):
    waited = []
    monkeypatch.setattr(client_module.time, "sleep", waited.append)
    return waited


def test_a_move_refused_for_a_rate_limit_is_sent_again_after_the_wait_the_server_asks(waits):
    transport, sent = answering((429, {"Retry-After": "1"}, LIMITED), (429, {"Retry-After": "2"}, LIMITED),
                                (200, {}, {"version": 8}))
    with Client("http://chronicle.test", "key", transport=transport) as bot:
        assert bot.act("g1", {"type": "draw"}, 7) == {"version": 8}
    assert waits == [1.0, 2.0]
    assert len(sent) == 3 and len({request.headers["Idempotency-Key"] for request in sent}) == 1


def test_a_request_that_may_act_is_sent_again_after_a_rate_limit_since_it_was_not_applied(waits):
    transport, sent = answering((429, {"Retry-After": "1"}, LIMITED), (201, {}, {"id": "p1", "name": "cy"}))
    with Client("http://chronicle.test", transport=transport) as anonymous:
        assert anonymous.register_player({"name": "cy"})["name"] == "cy"
    assert waits == [1.0] and len(sent) == 2


def test_a_wait_longer_than_the_client_takes_is_raised_at_once(waits):
    transport, sent = answering((429, {"Retry-After": "3600"}, {**LIMITED, "retry_after": 3600}))
    with Client("http://chronicle.test", "key", transport=transport, max_rate_wait=60) as bot:
        with pytest.raises(RateLimited) as refused:
            bot.act("g1", {"type": "draw"}, 7)
    assert refused.value.retry_after == 3600 and waits == [] and len(sent) == 1


def test_a_rate_limit_met_on_every_try_is_raised_after_the_retries(waits):
    transport, sent = answering(*[(429, {"Retry-After": "1"}, LIMITED)] * 3)
    with Client("http://chronicle.test", "key", transport=transport, retries=2) as bot:
        with pytest.raises(RateLimited):
            bot.act("g1", {"type": "draw"}, 7)
    assert len(sent) == 3 and waits == [1.0, 1.0]
