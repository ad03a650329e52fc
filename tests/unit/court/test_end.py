"""The end of the game, the final score and the Aristocracy title."""

from domain.court import RULES
from domain.court.state import OVER
from domain.court.table import title
from tests.unit.court.builders import SKIP, act, table
from tests.unit.events import only


def test_four_daemon_princes_in_society_row_end_the_game_after_phase_3():
    state = table(row=["daemon-1", "daemon-2", "daemon-3", "poet-sun-1"], deck=["daemon-4"], cp=0, vp=20,
                  daemon_court=["minister-moon-3"])
    events, after = act(state, SKIP)
    ended = only(events, "game_ended")
    assert after.phase == OVER and ended.data["reason"] == "four-daemons"
    assert ended.data["score"] == 20 + 1 // 3 - 2 and RULES.to_act(after) is None
    outcome = RULES.outcome(after)
    assert outcome.scores == [18] and outcome.detail["title"] == "Yeoman (Shi)"


def test_the_ninth_daemon_prince_drawn_ends_the_game():
    state = table(row=["poet-moon-1", "minister-sun-1", "courtesan-earth-3", "minister-sun-2"], deck=["daemon-9"],
                  drawn_daemons=8, cp=12, vp=30)
    events, after = act(state, SKIP)
    assert only(events, "game_ended").data["reason"] == "all-daemons-drawn", "no CP to fight the Prince drawn"
    # Phase 3 came first: the Princes took the Earth Courtesan (3 VP) into their court.
    assert after.daemon_court == ["courtesan-earth-3"]
    assert RULES.outcome(after).scores == [30 + (12 + 1) // 3 - 3]


def test_the_aristocracy_titles_and_a_score_below_one_is_a_commoner():
    assert [title(score) for score in (-4, 0, 15, 16, 25, 26, 40, 41, 55, 56, 70, 71, 99)] == [
        "Commoner (Shumin)", "Commoner (Shumin)", "Commoner (Shumin)", "Yeoman (Shi)", "Yeoman (Shi)",
        "Bureaucrat (Daifu)", "Bureaucrat (Daifu)", "Minister (Qing)", "Minister (Qing)", "Noble (Zhuhou)",
        "Noble (Zhuhou)", "Emperor/Empress", "Emperor/Empress"]
