"""The search bot, over any game that deals tables from a seat's view (Chi, the Court, Xanadu): it
plays only legal actions, the same view and stream give the same move, and a small sample shows it
beating the random player. (Its strength against each game's best heuristic bot is `make bench`'s.)"""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain import registry
from domain.rng import Rng
from domain.search import Budget, SearchBot, action_key
from services.offline.deck_matches import play_game
from services.offline.simulation import play_out

CHI = registry.get("chi")
COURT = registry.get("court")
XANADU = registry.get("xanadu")
QUICK = SearchBot(CHI, Budget(playouts=120, tables=4, depth=30))


def test_the_search_bot_beats_the_random_player_at_chi():
    wins = 0
    for number in range(4):
        seats = [QUICK, CHI.bots["random"]] if number % 2 == 0 else [CHI.bots["random"], QUICK]
        wins += (number % 2) in play_game(CHI, seats, f"search-{number}")
    assert wins == 4


def test_the_same_view_and_stream_give_the_same_move_and_another_stream_may_differ():
    state = CHI.setup(2, {}, Rng("search-same", "setup")).state
    seat = CHI.to_act(state)
    view, legal = CHI.view(state, seat), CHI.legal_actions(state, seat)
    first = QUICK.choose(view, legal, Rng("search-same", "bot"))
    assert QUICK.choose(view, legal, Rng("search-same", "bot")) == first and first in legal


def test_a_single_legal_action_is_taken_without_searching():
    class NoDeal:
        def determinize(self, view, rng):
            raise AssertionError("nothing to search")

    only = [{"type": "pass"}]
    assert SearchBot(NoDeal()).choose({}, only, Rng("search-one")) is only[0]


def test_each_step_of_strength_doubles_the_thinking_and_the_default_is_the_games_own_budget():
    own = CHI.bots["search"]
    assert own.at_strength(3).budget == own.budget
    assert own.at_strength(5).budget.playouts == 4 * own.budget.playouts
    assert own.at_strength(1).budget.playouts == own.budget.playouts // 4
    assert QUICK.at_strength(1).budget.playouts >= QUICK.budget.tables, "every dealt table is searched at least once"
    assert (own.at_strength(1).name, own.at_strength(1).version) == (own.name, own.version)


def test_a_strength_changes_only_the_number_of_playouts_never_how_they_are_played():
    # More strength is more of the same search: the tables dealt, the playouts' bot and depth and
    # the anchor stay the game's own, so a stronger bot never searches worse, only longer.
    for name in registry.GAMES:
        own = registry.get(name).bots.get("search")
        if own is None:
            continue
        playouts = [own.at_strength(level).budget.playouts for level in own.strengths]
        assert playouts == sorted(set(playouts)), (name, playouts)
        for level in own.strengths:
            assert replace(own.at_strength(level).budget, playouts=own.budget.playouts) == own.budget, (name, level)


def test_a_strength_off_the_scale_is_refused():
    for level in (0, 6, "3"):
        with pytest.raises(ValueError, match="strength is one of 1, 2, 3, 4, 5"):
            CHI.bots["search"].at_strength(level)


def test_a_games_own_search_bot_keeps_its_kind_at_any_strength():
    for name in registry.GAMES:
        bot = registry.get(name).bots.get("search")
        if bot is not None:
            assert type(bot.at_strength(1)) is type(bot), name

class Legal:
    """A bot that checks every move of `bot` is among the legal actions it was given."""

    def __init__(self, bot):
        self.bot, self.name, self.version, self.moves = bot, bot.name, bot.version, 0

    def choose(self, view, legal, rng):
        chosen = self.bot.choose(view, legal, rng)
        assert chosen in legal
        self.moves += 1
        return chosen


def test_a_small_court_search_plays_a_whole_solitaire_with_legal_moves():
    """Playouts by the autoplayer to the end of the game, as the registered budget plays them."""
    bot = Legal(SearchBot(COURT, Budget(playouts=6, tables=2, depth=100, exploration=0.05, playout_bot="autoplayer")))
    outcome, decisions = play_out(COURT, bot, "search-court")
    assert outcome is not None and bot.moves == decisions > 0
    assert outcome.detail["title"] in COURT.titles


def test_a_search_by_paired_playouts_beats_the_random_player_at_chi_with_legal_moves():
    paired = Legal(SearchBot(CHI, Budget(playouts=60, tables=4, depth=30, evidence=0.0)))
    wins = 0
    for number in range(4):
        seats = [paired, CHI.bots["random"]] if number % 2 == 0 else [CHI.bots["random"], paired]
        wins += (number % 2) in play_game(CHI, seats, f"paired-{number}")
    assert wins == 4 and paired.moves > 0


def test_a_search_by_paired_playouts_gives_the_same_move_for_the_same_view_and_stream():
    bot = SearchBot(CHI, Budget(playouts=40, tables=2, depth=20, playout_bot="greedy", anchor=0.01, evidence=0.0))
    state = CHI.setup(2, {}, Rng("paired-same", "setup")).state
    seat = CHI.to_act(state)
    view, legal = CHI.view(state, seat), CHI.legal_actions(state, seat)
    first = bot.choose(view, legal, Rng("paired-same", "bot"))
    assert bot.choose(view, legal, Rng("paired-same", "bot")) == first and first in legal


def test_a_small_xanadu_search_plays_a_whole_game_against_the_builder_with_legal_moves():
    bot = Legal(SearchBot(XANADU, Budget(playouts=4, tables=2, depth=6, playout_bot="builder")))
    winners = play_game(XANADU, [bot, XANADU.bots["builder"]], "search-xanadu")
    assert winners and bot.moves > 0


def test_the_court_and_xanadu_register_a_search_bot_whose_playouts_are_their_own_heuristic_bot():
    for rules, heuristic in ((COURT, "autoplayer"), (XANADU, "builder")):
        bot = rules.bots["search"]
        assert isinstance(bot, SearchBot) and bot.budget.playout_bot == heuristic


@pytest.mark.parametrize("evidence", [None, 0.0], ids=["tree", "paired"])
def test_anchored_to_a_margin_no_reward_can_beat_the_search_plays_the_heuristics_own_move(evidence):
    rigid = SearchBot(CHI, Budget(playouts=16, tables=2, depth=10, playout_bot="greedy", anchor=1.0, evidence=evidence))
    greedy = CHI.bots["greedy"]
    state = CHI.setup(2, {}, Rng("anchor", "setup")).state
    compared = 0
    for number in range(40):
        seat = CHI.to_act(state)
        if seat is None:
            break
        view, legal = CHI.view(state, seat), CHI.legal_actions(state, seat)
        if len(legal) > 1:
            assert rigid.choose(view, legal, Rng("anchor", f"bot-{number}")) == greedy.choose(
                view, legal, Rng("anchor", f"bot-{number}"))
            compared += 1
        state = CHI.decide(state, seat, greedy.choose(view, legal, Rng("anchor", f"move-{number}")),
                           Rng("anchor", f"rules-{number}")).state
    assert compared > 10


class GivenPlayouts(SearchBot):
    """A search by evidence whose heuristic always plays the first legal action and whose paired
    playouts came out as given (action type -> the reward on each sample it was judged on)."""

    def __init__(self, rewards: dict[str, list[float]]):
        super().__init__(CHI, Budget(playouts=40, playout_bot="greedy", anchor=0.02, evidence=2.0))
        self.rewards = rewards

    def _playout_player(self):
        return type("First", (), {"choose": staticmethod(lambda view, legal, rng: legal[0])})()

    def paired_values(self, view, legal, rng, keep=None, points=None):
        return {action_key({"type": kind}): judged for kind, judged in self.rewards.items()}


def test_an_action_dropped_after_two_samples_never_overrules_the_heuristic_however_well_it_did():
    legal = [{"type": "heuristics"}, {"type": "lucky"}, {"type": "survivor"}]
    kept = [0.5, 0.4, 0.6, 0.5, 0.45, 0.55, 0.5, 0.4, 0.6, 0.5]
    lucky = [0.95, 0.96]  # a gain of 0.5 on two samples, with almost no spread
    rng = Rng("finalists", "bot")
    assert GivenPlayouts({"heuristics": kept, "lucky": lucky}).choose(None, legal, rng) == legal[0]
    # One that survived to the end, judged on every sample the heuristic's move was, does overrule it
    # by a clear gain, even beside the lucky one's larger mean.
    survivor = [reward + 0.1 + 0.01 * (index % 3) for index, reward in enumerate(kept)]
    chosen = GivenPlayouts({"heuristics": kept, "lucky": lucky, "survivor": survivor}).choose(None, legal, rng)
    assert chosen == legal[2]


def test_the_decisions_left_to_the_heuristic_are_its_alone():
    xi = registry.get("xi")
    state = xi.setup(2, {}, Rng("left-to-bot", "setup")).state
    seat = xi.to_act(state)
    legal = xi.legal_actions(state, seat)
    assert legal[0]["type"] in xi.bots["search"].budget.left_to_bot, "a game of Xi opens with the decks brought"
    view = xi.view(state, seat)
    assert xi.bots["search"].choose(view, legal, Rng("left", "bot")) == xi.bots["general"].choose(view, legal, Rng("left", "bot"))


def test_the_search_takes_unchecked_only_the_actions_the_table_it_stands_on_lists():
    taken = {"checked": 0, "trusted": 0}

    def counted(way, decide):
        def counting(state, seat, action, rng):
            taken[way] += 1
            assert way == "checked" or action in CHI.legal_actions(state, seat)
            return decide(state, seat, action, rng)
        return counting

    rules = replace(CHI, decide=counted("checked", CHI.decide), decide_trusted=counted("trusted", CHI.decide_trusted),
                    advance=counted("trusted", CHI.advance))  # the trusted path's table alone
    bot = SearchBot(rules, Budget(playouts=12, tables=2, depth=10))
    state = CHI.setup(2, {}, Rng("search-trusted", "setup")).state
    seat = CHI.to_act(state)
    legal = CHI.legal_actions(state, seat)
    chosen = bot.choose(CHI.view(state, seat), legal, Rng("search-trusted", "bot"))
    assert chosen == SearchBot(CHI, bot.budget).choose(CHI.view(state, seat), legal, Rng("search-trusted", "bot"))
    assert taken["checked"] <= 12 < taken["trusted"]


def test_an_actions_key_is_its_canonical_json_whatever_the_order_of_its_fields():
    import json

    from domain.search import action_key

    action = {"type": "play", "card": "Rain Dancer é", "target": [1, None], "choice": 2.5}
    canonical = json.dumps(action, sort_keys=True, separators=(",", ":"))
    assert action_key(action) == canonical == action_key(dict(reversed(list(action.items()))))


def test_every_action_a_game_lists_keys_as_its_canonical_json():
    import json

    from domain import rules_turns
    from domain.search import action_key

    for name in sorted(registry.GAMES):
        rules = registry.get(name)
        state = rules.setup(rules.seats[1], rules.new_game_options({}), Rng("action-keys", "setup")).state
        chooser = Rng("action-keys", name)
        for number in range(150):
            if (played := rules_turns.play_due(rules, state, Rng("action-keys", f"rules:{number}"))) is None:
                if (seat := rules.to_act(state)) is None:
                    break
                legal = rules.legal_actions(state, seat)
                for action in legal:
                    assert action_key(action) == json.dumps(action, sort_keys=True, separators=(",", ":")), name
                played = rules.decide(state, seat, chooser.choice(legal), Rng("action-keys", f"decision:{number}"))
            state = played.state
