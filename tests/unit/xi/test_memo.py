"""The table's memo (design 5.1): derived stats, and what is read from them, computed once per
table in cost but on every query in meaning. A table an event changed derives anew, the table
before it keeps its own, a unit changed in place by hand is seen, and the memo is never stored,
compared or written into an event."""

import json

from domain import state_codec
from domain.xi import RULES
from domain.xi.language.layers import derive
from domain.xi.state import XiState
from services.log.store import DataclassAsDict
from tests.unit.xi.builders import act, play, skirmish, table

BEAST = [{"card": "beast-of-pain", "controller": 0}, {"card": "earth-soldier", "controller": 1}]


def test_a_decision_after_a_change_sees_the_new_stats_and_the_table_before_keeps_its_own():
    state = table(seats=[{"t": 10, "hand": ["flames-of-preservation"]}, {}], units=BEAST)
    assert derive(state, "u1").max_life == 22 and RULES.legal_actions(state, 0)  # the memo is filled
    after = act(state, 0, play("flames-of-preservation", "u1"))[1]
    assert derive(after, "u1").max_life == 32 and derive(state, "u1").max_life == 22
    assert RULES.view(after, None)["units"][0]["max_life"] == 32


def test_a_skirmish_used_is_seen_by_the_next_decision():
    state = table(units=BEAST)
    assert {"type": "skirmish", "unit": "u1", "target": "u2"} in RULES.legal_actions(state, 0)
    after = act(state, 0, skirmish("u1", "u2"))[1]
    assert not [action for action in RULES.legal_actions(after, 0) if action["type"] == "skirmish"]
    assert derive(after, "u1").skirmishes == 1 and derive(state, "u1").skirmishes == 0


def test_a_unit_changed_in_place_by_hand_is_seen():
    state = table(units=BEAST)
    assert derive(state, "u1").life == 22 and RULES.legal_actions(state, 0)
    state.units[0].life, state.units[0].skirmishes = 5, 1
    assert (derive(state, "u1").life, derive(state, "u1").skirmishes) == (5, 1)
    assert not [action for action in RULES.legal_actions(state, 0) if action["type"] == "skirmish"]


def test_the_memo_is_never_stored_nor_compared():
    state, fresh = table(units=BEAST), table(units=BEAST)
    RULES.legal_actions(state, 0)
    assert state.memo is not None and fresh.memo is None and state == fresh and repr(state) == repr(fresh)
    written = state_codec.encode(state)
    assert "memo" not in json.dumps(written) and state_codec.decode(RULES, written) == state
    assert "memo" not in DataclassAsDict(XiState).encode(state)


def test_a_card_entering_play_changes_what_the_next_decision_allows():
    units = [{"card": "wind-warrior", "controller": 0, "skirmishes": 1}, {"card": "earth-soldier", "controller": 1}]
    state = table(seats=[{"t": 10, "hand": ["everwind"]}, {}], units=units)
    assert not [action for action in RULES.legal_actions(state, 0) if action["type"] == "skirmish"]
    after = act(state, 0, play("everwind"))[1]  # wind units skirmish twice a turn
    assert skirmish("u1", "u2") in RULES.legal_actions(after, 0)
    assert skirmish("u1", "u2") not in RULES.legal_actions(state, 0)


def test_a_unit_hurt_keeps_what_the_cards_in_play_give_it_at_its_new_life():
    # Flame Lick's 2 ember changes the beast's life only: its Flames still give it 32 at most.
    state = table(seats=[{"t": 10, "hand": ["flame-lick"]}, {}], units=[{**BEAST[0], "life": 30}, BEAST[1]],
                  spells=[{"card": "flames-of-preservation", "controller": 0, "on": "u1"}])
    assert (derive(state, "u1").life, derive(state, "u1").max_life) == (30, 32)
    after = act(state, 0, play("flame-lick", "u1"))[1]
    assert (derive(after, "u1").life, derive(after, "u1").max_life) == (28, 32)
    assert (derive(state, "u1").life, derive(state, "u1").max_life) == (30, 32)


def test_a_statement_entering_play_changes_the_stats_its_tag_conditions():
    # Rain Dancer's +2 holds while it rains: the stats kept for the table before Rainfall are not reused.
    state = table(seats=[{"t": 10, "hand": ["rainfall"]}, {"pt": 0}], units=[{"card": "rain-dancer", "controller": 0}])
    assert RULES.view(state, None)["units"][0]["damage"] == 2
    after = act(state, 0, play("rainfall"))[1]
    assert RULES.view(after, None)["units"][0]["damage"] == 4 and RULES.view(state, None)["units"][0]["damage"] == 2
