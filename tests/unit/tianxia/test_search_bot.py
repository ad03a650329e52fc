"""Tianxia's search bot, alone against Li Mu: every move it makes is one of the legal actions it
was given, from the first decision to the end of the game."""

from domain.tianxia.game import RULES
from services.offline.simulation import play_out


class Legal:
    """The search bot, with every move it makes checked against the legal actions it was given."""

    def __init__(self, bot):
        self.bot, self.name, self.version, self.moves = bot, bot.name, bot.version, 0

    def choose(self, view, legal, rng):
        chosen = self.bot.choose(view, legal, rng)
        assert chosen in legal, (chosen, legal)
        self.moves += 1
        return chosen


def test_the_search_plays_a_whole_game_against_li_mu_at_hard_with_legal_moves_only():
    bot = Legal(RULES.bots["search"].at_strength(1))  # the game's own search, on fewer playouts
    outcome, decisions = play_out(RULES, bot, "search-legal", {"difficulty": "hard"})
    assert outcome is not None and outcome.detail["rival"]["kind"] == "li-mu"
    assert 0 < bot.moves <= decisions  # Li Mu's turns are the rules', not the bot's
