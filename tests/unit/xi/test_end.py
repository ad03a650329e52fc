"""The end of the game in the skeleton: resigning, and the turn limit that makes every game end."""

from domain.errors import GameOver
from domain.xi import RULES
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
    assert RULES.open_actions(state, resigning) == [{"type": "resign"}]
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
