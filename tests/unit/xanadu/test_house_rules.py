"""docs/house-rules.md: every Xanadu house rule quotes its passage, decides, explains, is tested,
and every house rule of the rule index is written down there."""

import ast
import re
from pathlib import Path

from domain.xanadu import RULES

HERE = Path(__file__).parent
DOC = Path(__file__).parents[3] / "docs" / "house-rules.md"


def entries() -> list[str]:
    return DOC.read_text().split("\n## Xanadu\n", 1)[1].split("\n## ", 1)[0].split("\n### ")[1:]


def test_every_xanadu_house_rule_is_written_down_with_its_passage_decision_reason_and_tests():
    text = "\n".join(entries())
    for rule_id, rule in RULES.rulebook.items():
        assert rule.id == rule_id and rule_id.startswith("xanadu.")
        if rule.section == "House rules":
            assert f"`{rule_id}`" in text, rule_id
    for entry in entries():
        for part in ("**Rule id:**", "**Passage:**", "**Decision:**", "**Why:**", "**Tests:**"):
            assert part in entry, f"{entry.splitlines()[0]}: no {part}"
        for module, name in re.findall(r"`(test_\w+\.py)::(test_\w+)`", entry):
            tree = ast.parse((HERE / module).read_text())
            assert name in {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}, name
