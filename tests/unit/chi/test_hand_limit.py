"""The hand limit: above 5 cards at the end of your turn, discard one card at a time down to 5."""

from domain.chi import RULES
from domain.chi.state import Conflict
from tests.unit.chi.builders import PASS, act, attack, discard, draw, play, refused, table
from tests.unit.events import only, types

FIVE = ["yin-red-1", "yin-blue-1", "yang-gold-1", "chi-1", "yin-pink-1"]
ROW = ["yang-green-1", "yin-grey-1", "chi-3", "yin-black-1", "yin-white-1", "yang-brown-1"]


def full_hand(hand=FIVE, **kwargs):
    return table(hands=[list(hand), ["yin-red-2", "chi-2"]], row=ROW, **kwargs)


def test_holding_six_cards_at_the_end_of_your_turn_you_must_discard():
    events, after = act(full_hand(), draw(0))
    required = only(events, "discard_required")
    assert required.data == {"seat": 0, "count": 1} and required.rule == "chi.turn.hand-limit"
    assert after.phase == "discard" and RULES.to_act(after) == 0
    assert RULES.legal_actions(after, 0) == [discard(card) for card in sorted(FIVE + ["yang-green-1"])]


def test_the_opponent_does_not_act_until_you_have_discarded_down_to_five():
    """House rule 9: the discards belong to your turn; the opponent waits."""
    _, after = act(full_hand(), draw(0))
    assert RULES.legal_actions(after, 1) == []
    refused(after, draw(1), "chi.turn.hand-limit", seat=0)


def test_each_discard_is_one_card_of_your_choice_face_up_on_the_discard_pile():
    """House rules 9 and 13: one chosen card per action, shown to both players."""
    _, during = act(full_hand(), draw(0))
    events, after = act(during, discard("chi-1"))
    discarded = only(events, "card_discarded")
    assert discarded.data == {"seat": 0, "card": "chi-1"} and not discarded.private and not discarded.secret
    assert after.discard == ["chi-1"] and "chi-1" not in after.hands[0]
    assert RULES.view(after, 1)["discard"] == [{"id": "chi-1", "kind": "chi", "colour": None, "points": 0}]


def test_after_discarding_down_to_five_the_turn_passes_to_the_opponent():
    _, during = act(full_hand(), draw(0))
    events, after = act(during, discard("yin-pink-1"))
    assert types(events)[-1] == "turn_started" and RULES.to_act(after) == 1
    assert len(after.hands[0]) == 5


def test_seven_cards_take_two_discards_before_the_turn_passes():
    _, during = act(full_hand(FIVE + ["yin-green-1"]), draw(0))
    assert only(_, "discard_required").data["count"] == 2
    _, during = act(during, discard("yin-pink-1"))
    assert during.phase == "discard" and RULES.to_act(during) == 0
    _, after = act(during, discard("yin-green-1"))
    assert RULES.to_act(after) == 1 and len(after.hands[0]) == 5


def test_drawing_to_exactly_five_cards_needs_no_discard():
    events, after = act(full_hand(FIVE[:4]), draw(0))
    assert "discard_required" not in types(events) and RULES.to_act(after) == 1


def test_discarding_a_card_not_in_your_hand_is_refused():
    _, during = act(full_hand(), draw(0))
    refused(during, discard("chi-2"), "chi.hand.own-cards")


def test_discarding_is_refused_while_your_turn_is_not_over():
    refused(full_hand(), discard("chi-1"), "chi.turn.hand-limit")


def test_a_defender_never_discards_its_hand_only_shrinks():
    conflict = Conflict(attacker=1, defender=0, yin="yin-gold-1", target="yang-gold-2", chi=[], to_decide=0, last_played=1)
    state = table(
        hands=[FIVE + ["yin-green-1"], ["yin-red-2", "chi-2"]],
        areas=[[["yang-gold-2"]], []],
        row=ROW,
        phase="conflict",
        current=1,
        conflict=conflict,
    )
    events, after = act(state, PASS)
    assert "discard_required" not in types(events) and RULES.to_act(after) == 0 and len(after.hands[0]) == 6


def test_an_attack_leaves_the_attackers_hand_size_unchanged():
    state = table(hands=[FIVE, ["yin-red-2", "yang-blue-1"]], areas=[[], [["yang-pink-2"]]], row=ROW)
    events, after = act(state, attack("yin-pink-1", "yang-pink-2"))
    assert len(after.hands[0]) == 5 and "discard_required" not in types(events)


def test_playing_a_yang_from_a_full_hand_needs_no_discard():
    events, after = act(full_hand(), play("yang-gold-1"))
    assert len(after.hands[0]) == 4 and RULES.to_act(after) == 1
