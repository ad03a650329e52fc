"""Challenges: a player invites another (or anyone) to a game of two, with its options and clock.

A challenge is open until the challenged accepts it (the game is created then, both players
seated), declines it (with a reason, if they like), the challenger cancels it, or it expires
(`expires_in` after it was issued: three days unless the challenge says otherwise, from an hour
to two weeks). A challenge open to anyone goes to the first taker: acceptance saves the
challenge's closing and the new game in one transaction, so of two takers racing, one saves and
the other finds it taken.

Who sits where: `seat` says the challenger's seat, "first" or "second", or "random" (the
default): then the coin is the new game's seed, drawn when the challenge is accepted, kept secret
and committed to as every game's is, and revealed with it at the end: nobody can know the seats
before accepting (and so take only the challenges that seat them first), and anyone can check
them afterwards (docs/house-rules.md).

Bounds: a player has at most MAX_OUTGOING challenges open, and at most MAX_INCOMING waiting for
their answer; a reason is at most MAX_REASON characters.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta
from typing import Any, Callable, Mapping
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from domain import registry
from services.errors import ChallengeClosed, Forbidden, InvalidRequest, LimitReached, NotFound
from services.log.aggregates import required
from services.log.clocks import checked_clock, parse_duration, timestamp
from services.log.game_options import checked_options
from services.log.names import REFUSED, likeness
from services.players.challenge_records import (
    ACCEPTED,
    OPEN,
    OPEN_BOARD_ID,
    Challenge,
    ChallengeBook,
    OpenBoard,
    book_id,
)
from services.players.players import Player

MAX_OUTGOING = 20
MAX_INCOMING = 50
MAX_REASON = 200
MAX_BOARD = 100  # open challenges listed at once, the oldest first
LIFETIME = timedelta(days=3)
SHORTEST, LONGEST = timedelta(hours=1), timedelta(days=14)
SEATS = ("random", "first", "second")
TRIES = 5  # saves a request tries when another changed the same book or board meanwhile


def checked_table(body: Mapping[str, Any]) -> dict[str, Any]:
    """The game a challenge is to, checked as a game's creation checks it (for two seats)."""
    game = body.get("game")
    try:
        rules = registry.get(game)
    except (KeyError, TypeError):
        raise InvalidRequest(f"there is no game {game!r} (known: {', '.join(sorted(registry.GAMES))})", "game") from None
    low, high = rules.seats
    if not low <= 2 <= high:
        raise InvalidRequest(f"{rules.title} is not played by two: a challenge is to a game of two players", "game")
    options = dict(body.get("options") or {})
    if "casual" in options:
        raise InvalidRequest('say whether the game is rated with "rated" beside "options", not in them', "options.casual")
    checked = checked_options(options, rules)
    if refusal := rules.option_refusal(2, checked):
        name, why = refusal
        raise InvalidRequest(why, f"options.{name}")
    clock = checked_clock(body["clock"], rules) if body.get("clock") is not None else None
    seat = body.get("seat", "random")
    if seat not in SEATS:
        raise InvalidRequest(f"seat is the challenger's: {', '.join(SEATS)}", "seat")
    return {"game": rules.name, "options": options, "clock": clock, "rated": bool(body.get("rated", True)),
            "seat": seat}


def lifetime(raw: Any) -> timedelta:
    if raw is None:
        return LIFETIME
    try:
        duration = parse_duration(raw)
    except ValueError as error:
        raise InvalidRequest(str(error), "expires_in") from None
    if not SHORTEST <= duration <= LONGEST:
        raise InvalidRequest("a challenge stays open from an hour (PT1H) to two weeks (P14D)", "expires_in")
    return duration


def checked_reason(raw: Any) -> str | None:
    if raw is None:
        return None
    if not isinstance(raw, str) or len(raw) > MAX_REASON or REFUSED.search(raw):
        raise InvalidRequest(f"a reason is text of at most {MAX_REASON} characters, without control characters",
                             "reason")
    return raw.strip() or None


SEAT_COIN = b"chronicle challenge seat\0"  # keeps the coin apart from the seed's other draws


def challenger_first(challenge: Challenge, seed: str) -> bool:
    """Whether the challenger takes the first seat of the game dealt from `seed`: by lot, when the
    last byte of SHA-256(SEAT_COIN + seed) is even."""
    seat = challenge.table["seat"]
    if seat == "random":
        return hashlib.sha256(SEAT_COIN + seed.encode()).digest()[-1] % 2 == 0
    return seat == "first"


def who(player: Player) -> dict[str, Any]:
    """A party to a challenge as it is shown: a bot account is marked so."""
    return {"id": str(player.id), "name": player.name, **({"bot": True} if player.bot else {})}


class Challenges:
    """Issuing, answering and listing challenges; games are created through `create`."""

    def __init__(self, store: Any, create: Callable[..., Any], now: Callable[[], datetime]):
        self.store = store
        self.create = create  # Commands.create
        self.now = now

    # -- reading --------------------------------------------------------------------------

    def get(self, challenge_id: UUID | str) -> Challenge:
        # A copy: the repository deep-copies what its cache holds.
        return required(self.store.repository, challenge_id, Challenge,
                        NotFound(f"there is no challenge {challenge_id}", "id"))

    def _load(self, aggregate_id: UUID, make: Callable[[], Any]) -> Any:
        try:
            return self.store.repository.get(aggregate_id)
        except AggregateNotFoundError:
            return make()

    def book(self, player_id: str) -> ChallengeBook:
        return self._load(book_id(player_id), lambda: ChallengeBook(player_id))

    def board(self) -> OpenBoard:
        return self._load(OPEN_BOARD_ID, OpenBoard)

    def mine(self, player_id: str) -> dict[str, list[dict[str, Any]]]:
        """The player's open challenges, received and issued, and the last ones closed."""
        book, now = self.book(player_id), self.stamp()
        lists: dict[str, list[dict[str, Any]]] = {"incoming": [], "outgoing": [], "recent": []}
        for challenge_id, side in book.open.items():
            challenge = self.get(challenge_id)
            lists[side if challenge.status(now) == OPEN else "recent"].append(present(challenge, now))
        lists["recent"] += [present(self.get(challenge_id), now) for challenge_id in book.recent]
        for side in lists.values():
            side.sort(key=lambda shown: shown["issued_at"], reverse=True)
        return lists

    def shown(self, challenge_id: str) -> dict[str, Any]:
        return present(self.get(challenge_id), self.stamp())

    def open_to_anyone(self, player_id: str | None = None) -> list[dict[str, Any]]:
        """The challenges open to anyone (but the player's own), the oldest first."""
        now, shown = self.stamp(), []
        for challenge_id in self.board().open:
            challenge = self.get(challenge_id)
            if challenge.status(now) == OPEN and challenge.challenger["id"] != player_id:
                shown.append(present(challenge, now))
                if len(shown) == MAX_BOARD:
                    break
        return shown

    def stamp(self) -> str:
        return timestamp(self.now())

    # -- writing --------------------------------------------------------------------------

    def issue(self, challenger: Player, body: Mapping[str, Any], players: Any) -> dict[str, Any]:
        """A new challenge from `challenger`, to the player `body["to"]` or, without it, to anyone."""
        to = None
        if body.get("to") is not None:
            to = players.get(body["to"], "to")
            if to.id == challenger.id:
                raise InvalidRequest("a player cannot challenge themselves", "to")
            if likeness(to.name) == likeness(challenger.name):
                raise InvalidRequest(f"you and the player you challenge are both called {to.name}: names at one "
                                     "table must differ", "to")
        table = checked_table(body)
        lasts = lifetime(body.get("expires_in"))
        for _ in range(TRIES):
            issued = self.now()
            challenge = Challenge(who(challenger), who(to) if to else None, table, timestamp(issued),
                                  timestamp(issued + lasts))
            mine = self._expired(self.book(str(challenger.id)))
            changed = [challenge, mine]
            if mine.count("outgoing") >= MAX_OUTGOING:
                raise LimitReached(f"a player has at most {MAX_OUTGOING} challenges open at once: cancel one, or "
                                   "wait for an answer", "body", MAX_OUTGOING)
            mine.add(str(challenge.id), "outgoing")
            if to is not None:
                theirs = self._expired(self.book(str(to.id)))
                changed.append(theirs)
                if theirs.count("incoming") >= MAX_INCOMING:
                    raise LimitReached(f"{to.name} has {MAX_INCOMING} challenges waiting for an answer already",
                                       "to", MAX_INCOMING)
                theirs.add(str(challenge.id), "incoming")
            else:
                board = self.board()
                for stale in [key for key in board.open if self.get(key).status(challenge.issued_at) != OPEN]:
                    board.remove(stale)
                board.add(str(challenge.id))
                changed.append(board)
            if self._saved(changed):
                return present(challenge, challenge.issued_at)
        raise ChallengeClosed("too many challenges are being issued right now; try again", "to", OPEN)

    def accept(self, challenge_id: UUID | str, taker: Player) -> dict[str, Any]:
        """Take the challenge: the game is created with both players seated."""
        for _ in range(TRIES):
            challenge, now = self._open(challenge_id), self.stamp()
            if challenge.challenger["id"] == str(taker.id):
                raise Forbidden("this is your own challenge: someone else takes it (you may cancel it)", "id")
            if challenge.to is not None and challenge.to["id"] != str(taker.id):
                raise Forbidden(f"this challenge is to {challenge.to['name']}: only they may accept it", "id")
            if likeness(challenge.challenger["name"]) == likeness(taker.name):
                raise InvalidRequest(f"you and {challenge.challenger['name']} share a name: names at one table must "
                                     "differ", "id")
            seed = secrets.token_hex(32)  # the new game's, secret until it ends
            seats = [{"player": challenge.challenger["id"]}, {"player": str(taker.id)}]
            if not challenger_first(challenge, seed):
                seats.reverse()
            table = challenge.table
            options = dict(table["options"]) if table["rated"] else {**table["options"], "casual": True}

            def closing(game: Any, challenge=challenge) -> list[Any]:
                challenge.accept(who(taker), str(game.id), now)
                return [challenge, *self._close_everywhere(challenge)]

            try:
                created = self.create(table["game"], seats, seed=seed, options=options, clock=table["clock"],
                                      consent={challenge.challenger["id"], str(taker.id)}, also_save=closing)
            except IntegrityError:
                continue  # a taker, an answer or another challenge came first: look again
            return {**present(challenge, now), "game_id": str(created.id)}
        raise ChallengeClosed("this challenge is being answered right now; look again", "id", OPEN)

    def decline(self, challenge_id: UUID | str, player: Player, reason: Any = None) -> dict[str, Any]:
        reason = checked_reason(reason)
        return self._close(challenge_id, player, "to", lambda challenge, now: challenge.decline(reason, now))

    def cancel(self, challenge_id: UUID | str, player: Player) -> dict[str, Any]:
        return self._close(challenge_id, player, "challenger", lambda challenge, now: challenge.cancel(now))

    def _close(self, challenge_id: UUID | str, player: Player, party: str,
               close: Callable[[Challenge, str], None]) -> dict[str, Any]:
        for _ in range(TRIES):
            challenge, now = self._open(challenge_id), self.stamp()
            allowed = getattr(challenge, party)
            if allowed is None or allowed["id"] != str(player.id):
                raise Forbidden("only the challenger cancels a challenge" if party == "challenger" else
                                "only the player challenged declines a challenge (a challenge open to anyone "
                                "is left to others, or cancelled by its challenger)", "id")
            close(challenge, now)
            if self._saved([challenge, *self._close_everywhere(challenge)]):
                return present(challenge, now)
        raise ChallengeClosed("this challenge is being answered right now; look again", "id", OPEN)

    def _open(self, challenge_id: UUID | str) -> Challenge:
        """The challenge, if it is still open; ChallengeClosed saying what closed it otherwise."""
        challenge = self.get(challenge_id)
        status = challenge.status(self.stamp())
        if status == OPEN:
            return challenge
        if status == ACCEPTED:
            why = f"{challenge.taker['name']} accepted this challenge already"
        else:
            why = f"this challenge is {status}"
        raise ChallengeClosed(why, "id", status)

    def _close_everywhere(self, challenge: Challenge) -> list[Any]:
        """The indexes that list the challenge, with it moved to the closed ones."""
        changed: list[Any] = []
        for party in (challenge.challenger, challenge.to):
            if party is not None:
                book = self.book(party["id"])
                if str(challenge.id) in book.open:
                    book.close(str(challenge.id))
                    changed.append(book)
        if challenge.to is None:
            board = self.board()
            if str(challenge.id) in board.open:
                board.remove(str(challenge.id))
                changed.append(board)
        return changed

    def _expired(self, book: ChallengeBook) -> ChallengeBook:
        """The book with its expired challenges moved to the closed ones (the board forgets them
        when an open challenge is next issued)."""
        now = self.stamp()
        for challenge_id in list(book.open):
            if self.get(challenge_id).status(now) != OPEN:
                book.close(challenge_id)
        return book

    def _saved(self, changed: list[Any]) -> bool:
        """Save all of them in one transaction; False if another request changed one meanwhile."""
        try:
            self.store.save(*{id(aggregate): aggregate for aggregate in changed}.values())
        except IntegrityError:
            return False
        return True


def present(challenge: Challenge, now: str) -> dict[str, Any]:
    """A challenge as its players and takers see it."""
    rules = registry.get(challenge.table["game"])
    return {
        "id": str(challenge.id),
        "status": challenge.status(now),
        "challenger": challenge.challenger,
        "to": challenge.to,
        "game": rules.name,
        "title": rules.title,
        "options": challenge.table["options"],
        "clock": challenge.table["clock"],
        "rated": challenge.table["rated"],
        "seat": challenge.table["seat"],
        "issued_at": challenge.issued_at,
        "expires_at": challenge.expires_at,
        "closed_at": challenge.closed_at,
        "reason": challenge.reason,
        "taker": challenge.taker,
        "game_id": challenge.game_id,
    }
