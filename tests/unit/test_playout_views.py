"""The smaller views the search hands its playout bots (`SearchHooks.playout_views`): on every
decision of a dozen seeded games, the bot makes the same choice on it as on the whole view (and
draws the same randoms), every key it holds is one the bot reads, and it is built from what the
seat may see alone: a table dealt from the seat's view gives the same playout view."""

from __future__ import annotations

from functools import lru_cache

import pytest

from domain import registry, rules_turns
from domain.rng import Rng

GAMES = 12
MOST_DECISIONS = 400  # per game: enough of a game's decisions, whichever its length
RANDOM_EVERY = 5  # every fifth decision a random legal action, as a search's tree tries them

# Keys a bot reads only on positions these games do not reach, each with where it reads them.
RARELY_READ = {
    ("xi", "general"): {"deck": "the worth of a statement's tag to the cards left in the deck (values._tag_worth)"},
    ("tianxia", "steward"): {"rival": "whether a full barge's last worker is Li Mu's (Judgement.on_barge)"},
}
CASES = [(name, bot) for name in registry.GAMES if (rules := registry.get(name)).search is not None
         for bot in rules.search.playout_views]


@lru_cache(maxsize=None)
def decisions(game: str, bot_name: str) -> list[tuple]:
    """(table, seat, legal) at every decision with a choice of GAMES seeded games played by the bot
    at every seat, a random legal action now and then; the seat counts the game allows in turn."""
    rules = registry.get(game)
    bot = rules.bots[bot_name]
    low, high = rules.seats
    found = []
    for number in range(GAMES):
        seed = f"playout-view-{number}"
        seats = low + number % (high - low + 1)
        state = rules.setup(seats, rules.new_game_options({}), Rng(seed, "setup")).state
        chooser = Rng(seed, "chooser")
        for step in range(MOST_DECISIONS):
            played = rules_turns.play_due(rules, state, Rng(seed, f"rules:{step}"))
            if played is None:
                seat = rules.to_act(state)
                if seat is None:
                    break
                legal = rules.legal_actions(state, seat)
                if len(legal) > 1:
                    found.append((state, seat, legal))
                action = (chooser.choice(legal) if step % RANDOM_EVERY == RANDOM_EVERY - 1
                          else bot.choose(rules.view(state, seat), legal, Rng(seed, f"bot:{step}")))
                played = rules.decide(state, seat, action, Rng(seed, f"decision:{step}"))
            state = played.state
    return found


def choice(bot, view, legal, seed: str) -> tuple:
    """The bot's choice on `view` and the next draw of its stream after it (or the error raised)."""
    rng = Rng(seed)
    try:
        return bot.choose(view, legal, rng), rng.below(2**63)
    except (KeyError, TypeError, IndexError) as error:
        return type(error).__name__, str(error)


def test_every_games_own_search_hands_its_playout_bot_a_playout_view():
    for name in registry.GAMES:
        search = registry.get(name).bots.get("search")
        if search is not None and search.budget.playout_bot is not None:
            assert (name, search.budget.playout_bot) in CASES, name
    assert {name for name, _ in CASES} >= {"chi", "court", "xanadu", "xi", "tianxia"}


@pytest.mark.parametrize("game, bot_name", CASES)
def test_the_playout_bot_makes_the_same_choices_on_its_playout_view_as_on_the_whole_view(game, bot_name):
    rules = registry.get(game)
    bot, playout_view = rules.bots[bot_name], rules.search.playout_views[bot_name]
    found = decisions(game, bot_name)
    assert len(found) > 10 * GAMES
    for number, (state, seat, legal) in enumerate(found):
        whole = choice(bot, rules.view(state, seat), legal, f"same-{number}")
        assert choice(bot, playout_view(state, seat), legal, f"same-{number}") == whole, f"decision {number}"
        assert whole[0] in legal


@pytest.mark.parametrize("game, bot_name", CASES)
def test_every_key_of_a_playout_view_is_one_its_bot_reads(game, bot_name):
    rules = registry.get(game)
    bot, playout_view = rules.bots[bot_name], rules.search.playout_views[bot_name]
    found = decisions(game, bot_name)
    rare = RARELY_READ.get((game, bot_name), {})
    shown = set().union(*(playout_view(state, seat) for state, seat, _ in found))  # a view may show less in some phases
    unread = shown - set(rare)
    for number, (state, seat, legal) in enumerate(found):
        view = playout_view(state, seat)
        whole = choice(bot, view, legal, f"keys-{number}")
        for key in sorted(unread):
            without = {name: value for name, value in view.items() if name != key}
            if choice(bot, without, legal, f"keys-{number}") != whole:
                unread.discard(key)
        if not unread:
            break
    assert not unread, "no choice changes without these"
    assert set(rare) <= shown


@pytest.mark.parametrize("game, bot_name", CASES)
def test_a_playout_view_shows_only_what_the_seat_may_see(game, bot_name):
    rules = registry.get(game)
    playout_view = rules.search.playout_views[bot_name]
    for number, (state, seat, _) in enumerate(decisions(game, bot_name)[::7]):
        dealt = rules.search.determinize(rules.view(state, seat), Rng("playout-view-deal", str(number)))
        assert playout_view(dealt, seat) == playout_view(state, seat), f"decision {number * 7}"
