"""A real API server process (gunicorn, two workers) with its own data folder."""

import pytest

from web.server_process import running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("chronicle-data"), workers=2) as base:
        yield base
