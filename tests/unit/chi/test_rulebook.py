"""The rule index: every rule id the Chi rules cite exists, under a section of the rulebook."""

import re
from pathlib import Path

import domain.chi
from domain.chi import RULES

SECTIONS = {
    "Setup",
    "Playing Your Turn",
    "Actions",
    "Maintaining the center row",
    "End the Game",
    "Scoring the Winner",
    "House rules",
    "Sandbox",  # ours: chi.scenario, a game started from a chosen position
}
CHI_PACKAGE = Path(domain.chi.__file__).parent
HOUSE_RULES = Path(__file__).parents[3] / "docs" / "house-rules.md"


def cited_ids() -> set[str]:
    found = set()
    for source in CHI_PACKAGE.glob("*.py"):
        found |= set(re.findall(r"[\"'](chi\.[a-z0-9-]+(?:\.[a-z0-9-]+)+)[\"']", source.read_text()))
    return found


def test_every_rule_id_cited_by_the_rules_is_in_the_rule_index():
    cited = cited_ids()
    assert len(cited) > 20
    assert cited <= set(RULES.rulebook), sorted(cited - set(RULES.rulebook))


def test_every_rule_has_a_rulebook_section_and_a_one_line_paraphrase():
    for rule_id, rule in RULES.rulebook.items():
        assert rule.id == rule_id and rule_id.startswith("chi.")
        assert rule.section in SECTIONS, rule
        assert rule.text and "\n" not in rule.text


def test_every_house_rule_in_the_index_is_written_down_in_the_house_rules_document():
    text = HOUSE_RULES.read_text()
    for rule_id, rule in RULES.rulebook.items():
        if rule.section == "House rules":
            assert f"`{rule_id}`" in text, rule_id
