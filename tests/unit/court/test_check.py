"""The Court's check accepts exactly the actions its legal list holds, at every step of random
games (tests/unit/check_agrees.py), for every action within the table's ranges."""

from domain.court import RULES
from domain.court.actions import FIELDS
from tests.unit.check_agrees import assert_check_agrees_with_legal_list


def candidates(state, seat):
    for kind, fields in FIELDS.items():
        if not fields:
            yield {"type": kind}
        elif fields == ("space",):
            yield from ({"type": kind, "space": space} for space in range(state.spaces))
        elif "pay" in fields:
            yield from ({"type": kind, "slot": slot, "pay": pay} for slot in range(4) for pay in range(12))
        else:
            yield from ({"type": kind, "slot": slot, "space": space}
                        for slot in range(4) for space in range(state.spaces))


def test_the_check_accepts_exactly_the_legal_actions_in_random_games():
    seeds = [f"check-{n}" for n in range(12)]
    assert assert_check_agrees_with_legal_list(RULES, 1, {}, seeds, candidates) > 10_000
    assert assert_check_agrees_with_legal_list(RULES, 1, {"advanced": True}, seeds[:4], candidates) > 1_000
