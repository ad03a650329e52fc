"""Reading board.toml one table at a time, so that every refusal names the entry and the field.

A `Table` hands out its fields one by one, each checked for its type and range as it is taken;
`done()` then refuses any key nobody asked for, so a misspelt field is an error rather than a
value silently ignored.
"""

from __future__ import annotations

from typing import Any, Collection, Mapping

_REQUIRED = object()


class BoardDataError(ValueError):
    """board.toml does not describe a board the rules can play; the message names where and why."""


class Table:
    """One table of board.toml (`where` says which, e.g. "site qi-1") being read field by field."""

    def __init__(self, where: str, raw: Any):
        if not isinstance(raw, dict):
            raise BoardDataError(f"{where}: a table was expected, not {raw!r}")
        self.where = where
        self._raw = raw
        self._taken: set[str] = set()

    def fail(self, key: str, why: str) -> BoardDataError:
        return BoardDataError(f"{self.where}: {key}: {why}")

    def _take(self, key: str, default: Any) -> Any:
        self._taken.add(key)
        if key in self._raw:
            return self._raw[key]
        if default is _REQUIRED:
            raise self.fail(key, "missing")
        return default

    def has(self, key: str) -> bool:
        return key in self._raw

    def int(self, key: str, *, low: int = 0, high: int | None = None, default: Any = _REQUIRED) -> int:
        value = self._take(key, default)
        if type(value) is not int or value < low or (high is not None and value > high):
            span = f"{low} or more" if high is None else f"{low} to {high}"
            raise self.fail(key, f"{value!r} is not a whole number {span}")
        return value

    def str(self, key: str, *, choices: Collection[str] | None = None, default: Any = _REQUIRED) -> str:
        value = self._take(key, default)
        if not isinstance(value, str) or not value:
            raise self.fail(key, f"{value!r} is not a non-empty string")
        if choices is not None and value not in choices:
            raise self.fail(key, f"{value!r} is not one of {', '.join(choices)}")
        return value

    def ints(self, key: str, *, low: int = 0, default: Any = _REQUIRED) -> tuple[int, ...]:
        value = self._take(key, default)
        if not isinstance(value, list) or any(type(v) is not int or v < low for v in value):
            raise self.fail(key, f"{value!r} is not a list of whole numbers {low} or more")
        return tuple(value)

    def strs(self, key: str, *, choices: Collection[str] | None = None, default: Any = _REQUIRED) -> tuple[str, ...]:
        value = self._take(key, default)
        if not isinstance(value, list) or any(not isinstance(v, str) or not v for v in value):
            raise self.fail(key, f"{value!r} is not a list of names")
        for v in value:
            if choices is not None and v not in choices:
                raise self.fail(key, f"{v!r} is not one of {', '.join(choices)}")
        return tuple(value)

    def tables(self, key: str, default: Any = _REQUIRED) -> list[Any]:
        value = self._take(key, default)
        if not isinstance(value, list):
            raise self.fail(key, "a list of tables was expected")
        return value

    def raw(self, key: str, default: Any = _REQUIRED) -> Any:
        return self._take(key, default)

    def done(self) -> None:
        """Refuse any field that was not read: it is misspelt or means nothing to the rules."""
        left = sorted(set(self._raw) - self._taken)
        if left:
            raise self.fail(left[0], "no such field here")


def amounts(where: str, key: str, raw: Any, words: Collection[str]) -> Mapping[str, int]:
    """An inline table of amounts, e.g. { wood = 2, coins = 1 }, each word one of `words`."""
    if not isinstance(raw, dict):
        raise BoardDataError(f"{where}: {key}: {raw!r} is not a table of amounts")
    for word, count in raw.items():
        if word not in words:
            raise BoardDataError(f"{where}: {key}: {word!r} is not one of {', '.join(sorted(words))}")
        if type(count) is not int or count < 1:
            raise BoardDataError(f"{where}: {key}.{word}: {count!r} is not a whole number 1 or more")
    return dict(raw)


def unique(kind: str, ids: list[str]) -> None:
    """Refuse two entries of one kind with the same id."""
    seen: set[str] = set()
    for entry_id in ids:
        if entry_id in seen:
            raise BoardDataError(f"two {kind}s are called {entry_id!r}")
        seen.add(entry_id)
