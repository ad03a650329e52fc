"""A Yin attack and the conflict of Chi cards that follows it."""

from domain.chi import RULES
from domain.chi.state import Conflict
from tests.unit.chi.builders import PASS, act, attack, chi, draw, play, refused, table
from tests.unit.events import only, types

DECK = ["yang-purple-1", "yin-white-1", "yin-white-2"]


def board(attacker_hand, defender_hand, defender_area=(["yang-gold-1"],), **kwargs):
    return table(hands=[attacker_hand, defender_hand], areas=[[], list(defender_area)], deck=DECK, **kwargs)


def test_a_yin_destroys_a_single_yang_of_its_colour_when_the_defender_has_no_chi():
    state = board(["yin-gold-1", "yin-red-1"], ["yin-red-2", "yang-blue-1"])
    events, after = act(state, attack("yin-gold-1", "yang-gold-1"))
    assert types(events)[:4] == ["yin_played", "conflict_passed", "conflict_resolved", "deck_card_drawn"]
    assert only(events, "yin_played").data == {
        "seat": 0, "card": "yin-gold-1", "target": "yang-gold-1", "defender": 1,
    }
    resolved = only(events, "conflict_resolved")
    assert resolved.data["attacker_won"] and resolved.data["winner"] == 0
    assert resolved.data["discarded"] == ["yin-gold-1", "yang-gold-1"]
    assert after.areas[1] == [] and after.discard == ["yin-gold-1", "yang-gold-1"]
    assert after.conflict is None and RULES.to_act(after) == 1


def test_a_defender_without_chi_passes_automatically():
    """House rule 12: the game never waits on a forced pass; the event says it was automatic."""
    state = board(["yin-gold-1", "yin-red-1"], ["yin-red-2", "yang-blue-1"])
    events, _ = act(state, attack("yin-gold-1", "yang-gold-1"))
    passed = only(events, "conflict_passed")
    assert passed.data == {"seat": 1, "automatic": True} and passed.rule == "chi.house.forced-pass"


def test_a_defender_holding_only_a_chi_cannot_play_it_and_passes_automatically():
    """House rule 12: a Chi may not be a player's last card, so one card in hand means no Chi."""
    state = board(["yin-gold-1", "yin-red-1"], ["chi-1"])
    events, after = act(state, attack("yin-gold-1", "yang-gold-1"))
    assert only(events, "conflict_passed").data["automatic"] is True
    assert after.hands[1] == ["chi-1"] and after.areas[1] == []


def test_a_defender_holding_a_chi_decides_to_block_or_pass():
    state = board(["yin-gold-1", "yin-red-1"], ["chi-1", "chi-2", "yin-red-2"])
    events, after = act(state, attack("yin-gold-1", "yang-gold-1"))
    assert types(events) == ["yin_played"]
    assert after.phase == "conflict" and RULES.to_act(after) == 1
    assert RULES.legal_actions(after, 1) == [chi("chi-1"), chi("chi-2"), PASS]
    assert RULES.legal_actions(after, 0) == []


def test_the_target_yang_stays_in_the_defenders_area_while_the_conflict_is_undecided():
    state = board(["yin-gold-1", "yin-red-1"], ["chi-1", "yin-red-2"])
    _, after = act(state, attack("yin-gold-1", "yang-gold-1"))
    assert after.areas[1] == [["yang-gold-1"]]
    assert after.conflict == Conflict(
        attacker=0, defender=1, yin="yin-gold-1", target="yang-gold-1", chi=[], to_decide=1, last_played=0
    )


def test_a_defender_who_passes_loses_the_yang():
    state = board(["yin-gold-1", "yin-red-1"], ["chi-1", "yin-red-2"])
    _, during = act(state, attack("yin-gold-1", "yang-gold-1"))
    events, after = act(during, PASS)
    assert only(events, "conflict_passed").data == {"seat": 1, "automatic": False}
    assert only(events, "conflict_resolved").data["attacker_won"] is True
    assert after.areas[1] == [] and after.hands[1] == ["chi-1", "yin-red-2"]


def test_a_blocking_chi_saves_the_yang_when_the_attacker_has_no_chi_to_answer():
    state = board(["yin-gold-1", "yin-red-1"], ["chi-1", "yin-red-2"])
    _, during = act(state, attack("yin-gold-1", "yang-gold-1"))
    events, after = act(during, chi("chi-1"))
    assert types(events)[:3] == ["chi_played", "conflict_passed", "conflict_resolved"]
    resolved = only(events, "conflict_resolved")
    assert resolved.data["winner"] == 1 and resolved.data["attacker_won"] is False
    assert resolved.data["discarded"] == ["yin-gold-1", "chi-1"]
    assert after.areas[1] == [["yang-gold-1"]]
    assert after.discard == ["yin-gold-1", "chi-1"]


def test_the_attacker_may_answer_a_chi_with_a_chi_and_win():
    state = board(["yin-gold-1", "chi-2", "yin-red-1"], ["chi-1", "yin-red-2"])
    _, during = act(state, attack("yin-gold-1", "yang-gold-1"))
    _, during = act(during, chi("chi-1"))
    assert RULES.to_act(during) == 0 and RULES.legal_actions(during, 0) == [chi("chi-2"), PASS]
    events, after = act(during, chi("chi-2"))
    resolved = only(events, "conflict_resolved")
    assert resolved.data["winner"] == 0
    assert resolved.data["discarded"] == ["yin-gold-1", "chi-1", "chi-2", "yang-gold-1"]
    assert after.areas[1] == []


def test_chi_cards_alternate_until_one_player_passes_and_the_last_to_play_wins():
    state = board(["yin-gold-1", "chi-2", "yin-red-1"], ["chi-1", "chi-3", "yin-red-2"])
    _, during = act(state, attack("yin-gold-1", "yang-gold-1"))
    _, during = act(during, chi("chi-1"))
    _, during = act(during, chi("chi-2"))
    assert RULES.to_act(during) == 1 and during.conflict.last_played == 0
    _, during = act(during, chi("chi-3"))  # the attacker has no Chi left: it passes automatically
    assert during.conflict is None and during.areas[1] == [["yang-gold-1"]]
    assert during.discard == ["yin-gold-1", "chi-1", "chi-2", "chi-3"]


def test_the_attacker_draws_the_top_card_of_the_deck_whoever_wins():
    """House rule 11: the draw after a conflict happens whoever won, and only the attacker sees it."""
    for defender_hand, chi_first in ((["yin-red-2", "yang-blue-1"], False), (["chi-1", "yin-red-2"], True)):
        state = board(["yin-gold-1", "yin-red-1"], defender_hand)
        events, after = act(state, attack("yin-gold-1", "yang-gold-1"))
        if chi_first:
            events, after = act(after, chi("chi-1"))
        drawn = only(events, "deck_card_drawn")
        assert drawn.data == {"seat": 0, "count": 1} and drawn.private == {"card": "yang-purple-1"}
        assert drawn.private_to == 0 and drawn.rule == "chi.conflict.draw"
        assert after.hands[0] == ["yin-red-1", "yang-purple-1"]


def test_attacking_a_stacked_pair_of_3s_is_refused():
    state = board(["yin-red-1", "yin-blue-1"], ["chi-1"], defender_area=(["yang-red-1", "yang-red-2"],))
    error = refused(state, attack("yin-red-1", "yang-red-1"), "chi.yin.stack-immune")
    assert "immune" in error.reason
    assert [a for a in RULES.legal_actions(state, 0) if a["type"] == "attack"] == []


def test_a_single_3_point_yang_can_be_attacked():
    """House rule 2: a single Yang in play is a stack of one, open to attack."""
    state = board(["yin-red-1", "yin-blue-1"], ["chi-1"], defender_area=(["yang-red-1"],))
    assert attack("yin-red-1", "yang-red-1") in RULES.legal_actions(state, 0)


def test_a_yin_may_not_attack_a_yang_of_another_colour():
    """House rule 11: exactly its colour."""
    state = board(["yin-pink-1", "yin-red-1"], ["chi-1"])
    error = refused(state, attack("yin-pink-1", "yang-gold-1"), "chi.yin.attack")
    assert error.reason.startswith("target:")


def test_a_yin_may_not_attack_your_own_yang_or_a_card_not_in_play():
    state = table(hands=[["yin-gold-1", "yin-red-1"], ["chi-1"]], areas=[[["yang-gold-1"]], []])
    refused(state, attack("yin-gold-1", "yang-gold-1"), "chi.yin.attack")
    refused(state, attack("yin-gold-1", "yang-gold-2"), "chi.yin.attack")
    refused(state, attack("yin-gold-1", "chi-1"), "chi.yin.attack")


def test_only_a_yin_can_attack():
    state = board(["yang-gold-2", "chi-2", "yin-red-1"], ["chi-1"])
    refused(state, attack("yang-gold-2", "yang-gold-1"), "chi.yin.attack")
    refused(state, attack("chi-2", "yang-gold-1"), "chi.yin.attack")


def test_attacking_with_the_last_card_in_your_hand_is_refused():
    state = board(["yin-gold-1"], ["chi-1"])
    refused(state, attack("yin-gold-1", "yang-gold-1"), "chi.hand.keep-one-card")


def test_the_last_card_in_hand_may_not_be_a_chi_played_in_a_conflict():
    conflict = Conflict(attacker=0, defender=1, yin="yin-gold-1", target="yang-gold-1", chi=[], to_decide=1, last_played=0)
    state = board(["yin-red-1"], ["chi-1"], phase="conflict", conflict=conflict)
    refused(state, chi("chi-1"), "chi.hand.keep-one-card")
    assert RULES.legal_actions(state, 1) == [PASS]


def test_outside_a_conflict_chi_and_pass_are_refused():
    state = board(["yin-gold-1", "chi-2"], ["chi-1"])
    refused(state, chi("chi-2"), "chi.conflict.chi")
    refused(state, PASS, "chi.conflict.chi")


def test_during_a_conflict_only_a_chi_or_a_pass_is_accepted():
    state = board(["yin-gold-1", "yin-red-1"], ["chi-1", "yang-blue-1", "yin-red-2"])
    _, during = act(state, attack("yin-gold-1", "yang-gold-1"))
    refused(during, draw(0), "chi.conflict.chi")
    refused(during, play("yang-blue-1"), "chi.conflict.chi")
    refused(during, chi("yin-red-2"), "chi.conflict.chi")
    refused(during, chi("chi-2"), "chi.hand.own-cards")


def test_a_conflict_is_the_window_of_the_seat_to_decide_in_it_with_its_public_facts():
    """The contract's `pending`: a view of the conflict, bottom first, topped by the seat to act."""
    state = board(["yin-gold-1", "yin-red-1", "chi-3"], ["chi-1", "chi-2", "yin-red-2"])
    assert RULES.pending(state) == []
    _, attacked = act(state, attack("yin-gold-1", "yang-gold-1"))
    (window,) = RULES.pending(attacked)
    assert window.seat == 1 == RULES.to_act(attacked) and window.kind == "window"
    assert window.rule == "chi.conflict.chi" and window.decline == PASS
    assert window.facts == {"attacker": 0, "yin": "yin-gold-1", "target": "yang-gold-1", "chi": []}
    _, blocked = act(attacked, chi("chi-1"))
    (window,) = RULES.pending(blocked)
    assert window.seat == 0 == RULES.to_act(blocked) and window.facts["chi"] == ["chi-1"]
    _, resolved = act(blocked, PASS)
    assert RULES.pending(resolved) == [] and RULES.standing_answer(resolved, RULES.to_act(resolved)) is None
