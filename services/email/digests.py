"""The daily digest: once a day, from CHRONICLE_DIGEST_HOUR (UTC), each player who chose it is
sent one email listing the games awaiting them (services.email.delivery), none if nothing awaits.

Run from the workers' periodic sweep (workers.cli), or, where no worker runs, by a thread of each
API process (`DigestWatch`, started by web.wsgi). The players who chose a digest are found from
the store's log of email settings, read on from where the last pass stopped; the games awaiting
each from the running games. A pass posts each player's digest of the day once per process; the
job's id and the claim the delivery stores (`digest-<player>-<day>`) keep it to one email a day
across processes and retries.
"""

from __future__ import annotations

from collections import defaultdict
import logging
import threading
from datetime import datetime, timezone
from typing import Any

from services.email.awaiting import awaited_person
from services.email.book import EmailBook
from services.email.settings import EmailSettings
from services.log.clocks import SystemClock
from services.players.players import PlayerNotFound, Players
from services.reactions.email_jobs import Mailer
from services.reactions.overdue import running_games

STARTED = EmailSettings.Started.TOPIC  # the event that begins a player's email settings
PAGE = 500
WATCH_SECONDS = 60.0  # the digests go within a minute of their hour

log = logging.getLogger(__name__)


class DigestRound:
    """Posts each day's digests, once the day's hour has come."""

    def __init__(self, store: Any, mail: Mailer, hour: int):
        self.store = store
        self.mail = mail
        self.hour = hour
        self.book = EmailBook(store, SystemClock().now)
        self.players = Players(store)
        self.position = 0  # in the store's log: email settings read up to here
        self.settings_of: set[str] = set()  # the players who have email settings
        self.finished: set = set()  # games known to be over
        self.done: str | None = None  # the last day whose digests this process posted

    def run(self, now: datetime) -> list[str]:
        """Post the digests of `now`'s day if its hour has come and they are not posted yet; the
        players they go to."""
        day = now.date().isoformat()
        if now.hour < self.hour or self.done == day:
            return []
        self._read_new_settings()
        wanting = [player for player in map(self._player, sorted(self.settings_of))
                   if player is not None and self.book.wanted(player, "digest") is not None]
        awaiting: dict[str, list[str]] = defaultdict(list)
        if wanting:
            for game in running_games(self.store, self.finished):
                person = awaited_person(self.players, game)
                if person is not None:
                    awaiting[str(person.id)].append(str(game.id))
        posted = [str(player.id) for player in wanting if awaiting.get(str(player.id))]
        for player_id in posted:
            self.mail.digest(player_id, day, awaiting[player_id])
        self.done = day
        return posted

    def _player(self, player_id: str) -> Any:
        try:
            return self.players.get(player_id)
        except PlayerNotFound:
            return None

    def _read_new_settings(self) -> None:
        while True:
            notes = self.store.recorder.select_notifications(start=self.position, limit=PAGE, topics=[STARTED],
                                                            inclusive_of_start=False)
            for note in notes:
                settings = self.store.repository.get(note.originator_id)
                self.settings_of.add(settings.player_id)
            if notes:
                self.position = notes[-1].id
            if len(notes) < PAGE:
                return


class DigestWatch:
    """Runs a DigestRound every WATCH_SECONDS in a thread of this process (no workers here)."""

    def __init__(self, digests: DigestRound, every: float = WATCH_SECONDS):
        self.digests = digests
        self.every = every
        self.stop = threading.Event()

    def start(self) -> "DigestWatch":
        threading.Thread(target=self._run, daemon=True, name="digest-watch").start()
        return self

    def _run(self) -> None:
        while not self.stop.wait(self.every):
            try:
                self.digests.run(datetime.now(timezone.utc))
            except Exception:  # noqa: BLE001 - the watch must outlive a bad pass
                log.exception("email digests failed")
