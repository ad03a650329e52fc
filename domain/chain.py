"""The hash chain of a game's log: each event's hash covers the previous hash and the event.

    header hash = SHA-256( canonical JSON of the header )
    event hash  = HMAC-SHA-256( key = UTF-8 seed,
                                previous hash (hex) || canonical JSON of
                                {"version": v, "event": the whole domain event, "cause": its decision} )

The first event's previous hash is the header's, so the log is bound to its game, seats and seed
commitment. The hashes are keyed by the game's seed because an event holds hidden cards: a plain
hash of "seat 1 drew one of 52 cards" could be undone by trying all 52. While the game runs only
the server can compute them; once it ends and the seed is revealed, anyone can. A player who kept
the head hash of any answer (its receipt) can then prove whether the history up to it was
rewritten. Canonical JSON is `domain.canonical`: keys sorted, no spaces, UTF-8.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
from typing import Any, Mapping, Sequence

from domain.canonical import canonical_json


def header_hash(header: Mapping[str, Any]) -> str:
    return hashlib.sha256(canonical_json(header).encode()).hexdigest()


def link(seed: str, previous: str, version: int, event: Mapping[str, Any], cause: Mapping[str, Any]) -> str:
    body = canonical_json({"version": version, "event": event, "cause": cause})
    return hmac.new(seed.encode(), (previous + body).encode(), hashlib.sha256).hexdigest()


def links(seed: str, previous: str, first_version: int, events: Sequence[Mapping[str, Any]],
          cause: Mapping[str, Any]) -> list[str]:
    """The hashes of a decision's events, numbered from `first_version`, each chained to the one
    before: `link` of each in turn, with the cause they share encoded once. The body is that
    canonical JSON, written in parts: its keys in their sorted order ("cause", "event",
    "version"), each value encoded as canonical JSON encodes it inside the whole."""
    keyed = keyed_hmac(seed)
    head = '{"cause":' + canonical_json(cause) + ',"event":'
    hashes = []
    for version, event in enumerate(events, first_version):
        body = f'{head}{canonical_json(event)},"version":{version}}}'
        mac = keyed.copy()
        mac.update((previous + body).encode())
        previous = mac.hexdigest()
        hashes.append(previous)
    return hashes


@functools.lru_cache(maxsize=1024)
def keyed_hmac(seed: str) -> hmac.HMAC:
    """An HMAC-SHA-256 keyed by a game's seed, fed nothing: a copy of it hashes one link (the key's
    work done once for the games in play, not once per event). Only ever copied, never fed."""
    return hmac.new(seed.encode(), digestmod=hashlib.sha256)
