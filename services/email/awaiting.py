"""Which person a game awaits, and the game as an email tells it: its title, the opponents by name,
the last move as the move list says it (to everyone: a spectator's line), and the deadline; in the
inbox's order (projections.inbox): the nearest deadline first, then games without a clock, the
longest waiting first."""

from __future__ import annotations

from typing import Any

from domain import lines
from domain.contract import Event
from services.email.letters import Awaiting
from services.log.clocks import deadline
from services.log.game import Game
from services.log.seating import is_open
from services.players.players import Player, Players

RECENT_EVENTS = 30  # far more than one decision causes: the last decision starts among them


def awaited_person(players: Players, game: Game) -> Player | None:
    """The player whose decision the game now awaits, if a player (not a bot, not a named guest) holds that seat."""
    seat = game.to_act()
    if game.finished or seat is None or not game.seats[seat].get("player"):
        return None
    return players.get(game.seats[seat]["player"])


def comes_to_await(store: Any, game: Game) -> bool:
    """Whether the game has just come to await its seat to act: every seat is taken (a game still
    waiting for players awaits nobody yet), and the last decision was not that seat's own (a turn
    of several decisions, sell then build, is told once, when it comes)."""
    if any(is_open(record) for record in game.seats):
        return False
    recent = store.stored_events(game.id, gt=max(1, game.version - RECENT_EVENTS), lte=game.version)
    decisions = [stored.cause.get("seat") for stored in recent if stored.cause.get("seat") is not None]
    return not decisions or decisions[-1] != game.to_act()


def last_move_line(store: Any, game: Game) -> str | None:
    """The last decision a seat took, as the move list says it to everyone."""
    recent = store.stored_events(game.id, gt=max(1, game.version - RECENT_EVENTS), lte=game.version)
    decisions = [stored for stored in recent if stored.cause.get("seat") is not None]
    if not decisions:
        return None
    first = next(stored for stored in decisions if stored.cause == decisions[-1].cause)
    before = (store.game(game.id, version=first.originator_version - 1).state
              if lines.reads_table(game.rules) else None)
    view_before = game.rules.view(before, None, reveal=False) if before is not None else None
    event = lines.seen_event(Event.from_json(first.domain_event), None, False)
    return lines.line(game.rules, view_before, event, [seat["name"] for seat in game.seats])


def awaiting(store: Any, game: Game) -> Awaiting:
    seat = game.to_act()
    return Awaiting(str(game.id), game.rules.title,
                    [record["name"] for index, record in enumerate(game.seats) if index != seat],
                    last_move_line(store, game), deadline(game))


def inbox_order(game: Game) -> tuple:
    due = deadline(game)
    return (due is None, due.isoformat() if due else "", game.modified_on.isoformat(), str(game.id))
