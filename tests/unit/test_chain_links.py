"""A decision's events chained at once (`links`, the cause they share encoded once) hash exactly as
each event chained on its own (`link`, the chain's definition that an offline verifier follows)."""

from __future__ import annotations

from domain.canonical import canonical_json
from domain.chain import link, links

SEED = "links-ünïcode-seed"
CAUSE = {"seat": 1, "action": {"type": "play", "card": "yin-红-2", "slot": 0}, "rng": "decision:41",
         "at": "2026-11-28T05:19:01Z", "interrupt": True, "clock": {"policy": "bot", "ratio": 0.5}}
EVENTS = [
    {"type": "card_played", "rule": "x.play", "data": {"seat": 1, "card": "yin-红-2"}, "private": {},
     "private_to": None, "secret": {}},
    {"type": "points", "rule": "x.score", "data": {"z": 1.25, "a": [3, -1e21, True, None], "m": {"b": {}, "a": []}},
     "private": {"cards": ["c\"q", "tab\there", "\u2028"]}, "private_to": 0, "secret": {"order": []}},
    {"type": "turn_passed", "rule": "x.turn", "data": {}, "private": {}, "private_to": None, "secret": {}},
]


def test_a_decisions_events_chain_as_each_would_alone():
    previous, one_by_one = "f" * 64, []
    for version, event in enumerate(EVENTS, 40):
        previous = link(SEED, previous, version, event, CAUSE)
        one_by_one.append(previous)

    assert links(SEED, "f" * 64, 40, EVENTS, CAUSE) == one_by_one


def test_the_body_hashed_is_the_canonical_json_of_version_event_and_cause():
    # The written parts put the keys in their sorted order, as canonical JSON does.
    assert canonical_json({"version": 7, "event": EVENTS[0], "cause": CAUSE}).startswith('{"cause":{"action":')
    assert links(SEED, "0" * 64, 7, EVENTS[:1], CAUSE) == [link(SEED, "0" * 64, 7, EVENTS[0], CAUSE)]


def test_no_events_no_hashes():
    assert links(SEED, "0" * 64, 3, [], CAUSE) == []
