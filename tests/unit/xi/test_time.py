"""Time: 10T a turn (6T on the first player's first turn), spent in your own turn only and gone
at its end; drawing for 3T; banking 2T for 1pT; pT kept, capped at 20 and spent as T in your own
turn once the T is gone; always round down."""

from domain.errors import IllegalAction, NotYourTurn
from domain.xi import RULES
from domain.xi.table import capped_life, capped_pt, pay_t_first
from tests.unit.events import only
from tests.unit.xi.builders import act, refused, started, table

END = {"type": "end_turn"}
DRAW = {"type": "draw"}


def bank(k):
    return {"type": "bank", "pt": k}


def test_the_first_player_has_6t_on_the_games_first_turn():
    state = started()
    assert state.turn == 1 and state.players[state.active].t == 6
    assert RULES.view(state, None)["players"][state.active]["t"] == 6


def test_every_later_turn_gives_10t_the_second_players_first_included():
    state = started()
    first = state.active
    events, state = act(state, first, END)
    assert only(events, "turn_started").data == {"seat": 1 - first, "turn": 2, "t": 10}
    assert only(events, "turn_started").rule == "xi.time.per-turn"
    state = act(state, 1 - first, END)[1]
    assert state.active == first and state.players[first].t == 10


def test_t_falls_to_0_when_your_turn_ends():
    state = table(seats=[{"t": 7}, {}])
    events, after = act(state, 0, END)
    assert only(events, "turn_ended").data["t"] == 7 and only(events, "turn_ended").rule == "xi.time.expires"
    assert after.players[0].t == 0


def test_t_cannot_be_spent_in_an_opponents_turn():
    state = table(seats=[{"t": 10}, {"t": 0, "pt": 5}])
    assert refused(state, 1, DRAW, NotYourTurn).rule == "xi.time.own-turn"
    assert refused(state, 1, bank(1), NotYourTurn).rule == "xi.time.own-turn"
    assert RULES.legal_actions(state, 1) == []


def test_drawing_costs_3t_and_puts_the_top_card_in_your_hand():
    state = table(seats=[{"t": 10, "deck": ["flood", "archo"]}, {}])
    events, after = act(state, 0, DRAW)
    drawn = only(events, "card_drawn")
    assert drawn.data == {"seat": 0, "cost": {"t": 3, "pt": 0}} and drawn.private == {"card": "flood"}
    assert after.players[0].t == 7 and after.players[0].hand == ["flood"] and after.players[0].deck == ["archo"]


def test_drawing_costs_3t_even_from_an_empty_deck():
    state = table(seats=[{"t": 10, "deck": []}, {}])
    events, after = act(state, 0, DRAW)
    missed = only(events, "draw_missed")
    assert missed.rule == "xi.time.draw-empty" and missed.data == {"seat": 0, "cost": {"t": 3, "pt": 0}}
    assert after.players[0].t == 7 and after.players[0].hand == []
    assert {"type": "draw"} in RULES.legal_actions(after, 0)


def test_a_draw_with_1t_left_takes_the_1t_then_2pt():
    state = table(seats=[{"t": 1, "pt": 5, "deck": ["flood"]}, {}])
    events, after = act(state, 0, DRAW)
    assert only(events, "card_drawn").data["cost"] == {"t": 1, "pt": 2}
    assert only(events, "card_drawn").rule == "xi.time.pt-as-t"
    assert (after.players[0].t, after.players[0].pt) == (0, 3)


def test_a_12t_card_takes_the_10t_then_2pt():
    assert pay_t_first(12, 10, 2) == (10, 2)
    assert pay_t_first(12, 10, 1) is None
    assert pay_t_first(3, 10, 20) == (3, 0)


def test_a_draw_with_less_than_3_time_is_refused_and_not_listed():
    state = table(seats=[{"t": 2, "pt": 0}, {}])
    assert refused(state, 0, DRAW, IllegalAction).rule == "xi.time.draw"
    assert RULES.legal_actions(state, 0) == [bank(1), END]


def test_banking_turns_2t_into_1pt():
    events, after = act(table(seats=[{"t": 10}, {}]), 0, bank(3))
    assert only(events, "time_banked").data == {"seat": 0, "t": 6, "pt": 3}
    assert (after.players[0].t, after.players[0].pt) == (4, 3)


def test_a_bank_is_paid_from_t_only():
    state = table(seats=[{"t": 1, "pt": 5}, {}])
    assert refused(state, 0, bank(1), IllegalAction).rule == "xi.time.bank"


def test_with_5t_the_most_you_can_bank_is_2pt_and_the_last_1t_is_lost():
    state = table(seats=[{"t": 5}, {}])
    assert [a for a in RULES.legal_actions(state, 0) if a["type"] == "bank"] == [bank(1), bank(2)]
    assert refused(state, 0, bank(3), IllegalAction).rule == "xi.time.bank"
    state = act(state, 0, bank(2))[1]
    events, state = act(state, 0, END)
    assert only(events, "turn_ended").data["t"] == 1 and state.players[0].t == 0


def test_banking_past_20pt_is_refused():
    state = table(seats=[{"t": 10, "pt": 18}, {}])
    error = refused(state, 0, bank(3), IllegalAction)
    assert error.rule == "xi.house.bank" and "20pT" in error.reason
    assert [a for a in RULES.legal_actions(state, 0) if a["type"] == "bank"] == [bank(1), bank(2)]
    assert act(state, 0, bank(2))[1].players[0].pt == 20


def test_pt_is_kept_from_turn_to_turn():
    state = table(seats=[{"t": 10, "pt": 4}, {"pt": 2}])
    state = act(state, 0, END)[1]
    assert [seat.pt for seat in state.players] == [4, 2]
    state = act(state, 1, END)[1]
    assert state.players[0].pt == 4 and state.players[0].t == 10


def test_gains_are_cut_at_99_life_and_20pt():
    assert capped_life(120) == 99 and capped_life(50) == 50
    assert capped_pt(23) == 20 and capped_pt(19) == 19


def test_there_is_no_limit_to_a_hand():
    hand = ["flood"] * 3 + ["archo"] * 3 + ["rainfall"] * 3 + ["dispel"] * 3
    state = table(seats=[{"t": 3, "hand": hand, "deck": ["sidestep"]}, {}])
    state = act(state, 0, DRAW)[1]
    _events, state = act(state, 0, END)
    assert len(state.players[0].hand) == 13 and state.active == 1
