"""The totals of the lists: how many rows each list holds under each filter, kept as rows change.

Each row is counted under the name of every filtered list it belongs to (`games`,
`games:status=running`, `games:open:game=chi`, ..., `results:game=chi`, `player:<id>:status=finished`):
when a row is written, the totals it leaves lose one and those it joins gain one, in the same
transaction, so a page's `total` is one lookup however long the list.
"""

from __future__ import annotations

from typing import Any, Iterable

def list_key(status: str | None, game: str | None, open: bool) -> str:
    """The name of the game list's total under these filters."""
    return "games" + (":open" if open else "") + (f":status={status}" if status else "") + (f":game={game}" if game else "")


def list_keys(status: str, open_seats: int, game: str) -> set[str]:
    """Every total of the game list that counts a game of this status, open seats and kind."""
    opens = (False, True) if status == "running" and open_seats > 0 else (False,)
    return {list_key(s, g, o) for s in (None, status) for g in (None, game) for o in opens}


def result_key(game: str | None) -> str:
    return "results" + (f":game={game}" if game else "")


def result_keys(game: str) -> set[str]:
    return {result_key(None), result_key(game)}


def inbox_key(player: str, status: str | None) -> str:
    """The name of a player's inbox's total, with this status filter."""
    return f"player:{player}" + (f":status={status}" if status else "")


def inbox_keys(player: str, status: str) -> set[str]:
    return {inbox_key(player, None), inbox_key(player, status)}


def count(cursor: Any, before: Iterable[str], after: Iterable[str]) -> None:
    """Move the totals from the keys that counted a row to those that count it now."""
    before, after = set(before), set(after)
    for key, step in [(key, -1) for key in before - after] + [(key, 1) for key in after - before]:
        cursor.execute("INSERT INTO totals (list, count) VALUES (?, ?)"
                       " ON CONFLICT (list) DO UPDATE SET count = count + excluded.count", (key, step))
