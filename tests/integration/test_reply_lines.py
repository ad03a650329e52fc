"""A move's reply reads its events' lines against the tables its decision went through: the same
lines the replay gives for those steps, to the seat that moved and to a watcher, in Chi (a
conflict's lines read the table the conflict's earlier events left) and Xi Cards (whose every
line reads the table: units by their labels), both with hidden hands."""

from __future__ import annotations

import pytest

from domain.contract import Event
from domain.rng import Rng
from services.log.presenting import present_events


def lines_of(shown: list[dict]) -> dict[int, str]:
    return {event["version"]: event["description"] for event in shown}


def replayed(services, game_id, key, after: int, count: int) -> dict[int, str]:
    steps = services.queries.replay(game_id, key, after=after, limit=count)["steps"]
    return {step["step"]: step["description"] for step in steps}


@pytest.mark.parametrize("name, seed", [("chi", "reply-lines-7"), ("xi", "reply-lines")])
def test_a_move_s_reply_and_a_watcher_s_lines_are_the_replay_s_lines_for_those_steps(services, name, seed):
    created = services.commands.create(name, [{"name": "jack"}, {"name": "jake"}], seed=seed)
    tokens = {token["seat"]: token["token"] for token in created.tokens}
    rng, lines = Rng(seed, "test"), 0
    for _ in range(40):
        before = services.store.game(created.id)
        seat = before.to_act()
        if seat is None:
            break
        action = rng.choice(before.rules.legal_actions(before.state, seat))
        reply = services.commands.act(created.id, seat, action, before.version)
        mine = lines_of(reply["events"])
        assert mine == replayed(services, created.id, tokens[seat], before.version, len(mine))

        # A watcher's lines of the same events (as a what-if shows them), read along the same tables.
        after = services.store.game(created.id)
        events = [Event.from_json(stored.domain_event)
                  for stored in services.store.stored_events(created.id, gt=before.version, lte=after.version)]
        theirs = lines_of(present_events(after, None, events, before.version + 1, before.state))
        assert theirs == replayed(services, created.id, None, before.version, len(mine))
        lines += len(mine)
    assert lines > 40, "enough lines to meet conflicts, hidden hands and the table's labels"
