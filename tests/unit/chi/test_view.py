"""What each seat sees: its own hand, never the other's nor the deck order; everything once over."""

import json

from domain.chi import RULES
from domain.chi.cards import CARDS
from domain.chi.state import Conflict
from tests.secrecy import leaves
from tests.unit.chi.builders import table
from tests.unit.chi.playouts import play_out

HANDS = [["yin-red-1", "chi-1", "yang-gold-2"], ["yin-blue-1", "yang-pink-2"]]


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_other():
    view = RULES.view(table(hands=HANDS), 0)
    assert [card["id"] for card in view["hand"]] == HANDS[0]
    assert view["hand"][0] == {"id": "yin-red-1", "kind": "yin", "colour": "red", "points": 0}
    assert view["hand_sizes"] == [3, 2]
    assert not {"yin-blue-1", "yang-pink-2"} & leaves(view)
    assert "hands" not in view and "deck" not in view


def test_a_spectator_sees_no_hand():
    view = RULES.view(table(hands=HANDS), None)
    assert view["hand"] is None and "hands" not in view
    assert not set(HANDS[0] + HANDS[1]) & leaves(view)


def test_no_view_shows_the_deck_while_the_game_runs():
    state = table(hands=HANDS)
    for viewer in (0, 1, None):
        view = RULES.view(state, viewer)
        assert view["deck_count"] == len(state.deck)
        assert not set(state.deck) & leaves(view)


def test_after_the_end_everyone_sees_every_hand_and_the_deck():
    state = table(hands=HANDS, phase="over")
    for viewer in (0, 1, None):
        view = RULES.view(state, viewer)
        assert [[card["id"] for card in hand] for hand in view["hands"]] == HANDS
        assert [card["id"] for card in view["deck"]] == state.deck


def test_the_steps_of_a_finished_game_can_be_shown_with_everything_revealed():
    view = RULES.view(table(hands=HANDS), None, reveal=True)
    assert [[card["id"] for card in hand] for hand in view["hands"]] == HANDS


def test_the_row_areas_discard_pile_and_conflict_are_public():
    """House rule 13 for the discard pile; the conflict's cards are face up on the table."""
    conflict = Conflict(attacker=1, defender=0, yin="yin-gold-1", target="yang-gold-1", chi=["chi-2"], to_decide=1, last_played=0)
    state = table(
        hands=HANDS, areas=[[["yang-gold-1"]], []], discard=["yin-white-1"], phase="conflict", current=1,
        conflict=conflict,
    )
    spectator = RULES.view(state, None)
    assert spectator["discard"] == [CARDS["yin-white-1"].to_json()]
    assert spectator["areas"][0] == [[CARDS["yang-gold-1"].to_json()]] and spectator["stacks"] == [1, 0]
    assert spectator["conflict"]["yin"]["id"] == "yin-gold-1" and spectator["conflict"]["to_decide"] == 1
    assert [card["id"] for card in spectator["conflict"]["chi"]] == ["chi-2"]
    assert spectator["to_act"] == 1 and spectator["phase"] == "conflict"


def test_the_table_before_the_deal_can_be_viewed():
    view = RULES.view(RULES.new_state(2, {}), 0)
    assert view["phase"] == "setup" and view["hand"] == [] and view["row"] == [None] * 6


def test_in_random_games_a_seat_never_sees_the_other_hand_or_the_deck():
    def check(state):
        for viewer in (0, 1):
            if state.phase == "over":
                return
            view = RULES.view(state, viewer)
            assert json.loads(json.dumps(view)) == view
            seen = leaves(view)
            assert not set(state.hands[1 - viewer]) & seen
            assert not set(state.deck) & seen
        assert not set(state.hands[0] + state.hands[1]) & leaves(RULES.view(state, None))

    for n in range(10):
        play_out(f"view-{n}", on_state=check)
