"""Webhooks: a player's "your turn" notice, POSTed to their callback URL (and, through `post`,
their tournaments' news: services.tournaments.news).

The body is JSON, signed the Standard Webhooks way (services.players.webhook_signing) with the secret
given when the callback was set: `webhook-id` names the delivery, the same on every retry of it,
and `webhook-timestamp` is the time of each attempt. Each attempt connects only to an address
checked just before (services.players.destinations) and follows no redirect. A delivery is retried while the receiver
fails (an answer other than 2xx, a redirect included; a refused connection or address; a timeout)
and given up when the decision is no longer the player's. What became of it, sent or given up
once its retries were spent, is recorded (services.players.deliveries), so that the sweeper sends
again only a notice whose job was lost.
"""

from __future__ import annotations

import json
import logging
import ssl
import time
from http.client import HTTPException
from typing import Any, Callable

from services.log.clocks import deadline, timestamp
from services.log.game import Game
from services.players.deliveries import SENT, outcome_of, record
from services.players import pinned_http
from services.players.destinations import Destinations, Refused, parse
from services.players.players import Player, Players
from services.players.webhook_signing import signed_headers
from services.observe.metrics import WEBHOOKS

log = logging.getLogger(__name__)

TIMEOUT_SECONDS = 5


class DeliveryFailed(Exception):
    """The receiver did not take the notice; it is tried again later."""


def delivery_id(player_id: Any, game_id: Any, version: int) -> str:
    return f"turn-{player_id}-{game_id}-{version}"


def awaited_player(players: Players, game: Game) -> Player | None:
    """The player whose decision the game now awaits, if they asked to be called."""
    seat = game.to_act()
    if game.finished or seat is None or not game.seats[seat].get("player"):
        return None
    player = players.get(game.seats[seat]["player"])
    return player if getattr(player, "callback_url", None) else None


def your_turn(game: Game) -> dict[str, Any]:
    """The notice: which game, which version, whose seat, and by when."""
    seat = game.to_act()
    due = deadline(game)
    return {
        "type": "your_turn",
        "game": str(game.id),
        "title": game.rules.title,
        "version": game.version,
        "seat": seat,
        "opponents": [record["name"] for index, record in enumerate(game.seats) if index != seat],
        "deadline": timestamp(due) if due else None,
        "links": {"game": f"/api/games/{game.id}", "actions": f"/api/games/{game.id}/actions", "page": f"/games/{game.id}"},
    }


def post(player: Player, notice: dict[str, Any], delivery: str, destinations: Destinations,
         now: Callable[[], float] = time.time, tls: ssl.SSLContext | None = None) -> int:
    """One attempt at `delivery`: the notice, signed now, POSTed to an address of the callback's
    host checked just before; the receiver's 2xx status, or DeliveryFailed."""
    url = player.callback_url
    try:
        target = parse(url)
        addresses = destinations.addresses(target)
    except Refused as refused:
        raise DeliveryFailed(f"{url}: {refused}") from None
    except (OSError, UnicodeError) as error:
        raise DeliveryFailed(f"{url}: the host does not resolve ({error})") from None
    body = json.dumps(notice, separators=(",", ":")).encode()
    headers = signed_headers(player.webhook_secret, delivery, body, now())
    try:
        status = pinned_http.post(target, addresses, body, headers, TIMEOUT_SECONDS, tls)
    except (OSError, HTTPException, ValueError) as error:
        raise DeliveryFailed(f"{url}: {error!r}") from None
    if 300 <= status < 400:
        raise DeliveryFailed(f"{url} answered {status}: a redirect, which is not followed")
    if not 200 <= status < 300:
        raise DeliveryFailed(f"{url} answered {status}")
    return status


def counted_post(player: Player, notice: dict[str, Any], delivery: str, destinations: Destinations,
                 now: Callable[[], float] = time.time) -> None:
    """`post`, its outcome counted in the webhook metric ('sent' or 'failed')."""
    try:
        post(player, notice, delivery, destinations, now)
    except DeliveryFailed:
        WEBHOOKS.labels("failed").inc()
        raise
    WEBHOOKS.labels("sent").inc()


def deliver_if_due(players: Players, game_id: Any, version: int, player_id: str,
                   now: Callable[[], float] = time.time) -> str:
    """Send the notice of `version` if the game still awaits that player there, and record it sent:
    'sent', 'stale', or 'recorded already' when it was sent or given up before."""
    delivery = delivery_id(player_id, game_id, version)
    if outcome_of(players.store, delivery) is not None:
        return "recorded already"
    game = players.store.game(game_id)
    player = awaited_player(players, game)
    if game.version != version or player is None or str(player.id) != player_id:
        WEBHOOKS.labels("stale").inc()
        return "stale"
    counted_post(player, your_turn(game), delivery, players.destinations, now)
    record(players.store, delivery, SENT)
    log.info("told player %s it is their turn in game %s (version %s)", player_id, game_id, version)
    return "sent"
