"""docs/house-rules.md: every Court house rule quotes its passage, decides, explains, is tested,
and every house rule of the rule index is written down there."""

from pathlib import Path

from domain.court import RULES
from tests.unit.house_rules_doc import assert_written_down, entries


def test_every_court_house_rule_is_written_down_whole_with_tests_that_exist():
    assert len(entries("The Court of Xiang Chi")) >= 10
    assert_written_down("The Court of Xiang Chi", Path(__file__).parent, RULES)


def test_every_court_rule_id_names_the_game():
    assert all(rule.id == rule_id and rule_id.startswith("court.") for rule_id, rule in RULES.rulebook.items())
