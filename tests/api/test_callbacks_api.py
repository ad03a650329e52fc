"""Setting a player's callback over REST: a URL that points at the server's own network (its
loopback, private networks, the cloud's metadata service) is refused with a 400 naming
`callback_url`, and changes nothing; the operator may allow named hosts."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from services.compose import build
from tests.api.test_games_api import PROBLEM, bearer
from tests.conftest import MEMORY
from tests.resolver import FakeResolver
from web.app import create_app

LOCAL = [
    "http://127.0.0.1:8000/hook",
    "http://localhost/hook",
    "http://[::1]/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/",
    "http://100.64.0.1/",
    "http://0x7f000001/",
    "http://2130706433/",
    "http://[::ffff:127.0.0.1]/",
    "http://intranet.example/hook",
]
RESOLVER = {"intranet.example": [["192.168.0.10"]], "hooks.example": [["93.184.216.34"]],
            "localhost": [["127.0.0.1"]]}


def client_of(env=None):
    settings = {**MEMORY, **(env or {})}
    services = build(settings, resolver=FakeResolver(RESOLVER))
    # Hypothesis registers far more players from one address than the limits let through.
    return create_app({**settings, "CHRONICLE_LIMITS": "off"}, services=services).test_client()


@pytest.mark.parametrize("url", LOCAL)
def test_a_callback_to_the_servers_own_network_is_refused_naming_the_field(url):
    client = client_of()
    answer = client.post("/api/players", json={"name": "ana", "callback_url": url})
    assert answer.status_code == 400 and answer.content_type == PROBLEM
    assert answer.json["field"] == "callback_url" and "may not point at" in answer.json["detail"]
    ana = client.post("/api/players", json={"name": "ana", "callback_url": "https://hooks.example/in"}).json
    changed = client.put("/api/players/me", json={"callback_url": url}, headers=bearer(ana["key"]))
    assert changed.status_code == 400 and changed.json["field"] == "callback_url"
    me = client.get("/api/players/me", headers=bearer(ana["key"])).json
    assert me["callback_url"] == "https://hooks.example/in", "the refused URL changed nothing"


def test_the_refusal_says_what_the_host_resolves_to_and_why():
    answer = client_of().post("/api/players", json={"name": "ana", "callback_url": "http://intranet.example/hook"})
    assert answer.json["detail"].startswith("callback_url may not point at intranet.example (192.168.0.10): a private address")


def test_a_public_callback_is_set_with_a_standard_webhooks_secret_and_null_stops_it():
    client = client_of()
    ana = client.post("/api/players", json={"name": "ana", "callback_url": "https://hooks.example/in"})
    assert ana.status_code == 201 and ana.json["webhook_secret"].startswith("whsec_")
    changed = client.put("/api/players/me", json={"callback_url": "https://hooks.example/other"},
                         headers=bearer(ana.json["key"]))
    assert changed.status_code == 200 and changed.json["webhook_secret"] not in (ana.json["webhook_secret"], None)
    stopped = client.put("/api/players/me", json={"callback_url": None}, headers=bearer(ana.json["key"]))
    assert stopped.json == {"callback_url": None}


def test_the_operator_may_allow_a_local_host():
    client = client_of({"CHRONICLE_WEBHOOK_ALLOW_HOSTS": "127.0.0.1"})
    assert client.post("/api/players", json={"name": "ana", "callback_url": "http://127.0.0.1:8000/hook"}).status_code == 201
    assert client.post("/api/players", json={"name": "bo", "callback_url": "http://localhost:8000/"}).status_code == 201
    assert client.post("/api/players", json={"name": "cy", "callback_url": "http://10.0.0.1/"}).status_code == 400


@functools.cache
def fuzzed_client():
    return client_of()


@settings(max_examples=200, deadline=None)
@given(url=st.text(max_size=40) | st.builds("http://{}/{}".format, st.text(max_size=20), st.text(max_size=8))
       | st.builds("http://hooks.example:{}/".format, st.integers(-5, 70000)) | st.integers() | st.none())
def test_any_callback_url_is_answered_without_a_server_error(url):
    answer = fuzzed_client().post("/api/players", json={"name": "ana", "callback_url": url})
    assert answer.status_code in (201, 400), answer.json
