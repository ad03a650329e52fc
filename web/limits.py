"""Rate limits: how often one player key, and one client address, may register players, create
games (accepting a challenge creates one), issue challenges, organise or join tournaments, move,
ask what-ifs and start analyses, and how many live streams each may hold open.

Each limited operation tests its limits itself (web.limit_counts, fixed windows), keyed by the
player key or seat token the request carries (`Authorization: Bearer`, counted under its SHA-256,
never as itself) and by the client's address: one test before the view and one count after it,
a move's four windows at once. The counts are kept in Redis when the service uses one (bots on RQ,
or news over Redis), so that every API host sharing it shares them, under the deployment's
namespace; in the process's memory otherwise. Behind proxies (a load balancer),
CHRONICLE_TRUSTED_PROXIES says how many, so that the client's address is read from
X-Forwarded-For. CHRONICLE_LIMITS_STORAGE names another storage (`memory://`, `redis://...`) and
CHRONICLE_LIMITS=off turns every limit off. A Redis that stops answering never stops a move: the
counts go on in memory until it answers again.

Each limit is a setting, CHRONICLE_LIMIT_<WHAT>_PER_KEY and CHRONICLE_LIMIT_<WHAT>_PER_ADDRESS, in
the `limits` library's notation (`20/second;600/minute`; empty: no limit); those of STREAMS are whole
numbers of streams open at once (web.open_streams). The defaults are far above what a person does,
and above what a program playing many games at once needs; a club behind one address shares its
address's limits, hence those are the higher. Past a limit the answer is 429 `rate-limited`,
with `Retry-After` and the limit it met. A request refused for its form (400, 413, 415: a body or
parameters the service would not read, refused before any game is touched) spends nothing of the
allowance, so that a client mending its request is not held back by its mistakes.
"""

from __future__ import annotations

import functools
import hashlib
import ipaddress
import logging
import math
import time
from dataclasses import dataclass
from typing import Callable, Mapping

from flask import Flask, make_response, request
from limits import parse_many
from limits.storage import storage_from_string
from werkzeug.middleware.proxy_fix import ProxyFix

from services.compose import Services
from services.log.deployment import namespace
from services.redis_link import DEFAULT_REDIS_URL, redis_connection
from web import limit_counts, problem_types as kinds
from web.open_streams import Places, PlacesInMemory, PlacesInRedis
from web.problems import problem

log = logging.getLogger(__name__)

# How long a place of an open stream lasts beyond the stream's own lifetime, should its process die.
LEASE_MARGIN_SECONDS = 60.0
# When a client refused another open stream may try again: about when a stream of its ends.
STREAMS_RETRY_SECONDS = 10
# The IPv6 network one client holds (RFC 6177: a site gets a /48 or a /56, one network a /64).
IPV6_PREFIX = 64
# Answers that spend nothing of a limit's allowance: a request refused for its form, and one
# refused for the limit itself.
NOT_SPENT = frozenset({400, 413, 415, 429})


@dataclass(frozen=True)
class Limited:
    """One kind of request that is limited: its setting's name, the words for it, the operations
    (endpoint, method) that count towards it, and its default limits."""

    name: str
    words: str
    operations: tuple[tuple[str, str], ...]
    per_key: str
    per_address: str

    def setting(self, whose: str) -> str:
        return f"CHRONICLE_LIMIT_{self.name.upper()}_PER_{whose.upper()}"


RATES = (
    Limited("players", "players registered", (("players.Players", "POST"),), "", "20/minute;200/hour"),
    Limited("games", "games created",
            (("games.Games", "POST"), ("games.Fork", "POST"), ("challenges.Accept", "POST")),
            "60/minute;600/hour", "120/minute;3000/hour"),
    Limited("challenges", "challenges issued", (("challenges.Challenges", "POST"),),
            "30/minute;300/hour", "120/minute;3000/hour"),
    Limited("tournaments", "tournaments organised or joined",
            (("tournaments.Tournaments", "POST"), ("tournaments.Join", "POST")),
            "30/minute;300/hour", "120/minute;3000/hour"),
    Limited("moves", "moves", (("play.Actions", "POST"),), "50/second;1500/minute", "200/second;6000/minute"),
    Limited("what_ifs", "what-ifs asked", (("disputes.WhatIfs", "POST"),), "30/minute", "120/minute"),
    Limited("analyses", "analyses started", (("analysis.GameAnalysis", "POST"),),
            "10/minute;100/hour", "30/minute;300/hour"),
)
STREAMS = Limited("streams", "streams open at once", (("stream.Stream", "GET"), ("players.MyNotices", "GET")),
                  "50", "1000")


def spends_allowance(response) -> bool:
    """Whether the answer counts towards the limits of its request: not if it refused the request's form."""
    return response.status_code not in NOT_SPENT


def once_per_request(function: Callable[[], str | None]) -> Callable[[], str | None]:
    """`function`'s answer kept for the rest of the request: every limit of a request asks for
    its key and its address, before the view and again after it."""
    name = f"chronicle.limits.{function.__name__}"

    @functools.wraps(function)
    def kept() -> str | None:
        environ = request.environ  # the request's own (`g` may outlive it, in an app context of a test's)
        if name not in environ:
            environ[name] = function()
        return environ[name]

    return kept


@once_per_request
def bearer_key() -> str | None:
    """The key or token the request carries, as the counts name it (its digest), or None."""
    scheme, _, token = (request.headers.get("Authorization") or "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return "key-" + hashlib.sha256(token.strip().encode()).hexdigest()[:32]


@once_per_request
def client_address() -> str:
    """The client's address as the counts name it."""
    return address_named(request.remote_addr or "unknown")


@functools.lru_cache(maxsize=4096)
def address_named(address: str) -> str:
    """An address as the counts name it (kept for the clients seen lately: parsing one is a
    move's limits' largest part). An IPv6 client holds a whole /64 network (one host may take
    any address in it, and change it at will), so its limits are its network's; an IPv4 address
    written as IPv6 is that IPv4 address."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return "address-" + address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return f"address-{ip.ipv4_mapped}"
        return f"address-{ipaddress.IPv6Network((ip, IPV6_PREFIX), strict=False)}"
    return f"address-{ip}"


WHOSE: dict[str, tuple[str, Callable[[], str | None]]] = {
    "key": ("one player key", bearer_key),
    "address": ("one client address", client_address),
}


def read_rate(settings: Mapping[str, str], limited: Limited, whose: str) -> str:
    value = settings.get(limited.setting(whose))
    value = (getattr(limited, f"per_{whose}") if value is None else value).strip()
    try:
        parse_many(value) if value else None
    except ValueError as error:
        raise ValueError(f"{limited.setting(whose)} is a rate such as '20/second;600/minute', not {value!r}") from error
    return value


def read_cap(settings: Mapping[str, str], whose: str) -> int | None:
    value = (settings.get(STREAMS.setting(whose)) or getattr(STREAMS, f"per_{whose}")).strip()
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"{STREAMS.setting(whose)} is a whole number of streams from 1 on, not {value!r}")
    return int(value)


def read_proxies(settings: Mapping[str, str]) -> int:
    value = (settings.get("CHRONICLE_TRUSTED_PROXIES") or "0").strip()
    if not value.isdigit() or int(value) > 10:
        raise ValueError(f"CHRONICLE_TRUSTED_PROXIES is how many proxies stand before the API, 0 to 10, not {value!r}")
    return int(value)


def uses_redis(services: Services, settings: Mapping[str, str]) -> bool:
    return services.bots == "rq" or settings.get("CHRONICLE_NEWS") == "redis"


def storage_uri(services: Services, settings: Mapping[str, str]) -> str:
    if chosen := settings.get("CHRONICLE_LIMITS_STORAGE"):
        return chosen
    if uses_redis(services, settings):
        return settings.get("REDIS_URL") or DEFAULT_REDIS_URL
    return "memory://"


def counts_for(uri: str, prefix: str) -> limit_counts.Counts:
    """The counts in the storage `uri` names: the process's memory, or a shared one (Redis)."""
    if uri == "memory://":
        return limit_counts.CountsInMemory()
    options = {"socket_connect_timeout": 0.25, "socket_timeout": 0.25} if prefix else {}
    return limit_counts.SharedCounts(storage_from_string(uri, **options))


@dataclass(frozen=True)
class Rate:
    """One limit of an operation (a rate's one window, for a key or an address): how to name its
    count for the request's key (`head + key + tail`), and its words."""

    whose: str
    head: str
    tail: str
    amount: int
    seconds: int
    said: str


def rates_of(settings: Mapping[str, str], prefix: str) -> dict[tuple[str, str], list[Rate]]:
    """Each limited operation (endpoint, method) and its limits, as the settings say."""
    operations: dict[tuple[str, str], list[Rate]] = {}
    for limited in RATES:
        for whose, (words, _) in WHOSE.items():
            if not (rate_setting := read_rate(settings, limited, whose)):
                continue
            scope = f"{limited.name}-per-{whose}"
            for item in parse_many(rate_setting):
                # The count's name as Flask-Limiter made it, the key left for the request's.
                head, tail = item.key_for(*([prefix] if prefix else []), "\0", scope).split("\0")
                said = f"{item.amount} {limited.words} from {words} per {item.multiples} {item.GRANULARITY.name}"
                rate = Rate(whose, head, tail, item.amount, item.get_expiry(), said)
                for operation in limited.operations:
                    operations.setdefault(operation, []).append(rate)
    return operations


def install(app: Flask, services: Services, settings: Mapping[str, str]) -> None:
    """Limit the app's requests as the settings say (after its blueprints are registered)."""
    if (settings.get("CHRONICLE_LIMITS") or "on").lower() == "off":
        return
    if proxies := read_proxies(settings):
        # Behind that many proxies (a load balancer), the client's address is the one they add to
        # X-Forwarded-For, not theirs.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies)
    uri = storage_uri(services, settings)
    prefix = ""
    if uri.startswith(("redis://", "rediss://", "unix://")):
        prefix = f"chronicle:{services.namespace or namespace(services.store, settings)}:limits"
    counts = counts_for(uri, prefix)
    by_endpoint: dict[str, dict[str, list[Rate]]] = {}
    for (endpoint, method), rates in rates_of(settings, prefix).items():
        by_endpoint.setdefault(endpoint, {})[method] = rates
    for endpoint, rates in by_endpoint.items():
        app.view_functions[endpoint] = limited(app.view_functions[endpoint], rates, counts)

    @app.after_request
    def spend(response):
        # Counted after the answer, whether the view answered or an error handler did: requests
        # in flight together from one key may pass the limit by as many, as a fixed window's
        # edge lets a burst of twice the limit through anyway.
        windows = request.environ.pop(SPENDS, None)
        if windows and spends_allowance(response):
            counts.spend(windows)
        return response

    places: Places = PlacesInRedis(redis_connection(uri), prefix) if prefix else PlacesInMemory()
    lease = app.config["CHRONICLE_STREAM_PACE"].lifetime + LEASE_MARGIN_SECONDS
    caps = {whose: read_cap(settings, whose) for whose in WHOSE}
    for endpoint, _ in STREAMS.operations:
        app.view_functions[endpoint] = held_open(app.view_functions[endpoint], places, caps, lease)


SPENDS = "chronicle.limits.spends"  # the request's windows, spent once it is answered


def limited(view, rates: dict[str, list[Rate]], counts: limit_counts.Counts):
    """The view, refused 429 when one of its method's limits is spent for the request's key or
    address; otherwise answered, and its windows left for `spend` after the answer."""

    @functools.wraps(view)
    def limited_view(*args, **kwargs):
        windows = windows_of(rates.get(request.method, ()))
        if windows:
            if met := counts.met(windows):
                # Of the limits met (a minute's and an hour's, the key's and the address's), the
                # one that ends last is the one to wait for: the others would refuse nothing then.
                window, ends_at = max(met, key=lambda pair: pair[1])
                return refused(window.said, window.amount, max(1, math.ceil(ends_at - time.time())))
            request.environ[SPENDS] = windows
        return view(*args, **kwargs)

    return limited_view


def windows_of(rates: list[Rate]) -> list[limit_counts.Window]:
    """The request's windows: each limit's for its key (none without one) or its address."""
    keys = {"key": bearer_key(), "address": client_address()} if rates else {}
    return [limit_counts.Window(rate.head + keys[rate.whose] + rate.tail, rate.amount, rate.seconds, rate.said)
            for rate in rates if keys[rate.whose] is not None]


def refused(said: str, amount: int, wait: int):
    response = problem(kinds.RATE_LIMITED, f"at most {said}: try again in {wait} s", rate_limit=said,
                       limit=amount, retry_after=wait)
    response.headers["Retry-After"] = str(wait)
    return response


def held_open(view, places: Places, caps: dict[str, int], lease: float):
    """The stream's view, taking a place for its key and its address before it opens and giving
    them back when it closes (or when the request fails before streaming)."""

    @functools.wraps(view)
    def limited_view(*args, **kwargs):
        taken: list[tuple[str, str]] = []
        for whose, (words, key) in WHOSE.items():
            holder = key()
            if holder is None:
                continue
            ticket = places.take(holder, caps[whose], lease)
            if ticket is None:
                for held in taken:
                    places.give_back(*held)
                said = f"{caps[whose]} {STREAMS.words} for {words}"
                return refused(said, caps[whose], STREAMS_RETRY_SECONDS)
            taken.append((holder, ticket))

        def give_back() -> None:
            for held in taken:
                places.give_back(*held)

        try:
            response = make_response(view(*args, **kwargs))
        except BaseException:
            give_back()
            raise
        response.call_on_close(give_back)
        return response

    return limited_view
