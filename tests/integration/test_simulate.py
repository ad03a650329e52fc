"""`chronicle simulate`: a bot's games beside a random player's, as the games' pages (docs/games/) show them.
(The 1,000-game figures are `make bench`'s; here a small sample.)"""

from cli.chronicle import main


def test_simulate_prints_scores_and_the_share_of_each_title_for_the_bot_and_a_random_player(capsys):
    assert main(["simulate", "court", "--games", "60", "--bot", "autoplayer"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "The Court of Xiang Chi, 60 games each (seeds sim-0 to sim-59)"
    assert out[2].split() == ["autoplayer", "random"]
    rows = {line[:26].strip(): line[26:].split() for line in out[3:] if line.strip()}
    assert set(rows) >= {"score median", "Commoner (Shumin)", "Emperor/Empress", "median title"}
    shares = [float(rows[title][0].rstrip("%")) for title in rows if "(" in title or title == "Emperor/Empress"]
    assert abs(sum(shares) - 100) < 0.5, "every game has one title"
    autoplayer_median, random_median = (float(value) for value in rows["score median"])
    assert autoplayer_median > random_median + 15, "the autoplayer plays far better than chance"
    assert any(line.startswith("median title") and "ranks above random" in line for line in out)


def test_simulate_names_the_bots_a_game_has_when_asked_for_another(capsys):
    assert main(["simulate", "court", "--games", "2", "--bot", "deep-blue"]) == 2
    assert "has no bot 'deep-blue' (it has: autoplayer, random, search)" in capsys.readouterr().err


def test_simulating_xanadu_reports_game_length_score_spread_and_how_often_each_building_is_built(capsys):
    assert main(["simulate", "xanadu", "--games", "12", "--bot", "builder"]) == 0
    out = capsys.readouterr().out
    assert "decisions a game" in out and "score 10th to 90th" in out
    assert "built per game by builder (of 75 buildings):" in out and "  most:  " in out


def test_simulating_xi_prints_each_named_deck_against_each_as_sold_and_with_the_faqs_removals(capsys):
    from domain import registry
    from services.offline.deck_matches import named_decks

    decks = named_decks(registry.get("xi"))[:2]  # two of them, to keep it short
    chosen = [word for name in decks for word in ("--deck", name)]
    assert main(["simulate", "xi", "--games", "2", "--workers", "1", *chosen]) == 0  # the bot: Xi's own, general
    out = capsys.readouterr().out.splitlines()
    assert out[2].split() == ["general", "random"]
    titles = [index for index, line in enumerate(out) if line.startswith("Decks, general against general")]
    assert len(titles) == 2 and "as sold" in out[titles[0]]
    assert "with the FAQ's removals (Everwind, Endless Jet, Flame Retardant, Snow Beast)" in out[titles[1]]
    for title in titles:
        header, rows = out[title + 2], out[title + 3:title + 3 + len(decks)]
        assert header.split() == decks
        assert [row.split()[0] for row in rows] == decks
        for row in rows:
            shares = [float(cell.rstrip("%")) for cell in row.split()[1:]]
            assert len(shares) == len(decks) and all(share in (0, 50, 100) for share in shares)  # of 2 games
        assert out[title + 3 + len(decks)].endswith(f"of {2 * len(decks) ** 2} games drawn")


def test_simulating_names_the_decks_a_game_has_when_asked_for_another(capsys):
    assert main(["simulate", "xi", "--games", "1", "--deck", "no-such-deck"]) == 2
    assert "Xi Cards has no named deck 'no-such-deck' (it has: " in capsys.readouterr().err


def test_simulating_tianxia_prints_li_mus_wins_at_each_difficulty_with_intervals(capsys):
    """Tianxia's difficulty table (docs/games/tianxia.md), on a small sample: Li Mu's share of wins against the steward
    and the random player at each level, the levels in rising order, and the verdict."""
    assert main(["simulate", "tianxia", "--games", "12"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2].split() == ["steward", "random"], "the steward is Tianxia's bot to measure"
    assert any(line.startswith("won by the rival") for line in out)
    table = out[out.index("Li Mu's wins by difficulty, 12 games a level (95% Wilson intervals)"):]
    rows = {line.split()[0]: line.split()[1:] for line in table[3:7]}
    assert list(rows) == ["easy", "normal", "hard", "emperor"]
    against_random = [float(row[4].rstrip("%")) for row in rows.values()]
    assert against_random == [100.0] * 4, "a random player never beats Li Mu"
    assert table[7].startswith("rises from easy to normal to hard to emperor against steward, intervals apart: ")


def test_a_fixed_difficulty_is_simulated_alone(capsys):
    assert main(["simulate", "tianxia", "--games", "3", "--option", 'difficulty="emperor"']) == 0
    assert "Li Mu's wins by difficulty" not in capsys.readouterr().out
