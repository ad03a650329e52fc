"""Fixtures shared by every layer's tests."""

import pytest

from services.compose import build
from web.app import create_app

MEMORY = {"PERSISTENCE_MODULE": "eventsourcing.popo"}


@pytest.fixture
def services():
    """The service layer over an in-memory event store; bots play in-process."""
    return build(MEMORY)


@pytest.fixture
def app(services):
    return create_app(services=services)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def caught_up(app):
    """Brings the app's read models up to date, as the API process's runner does off the request
    path (a read alone brings only a few games up to date): call it before reading a list after
    writing many games."""
    return app.extensions["chronicle"].game_list.catch_up
