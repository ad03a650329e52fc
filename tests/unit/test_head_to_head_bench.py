"""bench/bot_strength.py's head to head: two bots (the search bot at a strength, as the tournament
command names one) on both seats of the same deals, so that neither the deal nor the seat decides."""

from bench.bot_strength import head_to_head, seated
from domain import registry

CHI = registry.get("chi")


def test_a_bot_named_with_a_strength_is_the_search_bot_at_that_strength():
    own = CHI.bots["search"].budget.playouts
    assert seated(CHI, "search:1").budget.playouts == own // 4
    assert seated(CHI, "search:3").budget == CHI.bots["search"].budget
    assert seated(CHI, "greedy") is CHI.bots["greedy"]


def test_a_bot_against_itself_scores_half_as_every_deal_is_played_from_both_seats():
    # The same bot on the same deal plays the same game from either seat: one of the two is its win.
    figures = head_to_head("chi", "random", "random", deals=4)
    assert figures["games"] == 8 and figures["won"] == 4 and figures["both"] == figures["neither"] == 0


def test_the_greedy_bot_beats_the_random_one_from_both_seats():
    figures = head_to_head("chi", "greedy", "random", deals=3)
    assert figures["won"] == 6 and figures["both"] == 3
    assert figures["low"] > 0.5, "six of six is a win rate above half with 95% confidence"


def test_every_pairing_of_named_decks_plays_its_share_of_the_games():
    # Xi's four starters make 16 pairings: 16 games are one of each, and the general bot wins
    # them all against the random player, whichever deck either brings.
    from bench.bot_strength import every_deck, every_deck_line

    figures = every_deck("xi", "general", "random", games=16, workers=1)
    assert figures["pairings"] == 16 and figures["games"] == 16 and figures["won"] == 16
    assert figures["cpu"] > 0 and figures["slowest"] >= figures["mean"]
    assert "16 games, every pairing of the 16 pairings of named decks" in every_deck_line("xi", "general", "random", figures)


def test_the_search_line_counts_each_game_from_the_bots_own_seat_with_seats_alternated():
    from bench.bot_strength import searching

    # The greedy bot wins every one of these games of Chi, whichever seat it has.
    assert searching("chi", "greedy", "random", games=4, workers=1)["rate"] == 1.0
    assert searching("chi", "random", "greedy", games=4, workers=1)["rate"] == 0.0


def test_the_solitaire_line_compares_the_two_bots_deal_by_deal():
    from bench.bot_strength import solitaire
    from services.offline.simulation import play_out

    court = registry.get("court")
    figures = solitaire("court", "autoplayer", "random", games=3, workers=1)
    scores = {bot: [play_out(court, court.bots[bot], f"sim-{number}")[0].scores[0] for number in range(3)]
              for bot in ("autoplayer", "random")}
    assert figures["median"] == {bot: sorted(got)[1] for bot, got in scores.items()}
    assert figures["better"] == sum(1.0 if mine > other else 0.5 if mine == other else 0.0
                                    for mine, other in zip(scores["autoplayer"], scores["random"])) / 3
