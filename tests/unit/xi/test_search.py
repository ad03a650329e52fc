"""Xi's search bot: the general bot's move, overruled only where paired playouts show another
clearly better; every move legal, the same view and stream giving the same move."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.bots import DeckChoosing
from domain.rng import Rng
from domain.search import SearchBot
from domain.xi import RULES
from services.offline.deck_matches import play_game

OWN = RULES.bots["search"]
GENERAL = RULES.bots["general"]
QUICK = SearchBot(RULES, replace(OWN.budget, playouts=8))  # the game's own search, fewer playouts


class Recorded:
    """A bot that checks each move of `bot` is among the legal actions it was given, and keeps
    each decision that had a choice to make, with the general bot's move from the same view."""

    def __init__(self, bot):
        self.bot, self.name, self.version = bot, bot.name, bot.version
        self.choices: list[tuple[dict, dict]] = []

    def choose(self, view, legal, rng):
        chosen = self.bot.choose(view, legal, rng)
        assert chosen in legal, chosen
        if len(legal) > 1 and legal[0]["type"] not in OWN.budget.left_to_bot:
            self.choices.append((chosen, GENERAL.choose(view, legal, rng)))
        return chosen


def test_it_plays_a_whole_game_against_the_general_bot_with_legal_moves_only():
    searching = Recorded(QUICK)
    winners = play_game(RULES, [DeckChoosing(searching, {"type": "bring_deck", "deck": "stone"}),
                                DeckChoosing(GENERAL, {"type": "bring_deck", "deck": "ember"})], "xi-search-legal")
    assert winners and len(searching.choices) > 10


class Enough(Exception):
    """As many choices as the test needs were seen."""


def test_when_no_evidence_can_overrule_it_it_plays_the_general_bots_own_move():
    rigid = SearchBot(RULES, replace(QUICK.budget, evidence=1e9))

    class FirstChoices(Recorded):
        def choose(self, view, legal, rng):
            if len(self.choices) == 15:
                raise Enough
            return super().choose(view, legal, rng)

    played = FirstChoices(rigid)
    with pytest.raises(Enough):
        play_game(RULES, [played, GENERAL], "xi-search-rigid")
    assert all(chosen == general for chosen, general in played.choices)


class Overruled(Exception):
    """The search bot chose otherwise than the general bot would have."""


class StopsWhenOverruling(Recorded):
    def choose(self, view, legal, rng):
        chosen = super().choose(view, legal, rng)
        if self.choices and self.choices[-1][0] != self.choices[-1][1]:
            raise Overruled(self.choices[-1])
        return chosen


def test_the_search_overrules_the_general_bot_somewhere_in_a_game():
    # The same game as above with the game's own evidence: not a copy of the general bot. The game
    # stops at the first move it overrules (the rest of it would prove nothing more).
    with pytest.raises(Overruled):
        play_game(RULES, [StopsWhenOverruling(QUICK), GENERAL], "xi-search-rigid")


def test_the_same_view_and_stream_give_the_same_move():
    state = RULES.setup(2, {}, Rng("xi-search-same", "setup")).state
    for number in range(200):
        seat = RULES.to_act(state)
        view, legal = RULES.view(state, seat), RULES.legal_actions(state, seat)
        if len(legal) > 3 and legal[0]["type"] not in OWN.budget.left_to_bot:
            break
        state = RULES.decide(state, seat, GENERAL.choose(view, legal, Rng("move", str(number))),
                             Rng("rules", str(number))).state
    else:
        raise AssertionError("no decision with a choice to make")
    assert QUICK.choose(view, legal, Rng("same", "bot")) == QUICK.choose(view, legal, Rng("same", "bot"))


def test_its_moves_name_a_version_of_their_own():
    # Its moves differ from those the tree search made: an audit of a game it played re-runs
    # this version, and refuses a move recorded under another.
    assert OWN.budget.evidence is not None and OWN.version == OWN.budget.version != SearchBot.version
    assert OWN.at_strength(1).version == OWN.version
