"""The steward, Tianxia's bot for a person's seat, plays for prestige: it beats the random player
at every table size, and Li Mu beats it more often the harder he is set. (The 1,000-game table
is docs/games/tianxia.md's, from `chronicle simulate tianxia`; here a small sample.)"""

from __future__ import annotations

from domain import registry
from services.offline.deck_matches import play_game
from services.offline.simulation import play_out

RULES = registry.get("tianxia")


def test_the_steward_beats_random_players_at_tables_of_two_three_and_four():
    for players in (2, 3, 4):
        wins = 0
        for number in range(12):
            seat = number % players
            bots = [RULES.bots["random"]] * players
            bots[seat] = RULES.bots["steward"]
            wins += seat in play_game(RULES, bots, f"steward-{players}-{number}")
        assert wins >= 11, f"{wins} of 12 games won at a table of {players}"


def test_li_mu_beats_the_steward_less_often_at_easy_than_at_emperor():
    beaten = {level: sum(play_out(RULES, "steward", f"level-{number}", {"difficulty": level})[0].beaten_by is not None
                         for number in range(30))
              for level in ("easy", "emperor")}
    assert beaten["easy"] < beaten["emperor"], beaten
    assert beaten["easy"] < 25 and beaten["emperor"] > 24, beaten

