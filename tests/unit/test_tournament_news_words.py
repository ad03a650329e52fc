"""The words of a tournament's notices: its name, the players a table seats against you, the games
lost on time that withdrew you, a place."""

from domain.english import ordinal
from services.tournaments.news import games, heading, listed


def test_a_tournament_is_named_by_its_game_its_format_and_its_organiser():
    assert heading("Chi", "swiss", "oli") == "Chi, a Swiss by oli"
    assert heading("Chi", "round-robin", "oli") == "Chi, a round robin by oli"
    assert heading("Xanadu", "tables", "oli") == "Xanadu, a tables tournament by oli"


def test_opponents_are_listed_as_a_sentence_says_them():
    assert listed(["bob"]) == "bob"
    assert listed(["bob", "cai"]) == "bob and cai"
    assert listed(["bob", "cai", "di", "eve"]) == "bob, cai, di and eve"


def test_places_read_as_ordinals_the_teens_included():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"]


def test_games_lost_on_time_are_counted_as_a_sentence_says_them():
    assert [games(n) for n in (1, 2, 3)] == ["1 game", "2 games", "3 games"]
