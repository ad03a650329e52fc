"""Setting up: 40 life each, one opening card each, and a coin whose winner chooses to go first
or second; the first player's first turn then starts with 6T."""

from domain.errors import IllegalAction, NotYourTurn
from domain.xi import RULES
from tests.unit.events import only, types
from tests.unit.xi.builders import act, decks_in, prepared, refused


def test_each_player_begins_with_40_life_points():
    state = prepared()
    assert [seat.life for seat in state.players] == [40, 40]
    assert RULES.view(state, None)["players"][1]["life"] == 40


def test_each_player_draws_one_card_before_the_game_starts_for_free():
    events, state = decks_in()
    drawn = [event for event in events if event.type == "card_drawn"]
    assert [(e.data["seat"], e.rule, e.data["cost"]) for e in drawn] == [
        (0, "xi.setup.draw-one", {"t": 0, "pt": 0}), (1, "xi.setup.draw-one", {"t": 0, "pt": 0})]
    assert [len(seat.hand) for seat in state.players] == [1, 1]
    assert [len(seat.deck) for seat in state.players] == [29, 29]


def test_the_coin_is_tossed_by_the_seeded_generator_after_the_opening_draws():
    events, _state = decks_in("coin")
    assert types(events)[-1] == "coin_tossed" and events[-1].rule == "xi.setup.coin"
    winners = {only(decks_in(f"seed-{n}")[0], "coin_tossed").data["winner"] for n in range(12)}
    assert winners == {0, 1}
    assert decks_in("coin")[0][-1] == events[-1]


def test_the_coin_winner_chooses_to_go_first_or_second():
    events, state = decks_in("coin")
    winner = events[-1].data["winner"]
    assert RULES.to_act(state) == winner
    assert RULES.legal_actions(state, winner) == [{"type": "choose_order", "first": True},
                                                  {"type": "choose_order", "first": False}]
    first_events, first = act(state, winner, {"type": "choose_order", "first": True})
    assert only(first_events, "order_chosen").data == {"seat": winner, "first": True, "order": [winner, 1 - winner]}
    assert first.active == first.first == winner
    second = act(state, winner, {"type": "choose_order", "first": False})[1]
    assert second.active == second.first == 1 - winner


def test_only_the_coin_winner_chooses():
    events, state = decks_in("coin")
    loser = 1 - events[-1].data["winner"]
    refused(state, loser, {"type": "choose_order", "first": True}, NotYourTurn)
    assert RULES.legal_actions(state, loser) == []


def test_no_turn_action_is_taken_before_the_order_is_chosen():
    events, state = decks_in("coin")
    error = refused(state, events[-1].data["winner"], {"type": "end_turn"}, IllegalAction)
    assert error.rule == "xi.house.coin-choice"
