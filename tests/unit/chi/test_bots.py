"""The bots choose one of the legal actions from the seat's view, and the greedy one plays well."""

from domain.chi import RULES
from domain.chi.state import Conflict
from domain.rng import Rng
from tests.unit.chi.builders import PASS, attack, chi, play, table
from tests.unit.chi.playouts import play_out

GREEDY, RANDOM = RULES.bots["greedy"], RULES.bots["random"]


def choice(bot, state, seed="bot"):
    seat = RULES.to_act(state)
    legal = RULES.legal_actions(state, seat)
    action = bot.choose(RULES.view(state, seat), legal, Rng(seed))
    assert any(action is option for option in legal), "the bot must return an element of legal unchanged"
    return action


def test_the_bots_are_registered_with_a_name_and_version():
    assert {name: (bot.name, bot.version) for name, bot in RULES.bots.items()} == {
        "random": ("random", "1"),
        "greedy": ("greedy", "1"),
        "search": ("search", "1"),
    }


def test_every_bot_choice_in_a_game_is_one_of_the_legal_actions():
    for bot in (RANDOM, GREEDY):
        for n in range(5):
            play_out(f"bot-{bot.name}-{n}", bots=(bot, bot))  # play_out fails on an illegal choice


def test_a_bot_given_the_same_view_and_seed_chooses_the_same_action():
    state = table(hands=[["yang-gold-1", "yin-red-1", "chi-1"], ["chi-2"]])
    for bot in (RANDOM, GREEDY):
        assert choice(bot, state, "same") == choice(bot, state, "same")


def test_the_greedy_bot_attacks_an_exposed_6_point_yang():
    state = table(hands=[["yang-red-1", "yin-gold-1", "chi-1"], ["chi-2"]], areas=[[], [["yang-gold-1"]]])
    assert choice(GREEDY, state) == attack("yin-gold-1", "yang-gold-1")


def test_the_greedy_bot_stacks_a_3_to_make_it_immune():
    state = table(hands=[["yang-red-2", "yang-blue-1", "yin-pink-1"], ["chi-2"]], areas=[[["yang-red-1"]], []])
    assert choice(GREEDY, state) == play("yang-red-2")


def test_the_greedy_bot_spends_a_chi_to_save_a_6_point_yang_and_keeps_it_for_a_3():
    for target, expected in (("yang-gold-1", chi("chi-1")), ("yang-red-1", PASS)):
        conflict = Conflict(attacker=1, defender=0, yin=f"yin-{target.split('-')[1]}-1", target=target, chi=[], to_decide=0, last_played=1)
        state = table(
            hands=[["chi-1", "yin-blue-1"], ["yin-pink-1"]], areas=[[[target]], []], phase="conflict", current=1,
            conflict=conflict,
        )
        assert choice(GREEDY, state) == expected


def test_the_greedy_bot_beats_the_random_bot_in_most_games():
    wins = 0
    for n in range(60):
        greedy_seat = n % 2
        bots = (GREEDY, RANDOM) if greedy_seat == 0 else (RANDOM, GREEDY)
        outcome = RULES.outcome(play_out(f"duel-{n}", bots=bots).state)
        wins += outcome.winners == [greedy_seat]
    assert wins >= 50
