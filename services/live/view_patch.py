"""The RFC 6902 patch from one view of a table to the next, as a stream sends it.

A move changes a few leaves of a view of hundreds; so the diff compares whole subtrees first (in
C, `==`) and walks only into those that differ. Lists are compared position by position, items
added or removed at the end: a move seldom inserts in the middle of a list, and when it does the
patch replaces the items after it, which is still a valid patch, only a longer one.
(`jsonpatch.make_patch` finds the shortest edit of every list it meets, unchanged ones included:
that search was most of the cost of a stream of a large table.) Values Python holds equal are
taken as equal (1 and 1.0, and inside a list or an object 1 and true): a view keeps each field
to one type.
"""

from __future__ import annotations

from typing import Any


def view_patch(old: Any, new: Any) -> list[dict[str, Any]]:
    """The operations that turn `old` into `new`, both JSON values (dicts, lists, scalars)."""
    operations: list[dict[str, Any]] = []
    _diff(old, new, "", operations)
    return operations


def _diff(old: Any, new: Any, path: str, operations: list[dict[str, Any]]) -> None:
    if type(old) is type(new) and old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old.keys() - new.keys():
            operations.append({"op": "remove", "path": f"{path}/{_escaped(key)}"})
        for key, value in new.items():
            if key in old:
                _diff(old[key], value, f"{path}/{_escaped(key)}", operations)
            else:
                operations.append({"op": "add", "path": f"{path}/{_escaped(key)}", "value": value})
    elif isinstance(old, list) and isinstance(new, list):
        shared = min(len(old), len(new))
        for index in range(shared):
            _diff(old[index], new[index], f"{path}/{index}", operations)
        for index in range(len(old) - 1, shared - 1, -1):  # from the end, so each index still stands
            operations.append({"op": "remove", "path": f"{path}/{index}"})
        for index in range(shared, len(new)):
            operations.append({"op": "add", "path": f"{path}/{index}", "value": new[index]})
    else:
        operations.append({"op": "replace", "path": path, "value": new})


def _escaped(key: Any) -> str:
    """A key as a JSON Pointer token (RFC 6901)."""
    return str(key).replace("~", "~0").replace("/", "~1")
