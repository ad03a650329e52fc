"""docs/house-rules.md: every Chi house rule quotes its passage, decides, explains, and is tested."""

import re
from pathlib import Path

from tests.unit import house_rules_doc
from tests.unit.house_rules_doc import entries, named_tests

HERE = Path(__file__).parent


def test_every_chi_house_rule_has_a_passage_a_decision_a_reason_and_tests():
    chi_entries = entries("Chi")
    assert len(chi_entries) >= 13
    for entry in chi_entries:
        title = entry.splitlines()[0]
        for part in ("**Rule id:**", "**Passage:**", "**Decision:**", "**Why:**", "**Tests:**"):
            assert part in entry, f"{title}: no {part}"
        assert re.search(r'\*\*Passage:\*\* "', entry), f"{title}: the passage is not quoted"


def test_every_test_named_by_a_house_rule_exists():
    named = [ref for entry in entries("Chi") for ref in named_tests(entry)]
    assert len(named) >= 20
    for module, name in named:
        assert name in house_rules_doc.tests_in(HERE, module), (
            f"{module}::{name} is named in house-rules.md but does not exist")
