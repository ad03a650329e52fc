"""An empty deck: the discard pile becomes the new deck at once; with nothing left, nothing is dealt."""

from domain.chi.flow import Emitter, draw_from_deck
from domain.chi.state import Conflict
from domain.rng import Rng
from tests.unit.chi.builders import PASS, act, discard, draw, table
from tests.unit.events import only, types

HANDS = [["yang-gold-1", "chi-1"], ["chi-2", "yang-pink-1"]]
ROW = ["yin-red-1", "yin-red-2", "yang-green-1", "yin-orange-2", "yin-yellow-1", "yang-blue-1"]


def test_when_the_deck_runs_out_the_discard_pile_becomes_the_new_deck_in_a_secret_order():
    """House rule 4: "at the moment" the deck is empty, the discard pile is shuffled into a new deck."""
    state = table(hands=HANDS, row=ROW, deck=["yang-purple-1"], rest="discard")
    pile = list(state.discard)
    events, after = act(state, draw(2))
    assert types(events)[:3] == ["card_drawn", "row_refilled", "discard_reshuffled"]
    reshuffled = only(events, "discard_reshuffled")
    assert reshuffled.rule == "chi.deck.reshuffle" and reshuffled.data == {"count": len(pile)}
    assert sorted(reshuffled.secret["order"]) == sorted(pile) and reshuffled.secret["order"] != pile
    assert reshuffled.seen_by(0)["hidden"] == ["order"]
    assert after.deck == reshuffled.secret["order"] and after.discard == []


def test_a_card_discarded_while_the_deck_is_empty_becomes_the_deck_at_once():
    """House rule 4: between decisions an empty deck means an empty discard pile."""
    hand = ["yang-gold-1", "chi-1", "yin-white-1", "yin-white-2", "yin-grey-1", "yin-grey-2"]
    state = table(hands=[hand, ["chi-2"]], row=ROW, deck=[], rest="nowhere", phase="discard")
    events, after = act(state, discard("yin-grey-2"))
    assert only(events, "discard_reshuffled").secret == {"order": ["yin-grey-2"]}
    assert after.deck == ["yin-grey-2"] and after.discard == []


def test_the_attackers_draw_reshuffles_the_discard_pile_first_when_the_deck_is_empty():
    """The cards of the conflict just ended are in the new deck, so the attacker may draw its Yin back."""
    conflict = Conflict(attacker=0, defender=1, yin="yin-gold-1", target="yang-gold-2", chi=[], to_decide=1, last_played=0)
    state = table(
        hands=[["yin-purple-1"], ["chi-2", "yin-purple-2"]], areas=[[], [["yang-gold-2"]]], row=ROW, deck=[],
        rest="nowhere", phase="conflict", conflict=conflict,
    )
    events, after = act(state, PASS)
    assert types(events)[:4] == ["conflict_passed", "conflict_resolved", "discard_reshuffled", "deck_card_drawn"]
    drawn = only(events, "deck_card_drawn").private["card"]
    assert drawn in ("yin-gold-1", "yang-gold-2") and drawn in after.hands[0]
    assert len(after.deck) == 1 and after.discard == []


def test_with_deck_and_discard_pile_empty_a_drawn_row_slot_stays_empty():
    """House rule 5: nothing to deal, so the slot stays empty and an event says so."""
    state = table(hands=HANDS, row=ROW, deck=[], rest="nowhere")
    events, after = act(state, draw(2))
    left = only(events, "row_slots_left_empty")
    assert left.data == {"slots": [2]} and left.rule == "chi.house.nothing-to-draw"
    assert after.row[2] is None and after.deck == [] and after.discard == []
    assert types(events)[-1] == "turn_started"


def test_with_deck_and_discard_pile_empty_a_draw_from_the_deck_gets_nothing():
    """House rule 5. In play the attacker's draw always finds the conflict's cards in the discard
    pile, so this is checked on the drawing step itself, on a hand-made table."""
    em = Emitter(table(hands=HANDS, row=ROW, deck=[], rest="nowhere"), Rng("t"))
    draw_from_deck(em, 0)
    [missed] = em.events
    assert missed.type == "attacker_draw_missed" and missed.data == {"seat": 0}
    assert missed.rule == "chi.house.nothing-to-draw" and em.state.hands[0] == HANDS[0]
