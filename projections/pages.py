"""Pages of a list: the rows, where the next page starts (an opaque cursor), and the total.

A cursor is the sort key of the last row shown, so the next page is read from the index where
the last one stopped (keyset pagination): it costs the same however deep in the list it is,
and rows added meanwhile neither repeat nor push rows off the page. It is the list's name and
that key as JSON, in URL-safe base64; a cursor that does not decode to a key of this list (of
its shape and types, its text free of lone surrogates, its numbers finite) is refused, naming
the `cursor` parameter.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
from dataclasses import dataclass
from typing import Any, Sequence

from services.errors import InvalidRequest

MAX_LIMIT = 500  # rows in one page of a list
MAX_OFFSET = 1_000_000  # rows skipped; far past any list here, and well inside SQLite's 64-bit integers
MAX_CURSOR = 400  # characters: a cursor holds a few short keys
FIELD = "cursor"


@dataclass(frozen=True)
class Page:
    rows: list[dict[str, Any]]
    next: str | None  # the cursor of the page after this one; None on the last page
    total: int | None = None  # rows in the whole list, where it is known cheaply


def checked_page(limit: int, offset: int = 0, cursor: str | None = None) -> None:
    """A page of a list: 1 to MAX_LIMIT rows, after 0 to MAX_OFFSET rows or after a cursor."""
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidRequest(f"limit is 1 to {MAX_LIMIT} rows, not {limit}", "limit")
    if not 0 <= offset <= MAX_OFFSET:
        raise InvalidRequest(f"offset is 0 to {MAX_OFFSET} rows, not {offset}", "offset")
    if offset and cursor is not None:
        raise InvalidRequest("a page starts at a cursor or at an offset, not both: follow `next`", FIELD)


def encode(kind: str, key: Sequence[Any]) -> str:
    text = json.dumps([kind, *key], separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def refused() -> InvalidRequest:
    return InvalidRequest("not a cursor of this list: pass on the `next` the list gave", FIELD)


def decode(kind: str, cursor: str, types: Sequence[type] | None = None) -> list[Any]:
    """The key a cursor of list `kind` holds (each part of the type given); InvalidRequest otherwise."""
    if len(cursor) > MAX_CURSOR:
        raise refused()
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        found = json.loads(base64.urlsafe_b64decode(padded.encode("ascii")).decode(),
                           parse_constant=not_a_number, parse_float=finite)
        for part in found if isinstance(found, list) else ():
            if isinstance(part, str):
                part.encode()  # a lone surrogate ("\ud800") is no text a database keeps: UnicodeEncodeError
    except (UnicodeError, binascii.Error, ValueError):
        raise refused() from None
    if not isinstance(found, list) or not found or found[0] != kind:
        raise refused()
    return found[1:] if types is None else typed(found[1:], types)


def not_a_number(constant: str) -> float:
    raise ValueError(f"{constant} is no key of a list")


def finite(text: str) -> float:
    """A number of a key: never NaN or an infinity (1e999), which no row is sorted by."""
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is no key of a list")
    return number


def typed(key: list[Any], types: Sequence[type]) -> list[Any]:
    """`key`, if its parts are of these types (bool, an int to Python, is never a part of a key;
    an int is within the 64 bits the database keeps)."""
    if len(key) != len(types) or any(isinstance(part, bool) or not isinstance(part, kind)
                                     or (isinstance(part, int) and not -2**63 <= part < 2**63)
                                     for part, kind in zip(key, types)):
        raise refused()
    return key
