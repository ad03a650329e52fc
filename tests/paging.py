"""Reading a paged answer whole, by following its `next` links as a client would."""

from __future__ import annotations

from typing import Any, Callable


def every_page(get: Callable[[str], dict[str, Any]], path: str, key: str) -> tuple[dict[str, Any], list[Any]]:
    """The last page's answer, and the `key` items of every page from `path` on; `get` takes a
    path (as `next` links give them) and returns the JSON answer."""
    items: list[Any] = []
    link: str | None = path
    pages = 0
    while link is not None:
        answer = get(link)
        items += answer[key]
        link = answer["next"]
        pages += 1
        assert pages < 10_000, "the pages never end"
    return answer, items
