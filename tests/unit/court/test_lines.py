"""The Court's lines read against the table: which card's power acts on which card, and what the
treasury, the victory points and the Daemon Princes' penalty become."""

from domain.court import RULES
from tests.unit.court.builders import DECLINE, SKIP, act, buy, table
from tests.unit.events import lines_seen

QUIET = ["courtesan-sun-1", "courtesan-moon-1", "courtesan-earth-1", "poet-moon-2"]
NAMES = ["ana"]


def test_a_purchase_and_a_ministers_power_say_what_the_treasury_becomes():
    court = {0: ["tax-collector-sun-1"], 1: ["tax-collector-moon-3"]}
    state = table(row=["minister-sun-1", *QUIET[:3]], court=court, cp=10)
    events, _ = act(state, buy(0, 5))
    lines = lines_seen(RULES, state, events, 0, NAMES)
    assert lines[0] == "Buys the Sun Minister (1 VP) from slot 1 for nothing and places it on space 6"
    assert ("The Sun Minister (1 VP) collects 4 CP from the Sun Tax Collector (1 VP), the Moon Tax Collector (2 VP) "
            "(treasury 10 -> 14 CP)") in lines
    events, _ = act(table(row=QUIET, cp=10), buy(3, 0))
    price = events[0].data["price"]
    assert price and lines_seen(RULES, table(row=QUIET, cp=10), events, 0, NAMES)[0].startswith(
        f"Buys the Moon Poet (1 VP) from slot 4 for {price} CP (treasury 10 -> {10 - price} CP)")


def test_a_tax_collector_names_the_card_it_discards_and_the_vp_gained():
    court = {0: ["poet-moon-1"], 1: ["minister-moon-3"], 2: ["general-sun-1"]}
    state = table(row=["tax-collector-moon-1", *QUIET[:3]], court=court)
    bought, state = act(state, buy(0, 4))
    assert "The Moon Tax Collector (1 VP) on space 5 may discard a card of its clan from the Royal Court" in lines_seen(
        RULES, table(row=["tax-collector-moon-1", *QUIET[:3]], court=court), bought, 0, NAMES)
    events, _ = act(state, {"type": "tax_for_vp", "space": 1})
    assert lines_seen(RULES, state, events, 0, NAMES)[0] == (
        "The Moon Tax Collector (1 VP) discards the Moon Minister (2 VP) from space 2 for 2 VP (0 -> 2 VP)")


def test_the_daemon_princes_taking_a_card_say_what_it_costs_the_score():
    state = table(row=["poet-moon-1", "daemon-1", "courtesan-earth-3", "minister-sun-1"], cp=10)
    _, fight = act(state, SKIP)
    events, _ = act(fight, DECLINE)
    [took] = [line for line in lines_seen(RULES, fight, events, 0, NAMES) if "Daemon Princes take" in line]
    assert took == ("Phase 3: the Daemon Princes take the Earth Courtesan (3 VP) from slot 4 into their court "
                    "(its 3 VP count against you: penalty 0 -> 3)")
