"""Names of seats and players: what a person is called at the table, in lists and in replays.

A name has at most MAX_NAME characters as sent; trimmed of surrounding white space, it has at
least one, and none of them is a control character (NUL, a tab, a line break, an escape...) nor a line or paragraph separator:
a name is shown on one line wherever it appears, and a name of spaces alone shows nothing.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from services.errors import InvalidRequest

MAX_NAME = 40
# Cc: control characters; Cs: lone surrogates; Zl, Zp: line and paragraph separators.
REFUSED_CATEGORIES = {"Cc", "Cs", "Zl", "Zp"}
RULE = f"a name has at most {MAX_NAME} characters, at least one once trimmed, none of them a control character"


def checked_name(raw: Any, field: str) -> str:
    """The name to store, trimmed; InvalidRequest naming `field` and why otherwise."""
    if not isinstance(raw, str):
        raise InvalidRequest(f"{RULE}; this is not text", field)
    if len(raw) > MAX_NAME:
        raise InvalidRequest(f"{RULE}; this one has {len(raw)}", field)
    name = raw.strip()
    if not name:
        raise InvalidRequest(f"{RULE}; this one is empty once trimmed", field)
    for position, character in enumerate(name):
        if unicodedata.category(character) in REFUSED_CATEGORIES:
            raise InvalidRequest(f"{RULE}; U+{ord(character):04X} (at position {position}) is one", field)
    return name
