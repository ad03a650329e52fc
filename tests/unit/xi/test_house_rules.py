"""docs/house-rules.md: every Xi house rule quotes its passage, decides, explains, is tested, and
every house rule of the rule index is written down there."""

from pathlib import Path

from domain.xi import RULES
from tests.unit.house_rules_doc import assert_written_down, entries


def test_every_xi_house_rule_is_written_down_whole_with_tests_that_exist():
    assert len(entries("Xi Cards")) >= 7
    assert_written_down("Xi Cards", Path(__file__).parent, RULES)
