"""The end of the game: resigning, a player at 0 life, both at 0 together, and the turn limit that
makes every game end."""

from domain.errors import GameOver
from domain.xi import RULES
from domain.xi.decide import Emitter
from domain.xi.checks import state_checks
from tests.unit.events import only, types
from tests.unit.xi.builders import act, prepared, refused, started, table

END = {"type": "end_turn"}


def test_turn_400_ends_in_a_draw():
    state = table(seats=[{"t": 10}, {}], turn=399)
    events, state = act(state, 0, END)
    assert not state.winners and state.turn == 400
    events, state = act(state, 1, END)
    ended = only(events, "game_ended")
    assert ended.rule == "xi.house.turn-limit" and ended.data == {"reason": "turn-limit", "winners": []}
    assert types(events) == ["turn_ended", "game_ended"] and RULES.to_act(state) is None
    assert RULES.outcome(state).winners == [] and RULES.outcome(state).is_tie


def test_resigning_ends_the_game_and_the_other_player_wins():
    state = started()
    resigning = 1 - state.active
    assert RULES.open_actions(state, resigning)[0] == {"type": "resign"}
    events, state = act(state, resigning, {"type": "resign"})
    assert only(events, "resigned").data == {"seat": resigning, "winners": [1 - resigning]}
    outcome = RULES.outcome(state)
    assert outcome.winners == [1 - resigning] and outcome.reason == "a player resigned"
    assert outcome.scores == [40, 40]


def test_a_player_may_resign_while_the_decks_are_being_brought():
    _events, state = act(prepared(), 1, {"type": "resign"})
    assert state.winners == [0] and RULES.to_act(state) is None


def test_nothing_is_decided_once_the_game_is_over():
    state = act(started(), 0, {"type": "resign"})[1]
    assert refused(state, 1, END, GameOver)
    assert RULES.legal_actions(state, 1) == [] and RULES.open_actions(state, 1) == []


def test_a_player_at_0_life_loses_and_the_other_wins():
    state = table(seats=[{}, {"life": 3}], units=[{"card": "snow-beast", "controller": 0}])
    events, state = act(state, 0, {"type": "skirmish", "unit": "u1", "target": 1})
    ended = only(events, "game_ended")
    assert ended.rule == "xi.end.zero-life" and ended.data == {"reason": "zero-life", "winners": [0], "fallen": [1]}
    assert state.players[1].life == 0 and RULES.to_act(state) is None  # life stops at 0 (xi.house.life-floor)
    outcome = RULES.outcome(state)
    assert outcome.winners == [0] and outcome.scores == [40, 0] and outcome.reason == "a player's life reached 0"
    assert RULES.describe(ended, ["Jack", "Jake"]) == "Jake has 0 life; Jack wins"


def test_damage_past_0_is_recorded_whole_and_life_stops_at_0():
    state = table(seats=[{}, {"life": 1}], units=[{"card": "snow-beast", "controller": 0}])
    events, state = act(state, 0, {"type": "skirmish", "unit": "u1", "target": 1})
    assert only(events, "damage_dealt").data["amount"] == 4 and state.players[1].life == 0


def test_both_players_at_zero_together_is_a_draw():
    state = table(seats=[{"life": 0}, {"life": 0}])
    em = Emitter(state, None)
    state_checks(em, 0)
    ended = only(em.events, "game_ended")
    assert ended.rule == "xi.house.together-at-zero" and ended.data["winners"] == [] and ended.data["fallen"] == [0, 1]
    outcome = RULES.outcome(em.state)
    assert outcome.winners == [] and outcome.is_tie and "together" in outcome.reason
