"""JSON from outside, read within bounds: a request's body (web.bodies), an export's lines (services.disputes.audit).

`loads` takes UTF-8 JSON text as RFC 8259 has it, and refuses, naming where:

- NaN and Infinity (Python's parser would take them), and numbers beyond a float's range (1e999);
- integers beyond 64 bits, as databases keep them: refused from their digits, never converted, so
  a number of 10,000 digits costs nothing;
- arrays and objects nested deeper than a bound: the rules, the event store and the JSON
  encoders all walk a value recursively, and a deep one would exhaust Python's stack;
- a lone surrogate (`"\\ud800"`): JSON's escapes can spell one, but it is not a character, and no
  UTF-8 store can keep it. A pair of surrogates (an emoji, say) is one character and welcome.
"""

from __future__ import annotations

import json
from typing import Any

from services.errors import InvalidRequest

INT64_MAX = 2**63 - 1
INT64_MIN = -(2**63)


def loads(text: str, what: str, root: str, max_depth: int) -> Any:
    """The value `text` holds, or InvalidRequest naming where it is at fault: `root` for the whole
    (`what`, in words: "the body"), a path such as `seats[1].name` within it."""
    try:
        if text.startswith("\ufeff"):  # as json.loads refuses it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        value = DECODER.decode(text)
    except RecursionError:
        raise InvalidRequest(f"{what} nests arrays and objects deeper than {max_depth} levels", root) from None
    except json.JSONDecodeError as error:
        raise InvalidRequest(f"{what} is not JSON: {error.msg} at line {error.lineno} column {error.colno}",
                             root) from None
    check_value(value, what, root, max_depth)
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
    """Every integer the service takes (versions, steps, seats, delays) fits in 64 bits, as databases
    keep them; a larger one is refused here, once, rather than overflow somewhere further in."""
    if len(digits.lstrip("-")) <= 19 and INT64_MIN <= (number := int(digits)) <= INT64_MAX:
        return number
    shown = digits if len(digits) <= 24 else digits[:24] + "..."
    return OutOfRange(f"{shown} is beyond a 64-bit integer ({INT64_MIN} to {INT64_MAX})")


def check_value(value: Any, what: str, root: str, max_depth: int) -> None:
    """Refuse a value nested deeper than `max_depth`, holding a lone surrogate or a number out of
    range, naming its path (`seats[1].name`; `root` for the value itself)."""
    pending: list[tuple[Any, str, int]] = [(value, "", 0)]
    while pending:  # a loop, not recursion: the point is to survive what recursion cannot
        item, path, depth = pending.pop()
        if isinstance(item, str):
            check_text(item, path or root)
        elif isinstance(item, OutOfRange):
            raise InvalidRequest(item.why, path or root)
        elif isinstance(item, (dict, list)):
            if depth == max_depth:
                raise InvalidRequest(f"{what} may nest arrays and objects at most {max_depth} levels deep",
                                     path or root)
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


# One decoder for every text: json.loads given hooks builds a new one per call.
DECODER = json.JSONDecoder(parse_constant=not_a_number, parse_float=finite_float, parse_int=int64)
