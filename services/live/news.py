"""News of moved games for this process's live streams: who watches what, and how they hear.

A stream does not poll the store: a game's stream waits on its game's feed (services.live.feeds),
which news wakes when the game moves, and a player's notices wait on a bell (`Watch.bell`) that
rings when one of the player's games moves or has a seat taken, a challenge of theirs is issued
or answered, or a tournament they entered has news for them (services.tournaments.news). The event store stays the truth
a stream reads from; news only says when to read. A process hears:

- of its own saves at once: the commands announce each one (`Newsroom.announce`), which wakes
  the streams here and publishes through the doorbell for the other processes;
- of other processes' saves through the doorbell (services.live.doorbells: Redis pub/sub, or the
  PostgreSQL store's own NOTIFY), after which one watcher per process reads the store's
  notification log from where it last read, one query however many streams are open, and wakes
  the streams of the games it names;
- of anything a lost doorbell missed (a process that saved without publishing, Redis away for a
  moment) by the same watcher reading the log every `safety` seconds all the same.

The watcher runs while any stream of the process is open (a thread, or a greenlet under gevent),
or anything else wants to hear of every save (`Newsroom.waking`: the read models' runner, which
then catches up at once rather than at its next look).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator
from uuid import UUID

from eventsourcing.utils import get_topic

from services.analysis.stored import Analysis
from services.live.doorbells import Doorbell, Quiet
from services.live.feeds import GameFeed, Kept
from services.log.game import Game
from services.log.seating import Seating
from services.log.store import GameStore
from services.players.challenge_records import Challenge
from services.tournaments.records import Tournament

log = logging.getLogger(__name__)

# How often the watcher reads the notification log with no doorbell rung: the longest a move saved
# by another process waits to reach a stream here when no doorbell tells of it.
SAFETY_SECONDS = 1.0
NAP_SECONDS = 1.0
GAME_TOPICS = (get_topic(Game.Created), get_topic(Game.Recorded))
# A challenge issued or answered is news to its two players' notices (projections.notices).
CHALLENGE_TOPICS = tuple(get_topic(kind) for kind in (Challenge.Issued, Challenge.Accepted, Challenge.Declined,
                                                      Challenge.Cancelled))
SEAT_TAKEN = get_topic(Seating.Taken)
# A tournament's round paired, game created or end is news to its players' notices (services.tournaments.news).
TOURNAMENT_TOPICS = tuple(get_topic(kind) for kind in (Tournament.Recorded, Tournament.GameCreated))
# An analysis advancing is news to its game's streams (an `analysis` message: services.live.streams).
ANALYSIS_TOPICS = tuple(get_topic(kind) for kind in (Analysis.Requested, Analysis.DecisionAnalysed,
                                                     Analysis.Finished))
LOG_BATCH = 500
KNOWN_GAMES = 10_000  # games whose newest delivered version is remembered, so news is rung once


@dataclass
class Watch:
    """One stream's subscription: a game's stream has its game's feed; a player's notices have
    their bell, and the games it rang for since they last looked."""

    bell: threading.Event = field(default_factory=threading.Event)
    feed: GameFeed | None = None  # a game's stream: what it shares with the game's other streams
    heard: dict[str, int] = field(default_factory=dict)  # a player's: game id -> newest version heard
    lock: threading.Lock = field(default_factory=threading.Lock)
    invitations: bool = False  # a player's: rung too for a game keeping a seat for them
    tournaments: set[str] = field(default_factory=set)  # a player's: tournaments with news since they looked

    def ring(self, game_id: str | None = None, version: int = 0) -> None:
        if game_id is not None:
            with self.lock:
                self.heard[game_id] = max(version, self.heard.get(game_id, 0))
        self.bell.set()

    def take_heard(self) -> dict[str, int]:
        with self.lock:
            heard, self.heard = self.heard, {}
        return heard

    def ring_tournament(self, tournament_id: str) -> None:
        with self.lock:
            self.tournaments.add(tournament_id)
        self.bell.set()

    def take_tournaments(self) -> set[str]:
        with self.lock:
            rung, self.tournaments = self.tournaments, set()
        return rung


class Newsroom:
    """The process's watches and the news that rings them."""

    def __init__(self, store: GameStore, doorbell: Doorbell | None = None, safety: float = SAFETY_SECONDS):
        self.store = store
        self.doorbell = doorbell or Quiet()
        self.safety = safety
        self._lock = threading.Lock()
        self._feeds: dict[str, GameFeed] = {}
        self._game_watches: dict[str, set[int]] = defaultdict(set)
        self._player_watches: dict[str, dict[int, Watch]] = defaultdict(dict)
        self._watches: dict[int, Watch] = {}
        self._wakers: list[Callable[[], None]] = []  # told of every save, wherever it was made
        self._watcher: threading.Thread | None = None
        self._known: Kept = Kept(KNOWN_GAMES)  # game id -> the newest version delivered here

    # --- streams ---------------------------------------------------------------------------

    @contextmanager
    def watching_game(self, game_id: UUID | str) -> Iterator[Watch]:
        """The game's feed, which news wakes, while the stream lasts."""
        key = str(game_id)
        watch = Watch()

        def add() -> None:
            watch.feed = self._feeds.get(key)
            if watch.feed is None:
                watch.feed = self._feeds[key] = GameFeed(self.store, UUID(key))
            self._watches[id(watch)] = watch
            self._game_watches[key].add(id(watch))

        def remove() -> None:
            del self._watches[id(watch)]
            self._game_watches[key].discard(id(watch))
            if not self._game_watches[key]:
                del self._game_watches[key]
                del self._feeds[key]

        with self._hearing(add, remove):
            yield watch

    @contextmanager
    def watching_player(self, player_id: str, invitations: bool = False) -> Iterator[Watch]:
        """A bell that rings when any of the player's games moves, or a seat of one is taken (and,
        with `invitations`, when a game keeps a seat for them)."""
        watch = Watch(invitations=invitations)

        def add() -> None:
            self._watches[id(watch)] = watch
            self._player_watches[player_id][id(watch)] = watch

        def remove() -> None:
            del self._watches[id(watch)]
            del self._player_watches[player_id][id(watch)]
            if not self._player_watches[player_id]:
                del self._player_watches[player_id]

        with self._hearing(add, remove):
            yield watch

    @contextmanager
    def waking(self, wake: Callable[[], None]) -> Iterator[None]:
        """`wake` is called after each save this process announces, and whenever the watcher finds
        saves of other processes in the log (the doorbell rang, or a safety look), for as long as
        the block lasts. It must return at once: it is called on the path of a move."""
        with self._hearing(lambda: self._wakers.append(wake), lambda: self._wakers.remove(wake)):
            yield

    @contextmanager
    def _hearing(self, add: Callable[[], None], remove: Callable[[], None]) -> Iterator[None]:
        """While the block lasts, what `add` puts in (under the lock) hears the news, the watcher
        running; `remove` takes it out (under the lock) afterwards."""
        start = self._log_position_if_unwatched()
        with self._lock:
            add()
            self._start_watcher(start)
        try:
            yield
        finally:
            with self._lock:
                remove()

    def _wake(self) -> None:
        for wake in list(self._wakers):
            try:
                wake()
            except Exception:  # noqa: BLE001 - a waker's trouble must not fail a saved move or the news
                log.exception("could not wake %r", wake)

    def wake_every_stream(self) -> None:
        """Wake every stream of this process, news or not: on shutdown, so that each sees its
        pace's `stopping` at once rather than at its next heartbeat."""
        with self._lock:
            feeds, watches = list(self._feeds.values()), list(self._watches.values())
        for feed in feeds:
            feed.wake()
        for watch in watches:
            watch.bell.set()

    def open_watches(self) -> int:
        """How many streams of this process are watching."""
        with self._lock:
            return len(self._watches)

    # --- news --------------------------------------------------------------------------------

    def announce(self, game: Game) -> None:
        """A game was saved by this process: ring the bells here, and tell the other processes.
        The move is saved whatever happens here: a failure is logged, and the safety looks find it."""
        try:
            self.deliver(str(game.id), game.version, seated_players(game.seats), game, invited_players(game.seats))
            self._wake()
            self.doorbell.publish(str(game.id), game.version)
        except Exception:  # noqa: BLE001 - news must never fail a move that is already saved
            log.exception("could not announce version %s of game %s", game.version, game.id)

    def deliver(self, game_id: str, version: int, players: Iterable[str] = (), game: Game | None = None,
                invited: Iterable[str] = ()) -> None:
        """Wake the game's streams (through its feed) and ring the bells of its players' notices,
        and of the notices of the players it keeps a seat for that follow invitations."""
        with self._lock:
            self._known[game_id] = max(version, self._known.get(game_id, 0))
            feed = self._feeds.get(game_id)
            player_watches = [watch for player in players for watch in self._player_watches.get(player, {}).values()]
            player_watches += [watch for player in invited for watch in self._player_watches.get(player, {}).values()
                               if watch.invitations]
        if feed is not None:
            feed.tell(version, game)
        for watch in player_watches:
            watch.ring(game_id, version)

    def tournament_news(self, tournament_id: str, players: Iterable[str]) -> None:
        """This process saved news of a tournament for these players: ring their notices here, and
        tell the other processes (whose watchers read the tournament's events from the log)."""
        self._ring_players(str(tournament_id), players)
        self.doorbell.publish(str(tournament_id), 0)

    def _ring_players(self, tournament_id: str, players: Iterable[str]) -> None:
        with self._lock:
            watches = [watch for player in players for watch in self._player_watches.get(player, {}).values()]
        for watch in watches:
            watch.ring_tournament(tournament_id)

    def is_news(self, game_id: str, version: int) -> bool:
        """Whether `version` of the game is newer than any this process has delivered."""
        with self._lock:
            return version > self._known.get(game_id, 0)

    # --- the watcher -------------------------------------------------------------------------

    def _log_position_if_unwatched(self) -> int | None:
        """The log's position now, if no watcher runs: read before the stream's first look at the
        store, so that a save after that look is after the position the watcher starts from."""
        return None if self._watcher is not None else self.store.recorder.max_notification_id() or 0

    def _start_watcher(self, start: int | None) -> None:
        """Called with the lock held, whenever a stream starts watching, with the log's position read
        before it (None if a watcher ran then: it has stopped since, so the position is read now)."""
        if self._watcher is None:
            if start is None:
                start = self.store.recorder.max_notification_id() or 0
            self._watcher = threading.Thread(target=self._watch, args=(start,), name="news-watcher", daemon=True)
            self._watcher.start()

    def _still_needed(self) -> bool:
        with self._lock:
            if self._watches or self._wakers:
                return True
            self._watcher = None
            return False

    def _watch(self, position: int) -> None:
        read_at = time.monotonic()
        with self.doorbell.listening() as listener:
            # A doorbell rung before the subscription is lost: what was saved since `position` is read now.
            caught_up = False
            while self._still_needed():
                try:
                    if not caught_up:
                        position, caught_up = self.read_log(position), True
                    # Waits of a second at most, so that the watcher ends soon after the last stream.
                    rang = listener.wait(min(self.safety, NAP_SECONDS))
                    if rang or time.monotonic() - read_at >= self.safety:
                        read_at = time.monotonic()
                        position = self.read_log(position)
                except Exception:  # noqa: BLE001 - the watcher must outlive a store or Redis hiccup
                    log.exception("reading the news failed; trying again in %.0f s", NAP_SECONDS)
                    time.sleep(NAP_SECONDS)

    def read_log(self, position: int) -> int:
        """Deliver the news of every notification after `position`, and wake the wakers if there
        was any; returns the new position."""
        start = position
        while True:
            notes = self.store.recorder.select_notifications(
                start=position, limit=LOG_BATCH, topics=[*GAME_TOPICS, SEAT_TAKEN, *CHALLENGE_TOPICS, *ANALYSIS_TOPICS, *TOURNAMENT_TOPICS],
                inclusive_of_start=False)
            if not notes:
                break
            newest: dict[str, int] = {}
            analysed, tournaments = set(), set()
            for note in notes:
                if note.topic in ANALYSIS_TOPICS:
                    analysed.add(note.originator_id)
                    continue
                if note.topic in TOURNAMENT_TOPICS:
                    tournaments.add(note.originator_id)
                    continue
                if note.topic in CHALLENGE_TOPICS:
                    self._ring_parties(note.originator_id)
                    continue
                if note.topic == SEAT_TAKEN:  # a player joined: the game's version stays as it was
                    try:
                        game_id, version = self._seating_game(note.originator_id), 0
                    except Exception:  # noqa: BLE001 - one seating's trouble must not stop the news
                        log.exception("could not read seating %s", note.originator_id)
                        continue
                else:
                    game_id, version = str(note.originator_id), note.originator_version
                newest[game_id] = max(newest.get(game_id, 0), version)
            for game_id, version in newest.items():
                if version == 0 or self.is_news(game_id, version):  # 0: a seat taken, news to its players
                    try:
                        seated, invited = self._players_of(game_id)
                        self.deliver(game_id, version, seated, invited=invited)
                    except Exception:  # noqa: BLE001 - one game's trouble must not stop the news of others
                        log.exception("could not deliver the news of game %s", game_id)
            for analysis_id in analysed:
                self._analysis_news(analysis_id)
            for tournament_id in tournaments:
                self._ring_entrants(tournament_id)
            position = notes[-1].id
            if len(notes) < LOG_BATCH:
                break
        if position != start:
            self._wake()
        return position

    def analysis_advanced(self, game_id: str) -> None:
        """This process saved an entry of a game's analysis: wake the game's streams here, and tell
        the other processes (whose watchers read the analysis's events from the log)."""
        with self._lock:
            feed = self._feeds.get(str(game_id))
        if feed is not None:
            feed.tell_analysis()
        self.doorbell.publish(str(game_id), 0)

    def _analysis_news(self, analysis_id: UUID) -> None:
        """An analysis advanced in another process: wake its game's streams, if any watch here."""
        with self._lock:
            if not self._feeds:
                return
        try:
            game_id = self.store.repository.get(analysis_id).game_id
        except Exception:  # noqa: BLE001 - one analysis's trouble must not stop the news
            log.exception("could not read analysis %s", analysis_id)
            return
        with self._lock:
            feed = self._feeds.get(game_id)
        if feed is not None:
            feed.tell_analysis()

    def _ring_parties(self, challenge_id: UUID) -> None:
        """Ring the notices of a challenge's players, if any are open here."""
        challenge = self._watched_record(challenge_id, "challenge")
        if challenge is None:
            return
        parties = [party["id"] for party in (challenge.challenger, challenge.to) if party]
        with self._lock:
            watches = [watch for player in parties for watch in self._player_watches.get(player, {}).values()]
        for watch in watches:
            watch.ring()

    def _ring_entrants(self, tournament_id: UUID) -> None:
        """Ring the notices of a tournament's players, if any are open here: it moved on."""
        tournament = self._watched_record(tournament_id, "tournament")
        if tournament is not None:
            self._ring_players(str(tournament_id), [seat["player"] for seat in tournament.entrants.values()
                                                    if seat.get("player")])

    def _watched_record(self, record_id: UUID, kind: str) -> Any:
        """The challenge or tournament whose players' notices may need ringing: None when no
        player's notices are open here (nothing to read), or when it cannot be read (logged: one
        record's trouble must not stop the news)."""
        with self._lock:
            if not self._player_watches:
                return None
        try:
            return self.store.repository.get(record_id)
        except Exception:  # noqa: BLE001 - see above
            log.exception("could not read %s %s", kind, record_id)
            return None

    def _seating_game(self, seating_id: UUID) -> str:
        return self.store.repository.get(seating_id).game_id

    def _players_of(self, game_id: str) -> tuple[list[str], list[str]]:
        """The players seated in the game and those it keeps a seat for, when any player's notices are open here."""
        with self._lock:
            if not self._player_watches:
                return [], []
        game: Any = self.store.game(UUID(game_id))
        return seated_players(game.seats), invited_players(game.seats)



def seated_players(seats: Iterable[dict[str, Any]]) -> list[str]:
    return [seat["player"] for seat in seats if seat.get("player")]


def invited_players(seats: Iterable[dict[str, Any]]) -> list[str]:
    """The players a game keeps an open seat for: news to the streams that follow invitations."""
    return [seat["reserved_for"] for seat in seats if seat.get("reserved_for") and not seat.get("player")]
