"""The rule index: every rule names where it comes from (seed lines, the notes, or a house rule),
and the seed's rules cite lines of the part of the seed they belong to."""

import re
from pathlib import Path

import pytest

from domain.tianxia.rulebook import APPENDIX, BASE, BOT, HOUSE, RULEBOOK, SANDBOX, SOURCES, SOLO

ROOT = Path(__file__).parents[3]
SEED = ROOT.parent / "shared" / "seeds" / "002_03092037a52f96d7.txt"
DESIGN = ROOT / "docs" / "design" / "tianxia.md"
# The seed's parts, by line: the 2-player Bot, the solo rules, the appendix of Li Mu's actions.
PARTS = {BOT: range(11, 85), SOLO: range(86, 228), APPENDIX: range(251, 268)}


def cited_lines(source: str) -> list[int]:
    lines = []
    for first, last in re.findall(r"L(\d+)(?:-(\d+))?", source):
        lines.extend(range(int(first), int(last or first) + 1))
    return lines


def test_every_rule_is_one_line_under_an_id_of_the_game():
    for rule_id, rule in RULEBOOK.items():
        assert rule.id == rule_id and rule_id.startswith("tianxia.") and "\n" not in rule.text
        assert rule.section in (BOT, SOLO, APPENDIX, BASE, HOUSE, SANDBOX)


def test_every_rule_of_the_seed_cites_lines_of_its_own_part_of_the_seed():
    for rule_id, rule in RULEBOOK.items():
        if rule.section in PARTS:
            lines = cited_lines(SOURCES[rule_id])
            assert lines and all(line in PARTS[rule.section] for line in lines), rule_id


def test_the_base_game_cites_the_notes_and_house_rules_say_they_are_ours():
    for rule_id, rule in RULEBOOK.items():
        if rule.section == BASE:
            assert "notes §" in SOURCES[rule_id], rule_id
        if rule.section == HOUSE:
            assert rule_id.startswith("tianxia.house.") and SOURCES[rule_id] == "house"


def test_every_line_of_the_appendix_with_an_action_has_a_rule():
    cited = {line for rule_id, rule in RULEBOOK.items() if rule.section == APPENDIX
             for line in cited_lines(SOURCES[rule_id])}
    assert cited == {254, 255, 256, 257, 258, 259, 261, 262, 263, 264, 265, 266, 267}


@pytest.mark.skipif(not SEED.exists(), reason="the seed lies outside the repository")
def test_every_seed_line_cited_holds_text():
    seed = SEED.read_text().splitlines()
    for rule_id, source in SOURCES.items():
        for line in re.findall(r"L(\d+)", source):  # a single line, or where a span starts and ends
            assert seed[int(line) - 1].strip(), f"{rule_id} cites L{line}, a blank line"


def test_the_designs_rule_index_is_the_rulebooks():
    table = DESIGN.read_text().split("### 1.2")[0]
    designed = dict(re.findall(r"^\| `(tianxia\.[a-z0-9.-]+)` \| .*? \| (.+?) \|$", table, re.MULTILINE))
    indexed = {rule_id: SOURCES[rule_id] for rule_id, rule in RULEBOOK.items() if rule.section != HOUSE}
    assert designed == indexed
