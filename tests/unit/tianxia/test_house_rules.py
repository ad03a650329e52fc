"""docs/house-rules.md: every Tianxia house rule quotes its passage, decides, explains, is tested,
and every house rule of the rule index is written down there."""

from pathlib import Path
from types import SimpleNamespace

from domain.tianxia.rulebook import RULEBOOK
from tests.unit.house_rules_doc import assert_written_down, entries


def test_every_tianxia_house_rule_is_written_down_whole_with_tests_that_exist():
    assert len(entries("Tianxia")) == 39
    assert_written_down("Tianxia", Path(__file__).parent, SimpleNamespace(rulebook=RULEBOOK))
