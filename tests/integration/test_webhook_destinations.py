"""Where a callback may point: public internet addresses only, however the host is written, and
whatever it resolves to; unless the operator allows the host. No lookup here is real, and
nothing here connects anywhere."""

from __future__ import annotations

import pytest

from services.players.destinations import Destinations, Refused, parse
from tests.resolver import FakeResolver

PUBLIC = "93.184.216.34"


@pytest.mark.parametrize(
    "url, why",
    [
        ("http://127.0.0.1:8000/hook", "loopback"),
        ("http://127.8.9.10/", "loopback"),
        ("http://[::1]/hook", "loopback"),
        ("http://0x7f000001/", "loopback"),
        ("http://2130706433/", "loopback"),
        ("http://0177.0.0.1/", "loopback"),
        ("http://127.1/", "loopback"),
        ("http://[::ffff:127.0.0.1]/", "loopback"),
        ("http://[::ffff:7f00:1]/", "loopback"),
        ("http://[2002:7f00:1::]/", "loopback"),
        ("http://[64:ff9b::a00:1]/", "private"),
        ("http://169.254.169.254/latest/meta-data/", "link-local"),
        ("http://[fe80::1]/", "link-local"),
        ("http://10.0.0.1/", "private"),
        ("http://172.16.5.4/", "private"),
        ("http://192.168.1.1/", "private"),
        ("http://[fd00::1]/", "private"),
        ("http://100.64.0.1/", "shared"),
        ("http://224.0.0.1/", "multicast"),
        ("http://[ff02::1]/", "multicast"),
        ("http://0.0.0.0/", "unspecified"),
        ("http://[::]/", "unspecified"),
        ("http://240.0.0.1/", "reserved"),
        ("http://[::7f00:1]/", "reserved"),
        ("http://255.255.255.255/", "reserved"),
        ("http://192.0.2.1/", "private"),
    ],
)
def test_a_callback_at_an_address_that_is_not_public_is_refused_saying_why(url, why):
    resolver = FakeResolver({})
    with pytest.raises(Refused, match=why):
        Destinations(resolver=resolver).check_callback(url)
    assert resolver.lookups == [], "an address in the URL is never looked up"


def test_a_host_name_that_resolves_to_an_address_that_is_not_public_is_refused_naming_both():
    resolver = FakeResolver({"intranet.example": [["10.1.2.3"]], "metadata.example": [["169.254.169.254"]]})
    destinations = Destinations(resolver=resolver)
    with pytest.raises(Refused, match=r"intranet\.example \(10\.1\.2\.3\): a private address"):
        destinations.check_callback("https://intranet.example/hook")
    with pytest.raises(Refused, match="link-local"):
        destinations.check_callback("http://METADATA.example./")


def test_every_address_a_name_resolves_to_is_checked():
    resolver = FakeResolver({"mixed.example": [[PUBLIC, "127.0.0.1"]]})
    with pytest.raises(Refused, match="loopback"):
        Destinations(resolver=resolver).addresses(parse("http://mixed.example/"))


def test_a_public_host_is_accepted_and_a_host_that_does_not_resolve_now_is_left_to_each_delivery():
    resolver = FakeResolver({"hooks.example": [[PUBLIC, "2606:2800:220:1::1"]]})
    destinations = Destinations(resolver=resolver)
    target = destinations.check_callback("https://hooks.example:8443/in?from=chronicle")
    assert (target.scheme, target.host, target.port, target.path) == ("https", "hooks.example", 8443, "/in?from=chronicle")
    assert destinations.addresses(target) == [PUBLIC, "2606:2800:220:1::1"]
    assert destinations.check_callback(f"http://{PUBLIC}/hook").host == PUBLIC
    assert destinations.check_callback("http://[::ffff:93.184.216.34]/").port == 80, "IPv4-mapped, public"
    assert destinations.check_callback("http://not-yet.example/").host == "not-yet.example"


@pytest.mark.parametrize("url", ["ftp://hooks.example/", "http:///nohost", "http://hooks.example:99999/",
                                 "http://hooks.example:0/", "http://[::1/",
                                 "http://hooks .example/", "http://hooks.example/\r\nX: 1", "hooks.example/hook",
                                 "http://" + "a" * 500 + ".example/", 42])
def test_a_callback_that_is_no_http_url_is_refused(url):
    with pytest.raises(Refused, match="http or https URL"):
        Destinations(resolver=FakeResolver({})).check_callback(url)


def test_the_operator_may_allow_hosts_by_name_or_by_address():
    resolver = FakeResolver({"localhost": [["127.0.0.1"]], "hooks.internal": [["10.0.0.7"]]})
    allowed = Destinations.from_setting(" hooks.internal, 127.0.0.1 ,[::1]", resolver)
    assert allowed.addresses(parse("http://hooks.internal:9000/")) == ["10.0.0.7"]
    assert allowed.addresses(parse("http://localhost:9000/")) == ["127.0.0.1"], "127.0.0.1 is allowed, whatever its name"
    assert allowed.addresses(parse("http://[::1]:9000/")) == ["::1"]
    with pytest.raises(Refused, match="private"):
        allowed.addresses(parse("http://10.0.0.7/"))
    nothing_allowed = Destinations.from_setting("", resolver)
    with pytest.raises(Refused, match="loopback"):
        nothing_allowed.addresses(parse("http://localhost:9000/"))
