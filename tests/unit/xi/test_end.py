"""The end of the game: resigning, a player at 0 life, both at 0 together, and the turn limit that
makes every game end."""

from domain.errors import GameOver
from domain.xi import RULES
from domain.xi.emitter import Emitter
from domain.xi.engine.checks import state_checks
from tests.unit.events import only, types
from tests.unit.xi.builders import act, play, prepared, refused, started, table

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


EMPTY = {"deck": []}
MOTH = [{"card": "earth-moth", "controller": 0}]  # 1 damage: somebody could still win


def ends(state, turns):
    """Each player on turn ends it, `turns` times; the events of the last and the table."""
    events = []
    for _ in range(turns):
        events, state = act(state, state.active, {"type": "end_turn"})
    return events, state


def test_three_quiet_turns_each_with_empty_decks_is_a_draw():
    # The first turn to end with every deck empty sets the table's life to beat; six more pass quiet.
    state = table(seats=[{"t": 10, **EMPTY}, EMPTY], units=MOTH)
    _events, state = ends(state, 6)
    assert state.quiet_turns == 5 and state.low_water == 83 and RULES.to_act(state) is not None
    events, state = ends(state, 1)
    ended = only(events, "game_ended")
    assert ended.rule == "xi.house.no-win" and ended.data == {"reason": "no-win", "winners": [], "quiet_turns": 6}
    assert RULES.outcome(state).winners == [] and RULES.outcome(state).reason == "nobody could win any more: a draw"
    assert RULES.describe(ended, ["Jack", "Jake"]).startswith("6 quiet turns with every deck empty")


def test_a_turn_that_leaves_less_life_on_the_table_than_ever_starts_the_quiet_count_again():
    state = table(seats=[{"t": 10, **EMPTY}, EMPTY], units=MOTH)
    _events, state = ends(state, 6)
    assert state.quiet_turns == 5 and state.active == 0
    _events, state = act(state, 0, {"type": "skirmish", "unit": "u1", "target": 1})  # Jake loses 1 life
    _events, state = ends(state, 1)
    assert state.quiet_turns == 0 and state.players[1].life == 39 and state.low_water == 82


def test_damage_healed_back_each_turn_is_no_way_to_win_and_the_game_is_drawn():
    # Jack's Moth chips Jake's Boulder Wall every turn; Jake's Earth Mender heals it back: the
    # table never has less life than before, so the turns are quiet and the game ends drawn.
    units = [{"card": "earth-moth", "controller": 0}, {"card": "boulder-wall", "controller": 1},
             {"card": "earth-mender", "controller": 1}]
    state = table(seats=[{"t": 10, **EMPTY}, EMPTY], units=units)
    for _ in range(20):
        if RULES.to_act(state) is None:
            break
        if state.active == 0:
            state = act(state, 0, {"type": "skirmish", "unit": "u1", "target": "u2"})[1]
        state = act(state, state.active, {"type": "end_turn"})[1]
    assert state.ended_by == "no-win" and state.turn < 12 and state.players[1].life == 40


def test_a_card_entering_play_does_not_stop_the_count():
    state = table(seats=[{"t": 10, **EMPTY, "hand": ["rainfall"]}, EMPTY], units=MOTH, turn=10)
    _events, state = ends(state, 4)
    assert state.quiet_turns == 3 and state.active == 0
    _events, state = act(state, 0, play("rainfall"))
    _events, state = ends(state, 1)
    assert state.quiet_turns == 4


def test_quiet_turns_count_only_once_every_deck_is_empty():
    state = table(seats=[{"t": 10, "deck": ["earth-moth"]}, EMPTY], units=MOTH)
    _events, state = ends(state, 8)
    assert state.quiet_turns == 0 and RULES.to_act(state) is not None


def test_a_table_on_which_nothing_can_change_life_is_a_draw_at_once():
    # Every deck and hand empty; Passive Treeman deals 0, Rainfall changes no life: nobody can win.
    state = table(seats=[{"t": 10, **EMPTY}, EMPTY], units=[{"card": "passive-treeman", "controller": 0}],
                  spells=[{"card": "rainfall", "controller": 1}])
    events, state = act(state, 0, {"type": "bank", "pt": 1})
    ended = only(events, "game_ended")
    assert ended.rule == "xi.house.no-win" and ended.data["winners"] == [] and RULES.to_act(state) is None
    assert RULES.describe(ended, ["Jack", "Jake"]).startswith("Every deck and hand is empty")


def test_a_card_in_hand_a_unit_with_damage_or_a_card_that_changes_life_keeps_the_game_going():
    for seats, units, spells in (([{"t": 10, **EMPTY, "hand": ["dispel"]}, EMPTY], [], []),
                                 ([{"t": 10, **EMPTY}, EMPTY], MOTH, []),
                                 ([{"t": 10, **EMPTY}, EMPTY], [], [{"card": "collective-rage", "controller": 1}])):
        state = table(seats=seats, units=units, spells=spells)
        _events, state = act(state, 0, {"type": "bank", "pt": 1})
        assert RULES.to_act(state) == 0, (units, spells)
