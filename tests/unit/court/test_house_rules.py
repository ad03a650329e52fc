"""docs/house-rules.md: every Court house rule quotes its passage, decides, explains, is tested,
and every house rule of the rule index is written down there."""

import ast
import re
from pathlib import Path

from domain.court import RULES

HERE = Path(__file__).parent
DOC = Path(__file__).parents[3] / "docs" / "house-rules.md"


def court_entries() -> list[str]:
    section = DOC.read_text().split("\n## The Court of Xiang Chi\n", 1)[1].split("\n## ", 1)[0]
    return section.split("\n### ")[1:]


def functions_in(module: str) -> set[str]:
    tree = ast.parse((HERE / module).read_text())
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}


def test_every_court_house_rule_has_a_passage_a_decision_a_reason_and_tests_that_exist():
    entries = court_entries()
    assert len(entries) >= 10
    for entry in entries:
        for part in ("**Rule id:**", "**Passage:**", "**Decision:**", "**Why:**", "**Tests:**"):
            assert part in entry, f"{entry.splitlines()[0]}: no {part}"
        for module, name in re.findall(r"`(test_\w+\.py)::(test_\w+)`", entry):
            assert name in functions_in(module), f"{module}::{name} is named but does not exist"


def test_every_house_rule_of_the_index_is_written_down():
    text = "\n".join(court_entries())
    for rule_id, rule in RULES.rulebook.items():
        assert rule.id == rule_id and rule_id.startswith("court.")
        if rule.section == "House rules":
            assert f"`{rule_id}`" in text, rule_id
