"""Where a player stands in a tournament, in words, from what GET /api/tournaments/{id} shows:
entered while it is open, their place while it runs and what it counts, withdrawn, placed."""

from __future__ import annotations

from web.pages.tournament_words import standing_words, your_part

ANA, BO = "player-ana", "player-bo"


def tournament(status: str, rounds: list[dict] | None = None, bo_withdrawn: bool = False, on_time: bool = False,
               organiser: str = ANA) -> dict:
    entrants = [{"name": "ana", "player": ANA, "withdrawn": False, "withdrawn_on_time": False},
                {"name": "Gus", "bot": "greedy", "withdrawn": False, "withdrawn_on_time": False},
                {"name": "bo", "player": BO, "withdrawn": bo_withdrawn, "withdrawn_on_time": on_time}]
    standings = [{"place": n, "player": name} for n, name in enumerate(["Gus", "bo", "ana"], 1)]
    return {"status": status, "organiser": {"id": organiser, "name": "ana"}, "entrants": entrants,
            "standings": standings, "rounds": rounds or []}


def a_round(number: int, closed: bool = False, ended: bool = False, byes: tuple = ()) -> dict:
    return {"round": number, "closed": closed, "byes": list(byes),
            "tables": [{"players": ["ana", "bo"], "places": [1, 2] if ended else None}]}


def words(shown: dict, player: str = BO) -> str:
    return standing_words(shown, your_part(shown, player))


def test_while_it_is_open_a_player_entered_or_organised_it():
    assert words(tournament("open")) == "you entered"
    assert words(tournament("open"), ANA) == "you organised it and entered"
    assert words(tournament("open", organiser="player-oli"), "player-oli") == "you organised it"
    assert your_part(tournament("open"), BO)["place"] is None, "no place before round one"


def test_while_it_runs_the_place_says_which_rounds_it_counts():
    done, playing = a_round(1, closed=True, ended=True), a_round(2)
    assert words(tournament("running", [a_round(1)])) == "you are 2nd of 3 before any result"
    assert words(tournament("running", [done, playing])) == "you are 2nd of 3 after round 1"
    assert words(tournament("running", [done, a_round(2, ended=True)])) == "you are 2nd of 3 so far in round 2"
    assert words(tournament("running", [done, a_round(2, byes=("Gus",))])) == "you are 2nd of 3 so far in round 2"
    assert words(tournament("running", [done])) == "you are 2nd of 3 after round 1"


def test_a_withdrawn_player_is_told_how_and_keeps_their_final_place():
    assert words(tournament("running", [a_round(1)], bo_withdrawn=True)) == "you withdrew"
    assert words(tournament("running", [a_round(1)], bo_withdrawn=True, on_time=True)) == \
        "you were withdrawn after losing games on time"
    assert words(tournament("finished", [a_round(1, True, True)], bo_withdrawn=True)) == "you placed 2nd of 3; you withdrew"
    assert words(tournament("finished", [a_round(1, True, True)])) == "you placed 2nd of 3"


def test_a_player_out_of_the_field_before_round_one_withdrew_unless_they_only_organised_it():
    assert words(tournament("running", [a_round(1)]), "player-cy") == "you withdrew"
    assert words(tournament("finished", [a_round(1, True, True)], organiser="player-oli"), "player-oli") == \
        "you organised it"
