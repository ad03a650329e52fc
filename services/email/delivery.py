"""Sending each email, on a worker (workers.jobs.email) or a thread of the API's process: the
confirmation, "your move" for one turn, a challenge, and a player's digest of a day.

Each looks again at the store before sending (the turn may have passed, the player may have
unsubscribed), claims the email (services.email.claims: never twice), sends it through the SMTP
server, and logs what it did by ids: never the address.
"""

from __future__ import annotations

import logging
from datetime import datetime
from email.message import EmailMessage
from typing import Any, Callable, Sequence
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from services.email import letters
from services.email.awaiting import awaited_person, awaiting, comes_to_await, inbox_order
from services.email.book import EmailBook
from services.email.claims import claim, settle
from services.email.setup import MailSetup
from services.players.challenge_records import OPEN, Challenge
from services.players.challenges import present
from services.log.clocks import timestamp
from services.players.players import PlayerNotFound, Players
from services.observe.metrics import EMAILS

log = logging.getLogger(__name__)

KINDS = ("confirmation", "turn", "challenge", "digest")


class Delivery:
    """Composes and sends the emails of one process."""

    def __init__(self, store: Any, setup: MailSetup, now: Callable[[], datetime]):
        self.store = store
        self.setup = setup
        self.now = now
        self.book = EmailBook(store, now)
        self.players = Players(store)

    def run(self, kind: str, *args: Any) -> str:
        """Send the email of `kind` (KINDS) with its arguments; what became of it, in a word or two."""
        if kind not in KINDS:
            raise ValueError(f"no email is called {kind!r}")
        return getattr(self, kind)(*args)

    def confirmation(self, player_id: str, serial: int) -> str:
        made = self.book.new_confirmation(player_id, serial)
        if made is None:
            return "stale"
        settings, token = made
        name = self.players.get(player_id).name
        # No claim: a second confirmation (a retry) only sends a newer link, which alone works.
        return self._send(None, letters.confirmation(self.setup, settings, token, name),
                          f"the confirmation of player {player_id}'s address")

    def turn(self, game_id: str, version: int, player_id: str) -> str:
        game = self.store.game(UUID(game_id))
        player = awaited_person(self.players, game)
        if game.version != version or player is None or str(player.id) != player_id:
            return "stale"
        if not comes_to_await(self.store, game):
            return "not a new turn"
        settings = self.book.wanted(player, "each")
        if settings is None:
            return "not wanted"
        return self._send(f"turn-{player_id}-{game_id}-{version}",
                          letters.your_move(self.setup, settings, player.name, awaiting(self.store, game)),
                          f"player {player_id}'s move in game {game_id} at version {version}")

    def challenge(self, challenge_id: str, player_id: str) -> str:
        try:
            challenge = self.store.repository.get(UUID(challenge_id))
        except AggregateNotFoundError:
            return "stale"
        now = timestamp(self.now())
        if not isinstance(challenge, Challenge) or challenge.status(now) != OPEN:
            return "stale"
        player = self.players.get(player_id)
        settings = self.book.wanted(player, "challenges")
        if settings is None:
            return "not wanted"
        shown = present(challenge, now)
        expires = datetime.fromisoformat(shown["expires_at"].replace("Z", "+00:00"))
        return self._send(f"challenge-{challenge_id}-{player_id}",
                          letters.challenged(self.setup, settings, player.name, shown["challenger"]["name"],
                                             shown["title"], letters.when(expires)),
                          f"challenge {challenge_id} to player {player_id}")

    def digest(self, player_id: str, day: str, game_ids: Sequence[str]) -> str:
        try:
            player = self.players.get(player_id)
        except PlayerNotFound:
            return "stale"
        settings = self.book.wanted(player, "digest")
        if settings is None:
            return "not wanted"
        games = []
        for game_id in game_ids:
            game = self.store.game(UUID(game_id))
            person = awaited_person(self.players, game)
            if person is not None and person.id == player.id:
                games.append(game)
        if not games:
            return "nothing awaits"
        games.sort(key=inbox_order)
        return self._send(f"digest-{player_id}-{day}",
                          letters.digest(self.setup, settings, player.name, [awaiting(self.store, g) for g in games]),
                          f"player {player_id}'s digest of {day} ({len(games)} games)")

    def _send(self, key: str | None, message: EmailMessage, what: str) -> str:
        """Claim the email `key` (None: no claim), send it, and record it sent (or release it)."""
        try:
            outcome = self._send_once(key, message, what)
        except Exception:
            EMAILS.labels("failed").inc()
            raise
        EMAILS.labels(outcome).inc()
        return outcome

    def _send_once(self, key: str | None, message: EmailMessage, what: str) -> str:
        if self.setup.server is None:
            log.info("no email is sent (CHRONICLE_SMTP_URL is not set): %s", what)
            return "not set up"
        held = claim(self.store, key) if key is not None else None
        if key is not None and held is None:
            return "sent already"
        try:
            self.setup.server.send(message)
        except Exception:
            if held is not None:
                settle(self.store, held, sent=False)
            raise
        if held is not None:
            settle(self.store, held, sent=True)
        log.info("emailed %s", what)
        return "sent"
