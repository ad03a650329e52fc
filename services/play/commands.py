"""Commands: create a game, and take one decision in it.

Every decision goes through `act`, whether a person sent it over REST or a bot chose it: the
rules decide the events (drawing randomness from the game's seed and version), the aggregate
records them, and the store saves them in one transaction, with the reply to an
Idempotency-Key in the same transaction. A move decided on a stale version is refused, whether
the staleness is seen at load time or at save time (the store's optimistic concurrency). After
every deal and decision, the standing answers that follow it (domain.interrupts) are recorded in
the same transaction, each a decision of its own seat.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from typing import Any, Callable, Collection, Mapping, Protocol, Sequence
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from services.observe.metrics import MOVES

from domain import clock, interrupts, registry, rules_turns, takeback
from domain.canonical import sha256_of
from domain.contract import Decision, Event
from domain.errors import IllegalAction
from domain.rng import Rng, commitment
from services.errors import Forbidden, InvalidRequest, NotFinished, SeatTaken, StaleVersion
from services.log.clocks import SystemClock, checked_clock, deadline, timestamp
from services.log.explain import decision_of, made_by
from services.log.game import Game, IdempotentReply, decision_rng, reply_id
from services.log.game_options import checked_options
from services.log.names import likeness
from services.log.presenting import present_events, present_rules_turn, present_to_act
from services.log.seating import Seating, seating_of
from services.log.seats import seat_records
from services.log.store import GameStore
from services.play.bot_choice import bot_decision
from services.play.standing import record_standing_answers
from services.play.takebacks import takeback_events
from services.players.challenges import Challenges
from services.tournaments.tournaments import Tournaments
from services.players.destinations import Destinations
from services.players.players import Player, Players

MAX_SEED_LENGTH = 256
MAX_DELAY = 1000  # steps a spectator may be kept behind

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class CreatedGame:
    id: UUID
    version: int
    seed_commitment: str
    tokens: list[dict[str, Any]]


def check_join(game: Game, seat: int, player: Player) -> None:
    """Refuse a join that cannot be: no such seat, a seat not open or taken, a player already seated."""
    if game.finished:
        raise NotFinished("this game is over; there is no seat left to take", field="id")
    if not 0 <= seat < len(game.seats):
        raise InvalidRequest(f"this game has seats 0 to {len(game.seats) - 1}; there is no seat {seat}", "n")
    record = game.seats[seat]
    if not record.get("open"):
        raise SeatTaken(f"seat {seat} is not an open seat: {record['name']} holds it", field="n")
    if record.get("player"):
        raise SeatTaken(f"seat {seat} was taken by {record['name']}", field="n")
    if record.get("reserved_for") not in (None, str(player.id)):
        raise Forbidden(f"seat {seat} is kept for another player; only they may join it", field="n")
    if any(other.get("player") == str(player.id) for other in game.seats):
        raise InvalidRequest(f"{player.name} already has a seat at this table", "n")
    if any(likeness(other["name"]) == likeness(player.name) for other in game.seats):
        raise InvalidRequest(f"a seat of this game is named {player.name} or alike already; names must differ", "n")


def check_version(game: Game, expected_version: int) -> None:
    """StaleVersion unless the game is still at the version the move was decided on."""
    if game.version != expected_version:
        raise StaleVersion(
            f"the move was decided on version {expected_version}, but the game is at version {game.version}",
            current=game.version,
        )


def move_reply(game_id: UUID, game: Game, seat: int, events: list[Event], first_new: int,
               decided_on: Any) -> dict[str, Any]:
    """The reply to a move: the game's new version and receipt, who is to act now, and the new
    events as `seat` sees them."""
    return {
        "game_id": str(game_id),
        "version": game.version,
        "receipt": game.head,
        "status": "finished" if game.finished else "running",
        "to_act": present_to_act(game),
        "rules_turn": present_rules_turn(game),
        "events": present_events(game, seat, events, first_new, decided_on),
    }


class AfterChange(Protocol):
    """What follows each change saved to a game (services.reactions): given the game and the
    commands that saved it, through which a bot's turn played at once goes in its turn."""

    def __call__(self, game: Game, commands: Commands) -> None: ...


def nothing_after(game: Game, commands: Commands) -> None:
    """No reaction: tests that play every turn themselves."""


class TournamentNews(Protocol):
    """What follows a tournament's save that brings its players notices (services.tournaments.news):
    given the tournament, each player's new notices' keys, and the commands."""

    def __call__(self, tournament: Any, due: dict[str, list[str]], commands: Commands) -> None: ...


def no_tournament_news(tournament: Any, due: dict[str, list[str]], commands: Commands) -> None:
    """No news: tests that only look at tournaments."""


class Commands:
    """The write side of the service."""

    def __init__(self, store: GameStore, on_change: AfterChange = nothing_after,
                 clock: SystemClock | None = None, destinations: Destinations | None = None,
                 on_tournament_news: TournamentNews = no_tournament_news):
        self.store = store
        self.on_change = on_change
        self.players = Players(store, destinations)
        self.clock = clock or SystemClock()  # tests give a clock of their own
        self.challenges = Challenges(store, self.create, lambda: self.clock.now())
        self.tournaments = Tournaments(store, self.create, self.players, lambda: self.clock.now(),
                                       lambda tournament, due: on_tournament_news(tournament, due, self))

    def create(
        self,
        game: str,
        seats: Sequence[Mapping[str, Any]],
        seed: str | None = None,
        options: Mapping[str, Any] | None = None,
        scenario: Mapping[str, Any] | None = None,
        forked_from: Mapping[str, Any] | None = None,
        clock: Mapping[str, Any] | None = None,
        spectator_delay: int | None = None,
        host_key: str | None = None,
        consent: Collection[str] = (),
        also_save: Callable[[Game], Sequence[Any]] | None = None,
    ) -> CreatedGame:
        """Create and deal a game (or lay out a scenario: a sandbox game); returns its id and one
        secret token per person's seat. `host_key` is the key the request carries: a seat
        `{"player": id}` is only for the player it belongs to, or one in `consent` (players who
        agreed to this game otherwise: an accepted challenge). `also_save(game)` gives what is
        saved in the game's transaction (a challenge's acceptance: both or neither)."""
        try:
            rules = registry.get(game)
        except KeyError:
            known = ", ".join(sorted(registry.GAMES))
            raise InvalidRequest(f"there is no game '{game}' (known: {known})", "game") from None
        if seed is None:
            seed = secrets.token_hex(32)
        elif not isinstance(seed, str) or not 0 < len(seed) <= MAX_SEED_LENGTH:
            raise InvalidRequest(f"a seed is a string of 1 to {MAX_SEED_LENGTH} characters", "seed")
        records, tokens = seat_records(rules, self.players.seated(seats, host_key, consent))
        options = checked_options(options, rules)
        if refusal := rules.option_refusal(len(records), options):
            name, why = refusal
            raise InvalidRequest(why, f"options.{name}")
        if scenario is not None or forked_from is not None:
            # A chosen position can never pass for a real game: the mark is in every view and export.
            options["sandbox"] = True
        if forked_from is not None:
            options["forked_from"] = dict(forked_from)
        if open_seats := [index for index, record in enumerate(records) if record.get("open")]:
            options["open_seats"] = open_seats
        if clock is not None:
            options["clock"] = checked_clock(clock, rules)
        if spectator_delay:
            if isinstance(spectator_delay, bool) or not isinstance(spectator_delay, int) or not 0 <= spectator_delay <= MAX_DELAY:
                raise InvalidRequest(f"spectator_delay is a number of steps from 0 to {MAX_DELAY}", "spectator_delay")
            options["spectator_delay"] = spectator_delay
        aggregate = Game(
            game=rules.name,
            rules_version=rules.version,
            seats=records,
            options=options,
            seed=seed,
            seed_commitment=commitment(seed),
        )
        cause: dict[str, Any] = {"setup": True, "rng": "setup", "at": timestamp(self.clock.now())}
        if scenario is None:
            dealt = rules.setup(len(records), options, Rng(seed, "setup"))
        else:
            if not isinstance(scenario, Mapping):
                raise InvalidRequest("a scenario is a JSON object", "scenario")
            dealt = rules.scenario_setup(len(records), options, scenario, Rng(seed, "setup"))
            cause["scenario"] = dict(scenario)
        aggregate.record_decision(dealt, cause)
        record_standing_answers(aggregate, cause["at"])
        self.store.save_game(aggregate, *(also_save(aggregate) if also_save else ()))
        log.info("game %s of %s created for %s", aggregate.id, rules.name, ", ".join(r["name"] for r in records))
        self.on_change(aggregate, self)
        return CreatedGame(
            id=aggregate.id,
            version=aggregate.version,
            seed_commitment=aggregate.seed_commitment,
            tokens=[
                {"seat": index, "name": record["name"], "token": token}
                for index, (record, token) in enumerate(zip(records, tokens))
                if token
            ],
        )

    def act(
        self,
        game_id: UUID,
        seat: int | Callable[[Game], int],
        action: Mapping[str, Any],
        expected_version: int,
        *,
        idempotency_key: str | None = None,
        actor: Mapping[str, Any] | None = None,
        timed_out: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Take `seat`'s decision on `expected_version`; the reply lists the events as seat sees them.

        `seat` is the seat's number, or a function finding it in the game (the seat a token
        holds), so that a move over REST loads its game once."""
        game = self.store.game_for_move(game_id, expected_version)
        if callable(seat):
            seat = seat(game)
        fingerprint = None
        if idempotency_key is not None:
            fingerprint = sha256_of({"seat": seat, "action": action, "expected_version": expected_version})
            if (earlier := self._earlier_reply(game_id, idempotency_key, fingerprint)) is not None:
                return earlier
        check_version(game, expected_version)
        cause = self._cause(game, seat, action, actor, timed_out)
        first_new, decided_on = game.version + 1, game.state  # the table the decision's first line reads (domain.lines)
        decision = self._decision(game, seat, action, cause)
        game.record_decision(decision, cause)
        events = decision.events + record_standing_answers(game, cause["at"])
        reply = move_reply(game_id, game, seat, events, first_new, decided_on)
        try:
            self._save_move(game_id, game, reply, idempotency_key, fingerprint)
        except IntegrityError:
            return self._reply_after_lost_race(game_id, idempotency_key, fingerprint)
        MOVES.labels(game.game, "clock" if timed_out else "bot" if actor else "person").inc()
        log.info("game %s: %s (seat %s) %s -> version %s%s", game_id, game.seats[seat]["name"], seat,
                 cause["action"].get("type"), game.version, ", game over" if game.finished else "")
        self.on_change(game, self)
        return reply

    def _cause(self, game: Game, seat: int, action: Mapping[str, Any], actor: Mapping[str, Any] | None,
               timed_out: Mapping[str, Any] | None) -> dict[str, Any]:
        """What the decision's events record of it: who, what, on which random stream, when; and
        whether it answers an interrupt, was played by a bot or forced by the clock."""
        cause: dict[str, Any] = {"seat": seat, "action": dict(action), "rng": f"decision:{game.version}",
                                 "at": timestamp(self.clock.now())}
        taking_back = action.get("type") == takeback.TAKE_BACK["type"]
        if not taking_back and interrupts.answers_interrupt(game.rules, game.state, seat):
            cause[interrupts.INTERRUPT] = True
        if timed_out:
            cause["clock"] = dict(timed_out)
        if actor:
            cause["actor"] = dict(actor)
        return cause

    def _decision(self, game: Game, seat: int, action: Mapping[str, Any], cause: dict[str, Any]) -> Decision:
        """The rules' decision (with the clock's events), or the events that take the seat's last
        decision back; the takeback's record goes into `cause`."""
        if action.get("type") != takeback.TAKE_BACK["type"]:
            return clock.decision_events(game.rules, game.state, cause, decision_rng(game.seed, game.version))
        if dict(action) != takeback.TAKE_BACK:
            raise IllegalAction('a takeback is {"type": "take_back"} and nothing else', rule=takeback.TAKEBACK_RULE)
        events, cause["takeback"] = takeback_events(self.store, game, seat)
        return clock.folded(game.rules, game.state, events)

    def _save_move(self, game_id: UUID, game: Game, reply: dict[str, Any], idempotency_key: str | None,
                   fingerprint: str | None) -> None:
        """Save the game's new events, with the reply to an Idempotency-Key in the same transaction."""
        to_save: list[Any] = [game]
        if idempotency_key is not None:
            to_save.append(IdempotentReply(str(game_id), idempotency_key, fingerprint, reply))
        self.store.save_game(*to_save)

    def _reply_after_lost_race(self, game_id: UUID, idempotency_key: str | None,
                               fingerprint: str | None) -> dict[str, Any]:
        """Another move was saved first: the reply it gave if it was this one (the same
        Idempotency-Key), or StaleVersion."""
        if idempotency_key is not None and fingerprint is not None:
            earlier = self._earlier_reply(game_id, idempotency_key, fingerprint)
            if earlier is not None:
                return earlier
        current = self.store.game(game_id).version
        raise StaleVersion(
            f"another move was recorded first; the game is now at version {current}", current=current
        ) from None

    def play_rules_turn(self, game_id: UUID, version: int) -> bool:
        """Have the rules play the turn of their own due at `version` (domain.rules_turns), on that
        version's random stream; False when none is due there (the game has moved on, or a seat
        is to act): a late or repeated job changes nothing."""
        game = self.store.game(game_id)
        rival = rules_turns.due(game.rules, game.state) if game.version == version else None
        if rival is None:
            return False
        cause = rules_turns.cause(rival, version, timestamp(self.clock.now()))
        game.record_decision(rules_turns.play(game.rules, game.state, rival, decision_rng(game.seed, version)), cause)
        record_standing_answers(game, cause["at"])
        try:
            self.store.save_game(game)
        except IntegrityError:
            log.info("the turn of %s in game %s at version %s was overtaken", rival, game_id, version)
            return False
        log.info("game %s: %s plays its turn -> version %s%s", game_id, rival, game.version,
                 ", game over" if game.finished else "")
        self.on_change(game, self)
        return True

    def join(self, game_id: UUID, seat: int, player: Player) -> Game:
        """`player` takes open seat `seat` of the game; SeatTaken if someone holds it already."""
        for _ in range(5):  # two players joining at once: the second looks again
            game = self.store.game(game_id)
            check_join(game, seat, player)
            seating = seating_of(self.store.repository, game_id) or Seating(str(game_id))
            seating.take(seat=seat, player=str(player.id), name=player.name, key_sha256=player.key_sha256,
                         at=timestamp(self.clock.now()), bot_account=player.bot)
            try:
                self.store.save(seating)
                break
            except IntegrityError:
                continue
        else:
            raise SeatTaken("the seats of this game are being taken right now; try again", field="n")
        game = self.store.game(game_id)
        log.info("game %s: %s takes open seat %s", game_id, player.name, seat)
        self.on_change(game, self)
        return game

    def time_out(self, game_id: UUID, version: int) -> dict[str, Any] | None:
        """Apply the clock's policy to the decision due at `version`, if its time has run out by now;
        None when it has not, or the game has moved on (a late or repeated job changes nothing)."""
        game = self.store.game(game_id)
        due = deadline(game)
        if game.version != version or due is None or self.clock.now() < due:
            return None
        setting = game.options["clock"]
        seat = game.to_act()
        timed_out = {"policy": setting["on_timeout"], "deadline": timestamp(due)}
        if setting["on_timeout"] == "forfeit":
            action, actor = {"type": "resign"}, None
        else:
            timed_out["bot"] = setting["bot"]
            action, actor = bot_decision(game, setting["bot"])
        try:
            return self.act(game_id, seat, action, version, actor=actor, timed_out=timed_out)
        except StaleVersion:
            return None  # the seat moved in the nick of time

    def fork(self, game_id: UUID, step: int) -> CreatedGame:
        """A sandbox game starting from step `step` of a finished game, with the same seats and the
        game's own options (a Xanadu game's deck edition)."""
        game = self.store.game(game_id)
        if not game.finished:
            raise NotFinished("only a finished game can be forked: before its end, the hands and the deck "
                              "of the position are secret", field="id")
        if not 2 <= step <= game.version:
            raise InvalidRequest(f"a game can be forked from step 2 to {game.version}, not {step}", "at")
        _, cause, decision = decision_of(self.store, game, step)
        if decision[-1].originator_version != step:
            end = decision[-1].originator_version
            raise InvalidRequest(f"step {step} is inside {made_by(game, cause)}, which ends at step {end}: "
                                 f"fork at step {end}", "at")
        then = self.store.game(game_id, version=step)
        scenario = then.rules.scenario_of(then.state)
        seats = [{key: seat[key] for key in ("name", "bot", "strength") if seat.get(key) is not None}
                 for seat in game.seats]
        return self.create(game.game, seats, options=game.rules.played_options(game.options),
                           scenario=scenario, forked_from={"game": str(game_id), "step": step})

    def _earlier_reply(self, game_id: UUID, key: str, fingerprint: str) -> dict[str, Any] | None:
        try:
            saved = self.store.repository.get(reply_id(str(game_id), key))
        except AggregateNotFoundError:
            return None
        if saved.fingerprint != fingerprint:
            raise InvalidRequest(
                "this Idempotency-Key was already used for a different move; use a new key",
                "Idempotency-Key",
            )
        return saved.reply
