"""docs/house-rules.md: every Chi house rule quotes its passage, decides, explains, and is tested."""

import ast
import re
from pathlib import Path

HERE = Path(__file__).parent
DOC = Path(__file__).parents[3] / "docs" / "house-rules.md"


def chi_entries() -> list[str]:
    text = DOC.read_text()
    section = text.split("\n## Chi\n", 1)[1].split("\n## ", 1)[0]
    return section.split("\n### ")[1:]


def functions_in(module: str) -> set[str]:
    tree = ast.parse((HERE / module).read_text())
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}


def test_every_chi_house_rule_has_a_passage_a_decision_a_reason_and_tests():
    entries = chi_entries()
    assert len(entries) >= 13
    for entry in entries:
        title = entry.splitlines()[0]
        for part in ("**Rule id:**", "**Passage:**", "**Decision:**", "**Why:**", "**Tests:**"):
            assert part in entry, f"{title}: no {part}"
        assert re.search(r'\*\*Passage:\*\* "', entry), f"{title}: the passage is not quoted"


def test_every_test_named_by_a_house_rule_exists():
    named = [ref for entry in chi_entries() for ref in re.findall(r"`(test_\w+\.py)::(test_\w+)`", entry)]
    assert len(named) >= 20
    for module, name in named:
        assert name in functions_in(module), f"{module}::{name} is named in house-rules.md but does not exist"
