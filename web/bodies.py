"""Request bodies: how big, how deep and what text the API accepts, checked once for every body.

Every JSON body the API reads comes through `load_json` (web.blueprint's `json_body` calls it, for
the schemas' parser and for the move route, which reads its own body), so one check covers every
operation:

- At most MAX_BODY_BYTES (Flask's MAX_CONTENT_LENGTH): a larger body is refused 413 before it
  is read.
- UTF-8 JSON, as RFC 8259 requires: no NaN or Infinity (Python's parser would take them), no
  number beyond a float's range, and integers within 64 bits.
- At most MAX_DEPTH levels of arrays and objects: the rules, the event store and the JSON
  encoders all walk a body recursively, and a deep one would exhaust Python's stack.
- No lone surrogate (`"\\ud800"`): JSON's escapes can spell one, but it is not a character, and
  no UTF-8 store can keep it. A pair of surrogates (an emoji, say) is one character and welcome.

Query strings and headers need no such check: Werkzeug decodes a query string's bad UTF-8 as
U+FFFD and headers as Latin-1, neither of which can yield a surrogate.
"""

from __future__ import annotations

import json
from typing import Any

from services.errors import InvalidRequest

MAX_BODY_BYTES = 256 * 1024
MAX_DEPTH = 32
INT64_MAX = 2**63 - 1
INT64_MIN = -(2**63)


def load_json(raw: bytes) -> Any:
    """The parsed body, or InvalidRequest naming where it is at fault."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidRequest(f"the body is not UTF-8 (at byte {error.start})", "body") from None
    try:
        value = json.loads(text, parse_constant=not_a_number, parse_float=finite_float, parse_int=int64)
    except RecursionError:
        raise InvalidRequest(f"the body nests arrays and objects deeper than {MAX_DEPTH} levels", "body") from None
    except json.JSONDecodeError as error:
        raise InvalidRequest(f"the body is not JSON: {error.msg} at line {error.lineno} column {error.colno}",
                             "body") from None
    check_value(value)
    return value


class OutOfRange:
    """A number the parser met that the service will not take; check_value reports it with its path."""

    def __init__(self, why: str):
        self.why = why


def not_a_number(word: str) -> OutOfRange:
    """Python's parser takes NaN and Infinity; JSON has no such numbers."""
    return OutOfRange(f"{word} is not a JSON number")


def finite_float(digits: str) -> float | OutOfRange:
    """A number such as 1e999 is JSON, but no finite float: refused rather than read as infinity."""
    number = float(digits)
    if number in (float("inf"), float("-inf")):
        return OutOfRange(f"{digits[:24]} is beyond a float's range")
    return number


def int64(digits: str) -> int | OutOfRange:
    """Every integer the API takes (versions, steps, seats, delays) fits in 64 bits, as databases
    keep them; a larger one is refused here, once, rather than overflow somewhere further in."""
    if len(digits.lstrip("-")) <= 19 and INT64_MIN <= (number := int(digits)) <= INT64_MAX:
        return number
    shown = digits if len(digits) <= 24 else digits[:24] + "..."
    return OutOfRange(f"{shown} is beyond a 64-bit integer ({INT64_MIN} to {INT64_MAX})")


def check_value(value: Any) -> None:
    """Refuse a value nested deeper than MAX_DEPTH, holding a lone surrogate or a number out of
    range, naming its path (`seats[1].name`)."""
    pending: list[tuple[Any, str, int]] = [(value, "", 0)]
    while pending:  # a loop, not recursion: the point is to survive what recursion cannot
        item, path, depth = pending.pop()
        if isinstance(item, str):
            check_text(item, path or "body")
        elif isinstance(item, OutOfRange):
            raise InvalidRequest(item.why, path or "body")
        elif isinstance(item, (dict, list)):
            if depth == MAX_DEPTH:
                raise InvalidRequest(f"a body nests arrays and objects at most {MAX_DEPTH} levels deep",
                                     path or "body")
            entries = item.items() if isinstance(item, dict) else enumerate(item)
            for key, child in entries:
                if isinstance(key, str):
                    check_text(key, f"{path}.{key!r}" if path else repr(key))
                    where = f"{path}.{key}" if path else key
                else:
                    where = f"{path}[{key}]"
                pending.append((child, where, depth + 1))


def check_text(text: str, where: str) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise InvalidRequest(f"a lone surrogate (U+{ord(text[error.start]):04X}) at character {error.start} "
                             "is not text: send characters, or pairs of surrogates", where) from None
