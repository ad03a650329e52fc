"""Every card power, acting only on the topmost card of each space of the Royal Court."""

from domain.court import RULES
from domain.court.state import BUY, POWER
from tests.unit.court.builders import DECLINE, act, buy, refused, table
from tests.unit.events import only, types

QUIET = ["courtesan-sun-1", "courtesan-moon-1", "courtesan-earth-1", "poet-moon-2"]


def test_a_minister_collects_each_tax_collectors_vp_plus_one_for_its_own_clan():
    court = {0: ["tax-collector-sun-1"], 1: ["tax-collector-moon-3"], 2: ["tax-collector-earth-1", "poet-earth-1"]}
    state = table(row=["minister-sun-1", *QUIET[:3]], court=court, cp=10)
    events, after = act(state, buy(0, 5))
    paid = only(events, "minister_paid")
    assert paid.data["cp"] == (1 + 1) + 2, "the Sun collector pays 1 + 1 (same clan), the Moon one 2"
    assert paid.data["from"] == ["tax-collector-sun-1", "tax-collector-moon-3"], "a covered collector pays nothing"
    assert after.cp == 10 - 0 + 4


def test_a_poet_gains_the_vp_of_each_top_card_of_its_clan_itself_included():
    court = {0: ["minister-sun-2"], 1: ["general-sun-1"], 2: ["courtesan-moon-2"], 3: ["poet-sun-1", "minister-earth-1"]}
    state = table(row=["poet-sun-3", *QUIET[:3]], court=court)
    events, after = act(state, buy(0, 4))
    honoured = only(events, "poet_honoured")
    assert honoured.data["vp"] == 1 + 2 + 1 and after.vp == 4
    assert sorted(honoured.data["cards"]) == ["general-sun-1", "minister-sun-2", "poet-sun-3"]


def tax_table():
    court = {0: ["poet-moon-1"], 1: ["minister-moon-3"], 2: ["general-sun-1"]}
    _, state = act(table(row=["tax-collector-moon-1", *QUIET[:3]], court=court), buy(0, 4))
    return state


def test_a_tax_collector_may_discard_one_other_card_of_its_clan_for_its_vp():
    state = tax_table()
    assert state.phase == POWER and state.pending["power"] == "tax"
    offered = RULES.legal_actions(state, 0)
    assert offered == [{"type": "tax_for_vp", "space": 0}, {"type": "tax_for_cp", "space": 0},
                       {"type": "tax_for_vp", "space": 1}, {"type": "tax_for_cp", "space": 1}, DECLINE]
    events, after = act(state, {"type": "tax_for_vp", "space": 1})
    assert only(events, "tax_collected").data["amount"] == 2 and after.vp == 2
    assert after.court[1] == [] and "minister-moon-3" in after.discard
    assert after.phase == BUY and after.turn == state.turn + 1, "one card only; the turn goes on"


def test_or_for_cp_and_then_the_card_goes_to_the_court_of_the_daemon_princes():
    events, after = act(tax_table(), {"type": "tax_for_cp", "space": 1})
    assert after.cp == 10 - 2 + 2 and after.daemon_court == ["minister-moon-3"]
    assert RULES.view(after, 0)["penalty"] == 2


def test_a_tax_collector_may_also_let_it_be_and_a_card_of_another_clan_is_not_offered():
    state = tax_table()
    refused(state, {"type": "tax_for_vp", "space": 2}, "court.power.tax-collector")
    _, after = act(state, DECLINE)
    assert after.court[0] == ["poet-moon-1"] and after.vp == 0


def general_table(generals, daemon="daemon-5"):
    court = dict(enumerate([[general] for general in generals]))
    return table(row=["general-earth-1", daemon, *QUIET[:2]], court=court)


def test_a_general_placed_fights_at_once_with_every_general_plus_two_for_three_clans():
    state = general_table(["general-sun-3", "general-moon-2"])
    events, state = act(state, buy(0, 2))
    assert state.pending == {"power": "fight", "space": 2, "then": "fight", "refill_after": False}
    assert RULES.view(state, 0)["generals_strength"] == 3 + 3 + 2 + 2
    assert RULES.legal_actions(state, 0) == [{"type": "fight", "slot": 1, "pay": 0}, DECLINE]
    events, after = act(state, {"type": "fight", "slot": 1, "pay": 0})
    defeated = only(events, "daemon_defeated")
    assert defeated.rule == "court.power.general" and after.vp == 2 and after.defeated == ["daemon-5"]
    assert "daemon-5" not in after.row


def test_the_generals_may_be_helped_with_cp_one_for_one_but_pay_exactly_what_they_lack():
    _, state = act(general_table(["general-sun-1"], daemon="daemon-7"), buy(0, 2))
    assert RULES.legal_actions(state, 0)[0] == {"type": "fight", "slot": 1, "pay": 10 - (2 + 2)}
    refused(state, {"type": "fight", "slot": 1, "pay": 7}, "court.house.exact-pay")
    _, after = act(state, {"type": "fight", "slot": 1, "pay": 6})
    assert after.cp == 10 - 0 - 6 and after.vp == 3


def test_a_courtesan_is_exchanged_on_a_later_turn_for_a_card_of_equal_vp_whose_power_acts():
    court = {2: ["general-moon-1", "courtesan-sun-2"], 0: ["tax-collector-moon-1"]}
    state = table(row=["poet-earth-1", "minister-moon-2", *QUIET[:2]], court=court, placed_on={2: 1}, turn=2)
    exchange = {"type": "exchange", "space": 2, "slot": 1}
    assert exchange in RULES.legal_actions(state, 0)
    events, after = act(state, exchange)
    assert types(events)[:2] == ["courtesan_exchanged", "minister_paid"], "the power acts, then the row refills"
    assert types(events)[-1] == "card_drawn"
    assert after.court[2] == ["general-moon-1", "minister-moon-2"] and "courtesan-sun-2" in after.discard
    assert after.cp == 10 + 1 + 1 and after.phase == BUY, "free, and a purchase may still follow"
    assert not [a for a in RULES.legal_actions(after, 0) if a["type"] == "exchange"], "once per Phase 1A"


def test_a_courtesan_is_not_exchanged_on_the_turn_it_came_nor_for_a_card_of_other_vp():
    state = table(row=["poet-earth-1", "minister-moon-2", "general-earth-1", QUIET[0]], court={2: ["courtesan-sun-2"]},
                  placed_on={2: 2}, turn=2)
    refused(state, {"type": "exchange", "space": 2, "slot": 1}, "court.power.courtesan")
    state.placed_on = [0, 0, 1, 0, 0, 0, 0, 0]
    refused(state, {"type": "exchange", "space": 2, "slot": 2}, "court.power.courtesan")


def test_powers_read_only_the_top_card_of_each_space():
    court = {0: ["poet-sun-1", "courtesan-earth-2"]}
    state = table(row=["poet-sun-2", *QUIET[:3]], court=court)
    events, _ = act(state, buy(0, 1))
    assert only(events, "poet_honoured").data["cards"] == ["poet-sun-2"], "the covered Sun Poet does not count"
