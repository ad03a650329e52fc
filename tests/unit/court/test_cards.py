"""The 54 Court cards (house rule 1): 9 Daemon Princes and 5 roles x 3 clans x 3 cards."""

from collections import Counter

from domain.court import RULES
from domain.court.cards import CARDS, CLANS, DAEMON, GENERAL, POET, POWERS, ROLES, TAX_COLLECTOR
from tests.unit.court.builders import table


def test_the_deck_has_54_cards_9_daemon_princes_and_45_court_cards():
    roles = Counter(card.role for card in CARDS.values())
    assert len(CARDS) == 54 and roles[DAEMON] == 9
    assert all(roles[role] == 9 for role in ROLES)


def test_each_role_has_three_cards_in_each_of_the_three_clans():
    per = Counter((card.role, card.clan) for card in CARDS.values() if card.role != DAEMON)
    assert set(CLANS) == {"sun", "moon", "earth"}
    assert set(per.values()) == {3} and len(per) == 15


def test_generals_and_daemon_princes_have_a_strength_and_no_card_is_worthless():
    assert all(card.strength > 0 for card in CARDS.values() if card.role in (GENERAL, DAEMON))
    assert all(card.strength == 0 for card in CARDS.values() if card.role not in (GENERAL, DAEMON))
    assert all(card.vp >= 1 and card.cost >= 0 for card in CARDS.values())


def test_every_role_has_a_power_line_for_its_face_and_the_rulebooks_paragraph_in_full():
    assert set(POWERS) == {*ROLES, DAEMON}
    assert all(len(power.line) <= 90 and len(power.text) > len(power.line) for power in POWERS.values())
    # The rulebook's own words ("Card Powers"), not a paraphrase.
    assert POWERS[POET].text == ("On this turn the player gains VP for each card matching the Poet's clan icon in the "
                                 "Royal Court as listed on each card.")
    assert POWERS[TAX_COLLECTOR].text.endswith("Tax Collectors are also worth additional CP during Phase 1B.")
    assert RULES.view(table(), 0)["powers"][GENERAL] == {"name": "General", "power": POWERS[GENERAL].line,
                                                         "text": POWERS[GENERAL].text}
