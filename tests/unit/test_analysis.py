"""The analysis engine (domain.analysis): a decision judged from its seat's view alone (two tables
with one view get one analysis, in every game), the same numbers when asked again, marks by the
game's thresholds, and the accuracy's curve."""

from __future__ import annotations

import math

import pytest

from domain import analysis, registry
from domain.rng import Rng

SEARCHING = [name for name, rules in registry.GAMES.items() if "search" in rules.bots]


def a_position(rules, seats: int, seed: str, moves: int = 6):
    """A table after a few random decisions (and the rules' own turns) with a seat to decide among
    several actions: (state, seat)."""
    rng = Rng(seed, "position")
    bot = analysis.bot_at(rules, 1)
    state = bot._rules_turns(rules.setup(seats, {}, Rng(seed, "setup")).state, rng)
    made = 0
    while (seat := rules.to_act(state)) is not None:
        legal = rules.legal_actions(state, seat)
        if made >= moves and len(legal) > 1:
            return state, seat
        state = bot._step(state, seat, rng.choice(legal), rng)
        made += 1
    raise AssertionError(f"{rules.name}: the game ended before a decision with a choice")


@pytest.mark.parametrize("game", SEARCHING)
def test_two_tables_with_one_view_get_one_analysis(game):
    rules = registry.get(game)
    state, seat = a_position(rules, rules.seats[0], f"one-view-{game}")
    view = rules.view(state, seat)
    # Two other tables the seat cannot tell from this one: what it cannot see dealt otherwise.
    others = [rules.search.determinize(view, Rng(f"other-{number}", "deal")) for number in range(2)]
    assert all(rules.view(other, seat) == view for other in others)
    assert others[0] != others[1] or others[0] != state, "the tables differ in what the seat cannot see"
    played = rules.legal_actions(state, seat)[-1]
    bot = analysis.bot_at(rules, 1)
    judged = [analysis.judge(rules, bot, table, seat, played, analysis.step_rng("seed", 9))
              for table in (state, *others)]
    assert judged[0] == judged[1] == judged[2]


def test_asking_again_gives_identical_numbers_and_another_seed_may_not():
    rules = registry.get("chi")
    state, seat = a_position(rules, 2, "again")
    played = rules.legal_actions(state, seat)[0]
    bot = analysis.bot_at(rules, 1)
    first = analysis.judge(rules, bot, state, seat, played, analysis.step_rng(analysis.analysis_seed("g"), 4))
    again = analysis.judge(rules, bot, state, seat, played, analysis.step_rng(analysis.analysis_seed("g"), 4))
    assert first == again
    assert analysis.analysis_seed("g") != analysis.analysis_seed("g", analysis.ANALYSIS_VERSION + 1)
    assert first["loss"] == round(first["best_expected"] - first["played_expected"], 4) >= 0
    assert first["best"] in rules.legal_actions(state, seat) and first["expected_before"] == first["best_expected"]


def test_marks_follow_the_games_thresholds():
    inaccuracy, mistake, blunder = analysis.thresholds("chi")
    assert analysis.mark("chi", 0.0) is None
    assert analysis.mark("chi", inaccuracy - 0.001) is None
    assert analysis.mark("chi", inaccuracy) == "inaccuracy"
    assert analysis.mark("chi", mistake) == "mistake"
    assert analysis.mark("chi", blunder) == "blunder" == analysis.mark("chi", 1.0)
    for game in SEARCHING:  # every game with a search bot sets its own terms, beside its search hooks
        assert registry.get(game).search.analysis is not None, game


def test_a_seat_alone_is_judged_in_the_games_points():
    court = registry.get("court")
    state, seat = a_position(court, 1, "alone-court")
    played = court.legal_actions(state, seat)[0]
    numbers = analysis.judge(court, analysis.bot_at(court, 1), state, seat, played, analysis.step_rng("seed", 3))
    # An expected final score as the Court counts it (its honours' points), not a share of 0 to 1.
    assert numbers["expected_before"] > 1 and analysis.unit(court) == "points"
    assert analysis.thresholds("court", 1) == court.search.analysis.points_thresholds
    assert analysis.thresholds("court", 1) != analysis.thresholds("court", 2)
    whole = court.search.analysis.points_whole
    assert analysis.accuracy([whole], "court", 1) == analysis.accuracy([1.0]) < 1.0
    assert analysis.accuracy([whole / 10], "court", 1) == analysis.accuracy([0.1])
    tianxia = registry.get("tianxia")
    assert analysis.unit(tianxia, 1) == "prestige" and analysis.unit(tianxia, 2) == "win chance"


def test_every_compared_action_is_judged_on_the_same_samples_as_the_played_one():
    rules = registry.get("xanadu")
    state, seat = a_position(rules, 2, "paired-xanadu", moves=10)
    legal = rules.legal_actions(state, seat)
    assert len(legal) > 2
    bot = analysis.bot_at(rules, 2)
    results = bot.paired_values(rules.view(state, seat), legal, analysis.step_rng("seed", 1), keep=legal[-1])
    most = max(len(judged) for judged in results.values())
    assert len(results[analysis.action_key(legal[-1])]) == most, "the played action reaches the last round"
    assert sum(len(judged) for judged in results.values()) <= bot.budget.playouts + len(legal)
    again = bot.paired_values(rules.view(state, seat), legal, analysis.step_rng("seed", 1), keep=legal[-1])
    assert again == results


def test_a_difference_within_the_noise_is_no_loss_and_a_steady_one_is():
    played = [1.0, 0.0, 1.0, 0.0, 1.0, 0.0]
    luckier = [1.0, 1.0, 1.0, 0.0, 0.0, 1.0]  # better on average, worse on one sample in three
    steadily = [1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
    fewer = [1.0, 1.0]  # left behind by the halving: judged on fewer samples, never picked
    keys = ["played", "luckier", "fewer"]
    assert analysis.better_than_played({"played": played, "luckier": luckier, "fewer": fewer}, keys, "played") == "played"
    results = {"played": played, "luckier": luckier, "steadily": steadily}
    assert analysis.better_than_played(results, ["played", "luckier", "steadily"], "played") == "steadily"


def test_the_accuracy_is_100_without_loss_and_falls_as_losses_grow():
    assert analysis.accuracy([0.0, 0.0]) == 100.0
    assert analysis.accuracy([]) is None
    assert analysis.accuracy([0.0, 0.3]) < analysis.accuracy([0.0, 0.1]) < 100.0
    assert analysis.move_accuracy(1.0) == 0.0


def test_one_blunder_among_good_decisions_is_not_averaged_away():
    """lichess's game accuracy: the plain mean of nine perfect decisions and one that threw the game
    away would be 90; the harmonic half of the accuracy makes it a game with a blunder in it."""
    blundered = analysis.accuracy([0.0] * 9 + [1.0])
    assert blundered < 60
    # The same loss spread thin over every decision is a steadier game than one throw-away.
    assert analysis.accuracy([0.1] * 10) > blundered
    # And ten inaccuracies still fall short of a clean game.
    assert analysis.accuracy([0.1] * 10) < analysis.accuracy([0.0] * 10) == 100.0


def test_xanadu_counts_a_playout_cut_short_by_the_seats_lead_in_tong_bao():
    """A Xanadu playout stops 30 decisions on, long before the end: the seat ahead there in tong bao
    (scored, and what its buildings would score now) is the likelier winner, the further ahead the
    likelier, and two seats' chances make one."""
    rules = registry.get("xanadu")
    state, _ = a_position(rules, 2, "lead-xanadu", moves=60)
    leads = analysis.terms(rules).leads(state)
    scores = rules.scores(state)
    assert leads == [scores[0] - scores[1], scores[1] - scores[0]] and leads[0] != 0
    chances = [analysis.lead_chance(rules, state, seat) for seat in (0, 1)]
    assert sum(chances) == pytest.approx(1.0)
    ahead = 0 if leads[0] > 0 else 1
    assert chances[ahead] > 0.5 > chances[1 - ahead]
    slope, _ = analysis.terms(rules).calibration
    assert 1 / (1 + math.exp(-slope * 7)) == pytest.approx(0.73, abs=0.01)  # 7 tong bao ahead: about 73%


def test_a_long_game_counts_each_decisions_loss_for_more():
    """Xanadu's seats take some 130 decisions a game, Chi's some 16: the same loss of win chance is a
    bigger slip at Xanadu, where a game's stakes are spread over eight times as many decisions."""
    assert analysis.terms(registry.get("xanadu")).accuracy_scale > analysis.terms(registry.get("chi")).accuracy_scale
    assert analysis.accuracy([0.05] * 10, "xanadu") < analysis.accuracy([0.05] * 10, "chi") < 100.0
    assert analysis.accuracy([0.0] * 10, "xanadu") == 100.0
    # A seat's decisions a game over chess's 40 a side; a game shorter than chess keeps lichess's curve.
    assert analysis.accuracy_scale(131.5) == 3.3 and analysis.accuracy_scale(16) == 1.0


@pytest.mark.parametrize("game", SEARCHING)
def test_a_games_worth_lost_a_little_at_every_decision_costs_alike_in_every_game(game):
    """Losing a whole game's win chance a sliver at each of a typical game's decisions is as careless
    at Xanadu as in chess; and one decision that throws the whole game away costs all its accuracy."""
    scale = analysis.terms(registry.get(game)).accuracy_scale
    decisions = round(analysis.CHESS_DECISIONS * scale)
    chess = analysis.accuracy([1 / analysis.CHESS_DECISIONS] * analysis.CHESS_DECISIONS)
    assert analysis.accuracy([1 / decisions] * decisions, game) == pytest.approx(chess, abs=0.2)
    assert analysis.move_accuracy(1.0, scale) == 0.0


def test_a_loss_in_a_sharp_stretch_weighs_more_than_one_in_a_calm_one():
    """The weighted half of the accuracy counts each decision by how much the seat's expected result
    swung around it: the same loss costs more where the game was being decided."""
    calm_then_sharp = [0.5] * 10 + [0.9, 0.1, 0.8, 0.2, 0.9, 0.1, 0.8, 0.2, 0.9, 0.1]
    lost_when_calm = [0.2] + [0.0] * 19
    lost_when_sharp = [0.0] * 19 + [0.2]
    assert (analysis.accuracy(lost_when_sharp, expected=calm_then_sharp)
            < analysis.accuracy(lost_when_calm, expected=calm_then_sharp))
    # Without the expected results every decision weighs the same.
    assert analysis.accuracy(lost_when_sharp) == analysis.accuracy(lost_when_calm)


def test_the_plan_is_every_decision_a_seat_took_read_from_the_causes_alone():
    """Forced or chosen, by hand or by a standing rule: the plan cannot tell, so neither can any
    count made of it; the deal, a rival's turn, a takeback and the clock's move are not planned."""
    def decided(seat, action, version, **more):
        return {"seat": seat, "action": action, "rng": f"decision:{version}", "at": "t", **more}

    causes = [(2, {"setup": True, "rng": "setup", "at": "t"}),
              (3, decided(0, {"type": "play"}, 2)), (4, decided(0, {"type": "play"}, 2)),  # one decision, two events
              (5, decided(1, {"type": "pass"}, 4, standing=True, interrupt=True)),
              (6, decided(1, {"type": "pass"}, 5, interrupt=True)),
              (7, {"rules": "Li Mu", "rng": "decision:6", "at": "t"}),
              (8, decided(0, {"type": "take_back"}, 7, takeback={"to_version": 4})),
              (9, decided(1, {"type": "end_turn"}, 8, clock={"seat": 1})),
              (10, decided(0, {"type": "draw"}, 9))]
    planned = analysis.planned_decisions([{"version": version, "cause": cause} for version, cause in causes])
    assert [(each.step, each.seat) for each in planned] == [(2, 0), (4, 1), (5, 1), (9, 0)]


def test_a_decision_passed_over_while_the_game_runs_costs_the_playouts_of_a_judgement():
    """How soon a running game's decisions are done must not single out the forced ones."""
    rules = registry.get("chi")
    state, seat = a_position(rules, 2, "alike")
    bot = analysis.bot_at(rules, 1)
    played_out = []
    real = bot._played_out
    bot._played_out = lambda *args: played_out.append(1) or real(*args)
    analysis.judge(rules, bot, state, seat, rules.legal_actions(state, seat)[0], analysis.step_rng("s", 3))
    judged, played_out[:] = len(played_out), []
    analysis.judge_alike(rules, bot, state, seat, analysis.step_rng("s", 3))
    assert len(played_out) == bot.budget.playouts and abs(judged - len(played_out)) <= bot.budget.playouts // 10


def test_a_games_calibration_spreads_its_win_chances_without_changing_which_action_is_best():
    """A playout cut short scores by the lead, which bunches win chances near the middle; the game's
    Platt scaling stretches them into win chances, never reordering two actions."""
    stretch = (3.0, 0.0)
    assert analysis.calibrated(0.6, None) == analysis.calibrated(0.6, (1.0, 0.0)) == 0.6
    assert analysis.calibrated(0.5, stretch) == 0.5
    assert analysis.calibrated(0.6, stretch) > 0.7 and analysis.calibrated(0.4, stretch) < 0.3
    rewards = [0.0, 0.05, 0.3, 0.45, 0.5, 0.55, 0.7, 0.95, 1.0]
    stretched = [analysis.calibrated(reward, stretch) for reward in rewards]
    assert stretched == sorted(stretched) and stretched[0] < 0.001 and stretched[-1] > 0.999
    rules = registry.get("xanadu")
    state, seat = a_position(rules, 2, "calibrated-xanadu", moves=10)
    legal = rules.legal_actions(state, seat)
    bot = analysis.bot_at(rules, 1)
    view = rules.view(state, seat)
    plain = analysis.judge_view(bot, view, legal, legal[-1], analysis.step_rng("seed", 2))
    scaled = analysis.judge_view(bot, view, legal, legal[-1], analysis.step_rng("seed", 2), calibration=stretch)
    assert scaled["best"] == plain["best"]
    assert abs(scaled["played_expected"] - 0.5) >= abs(plain["played_expected"] - 0.5)
