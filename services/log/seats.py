"""Seats: who sits where: a person holding a secret token, a player (whose key opens the seat),
a named bot, or nobody yet (an open seat, perhaps kept for one player).

Only the SHA-256 of a token or key is stored; a seat's token is shown once, at creation.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any, Mapping, Sequence

from domain.game import Game
from services.errors import Forbidden, InvalidRequest
from services.log.names import bot_name, checked_name, likeness, numbered
from services.log.seating import is_open, open_seat_name


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_records(rules: Game[Any], requested: Sequence[Mapping[str, Any]]) -> tuple[list[dict], list[str | None]]:
    """Validated seat records to store, and the new token of each human seat (None for bots)."""
    low, high = rules.seats
    if not low <= len(requested) <= high:
        many = f"{low}" if low == high else f"{low} to {high}"
        raise InvalidRequest(f"{rules.title} is played by {many} seats, not {len(requested)}", "seats")
    records, tokens, names = [], [], set()
    for index, seat in enumerate(requested):
        where = f"seats[{index}]"
        if seat.get("open") is True and set(seat) <= {"open", "reserved_for"}:
            tokens.append(None)
            records.append({"name": open_seat_name(index), "bot": None, "open": True, "token_sha256": None})
            if seat.get("reserved_for"):  # filled in by Players.seated from {"open": true, "player": id}
                records[-1]["reserved_for"] = seat["reserved_for"]
            names.add(likeness(records[-1]["name"]))
            continue
        if seat.get("open") is not None:
            raise InvalidRequest('an open seat is {"open": true}, or {"open": true, "player": id} to keep it '
                                 'for that player, and nothing else', where)
        bot = seat.get("bot")
        if bot is not None and bot not in rules.bots:
            known = ", ".join(sorted(rules.bots))
            raise InvalidRequest(f"{rules.title} has no bot '{bot}' (it has: {known})", f"{where}.bot")
        strength = checked_strength(rules, seat, where)
        name = seat.get("name")
        if name is not None and not seat.get("player"):  # a player's name was checked when they registered
            name = checked_name(name, f"{where}.name")
        if not name and bot:
            name = numbered(bot_name(bot), names)  # two unnamed bots of one kind: "random-bot (2)"
        if not name:
            raise InvalidRequest("a seat needs a name (a person) or a bot", where)
        if likeness(name) in names:
            raise InvalidRequest(f"two seats are named '{name}' or alike (case and width aside); names must differ",
                                 f"{where}.name")
        names.add(likeness(name))
        if seat.get("player"):
            # A player's seat opens with the player's own key (see services.players.players): no new token.
            tokens.append(None)
            records.append({"name": name, "bot": None, "player": seat["player"], "token_sha256": seat["key_sha256"]})
            if seat.get("bot_account"):  # written at seating time: replays and read models know it without the player
                records[-1]["bot_account"] = True
            continue
        token = None if bot else secrets.token_urlsafe(24)
        tokens.append(token)
        records.append({"name": name, "bot": bot, "token_sha256": _hash(token) if token else None})
        if bot:  # which version of the bot sat here: its rating is its own (projections.ratings)
            records[-1]["bot_version"] = rules.bots[bot].version
        if strength is not None:
            records[-1]["strength"] = strength
    return records, tokens


def checked_strength(rules: Game[Any], seat: Mapping[str, Any], where: str) -> int | None:
    """The strength asked of a seat's bot, if any: only a bot that has levels takes one."""
    if "strength" not in seat or seat["strength"] is None:
        return None
    strength, bot = seat["strength"], seat.get("bot")
    levels = getattr(rules.bots.get(bot), "strengths", None) if bot else None
    if not levels:
        whose = f"the {bot} bot" if bot else "a person"
        offered = sorted(name for name, each in rules.bots.items() if getattr(each, "strengths", None))
        which = f" (in {rules.title}: {', '.join(offered)})" if offered else ""
        raise InvalidRequest(f"{whose} has no strength to choose: only a searching bot does{which}", f"{where}.strength")
    if type(strength) is not int or strength not in levels:
        raise InvalidRequest(f"the {bot} bot's strength is one of {', '.join(map(str, levels))}, not {strength!r}",
                             f"{where}.strength")
    return strength


def seat_of_token(seats: Sequence[Mapping[str, Any]], token: str | None) -> int | None:
    """The seat a token holds; None for no token (a spectator); Forbidden for a wrong one."""
    if token is None:
        return None
    digest = _hash(token)
    for index, seat in enumerate(seats):
        stored = seat.get("token_sha256")
        if stored and hmac.compare_digest(stored, digest):
            return index
    raise Forbidden("this token holds no seat of this game", field="Authorization")


def public_seats(seats: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The seats as anyone may see them: names and bots, never token hashes."""
    return [public_seat(index, seat) for index, seat in enumerate(seats)]


def public_seat(index: int, seat: Mapping[str, Any]) -> dict[str, Any]:
    shown = {"seat": index, "name": seat["name"], "kind": "bot" if seat.get("bot") else "open" if is_open(seat) else "person",
             "bot": seat.get("bot"), "player": seat.get("player")}
    if seat.get("strength") is not None:
        shown["strength"] = seat["strength"]
    if seat.get("bot_account"):
        shown["bot_account"] = True
    if is_open(seat) and seat.get("reserved_for"):
        shown["reserved_for"] = seat["reserved_for"]
    return shown
