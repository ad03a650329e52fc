"""Players: lasting identities, each with one secret key that works in every game they sit in.

A key is `<player id>.<secret>`: the id finds the player, the secret proves it. Only the key's
SHA-256 is kept, in the player's stream and in the seat record of every game the player sits in,
so a key opens exactly its player's seats, checked there like any per-game seat token.

Nobody is seated without consent: a game seats a player only when its creation carries that
player's key; anyone else gets a seat kept for them, which they take by joining it. So a
player's notices (inbox, webhooks) come only from games they chose.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any, Collection, Mapping, Sequence
from uuid import UUID, uuid4, uuid5

from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError

from services.errors import BotAccountRule, Forbidden, InvalidRequest
from services.log.aggregates import required
from services.log.names import checked_name
from services.log.store import GameStore
from services.players.callbacks import Callbacks
from services.players.destinations import Destinations

# The store names these classes as the module they were first defined in did (explicit topics of
# the eventsourcing library), so that every store, written before the services were grouped by
# concern or after, reads alike and holds the same names.
STORED_AS = "services.players"


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class Player(Aggregate):
    """A person known to the service across games."""

    TOPIC = f"{STORED_AS}:Player"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:Player.Created"

    @staticmethod
    def create_id(player_id: UUID, name: str, key_sha256: str) -> UUID:
        return player_id

    @event("Registered", topic=f"{STORED_AS}:Player.Registered")
    def __init__(self, player_id: UUID, name: str, key_sha256: str):
        self.name = name
        self.key_sha256 = key_sha256
        self.callback_url: str | None = None
        self.webhook_secret: str | None = None
        self.bot = False

    @event("BecameBot", topic=f"{STORED_AS}:Player.BecameBot")
    def become_bot(self) -> None:
        """From now on a bot account, for good: a program plays as this player."""
        self.bot = True

    @event("CallbackSet", topic=f"{STORED_AS}:Player.CallbackSet")
    def set_callback(self, callback_url: str | None, webhook_secret: str | None) -> None:
        """Where to POST "your turn" notices (None: nowhere), and the secret that signs them."""
        self.callback_url = callback_url
        self.webhook_secret = webhook_secret


class PlayerNotFound(InvalidRequest):
    """No player has this id."""


BEFORE_FIRST_GAME = "players.bot-account.before-first-game"
NO_SEAT_AS_PERSON = "players.bot-account.no-seat-as-person"


def shown_player(player: Player) -> dict[str, Any]:
    """The player as their own key sees them."""
    return {"id": str(player.id), "name": player.name, "callback_url": player.callback_url, "bot": player.bot}


# The namespace of the ids of the players the service acts as itself (Players.house_player).
HOUSE_PLAYERS = UUID("5b0c1a52-6f3e-4e2b-9d7a-2f1c8e4b7a10")


class Players:
    """Registering players and recognising their keys."""

    def __init__(self, store: GameStore, destinations: Destinations | None = None):
        self.store = store
        self.callbacks = Callbacks(destinations or Destinations())

    @property
    def destinations(self) -> Destinations:
        """Where callbacks may point: where the notices may be sent."""
        return self.callbacks.destinations

    def register(self, name: str, callback_url: str | None = None) -> dict[str, Any]:
        """A new player; the answer holds its key (and its webhook secret), shown this once."""
        name = checked_name(name, "name")
        player_id = uuid4()
        key = f"{player_id}.{secrets.token_urlsafe(24)}"
        player = Player(player_id, name, key_hash(key))
        answer = {"id": str(player_id), "name": name, "key": key}
        if callback_url is not None:
            answer.update(self._set_callback(player, callback_url))
        self.store.save(player)
        return answer

    def house_player(self, name: str) -> Player:
        """A player the service itself acts as (the organiser of bot tournaments), the same one
        each time it is asked for by that name: its id derived from the name, its key never shown
        (nobody signs in as it)."""
        player_id = uuid5(HOUSE_PLAYERS, checked_name(name, "name"))
        try:
            return self.get(player_id)
        except PlayerNotFound:
            pass
        try:
            self.store.save(Player(player_id, name, key_hash(f"{player_id}.{secrets.token_urlsafe(24)}")))
        except IntegrityError:  # made at the same moment elsewhere: that one stands
            pass
        return self.get(player_id)

    def set_callback(self, player: Player, callback_url: str | None) -> dict[str, Any]:
        """Send the player's notices to `callback_url` (None: stop); a new signing secret each time."""
        answer = self._set_callback(player, callback_url)
        self.store.save(player)
        return answer

    def _set_callback(self, player: Player, callback_url: str | None) -> dict[str, Any]:
        callback = self.callbacks.chosen(callback_url)
        player.set_callback(callback.url, callback.secret)
        return callback.shown()

    def become_bot(self, player: Player, first_game: str | None) -> dict[str, Any]:
        """Make the player a bot account, for good; `first_game` is what they play or are invited
        to already, if anything (a bot account is made before the first game: its record is a
        bot's from the start). Asked again of a bot account, it changes nothing."""
        if not player.bot:
            if first_game is not None:
                raise BotAccountRule(f"{player.name} {first_game} already: a player becomes a bot account only before "
                                     "their first game (and a bot account stays one)", BEFORE_FIRST_GAME)
            player.become_bot()
            self.store.save(player)
        return shown_player(player)

    def get(self, player_id: str | UUID, field: str = "player") -> Player:
        return required(self.store.repository, player_id, Player,
                        PlayerNotFound(f"there is no player {player_id}", field))

    def by_key(self, key: str) -> Player:
        """The player whose key this is; Forbidden for anything else."""
        player_id, _, secret = key.partition(".")
        try:
            player = self.get(player_id) if secret else None
        except PlayerNotFound:
            player = None
        if player is None or not hmac.compare_digest(player.key_sha256, key_hash(key)):
            raise Forbidden("this key is no player's key", field="Authorization")
        return player

    def seated(self, seats: Sequence[Mapping[str, Any]], host_key: str | None = None,
               consent: Collection[str] = ()) -> list[dict[str, Any]]:
        """The requested seats, each `{"player": id}` filled in with the player's name and key hash.

        Such a seat needs that player's consent: `host_key`, the key the creation request carries,
        must be theirs (or the player is in `consent`: they accepted a challenge). `{"open": true, "player": id}` keeps an open seat for the player instead."""
        filled, taken = [], set()
        for index, seat in enumerate(seats):
            seat = dict(seat)
            if seat.get("player") is not None:
                where = f"seats[{index}].player"
                if seat.get("bot") is not None or seat.get("name") is not None:
                    raise InvalidRequest("a seat is a player, a named person or a bot, not more than one", f"seats[{index}]")
                player = self.get(seat["player"], where)
                if player.id in taken:
                    raise InvalidRequest(f"{player.name} already has a seat at this table", where)
                taken.add(player.id)
                if "open" in seat:
                    if seat["open"] is not True:
                        raise InvalidRequest('a seat kept for a player is {"open": true, "player": id}', f"seats[{index}].open")
                    seat = {"open": True, "reserved_for": str(player.id)}
                else:
                    if str(player.id) not in consent:
                        if player.bot:
                            raise BotAccountRule(
                                f"{player.name} is a bot account, and a bot account may not seat itself as a person: "
                                "it plays through challenges (issued or accepted) and invitations (a seat kept for it, "
                                f'{{"open": true, "player": "{player.id}"}}, which it joins)', NO_SEAT_AS_PERSON, where)
                        self._check_consent(player, host_key, where)
                    seat = {"name": player.name, "player": str(player.id), "key_sha256": player.key_sha256,
                            **({"bot_account": True} if player.bot else {})}
            filled.append(seat)
        return filled

    def _check_consent(self, player: Player, host_key: str | None, where: str) -> None:
        """Only the player may seat themselves: Forbidden unless `host_key` is the player's key."""
        invite = (f'; to play with {player.name}, keep a seat for them: {{"open": true, "player": "{player.id}"}}, '
                  "which they join with their key")
        if host_key is None:
            raise Forbidden(f"a seat {{\"player\": id}} needs that player's key on the request "
                            f"(Authorization: Bearer <key>){invite}", field=where)
        host = self.by_key(host_key)
        if host.id != player.id:
            raise Forbidden(f"the request carries {host.name}'s key, and only {player.name} may seat "
                            f"{player.name}{invite}", field=where)
