"""One webhook delivery to a real receiver on 127.0.0.1: signed the Standard Webhooks way, sent to
the address that was checked and to no other, never redirected, its answer read only so far.
Names are resolved by a fake DNS; the only address anything connects to is 127.0.0.1."""

from __future__ import annotations

import json
import ssl
import time

import pytest
import trustme
from standardwebhooks import Webhook, WebhookVerificationError

from services.compose import build
from services.players.destinations import Destinations
from services.players.webhooks import DeliveryFailed, deliver_if_due, post
from tests.conftest import MEMORY
from tests.playing import players_game
from tests.receiver import ENDLESS_LIMIT, Receiver
from tests.resolver import FakeResolver

NOTICE = {"type": "your_turn", "game": "g", "version": 3}
PUBLIC = "93.184.216.34"  # only ever answered at registration, never connected to


def registered(url, allow="127.0.0.1", resolver=None):
    """A player whose callback is `url`, registered where `allow` is allowed; and their services."""
    services = build({**MEMORY, "CHRONICLE_WEBHOOK_ALLOW_HOSTS": allow}, resolver=resolver or FakeResolver({}))
    players = services.commands.players
    answer = players.register("ana", url)
    return players.get(answer["id"]), answer["webhook_secret"], players


def test_a_notice_is_signed_so_that_the_standardwebhooks_library_verifies_it():
    with Receiver() as receiver:
        player, secret, players = registered(receiver.url)
        receiver.secret = secret
        assert post(player, NOTICE, "turn-1", players.destinations) == 200
        [call] = receiver.wait_for(1)
    assert secret.startswith("whsec_")
    assert call["refusal"] is None and call["json"] == NOTICE
    assert call["headers"]["webhook-id"] == "turn-1" and call["headers"]["Content-Type"] == "application/json"
    assert Webhook(secret).verify(call["body"], call["headers"]) == NOTICE


def test_a_captured_notice_cannot_be_replayed_later_nor_altered():
    with Receiver() as receiver:
        player, secret, players = registered(receiver.url)
        receiver.secret = secret
        post(player, NOTICE, "turn-1", players.destinations)
        # The same notice, as it was signed ten minutes ago (captured then, sent again now).
        with pytest.raises(DeliveryFailed, match="401"):
            post(player, NOTICE, "turn-1", players.destinations, now=lambda: time.time() - 600)
        genuine, replayed = receiver.wait_for(2)
    assert genuine["refusal"] is None
    assert replayed["refusal"] == "Message timestamp too old"
    verifier = Webhook(secret)
    fresh_stamp = {**genuine["headers"], "webhook-timestamp": str(int(time.time()) + 60)}
    with pytest.raises(WebhookVerificationError, match="No matching signature"):
        verifier.verify(genuine["body"], fresh_stamp)  # the timestamp is signed: it cannot be renewed
    altered = json.dumps({**NOTICE, "version": 4}, separators=(",", ":")).encode()
    with pytest.raises(WebhookVerificationError, match="No matching signature"):
        verifier.verify(altered, genuine["headers"])
    with pytest.raises(WebhookVerificationError):
        Webhook(registered("http://127.0.0.1:9/")[1]).verify(genuine["body"], genuine["headers"])


def test_each_attempt_at_a_delivery_keeps_its_id_and_is_signed_at_its_own_time():
    services = build({**MEMORY, "CHRONICLE_WEBHOOK_ALLOW_HOSTS": "127.0.0.1"})
    players = services.commands.players
    ana, bo = players.register("ana"), players.register("bo")
    game = players_game(services, ana, bo, awaiting="ana")
    with Receiver(answers=[503]) as receiver:
        receiver.secret = players.set_callback(players.get(ana["id"]), receiver.url)["webhook_secret"]
        first, second = time.time() - 120, time.time()
        with pytest.raises(DeliveryFailed, match="503"):
            deliver_if_due(players, game.id, game.version, ana["id"], now=lambda: first)
        assert deliver_if_due(players, game.id, game.version, ana["id"], now=lambda: second) == "sent"
        calls = receiver.wait_for(2)
    assert [call["answered"] for call in calls] == [503, 200] and all(call["refusal"] is None for call in calls)
    assert calls[0]["headers"]["webhook-id"] == calls[1]["headers"]["webhook-id"] == f"turn-{ana['id']}-{game.id}-{game.version}"
    assert [call["headers"]["webhook-timestamp"] for call in calls] == [str(int(first)), str(int(second))]


def test_the_delivery_connects_to_the_address_it_checked_naming_the_host():
    # A second lookup would answer 127.0.0.2, where nothing listens: the POST arrives only if
    # the address checked is the address connected to.
    resolver = FakeResolver({"hooks.example": [["127.0.0.1"], ["127.0.0.1"], ["127.0.0.2"]]})
    with Receiver() as receiver:
        player, secret, players = registered(f"http://hooks.example:{receiver.port}/hook", resolver=resolver)
        assert resolver.lookups == ["hooks.example"], "looked up once when set"
        assert post(player, NOTICE, "turn-1", players.destinations) == 200
        [call] = receiver.wait_for(1)
    assert resolver.lookups == ["hooks.example", "hooks.example"], "and once for the delivery"
    assert call["headers"]["Host"] == f"hooks.example:{receiver.port}"


def test_a_name_that_resolves_elsewhere_at_delivery_is_refused_without_connecting():
    # Public when the callback is set, loopback when the notice goes: DNS rebinding.
    resolver = FakeResolver({"rebind.example": [[PUBLIC], ["127.0.0.1"]]})
    with Receiver() as receiver:
        player, _, players = registered(f"http://rebind.example:{receiver.port}/hook", allow="", resolver=resolver)
        with pytest.raises(DeliveryFailed, match=r"rebind\.example \(127\.0\.0\.1\): a loopback address"):
            post(player, NOTICE, "turn-1", players.destinations)
    assert receiver.received == []


def test_a_local_callback_allowed_when_set_is_refused_once_the_allowance_is_gone():
    with Receiver() as receiver:
        player, _, players = registered(f"http://localhost:{receiver.port}/hook", allow="localhost",
                                        resolver=FakeResolver({"localhost": [["127.0.0.1"]]}))
        with pytest.raises(DeliveryFailed, match="loopback"):
            post(player, NOTICE, "turn-1", Destinations(resolver=players.destinations.resolver))
        with pytest.raises(DeliveryFailed, match="loopback"):
            post(player, NOTICE, "turn-1", Destinations())  # the machine's own resolver: localhost is 127.0.0.1
    assert receiver.received == []


def test_a_redirect_is_a_failed_delivery_and_is_not_followed():
    with Receiver() as elsewhere, Receiver(answers=[(307, {"Location": elsewhere.url})]) as receiver:
        player, _, players = registered(receiver.url)
        with pytest.raises(DeliveryFailed, match="307: a redirect, which is not followed"):
            post(player, NOTICE, "turn-1", players.destinations)
        assert len(receiver.wait_for(1)) == 1
    assert elsewhere.received == []


def test_an_answer_that_never_ends_is_not_read_to_its_end():
    with Receiver(endless=True) as receiver:
        player, _, players = registered(receiver.url)
        assert post(player, NOTICE, "turn-1", players.destinations) == 200
        assert receiver.done_writing.wait(30), "the receiver saw the sender go away"
    assert receiver.body_bytes_sent < ENDLESS_LIMIT // 4, "the sender stopped reading long before the end"


@pytest.fixture(scope="module")
def authority():
    return trustme.CA()


def tls_receiver(authority, name):
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert(name).configure_cert(context)
    return Receiver(tls=context)


def trusting(authority):
    context = ssl.create_default_context()
    authority.configure_trust(context)
    return context


def test_over_https_the_certificate_is_checked_against_the_host_name(authority):
    resolver = FakeResolver({"hooks.example": [["127.0.0.1"]], "other.example": [["127.0.0.1"]]})
    with tls_receiver(authority, "hooks.example") as receiver:
        player, _, players = registered(f"https://hooks.example:{receiver.port}/hook", resolver=resolver)
        assert post(player, NOTICE, "turn-1", players.destinations, tls=trusting(authority)) == 200
        [call] = receiver.wait_for(1)
        assert call["headers"]["Host"] == f"hooks.example:{receiver.port}"
        impostor, _, players = registered(f"https://other.example:{receiver.port}/hook", resolver=resolver)
        with pytest.raises(DeliveryFailed, match="Hostname mismatch"):
            post(impostor, NOTICE, "turn-1", players.destinations, tls=trusting(authority))
        with pytest.raises(DeliveryFailed, match="CERTIFICATE_VERIFY_FAILED"):
            post(player, NOTICE, "turn-1", players.destinations)  # the machine's authorities know no such CA
    assert len(receiver.received) == 1


def test_a_secret_set_before_whsec_secrets_still_signs_with_its_own_bytes():
    with Receiver() as receiver:
        player, _, players = registered(receiver.url)
        player.set_callback(receiver.url, "an-older-secret_made-by-token-urlsafe")
        receiver.secret = b"an-older-secret_made-by-token-urlsafe"  # Webhook(bytes): the raw key
        assert post(player, NOTICE, "turn-1", players.destinations) == 200
        [call] = receiver.wait_for(1)
    assert call["refusal"] is None
