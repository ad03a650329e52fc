"""Games of 3 and 4 (xi.house.free-for-all, L132 "2 or more players"): turns go clockwise, a
declaration's window passes seat by seat and the first answer closes it, a skirmish's defender is
asked first, and a player at 0 is out, with their cards, while two or more are left standing."""

from domain.contract import Event
from domain.rng import Rng
from domain.xi import RULES
from domain.xi.emitter import Emitter
from domain.xi.engine.checks import state_checks
from domain.xi.state import Effect
from tests.unit.events import only, types
from tests.unit.xi.builders import END, PASS, act, play, skirmish, table

NAMES = ["Ana", "Bo", "Cy", "Di"]
ANSWERING = {"pt": 2, "hand": ["dispel"]}


def test_a_game_of_three_or_four_is_set_up_and_its_turns_go_clockwise_from_the_first():
    for seats in (3, 4):
        state = RULES.setup(seats, {}, Rng("ffa")).state
        for seat in range(seats):
            state = act(state, seat, {"type": "bring_deck", "deck": "aqua"})[1]
        winner = RULES.to_act(state)
        events, state = act(state, winner, {"type": "choose_order", "first": False})
        first = (winner + 1) % seats
        assert only(events, "order_chosen").data["order"] == [(first + n) % seats for n in range(seats)]
        for turn in range(1, seats + 2):
            assert (state.turn, state.active) == (turn, (first + turn - 1) % seats)
            state = act(state, state.active, END)[1]


def test_the_first_seat_to_respond_closes_the_window():
    state = table(seats=[{"t": 10, "hand": ["earth-moth"]}, ANSWERING, ANSWERING])
    events, state = act(state, 0, play("earth-moth"))
    assert only(events, "window_opened").data["seat"] == 1
    events, state = act(state, 1, play("dispel"))
    assert "window_opened" not in types(events) and only(events, "card_prevented").data["by_seat"] == 1
    assert RULES.to_act(state) == 0 and state.players[2].hand == ["dispel"]  # Cy was never asked


def test_a_pass_hands_the_window_to_the_next_seat_in_turn_order():
    state = table(seats=[{"t": 10, "hand": ["earth-moth"]}, ANSWERING, ANSWERING, {}], active=0)
    _events, state = act(state, 0, play("earth-moth"))
    events, state = act(state, 1, PASS)
    assert types(events) == ["window_passed", "window_opened"] and RULES.to_act(state) == 2
    events, state = act(state, 2, PASS)  # Di holds no card: no window, and the moth comes in
    assert types(events) == ["window_passed", "unit_entered"] and RULES.to_act(state) == 0


def test_a_window_goes_round_the_table_from_the_declarer_past_a_player_who_is_out():
    out = {**ANSWERING, "out": True, "life": 0}
    state = table(seats=[ANSWERING, out, {"t": 10, "hand": ["earth-moth"]}, ANSWERING], active=2)
    events, state = act(state, 2, play("earth-moth"))
    assert only(events, "window_opened").data["seat"] == 3
    events, state = act(state, 3, PASS)
    assert only(events, "window_opened").data["seat"] == 0  # Bo is out: never asked
    events, state = act(state, 0, PASS)
    assert types(events) == ["window_passed", "unit_entered"] and RULES.to_act(state) == 2


def test_a_skirmish_asks_its_defender_first_then_the_others_from_the_attacker():
    units = [{"card": "earth-soldier", "controller": 0}, {"card": "earth-moth", "controller": 2}]
    state = table(seats=[{"t": 10}, ANSWERING, ANSWERING], units=units)
    events, state = act(state, 0, skirmish("u1", "u2"))
    assert only(events, "window_opened").data["seat"] == 2
    events, state = act(state, 2, PASS)
    assert only(events, "window_opened").data["seat"] == 1


def test_a_skirmish_targets_any_opponents_unit_or_any_opponent_without_one():
    units = [{"card": "earth-soldier", "controller": 0}, {"card": "earth-moth", "controller": 2}]
    state = table(seats=[{"t": 10}, {}, {}], units=units)
    assert [action["target"] for action in RULES.legal_actions(state, 0) if action["type"] == "skirmish"] == [1, "u2"]


def test_a_player_at_0_in_a_game_of_three_is_out_with_their_cards_and_the_game_goes_on():
    units = [{"card": "snow-beast", "controller": 0}]
    spells = [{"card": "flood", "controller": 2}, {"card": "rainfall", "controller": 1}]
    state = table(seats=[{"t": 10}, {}, {"life": 3, "hand": ["dispel"]}], units=units, spells=spells)
    events, state = act(state, 0, skirmish("u1", 2))
    out = only(events, "player_out")
    assert out.rule == "xi.house.free-for-all" and out.data == {"seat": 2, "cards": ["s2"]}
    assert "game_ended" not in types(events) and RULES.to_act(state) == 0
    assert state.players[2].out and state.players[2].discard == ["flood"] and [c.iid for c in state.in_play] == ["s3"]
    assert RULES.describe(out, NAMES) == "Cy has 0 life and is out of the game; 1 of their cards leave play"
    assert RULES.view(state, None)["players"][2]["out"]
    _events, state = act(state, 0, END)
    assert state.active == 1
    _events, state = act(state, 1, END)
    assert state.active == 0  # Cy's turn is passed over
    assert [action["target"] for action in RULES.legal_actions(state, 0) if action["type"] == "skirmish"] == [1]


def test_the_last_player_standing_wins_and_the_fallen_score_0():
    units = [{"card": "snow-beast", "controller": 0}]
    state = table(seats=[{"t": 10}, {"life": 3}, {"life": 0}], units=units)
    state.players[2].out = True
    events, state = act(state, 0, skirmish("u1", 1))
    ended = only(events, "game_ended")
    assert ended.data == {"reason": "zero-life", "winners": [0], "fallen": [1]}
    assert RULES.outcome(state).scores == [40, 0, 0] and RULES.describe(ended, NAMES) == "Bo has 0 life; Ana wins"


def test_the_units_a_player_out_had_taken_go_back_and_the_units_they_own_leave_play():
    # Seat 2 holds Bo's moth under its control (a steal), and its own soldier is held by Ana.
    units = [{"card": "earth-moth", "controller": 1}, {"card": "earth-soldier", "controller": 2}]
    state = table(seats=[{}, {}, {"life": 0}, {}], units=units)
    state.effects = [Effect("master-game-player", ["u1"], "1", "set", 2, 3),
                     Effect("master-game-player", ["u2"], "1", "set", 0, 4)]
    state.clock = 4
    em = Emitter(state, None)
    state_checks(em, 0)
    assert types(em.events) == ["effect_ended", "player_out"]
    assert em.events[-1].data == {"seat": 2, "cards": ["u2"]}
    assert [(unit.uid, unit.controller) for unit in em.state.units] == [("u1", 1)] and em.state.effects == []
    folded = state
    for event in em.events:
        folded = RULES.evolve(folded, Event(event.type, event.rule, event.data))
    assert folded == em.state


def test_resigning_in_a_game_of_three_ends_it_and_the_others_win_together():
    state = table(seats=[{"t": 10}, {}, {}])
    events, state = act(state, 1, {"type": "resign"})
    assert only(events, "resigned").data["winners"] == [0, 2] and RULES.outcome(state).winners == [0, 2]
    assert RULES.describe(events[0], NAMES) == "Bo resigns; Ana and Cy win"


def test_a_player_who_falls_in_their_own_turn_is_out_and_the_next_seat_plays_at_once():
    # Ana pays her last 4 life for two cards (Pact of Cinders): out of the game, and Bo's turn starts.
    seats = [{"t": 10, "life": 4, "hand": ["pact-of-cinders"], "deck": ["scorch", "fireball"]}, {}, {}]
    state = table(seats=seats, units=[{"card": "ember-imp", "controller": 0}])
    events, after = act(state, 0, play("pact-of-cinders"))
    out = types(events).index("player_out")
    assert types(events)[out + 1:] == ["turn_ended", "turn_started"] and events[-1].data["seat"] == 1
    assert after.players[0].out and after.players[0].t == 0 and after.active == 1 and RULES.to_act(after) == 1
    assert after.units == [] and after.players[0].discard == ["pact-of-cinders", "ember-imp"]


def test_a_card_whose_declarer_an_answer_put_out_goes_to_their_discard_pile_unplayed():
    # Bo answers Ana's Fireball at Cy with an Ember Spark to her face at 2 life: she is out, her
    # Fireball goes to her discard pile without resolving, and Bo's turn starts.
    seats = [{"t": 10, "life": 2, "hand": ["fireball"]}, {"pt": 1, "hand": ["ember-spark"]}, {"life": 20}]
    state = act(table(seats=seats), 0, play("fireball", 2))[1]
    events, after = act(state, 1, play("ember-spark", 0))
    assert "player_out" in types(events) and after.players[2].life == 20  # the Fireball did nothing
    assert after.players[0].discard == ["fireball"] and after.active == 1 and RULES.to_act(after) == 1
