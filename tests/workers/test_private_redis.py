"""The tests' private Redis is theirs alone: a port another redis-server took meanwhile is refused,
never shared (its workers would take the test's jobs)."""

import pytest

from tests.infra import RedisServer, fresh_redis_server


def test_a_private_redis_on_a_port_another_server_holds_is_refused_not_shared(redis):
    with pytest.raises(RuntimeError, match="port"):
        RedisServer(port=redis.port).start()
    other = fresh_redis_server()
    try:
        assert other.port != redis.port and other.process.poll() is None
    finally:
        other.stop()
