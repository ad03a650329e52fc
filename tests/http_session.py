"""The HTTP session tests talk to a real server with."""

from __future__ import annotations

import requests


def fresh_connections() -> requests.Session:
    """A session that opens a connection per request: a kept-alive connection the server closes for
    idleness just as a request goes out on it is reset, which a busy machine makes likely."""
    session = requests.Session()
    session.headers["Connection"] = "close"
    return session
