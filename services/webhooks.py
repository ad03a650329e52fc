"""Webhooks: a player's "your turn" notice, POSTed to their callback URL.

The body is JSON; `X-Chronicle-Signature: sha256=<hex>` is the HMAC-SHA-256 of the exact body
bytes keyed by the player's webhook secret (given once, when the callback is set), and
`X-Chronicle-Delivery` names the delivery (the same on every retry of it), so a receiver can check
the sender and drop repeats. A delivery is retried while the receiver fails (a non-2xx answer, a
refused connection, a timeout) and given up when the decision is no longer the player's.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
from typing import Any
from urllib.error import URLError
from urllib.request import Request, urlopen

from services.clocks import deadline, timestamp
from services.game import Game
from services.players import Player, Players

log = logging.getLogger(__name__)

SIGNATURE = "X-Chronicle-Signature"
DELIVERY = "X-Chronicle-Delivery"
TIMEOUT_SECONDS = 5


class DeliveryFailed(Exception):
    """The receiver did not take the notice; it is tried again later."""


def sign(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


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


def post(player: Player, notice: dict[str, Any], delivery: str) -> int:
    """POST the signed notice; the receiver's status, or DeliveryFailed."""
    body = json.dumps(notice, separators=(",", ":")).encode()
    request = Request(player.callback_url, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "User-Agent": "tabletop-chronicle-webhook",
        SIGNATURE: sign(player.webhook_secret, body),
        DELIVERY: delivery,
    })
    try:
        with urlopen(request, timeout=TIMEOUT_SECONDS) as answer:  # noqa: S310 - http(s) checked when set
            return answer.status
    except URLError as error:  # HTTPError (a non-2xx answer) included
        raise DeliveryFailed(f"{player.callback_url}: {error}") from None
    except OSError as error:
        raise DeliveryFailed(f"{player.callback_url}: {error}") from None


def deliver_if_due(players: Players, game_id: Any, version: int, player_id: str) -> str:
    """Send the notice of `version` if the game still awaits that player there; 'sent' or 'stale'."""
    game = players.store.game(game_id)
    player = awaited_player(players, game)
    if game.version != version or player is None or str(player.id) != player_id:
        return "stale"
    post(player, your_turn(game), delivery_id(player_id, game_id, version))
    log.info("told player %s it is their turn in game %s (version %s)", player_id, game_id, version)
    return "sent"
