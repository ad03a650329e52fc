"""A real API server process (gunicorn, two workers) with its own data folder."""

import pytest

from cli.server_process import running_server

# A stream the tests read to the game's end must not end at its lifetime (60 s) on a slow machine.
LONG_STREAMS = {"CHRONICLE_STREAM_SECONDS": "3600"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("chronicle-data"), workers=2, env=LONG_STREAMS) as base:
        yield base
