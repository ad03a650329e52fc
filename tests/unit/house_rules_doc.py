"""Reading docs/house-rules.md for the tests that pin it: one section per game, one entry per
house rule, each quoting its passage, deciding, explaining, and naming tests that exist."""

from __future__ import annotations

import ast
import re
from pathlib import Path

DOC = Path(__file__).parents[2] / "docs" / "house-rules.md"
PARTS = ("**Rule id:**", "**Passage:**", "**Decision:**", "**Why:**", "**Tests:**")


def entries(game_title: str) -> list[str]:
    """The house rules written down under `## <game_title>`."""
    section = DOC.read_text().split(f"\n## {game_title}\n", 1)[1].split("\n## ", 1)[0]
    return section.split("\n### ")[1:]


def tests_in(folder: Path, module: str) -> set[str]:
    tree = ast.parse((folder / module).read_text())
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}


def named_tests(entry: str) -> list[tuple[str, str]]:
    return re.findall(r"`(test_\w+\.py)::(test_\w+)`", entry)


def assert_written_down(game_title: str, folder: Path, rules) -> None:
    """Every entry is whole and names tests of `folder` that exist; every house rule of the
    game's rule index has its entry."""
    written = entries(game_title)
    for entry in written:
        for part in PARTS:
            assert part in entry, f"{entry.splitlines()[0]}: no {part}"
        assert re.search(r'\*\*Passage:\*\* "', entry), f"{entry.splitlines()[0]}: the passage is not quoted"
        for module, name in named_tests(entry):
            assert name in tests_in(folder, module), f"{module}::{name} is named in house-rules.md but does not exist"
    text = "\n".join(written)
    for rule_id, rule in rules.rulebook.items():
        if rule.section == "House rules":
            assert f"`{rule_id}`" in text, rule_id
