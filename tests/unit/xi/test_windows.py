"""Response windows: a declaration opens the other player's window on public facts only, the
window takes one pT answer or a pass, and nothing else happens until the answer has resolved
(L379, L407-409); Prevent stops a card as it is played (L376)."""

from domain.errors import IllegalAction, NotYourTurn
from domain.rng import Rng
from domain.xi import RULES
from tests.unit.events import only, types
from tests.unit.xi.builders import END, PASS, STRIKE, act, life, play, public_twin, refused, skirmish, table, use

CROCODILE = [{"card": "crocodile-of-gree", "controller": 1}]
DRAW = {"type": "draw"}


def test_a_spell_declared_opens_the_other_players_window_and_nothing_resolves_until_they_answer():
    state = table(seats=[{"t": 10, "hand": ["flame-lick"]}, {"pt": 1, "hand": ["earth-moth"]}], units=CROCODILE)
    events, state = act(state, 0, play("flame-lick", "u1"))
    assert types(events) == ["card_declared", "window_opened"]
    assert only(events, "window_opened").data == {"seat": 1, "kind": "spell", "declarer": 0, "card": "flame-lick",
                                                  "target": "u1"}
    assert RULES.to_act(state) == 1 and life(state, "u1") == (5, 5)  # not hit yet
    [waiting] = RULES.pending(state)
    assert (waiting.seat, waiting.kind, waiting.rule, waiting.decline) == (1, "window", "xi.response.one", PASS)
    on = {"kind": "spell", "declarer": 0, "card": "flame-lick", "target": "u1"}
    assert waiting.facts == on and RULES.view(state, None)["pending"] == [{"kind": "window", "seat": 1, "on": on}]
    assert [RULES.describe(event, ["Jack", "Jake"]) for event in events] == [
        "Jack pays 2T and plays Flame Lick on Crocodile of Gree (u1)", "Jake may answer Jack's Flame Lick"]
    assert RULES.legal_actions(state, 1) == [PASS]  # an Earth Moth costs T: nothing to answer with
    assert isinstance(refused(state, 0, END, NotYourTurn), NotYourTurn)
    events, state = act(state, 1, PASS)
    assert types(events) == ["window_passed", "damage_dealt", "card_discarded"]
    assert RULES.describe(events[0], ["Jack", "Jake"]) == "Jake does not answer"
    assert life(state, "u1") == (3, 5) and RULES.to_act(state) == 0 and RULES.pending(state) == []


def test_a_seat_with_0pt_never_gets_a_window():
    # Jake holds three pT cards but has no pT: a card, an ability, a skirmish, a draw and the end of
    # Jack's turn all go through at once.
    units = [{"card": "earth-soldier", "controller": 0}, {"card": "wind-warrior", "controller": 0},
             {"card": "snow-beast", "controller": 1}]
    state = table(seats=[{"t": 10, "hand": ["flame-lick"]}, {"pt": 0, "hand": ["dispel", "sidestep", "heat-stroke"]}],
                  units=units)
    for action in (play("flame-lick", "u3"), skirmish("u1", "u3"), STRIKE, use("u2"), DRAW, END):
        events, state = act(state, 0, action)
        assert "window_opened" not in types(events) and RULES.pending(state) == [], action
    assert state.active == 1


def test_a_seat_with_pt_but_no_card_and_no_pt_ability_gets_no_window():
    state = table(seats=[{"t": 10, "hand": ["flame-lick"]}, {"pt": 20, "hand": []}], units=CROCODILE)
    events, _state = act(state, 0, play("flame-lick", "u1"))
    assert types(events) == ["card_declared", "damage_dealt", "card_discarded"]


def test_a_window_opens_whether_or_not_the_hand_holds_a_pt_card():
    # The public twin: Jake's hidden cards re-dealt from his own hand and deck. Jack's play gives the
    # same public events and the same pending on both tables, so the window tells Jack nothing.
    holding = table(seats=[{"t": 10, "hand": ["flame-lick"]}, {"pt": 2, "hand": ["dispel"], "deck": ["earth-moth"]}],
                    units=CROCODILE)
    twin = public_twin(holding, 1, Rng("twin"), hand=["earth-moth"])
    assert twin.players[1].hand == ["earth-moth"] and twin.players[1].deck == ["dispel"]
    seen = []
    for state in (holding, twin):
        events, after = act(state, 0, play("flame-lick", "u1"))
        seen.append(([event.seen_by(0) for event in events], RULES.pending(after), RULES.view(after, 0)))
    assert seen[0] == seen[1] and "window_opened" in [event["type"] for event in seen[0][0]]


def test_a_response_cannot_be_answered():
    # Jack still has pT and a card when Jake answers; no window opens on the answer, which resolves
    # whole before Jack's card does.
    state = table(seats=[{"t": 10, "pt": 5, "hand": ["flame-lick", "sidestep"]}, {"pt": 2, "hand": ["flame-retardant"]}],
                  units=CROCODILE)
    state = act(state, 0, play("flame-lick", "u1"))[1]
    events, state = act(state, 1, play("flame-retardant"))
    assert types(events) == ["card_declared", "card_in_play", "damage_dealt", "card_discarded"]
    assert only(events, "card_declared").data == {"seat": 1, "card": "flame-retardant", "paid": {"t": 0, "pt": 2},
                                                  "answering": "spell"}
    assert RULES.describe(events[0], ["Jack", "Jake"]) == "Jake pays 2pT and answers with Flame Retardant"
    assert only(events, "damage_dealt").data["amount"] == 0  # the Retardant in play first: immune to ember
    assert RULES.to_act(state) == 0 and state.pending == []


def test_one_answer_only_closes_the_window():
    state = table(seats=[{"t": 10, "hand": ["earth-moth"]}, {"pt": 5, "hand": ["heat-stroke", "flame-retardant"]}])
    state = act(state, 0, play("earth-moth"))[1]
    state = act(state, 1, play("heat-stroke"))[1]
    assert RULES.to_act(state) == 0 and [unit.card for unit in state.units] == ["earth-moth"]
    assert isinstance(refused(state, 1, play("flame-retardant"), NotYourTurn), NotYourTurn)


def test_dispel_prevents_a_card_as_it_is_played_and_its_cost_stays_paid():
    state = table(seats=[{"t": 10, "hand": ["snow-beast"]}, {"pt": 3, "hand": ["dispel"]}])
    state = act(state, 0, play("snow-beast"))[1]
    assert RULES.legal_actions(state, 1) == [PASS, play("dispel")]
    events, state = act(state, 1, play("dispel"))
    assert types(events) == ["card_declared", "card_prevented", "card_discarded", "card_discarded"]
    prevented = only(events, "card_prevented")
    assert prevented.rule == "xi.keyword.prevent" and prevented.data == {"seat": 0, "card": "snow-beast",
                                                                         "by": "dispel", "by_seat": 1}
    assert state.units == [] and state.players[0].discard == ["snow-beast"] and state.players[0].t == 0
    assert state.players[1].discard == ["dispel"] and state.players[1].pt == 1


def test_dispel_answers_only_a_card_and_sidestep_only_a_skirmish():
    units = [{"card": "earth-soldier", "controller": 0}, {"card": "snow-beast", "controller": 1}]
    state = table(seats=[{"t": 10, "hand": ["rainfall"]}, {"pt": 5, "hand": ["dispel", "sidestep"]}], units=units)
    drawn = act(state, 0, DRAW)[1]
    assert RULES.legal_actions(drawn, 1) == [PASS]
    error = refused(drawn, 1, play("dispel"), IllegalAction)
    assert error.rule == "xi.response.one" and error.reason.startswith("card: Dispel answers a card as it is played")
    attacked = act(state, 0, skirmish("u1", "u2"))[1]
    assert RULES.legal_actions(attacked, 1) == [PASS, play("sidestep")]
    assert refused(attacked, 1, play("dispel"), IllegalAction).rule == "xi.response.one"


def test_a_t_card_never_answers_a_window():
    state = table(seats=[{"t": 10, "hand": ["earth-moth"]}, {"t": 10, "pt": 5, "hand": ["flame-lick"]}],
                  units=CROCODILE)
    state = act(state, 0, play("earth-moth"))[1]
    error = refused(state, 1, play("flame-lick", "u1"), IllegalAction)
    assert error.rule == "xi.time.own-turn" and "a window is answered with a pT card" in error.reason
    assert refused(state, 1, END, IllegalAction).rule == "xi.house.windows"


def test_a_draw_may_be_answered_with_a_pt_card_before_the_card_is_drawn():
    # L409: "You can play a pT card in response to an opponent drawing a card."
    units = [{"card": "earth-soldier", "controller": 0}, {"card": "snow-beast", "controller": 1}]
    state = table(seats=[{"t": 10, "deck": ["archo"]}, {"pt": 2, "hand": ["heat-stroke"]}], units=units)
    events, state = act(state, 0, DRAW)
    assert types(events) == ["window_opened"] and only(events, "window_opened").rule == "xi.response.draw"
    assert state.players[0].hand == [] and state.players[0].t == 10
    events, state = act(state, 1, play("heat-stroke"))
    assert types(events) == ["card_declared", "effect_started", "card_discarded", "card_drawn"]
    assert state.players[0].hand == ["archo"] and state.players[0].t == 7
    assert refused(state, 0, skirmish("u1", "u2"), IllegalAction).rule == "xi.card.heat-stroke"


def test_the_end_of_a_turn_may_be_answered_before_the_turn_ends():
    # L409: "You could play a pT card after a player has said they're ending their turn."
    state = table(seats=[{"t": 10}, {"pt": 2, "hand": ["flame-retardant"]}])
    events, state = act(state, 0, END)
    assert types(events) == ["window_opened"] and only(events, "window_opened").rule == "xi.response.end-turn"
    assert state.active == 0 and state.players[0].t == 10
    events, state = act(state, 1, play("flame-retardant"))
    assert types(events) == ["card_declared", "card_in_play", "turn_ended", "turn_started"]
    assert state.active == 1 and [card.card for card in state.in_play] == ["flame-retardant"]


def test_banking_opens_no_window():
    state = table(seats=[{"t": 10}, {"pt": 2, "hand": ["heat-stroke"]}])
    events, state = act(state, 0, {"type": "bank", "pt": 3})
    assert types(events) == ["time_banked"] and RULES.to_act(state) == 0


def test_a_pt_card_is_played_in_the_opponents_turn_only_in_a_window():
    state = table(seats=[{"t": 10}, {"pt": 2, "hand": ["heat-stroke"]}])
    error = refused(state, 1, play("heat-stroke"), NotYourTurn)
    assert error.rule == "xi.response.one" and "only in answer to a declaration" in error.reason
