"""A bot's move: the bot that plays a seat, the choice it makes from the seat's view, and the
record of it (`actor`) that lets the audit re-run that choice once the game is over.

The record names the bot, its version, the strength it was given, and the MAC of the view it was
given: HMAC-SHA-256 of the view's canonical JSON, keyed by the game's seed (domain-separated from
the hash chain's key). A view is the public table plus a small private part (a hand, a deck list,
objectives), so a plain hash of it could be checked against guesses by anyone who reads the move;
keyed by the seed, it can be checked by nobody while the game runs, and by everyone once the game
ends and the seed is revealed. The bot's own random stream is `bot:<version>`, apart from the
rules' stream, so its choice re-runs from the seed alone.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any, Mapping

from domain.canonical import canonical_json
from domain.rng import Rng

VIEW_MAC_KEY_PREFIX = b"chronicle bot view\x00"


def bot_rng(seed: str, version: int) -> Rng:
    """The bot's own random stream for its decision on `version` (not the rules' stream)."""
    return Rng(seed, f"bot:{version}")


def view_mac(seed: str, view: Any) -> str:
    """HMAC-SHA-256 (hex) of the view's canonical JSON, keyed by SHA-256(prefix || seed)."""
    key = hashlib.sha256(VIEW_MAC_KEY_PREFIX + seed.encode()).digest()
    return hmac.new(key, canonical_json(view).encode(), hashlib.sha256).hexdigest()


def strength_of(seat: Mapping[str, Any], name: str | None = None) -> int | None:
    """The strength the seat gave its own bot; None for the bot's default, or for bot `name`
    standing in for the seat (a clock's stand-in plays at its own default)."""
    return seat.get("strength") if name in (None, seat.get("bot")) else None


def bot_of(rules: Any, seat: Mapping[str, Any], name: str | None = None) -> Any:
    """The bot that plays for `seat` (or bot `name` standing in for it), at its strength."""
    bot = rules.bots[name or seat["bot"]]
    strength = strength_of(seat, name)
    return bot if strength is None else bot.at_strength(strength)


def decide(rules: Any, state: Any, seat: int, record: Mapping[str, Any], seed: str, version: int,
           name: str | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The action the bot of seat `seat` (its record `record`; or bot `name` standing in) takes on
    the table `state` at `version`, from the seat's view and the legal actions only; and the actor
    record of its move."""
    view = rules.view(state, seat)
    bot = bot_of(rules, record, name)
    action = bot.choose(view, rules.legal_actions(state, seat), bot_rng(seed, version))
    actor: dict[str, Any] = {"bot": bot.name, "bot_version": bot.version, "view_mac": view_mac(seed, view)}
    if (strength := strength_of(record, name)) is not None:
        actor["strength"] = strength
    return action, actor


def acting_bot(header: Mapping[str, Any], cause: Mapping[str, Any]) -> str | None:
    """The bot that must have taken a seat's recorded decision, by the log's header: the clock's
    stand-in when the seat's time ran out under the `bot` policy, the seat's own bot otherwise;
    None when a person (or a forfeit) decided it."""
    seat = cause["seat"]
    if type(seat) is not int or not 0 <= seat < len(header["seats"]):
        raise IndexError(seat)
    if "clock" in cause:
        return (header.get("options", {}).get("clock") or {}).get("bot") if cause["clock"].get("policy") == "bot" else None
    return header["seats"][seat].get("bot")


def rerun_refusal(rules: Any, header: Mapping[str, Any], seed: str, state: Any, cause: Mapping[str, Any],
                  version: int) -> tuple[str, Any, Any] | None:
    """Why the seat's decision recorded with `cause` on `version` is not the move of the bot the
    header seats there (or of no bot, for a person's seat), re-run from the seat's view: None when
    it is, else (reason, expected, found)."""
    name, actor = acting_bot(header, cause), cause.get("actor")
    if name is None:
        if actor is not None:
            return "a bot's move is recorded for a seat that no bot plays", None, actor
        return None
    seat = cause["seat"]
    if actor is None:
        return f"the decision of the {name} bot's seat is recorded without the bot's record", name, None
    record = header["seats"][seat]
    if name not in rules.bots:
        return f"this code has no {name} bot", name, actor.get("bot")
    bot = bot_of(rules, record, name)
    claimed = {"bot": actor.get("bot"), "bot_version": actor.get("bot_version"), "strength": actor.get("strength")}
    played_by = {"bot": bot.name, "bot_version": bot.version, "strength": strength_of(record, name)}
    if claimed != played_by:
        return ("the move names another bot, version or strength than the one the header seats here "
                f"(this code runs version {bot.version} of the {bot.name} bot)"), played_by, claimed
    view = rules.view(state, seat)
    if "view_mac" in actor and actor["view_mac"] != view_mac(seed, view):
        return "the bot's move records another view than the one the rules show its seat", view_mac(seed, view), actor["view_mac"]
    chosen = bot.choose(view, rules.legal_actions(state, seat), bot_rng(seed, version))
    if chosen != cause.get("action"):
        return f"the {name} bot, re-run from its seat's view, chooses another action", chosen, cause.get("action")
    return None
