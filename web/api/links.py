"""The `next` links of paged answers: the same request, starting where the page ended."""

from __future__ import annotations

from typing import Any, Mapping
from uuid import UUID

from flask import url_for


def next_link(endpoint: str, query: Mapping[str, Any], path: Mapping[str, Any] | None = None,
              **start: Any) -> str:
    """The URL of `endpoint` with the query it was asked with (but `offset`), and `start`
    (`cursor=...` or `after=...`) in place of where this page began."""
    args = {key: value for key, value in {**query, **start}.items() if value is not None and key != "offset"}
    args = {key: ("true" if value else "false") if isinstance(value, bool) else value for key, value in args.items()}
    return url_for(endpoint, **dict(path or {}), **args)


def with_next_page(answer: dict[str, Any], endpoint: str, query: Mapping[str, Any], game_id: UUID) -> dict[str, Any]:
    """A page of a game's versions, with its `next_after` (where the next page starts) as a `next` link."""
    after = answer.pop("next_after")
    answer["next"] = None if after is None else next_link(endpoint, query, {"game_id": game_id}, after=after)
    return answer
