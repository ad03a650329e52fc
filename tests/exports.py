"""Helpers for tampering with exported games as someone who knows the revealed seed would."""

from __future__ import annotations

import json

from domain.chain import header_hash, link


def rechained(lines: list[str]) -> list[str]:
    """The export with every hash re-chained from its header: what anyone can do once the seed is out."""
    head = json.loads(lines[0])
    previous = header_hash(head["header"])
    out = [lines[0]]
    for line in lines[1:]:
        row = json.loads(line)
        row["chain"] = previous = link(head["seed"], previous, row["version"], row["event"], row["cause"])
        out.append(json.dumps(row))
    return out
