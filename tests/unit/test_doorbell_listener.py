"""Listening for other processes' news on Redis: a Redis that is away is said once, not at every try."""

import logging

from services.live.doorbells import RedisDoorbell
from cli.server_process import free_port


def test_a_redis_that_does_not_answer_is_logged_once_while_the_listener_keeps_trying(caplog):
    listener = RedisDoorbell(f"redis://127.0.0.1:{free_port()}/0", "test").listener()
    with caplog.at_level(logging.WARNING, logger="services.live.doorbells"):
        for _ in range(5):
            assert listener.wait(0) is False
    said = [record.getMessage() for record in caplog.records]
    assert len(said) == 1 and said[0].startswith("cannot listen for news on Redis")
