"""The rule index: every rule id the Xi rules cite exists, under a section of the rulebook."""

import re
from pathlib import Path

import domain.xi
from domain.xi import RULES
from domain.xi.cards.catalogue import CARDS

XI_PACKAGE = Path(domain.xi.__file__).parent
DESIGN = Path(__file__).parents[3] / "docs" / "design" / "xi-cards.md"


def test_every_rule_id_cited_by_the_rules_is_in_the_rule_index():
    cited = set()
    for source in XI_PACKAGE.glob("*.py"):
        cited |= set(re.findall(r"[\"'](xi\.[a-z0-9-]+(?:\.[a-z0-9-]+)+)[\"']", source.read_text()))
    assert len(cited) > 20
    assert cited <= set(RULES.rulebook), sorted(cited - set(RULES.rulebook))


def test_the_index_holds_the_designs_rules_one_line_each_and_a_rule_per_card():
    assert all(rule.id == rule_id and rule_id.startswith("xi.") and "\n" not in rule.text
               for rule_id, rule in RULES.rulebook.items())
    table = DESIGN.read_text().split("### 1.2")[0]
    designed = set(re.findall(r"^\| `(xi\.[a-z0-9.-]+)`", table, re.MULTILINE))
    assert len(designed) == 59
    assert designed == {rule.id for rule in RULES.rulebook.values() if rule.section not in ("House rules", "Cards", "Sandbox")}
    assert {f"xi.card.{card}" for card in CARDS} <= set(RULES.rulebook)
