"""Fixtures shared by every layer's tests."""

import os
import signal

import pytest

from services.compose import build
from web.app import create_app

MEMORY = {"PERSISTENCE_MODULE": "eventsourcing.popo"}


@pytest.fixture(scope="module", autouse=True)
def no_analysis_outlives_its_module():
    """An analysis a module's app computes in its own process (no workers) stops with the module,
    rather than spending the CPU of the test files that follow it on the same core."""
    yield
    from services.analysis.runs import IN_THIS_PROCESS

    IN_THIS_PROCESS.stop()


@pytest.fixture(autouse=True)
def signal_handlers_restored():
    """An RQ worker run in a test's process installs its own SIGTERM and SIGINT handlers, which
    ask it to stop rather than end the process. Left in place, they are inherited by every process
    a later test forks (a bench's pool of players), which a terminate then cannot end: the test
    waits for it forever."""
    held = {number: signal.getsignal(number) for number in (signal.SIGTERM, signal.SIGINT)}
    yield
    for number, handler in held.items():
        if signal.getsignal(number) is not handler:
            signal.signal(number, handler)


@pytest.fixture
def services():
    """The service layer over an in-memory event store; bots play in-process."""
    return build(MEMORY)


@pytest.fixture
def app(services):
    """The API over `services`, its rate limits off: a test plays and registers faster than any
    person (a whole game in a second, a hundred names from one address); tests/api/test_rate_limits.py
    and tests/e2e/test_limits_across_servers.py build apps with the limits on."""
    return create_app({**os.environ, "CHRONICLE_LIMITS": "off"}, services=services)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def caught_up(app):
    """Brings the app's read models up to date, as the API process's runner does off the request
    path (a read alone brings only a few games up to date): call it before reading a list after
    writing many games."""
    return app.extensions["chronicle"].game_list.catch_up
