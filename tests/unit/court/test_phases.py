"""Phase 1B, Phase 2 and Phase 3, and the end of a turn."""

from domain.court import RULES
from domain.court.state import BUY, FIGHT
from tests.unit.court.builders import DECLINE, SKIP, act, table
from tests.unit.events import only, types


def test_phase_1b_discards_the_rightmost_court_card_and_pays_one_cp_plus_one_per_tax_collector():
    court = {0: ["tax-collector-sun-1"], 1: ["tax-collector-moon-1"], 2: ["tax-collector-earth-1", "poet-sun-1"]}
    state = table(row=["poet-moon-1", "minister-sun-1", "courtesan-earth-3", "daemon-9"], court=court, cp=0)
    events, after = act(state, SKIP)
    assert only(events, "row_card_discarded").data == {"slot": 2, "card": "courtesan-earth-3"}
    assert only(events, "income").data["cp"] == 1 + 2
    # 1B: the Earth Courtesan goes, the two cards left of it slide right, a card is drawn next to the
    # deck; then Phase 3 takes the Sun Minister (a Prince is in the row) the same way.
    assert after.row == ["courtesan-moon-1", "courtesan-sun-1", "poet-moon-1", "daemon-9"]
    assert after.daemon_court == ["minister-sun-1"]
    assert "courtesan-earth-3" in after.discard


def test_phase_2_offers_a_fight_only_when_a_daemon_prince_can_be_defeated():
    state = table(row=["poet-moon-1", "daemon-1", "courtesan-earth-3", "minister-sun-1"], cp=10)
    _, after = act(state, SKIP)
    assert after.phase == FIGHT and RULES.legal_actions(after, 0) == [{"type": "fight", "slot": 2, "pay": 4}, DECLINE]
    poor = table(row=["poet-moon-1", "daemon-9", "courtesan-earth-3", "minister-sun-1"], cp=0)
    events, after = act(poor, SKIP)
    passed = only(events, "fight_passed")
    assert passed.data == {"automatic": True} and passed.rule == "court.house.no-fight"


def test_phase_3_the_daemon_princes_take_the_rightmost_other_card_into_their_court():
    state = table(row=["poet-moon-1", "daemon-1", "courtesan-earth-3", "minister-sun-1"], cp=10)
    _, fight = act(state, SKIP)
    events, after = act(fight, DECLINE)
    took = only(events, "daemons_took")
    assert took.rule == "court.phase-3.daemons" and took.data["card"] == "courtesan-earth-3"
    assert after.daemon_court == ["courtesan-earth-3"] and after.phase == BUY
    assert types(events)[-1] == "turn_started"


def test_without_a_daemon_prince_in_the_row_phase_3_takes_nothing():
    state = table(row=["poet-moon-1", "minister-sun-2", "courtesan-earth-3", "minister-sun-1"])
    events, after = act(state, SKIP)
    assert "daemons_took" not in types(events) and after.daemon_court == []


def test_with_only_daemon_princes_in_the_row_phase_1b_discards_nothing_but_pays_and_phase_3_takes_nothing():
    state = table(row=["daemon-9", "daemon-8", "daemon-7", None], deck=[], rest=False, cp=0)
    events, after = act(state, SKIP)
    assert [e.data["phase"] for e in events if e.type == "only_daemons"] == ["1B", "3"]
    assert only(events, "income").data["cp"] == 1 and after.daemon_court == [] and after.discard == []
