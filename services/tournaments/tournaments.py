"""Tournaments: an organiser opens one, players join and withdraw, rounds are paired and their
games created together, each finished game's result recorded, and the next round paired once a
round closes, until the last is played and the seed is revealed.

Every request is checked by domain/tournaments/decide.py and answered with the events it causes
(a refusal names the rule and changes nothing: TournamentRefused). A round's games are created
through the same command as any game (Commands.create), the players seated with the consent they
gave by joining, the organiser's bots as bot seats, every game with the tournament's clock, so
that it ends. Each game is saved with its place in the tournament (the `TournamentGame` index
and the tournament's `GameCreated`) in one transaction. Once a save brings players news (a
round's game, a bye, the end: services.tournaments.news), `told` rings their notices and sends
their webhooks.
"""

from __future__ import annotations

import logging
import secrets
from datetime import datetime, timedelta
from typing import Any, Callable, Mapping
from uuid import UUID

from eventsourcing.persistence import IntegrityError

from domain import registry
from domain.tournaments import decide
from domain.tournaments.errors import TournamentError
from domain.tournaments.events import TournamentFinished, to_data
from domain.tournaments.export import chain_of
from domain.tournaments.model import MAX_TABLE_SEATS, MIN_TABLE_SEATS, TABLES, WITHDRAW_AFTER_TIMEOUTS, Settings
from domain.tournaments.ranking import entrant_rating
from domain.tournaments.state import FINISHED, OPEN, RUNNING, TournamentState
from services.errors import Forbidden, InvalidRequest, NotFound, TournamentRefused
from services.log.clocks import checked_clock, timestamp
from services.log.aggregates import loaded, required
from services.log.game_options import checked_options
from services.log.names import bot_name, checked_name, likeness, numbered
from services.log.seats import checked_strength
from services.players.players import Player
from services.tournaments.exports import exported
from services.tournaments.news import due_after, due_at_table
from services.tournaments.records import (
    ACTIVE_ID,
    FINISHED_ID,
    ActiveTournaments,
    FinishedTournaments,
    PlayerTournaments,
    Tournament,
    TournamentGame,
    game_index_id,
    player_index_id,
)

log = logging.getLogger(__name__)

TRIES = 5  # saves a request tries when another changed the same tournament meanwhile
MAX_LISTED = 50  # a player's tournaments listed, the newest first
LONGEST_WAIT = timedelta(days=365)  # the latest start time, from now
# How long after its end a tournament's news whose webhook was lost is still sent (workers.notice_sweep).
NEWS_WINDOW = timedelta(days=1)


# A seat's rating at a game (the ratings read model's ordinal), None if it has none there yet: the
# web layer, which holds the read model, passes it in (projections.leaderboards.Leaderboards.rating).
Rating = Callable[[str, Mapping[str, Any]], "float | None"]


# Told after a save that brings players notices (services.tournaments.news): the tournament, and
# each player's new notices' keys. The news rings their streams; their webhooks are sent.
Told = Callable[[Any, dict[str, list[str]]], None]


def nothing_told(tournament: Any, due: dict[str, list[str]]) -> None:
    """No news: tests that only look at the tournament."""


def unrated(game: str, seat: Mapping[str, Any]) -> float | None:
    """No ratings known: every entrant is seeded as a newcomer."""
    return None


def refused(error: TournamentError, field: str | None = None) -> TournamentRefused:
    return TournamentRefused(error.reason, error.rule, field)


def places_of(outcome: Any) -> tuple[int, ...]:
    """Each seat's place, 1 the best: the winners share the first; the others follow by score,
    equal scores sharing a place. Places are ranks, as a tournament's result takes them: after a
    tie of k seats the next place is k further on (two winners, then 3rd: 1, 1, 3)."""
    winners = set(outcome.winners)
    order = [(0, 0) if seat in winners else (1, -score) for seat, score in enumerate(outcome.scores)]
    return tuple(1 + sum(1 for other in order if other < mine) for mine in order)


class Tournaments:
    """Organising, entering and running tournaments; games are created through `create`."""

    def __init__(self, store: Any, create: Callable[..., Any], players: Any, now: Callable[[], datetime],
                 told: Told = nothing_told):
        self.store = store
        self.create = create  # Commands.create
        self.players = players
        self.now = now
        self.told = told

    # -- reading --------------------------------------------------------------------------

    def get(self, tournament_id: UUID | str) -> Tournament:
        return required(self.store.repository, tournament_id, Tournament,
                        NotFound(f"there is no tournament {tournament_id}", "id"))

    def of_game(self, game_id: UUID | str) -> TournamentGame | None:
        return loaded(self.store.repository, game_index_id(game_id), TournamentGame)

    def shown(self, tournament_id: UUID | str) -> dict[str, Any]:
        return present(self.get(tournament_id))

    def export(self, tournament_id: UUID | str) -> dict[str, Any]:
        """A finished tournament's whole record, for `chronicle verify` (services/tournaments/exports.py)."""
        return exported(self.get(tournament_id))

    def of_player(self, player_id: str) -> list[dict[str, Any]]:
        """The tournaments the player organised or entered, the newest first."""
        index = loaded(self.store.repository, player_index_id(player_id), PlayerTournaments)
        if index is None:
            return []
        return [present(self.get(key)) for key in reversed(index.tournaments[-MAX_LISTED:])]

    # -- organising -----------------------------------------------------------------------

    def organise(self, organiser: Player, body: Mapping[str, Any], rating: Rating = unrated) -> dict[str, Any]:
        """Open a tournament with the organiser's settings and bots; its seed is drawn here and
        kept secret, committed to in its first event. `rating` tells each bot's rating at the
        game (the ratings read model's), which seeds round one (docs/tournaments.md)."""
        rules, table, settings = checked_table(body)
        starts_at = checked_start(body.get("starts_at"), self.now())
        seed = secrets.token_hex(32)
        tournament_id = str(UUID(bytes=secrets.token_bytes(16), version=4))
        created = to_data(decide.create(tournament_id, rules.name, settings, seed)[0])
        tournament = Tournament(organiser={"id": str(organiser.id), "name": organiser.name}, table=table,
                                starts_at=starts_at, seed=seed, created=created)
        taken: set[str] = set()
        for index, seat in enumerate(checked_bots(body.get("bots"), rules, settings)):
            name = seat.pop("name", None) or numbered(bot_name(seat["bot"]), taken)
            if likeness(name) in taken:
                raise InvalidRequest(f"two bots are named '{name}' or alike: names must differ", f"bots[{index}].name")
            taken.add(likeness(name))
            self._enter(tournament, name, {**seat, "name": name}, f"bots[{index}]", rating)
        active = self._active()
        active.add(tournament_id)
        self.store.save(tournament, active, *self._listed(str(organiser.id), tournament_id))
        return present(tournament)

    def _active(self) -> ActiveTournaments:
        return loaded(self.store.repository, ACTIVE_ID, ActiveTournaments) or ActiveTournaments()

    def _finished(self) -> FinishedTournaments:
        return loaded(self.store.repository, FINISHED_ID, FinishedTournaments) or FinishedTournaments()

    def with_news(self) -> list[str]:
        """The tournaments whose news may still be due: those not finished, and those finished
        within NEWS_WINDOW; never every tournament there ever was."""
        return [*self._active().tournaments, *self._finished().since(timestamp(self.now() - NEWS_WINDOW))]

    def _listed(self, player_id: str, tournament_id: str) -> list[Any]:
        index = loaded(self.store.repository, player_index_id(player_id), PlayerTournaments) \
            or PlayerTournaments(player_id)
        if tournament_id in index.tournaments:
            return []
        index.add(tournament_id)
        return [index]

    def _enter(self, tournament: Tournament, name: str, seat: dict[str, Any], field: str, rating: Rating) -> None:
        game = tournament.table["game"]
        ordinal = rating(game, {key: seat[key] for key in ("player", "bot", "strength") if key in seat})
        try:
            events = decide.join(tournament.state(), name, entrant_rating(ordinal))
        except TournamentError as error:
            raise refused(error, field) from None
        tournament.enter(name, seat, to_data(events[0]))

    def join(self, tournament_id: UUID | str, player: Player, rating: Rating = unrated) -> dict[str, Any]:
        """The player enters the field (so consenting to be seated at the games it pairs them to),
        with their rating at the game as `rating` tells it."""
        for _ in range(TRIES):
            tournament = self.get(tournament_id)
            others = [name for name in tournament.state().players if name != player.name]
            if likeness(player.name) in {likeness(name) for name in others}:
                raise InvalidRequest(f"an entrant is already named like {player.name}: names in a tournament "
                                     "must differ", "id")
            self._enter(tournament, player.name, {"player": str(player.id)}, "id", rating)
            try:
                self.store.save(tournament, *self._listed(str(player.id), str(tournament.id)))
            except IntegrityError:
                continue
            return present(tournament)
        raise TournamentRefused("the tournament is changing right now; send it again", "tournament.busy", "id")

    def withdraw(self, tournament_id: UUID | str, player: Player) -> dict[str, Any]:
        """The player leaves: before round one, the field; after, every round to come (their
        games played still count). They may leave while a round they play is running: that game
        goes on, theirs to finish, and its result counts."""
        return present(self._decide(tournament_id, lambda tournament, state: decide.withdraw(
            state, self._name_of(tournament, player))))

    def _name_of(self, tournament: Tournament, player: Player) -> str:
        for name, seat in tournament.entrants.items():
            if seat.get("player") == str(player.id):
                return name
        raise TournamentRefused(f"{player.name} is not in the tournament", "tournament.withdraw.entrant", "id")

    def _decide(self, tournament_id: UUID | str, decision: Callable[[Tournament, TournamentState], list]
                ) -> Tournament:
        for _ in range(TRIES):
            tournament = self.get(tournament_id)
            try:
                events = decision(tournament, tournament.state())
            except TournamentError as error:
                raise refused(error, "id") from None
            also = []
            for happened in events:
                tournament.record(to_data(happened))
                if isinstance(happened, TournamentFinished):  # the sweeper moves it on no more
                    active, finished = self._active(), self._finished()
                    active.remove(str(tournament.id))
                    finished.add(str(tournament.id), timestamp(self.now()))  # its news' webhooks still go
                    also += [active, finished]
            try:
                self.store.save(tournament, *also)
            except IntegrityError:
                continue
            if due := due_after(tournament, events):
                self._tell(tournament, due)
            return tournament
        raise TournamentRefused("the tournament is changing right now; send it again", "tournament.busy", "id")

    # -- running --------------------------------------------------------------------------

    def start(self, tournament_id: UUID | str, by: Player | None = None) -> dict[str, Any]:
        """Pair round one and create its games: asked by the organiser, or (`by` None) once the
        start time has passed."""
        tournament = self.get(tournament_id)
        if by is not None and tournament.organiser["id"] != str(by.id):
            raise Forbidden(f"only the organiser, {tournament.organiser['name']}, starts the tournament", "id")
        if by is None and (tournament.starts_at is None or timestamp(self.now()) < tournament.starts_at):
            raise TournamentRefused("the start time has not come", "tournament.start.time", "id")
        # decide.start checks the status again on the table it saves over: a start racing this one
        # is told the same as one coming after it.
        self._decide(tournament_id, lambda t, state: decide.start(state, t.seed))
        return self.advance(tournament_id)

    def advance(self, tournament_id: UUID | str) -> dict[str, Any]:
        """Whatever is due now: the games of the round paired that are not created yet; once the
        round closes, the next round's pairing and games, or the end when no round is left.
        Doing it twice does nothing more: the sweeper and a retried job may both call it, and the
        next round is paired once (decide.after_round), not again by whoever comes second."""
        while True:
            tournament = self.get(tournament_id)
            state = tournament.state()
            current = state.current_round
            if state.status != RUNNING or current is None:
                return present(tournament)
            if not current.closed:
                missing = [t for t in current.pairing.tables
                           if tournament.game_of(current.pairing.round, t.number) is None]
                if not missing:
                    return present(tournament)
                self._create_game(tournament, current.pairing.round, missing[0].number, missing[0].seats)
                continue
            self._decide(tournament_id, lambda t, s: decide.after_round(s, t.seed))

    def _create_game(self, tournament: Tournament, round_number: int, table: int, names: tuple[str, ...]) -> None:
        seats = [{"player": tournament.entrants[name]["player"]} if "player" in tournament.entrants[name]
                 else dict(tournament.entrants[name]) for name in names]
        consent = {seat["player"] for seat in seats if "player" in seat}
        spec = tournament.table
        options = dict(spec["options"]) if spec["rated"] else {**spec["options"], "casual": True}

        def placed(game: Any) -> list[Any]:
            tournament.game_created(round_number, table, str(game.id))
            return [tournament, TournamentGame(str(game.id), str(tournament.id), round_number, table)]

        try:
            self.create(spec["game"], seats, options=options, clock=spec["clock"], consent=consent, also_save=placed)
        except IntegrityError:
            return  # another process created it meanwhile (and tells its players): `advance` reads again
        if due := due_at_table(tournament, round_number, names):
            self._tell(tournament, due)

    def _tell(self, tournament: Tournament, due: dict[str, list[str]]) -> None:
        """The players' new notices are saved with the tournament: a failure to tell them is
        logged, and their streams' safety looks find the notices all the same."""
        try:
            self.told(tournament, due)
        except Exception as error:  # noqa: BLE001 - news must never undo or fail a saved round
            log.error("could not tell the players of tournament %s its news: %s", tournament.id, error,
                      exc_info=error)

    def sweep(self) -> list[str]:
        """Move on every tournament left behind: one whose start time has passed, a game whose
        result was never recorded (its job lost), a round closed and the next not paired, a
        round's games not all created. Returns the tournaments looked at that changed."""
        moved = []
        for tournament_id in list(self._active().tournaments):
            before = self.get(tournament_id).version
            try:
                self._catch_up(tournament_id)
            except Exception as error:  # noqa: BLE001 - one tournament's trouble must not stop the others
                log.error("tournament %s could not be moved on: %s", tournament_id, error, exc_info=error)
            if self.get(tournament_id).version != before:
                moved.append(tournament_id)
        return moved

    def _catch_up(self, tournament_id: str) -> None:
        tournament = self.get(tournament_id)
        state = tournament.state()
        if state.status == OPEN:
            if tournament.starts_at is not None and timestamp(self.now()) >= tournament.starts_at:
                self.start(tournament_id)
            return
        current = state.current_round
        if current is not None and not current.closed:
            for table in current.pairing.tables:
                game_id = tournament.game_of(current.pairing.round, table.number)
                if table.number not in current.results and game_id is not None:
                    game = self.store.game(UUID(game_id))
                    if game.finished:
                        self.game_finished(game)
        self.advance(tournament_id)

    def game_finished(self, game: Any) -> bool:
        """Record the result of a tournament's game that has ended (a loss on time is a loss), and
        move the tournament on; False for a game of no tournament, or one recorded already."""
        if not game.finished:
            return False
        placed = self.of_game(game.id)
        if placed is None:
            return False
        outcome = registry.get(game.game).outcome(game.state)
        on_time = getattr(game, "forfeited_on_time", None)
        tournament = self.get(placed.tournament_id)
        names = tournament.state().rounds[placed.round - 1].pairing.tables[placed.table - 1].seats
        lost_on_time = () if on_time is None else (names[on_time],)  # the game is seated as the table is

        def result(t: Tournament, state: TournamentState) -> list:
            played = state.rounds[placed.round - 1]
            if placed.table in played.results:
                return []
            return decide.finish_game(state, placed.round, placed.table, places_of(outcome), lost_on_time)

        self._decide(placed.tournament_id, result)
        self.advance(placed.tournament_id)
        return True


# -- checking a request --------------------------------------------------------------------


def checked_table(body: Mapping[str, Any]) -> tuple[Any, dict[str, Any], Settings]:
    """The game every round is of, its options and clock, and the tournament's settings."""
    game = body.get("game")
    try:
        rules = registry.get(game)
    except (KeyError, TypeError):
        raise InvalidRequest(f"there is no game {game!r} (known: {', '.join(sorted(registry.GAMES))})", "game") from None
    low, high = rules.seats
    format = body.get("format", "swiss")
    if format == TABLES:
        least, most = max(low, MIN_TABLE_SEATS), min(high, MAX_TABLE_SEATS)
        if least > most:
            raise InvalidRequest(f"{rules.title} is not played at tables of {MIN_TABLE_SEATS} to {MAX_TABLE_SEATS}: "
                                 "a tables tournament is for games of more seats", "format")
        least, most = body.get("table_seats_min", least), body.get("table_seats_max", most)
    else:
        least = most = 2
        if not low <= 2 <= high:
            raise InvalidRequest(f"{rules.title} is not played by two: its tournaments have the format 'tables'",
                                 "format")
    if not all(type(n) is int for n in (least, most)) or not low <= least <= most <= high:
        raise InvalidRequest(f"{rules.title} is played by {low} to {high} seats", "table_seats_min")
    rounds, size = body.get("rounds"), body.get("size_limit", 64)
    timeouts = body.get("withdraw_after_timeouts", WITHDRAW_AFTER_TIMEOUTS)
    for name, value in (("rounds", rounds), ("size_limit", size), ("withdraw_after_timeouts", timeouts)):
        if type(value) is not int:
            raise InvalidRequest(f"{name} is a whole number", name)
    try:
        settings = Settings(format, rounds, least, most, size, withdraw_after_timeouts=timeouts)
    except TournamentError as error:  # a bad setting is bad input, not a conflict with the tournament's state
        raise InvalidRequest(error.reason, {"tournament.format": "format", "tournament.rounds": "rounds",
                                            "tournament.size-limit": "size_limit",
                                            "tournament.withdraw-after-timeouts": "withdraw_after_timeouts"}.get(
                                                error.rule, "table_seats_min")) from None
    if size < least:  # such a field could never fill a table: the tournament could never start
        raise InvalidRequest(f"{rules.title}'s tables seat at least {least}: the size limit is at least {least} players",
                             "size_limit")
    options = dict(body.get("options") or {})
    if "casual" in options:
        raise InvalidRequest('say whether the games are rated with "rated" beside "options", not in them',
                             "options.casual")
    checked = checked_options(options, rules)
    for seats in {least, most}:
        if refusal := rules.option_refusal(seats, checked):
            name, why = refusal
            raise InvalidRequest(why, f"options.{name}")
    if body.get("clock") is None:
        raise InvalidRequest('a tournament\'s games have a clock, so that every round ends: such as '
                             '{"per_decision": "P1D", "on_timeout": "forfeit"}', "clock")
    clock = checked_clock(body["clock"], rules)
    rated = body.get("rated", True)
    if type(rated) is not bool:
        raise InvalidRequest("rated is true or false", "rated")
    return rules, {"game": rules.name, "options": options, "clock": clock, "rated": rated}, settings


def checked_bots(raw: Any, rules: Any, settings: Settings) -> list[dict[str, Any]]:
    """The organiser's bot seats, as a game takes them: {"bot", "strength"?, "name"?}."""
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > settings.max_players:
        raise InvalidRequest(f"bots is a list of at most {settings.max_players} bot seats (the size limit)", "bots")
    seats = []
    for index, seat in enumerate(raw):
        where = f"bots[{index}]"
        if not isinstance(seat, Mapping) or not set(seat) <= {"bot", "strength", "name"}:
            raise InvalidRequest('a bot seat is {"bot": name, "strength": level, "name": shown name}', where)
        if seat.get("bot") not in rules.bots:
            raise InvalidRequest(f"{rules.title} has no bot {seat.get('bot')!r} (it has: "
                                 f"{', '.join(sorted(rules.bots))})", f"{where}.bot")
        checked = {"bot": seat["bot"]}
        if (strength := checked_strength(rules, seat, where)) is not None:
            checked["strength"] = strength
        if seat.get("name") is not None:
            checked["name"] = checked_name(seat["name"], f"{where}.name")
        seats.append(checked)
    return seats


def checked_start(raw: Any, now: datetime) -> str | None:
    """The start time, an ISO 8601 UTC timestamp within a year from now; None: the organiser starts it."""
    if raw is None:
        return None
    try:
        when = datetime.fromisoformat(str(raw).replace("Z", "+00:00"))
    except ValueError:
        when = None
    if when is None or when.tzinfo is None or not now <= when <= now + LONGEST_WAIT:
        raise InvalidRequest("starts_at is a time from now to a year ahead, with its zone, such as "
                             "2026-12-01T18:00:00Z", "starts_at")
    return timestamp(when)


# -- showing -------------------------------------------------------------------------------


def present(tournament: Tournament) -> dict[str, Any]:
    """The tournament as anyone may see it: its settings, rounds with their games, and the
    standings, best first. The seed is shown only once the tournament is finished."""
    state = tournament.state()
    rounds = []
    for played in state.rounds:
        number = played.pairing.round
        tables = []
        for table in played.pairing.tables:
            result = played.results.get(table.number)
            tables.append({"table": table.number, "players": list(table.seats),
                           "game_id": tournament.game_of(number, table.number),
                           "places": list(result.places) if result else None,
                           "lost_on_time": list(result.lost_on_time) if result else []})
        rounds.append({"round": number, "tables": tables, "byes": list(played.pairing.byes),
                       "closed": played.closed})
    ratings = {entrant.player: entrant.rating for entrant in state.entrants}
    standings = [{"place": s.place, "player": s.player, "points": float(s.points), "buchholz": float(s.buchholz),
                  "buchholz_cut1": float(s.buchholz_cut1), "sonneborn_berger": float(s.sonneborn_berger),
                  "wins": s.wins, "games": s.games, "byes": s.byes, "withdrawn": s.withdrawn}
                 for s in state.standings(tournament.seed)]
    settings = state.settings
    return {
        "id": str(tournament.id), "status": state.status, "organiser": dict(tournament.organiser),
        **tournament.table, "title": registry.get(tournament.table["game"]).title,
        "format": settings.format, "rounds_planned": settings.rounds, "size_limit": settings.max_players,
        "table_seats": [settings.min_seats, settings.max_seats], "starts_at": tournament.starts_at,
        "entrants": [{"name": name, "kind": "player" if "player" in seat else "bot",
                      **({"player": seat["player"]} if "player" in seat else {"bot": seat["bot"]}),
                      "rating": ratings[name], "withdrawn": name in state.withdrawn,
                      "withdrawn_on_time": name in state.withdrawn_on_time}
                     for name, seat in tournament.entrants.items() if name in state.players],
        "rounds": rounds, "standings": standings, "seed_commitment": state.seed_commitment,
        "pairing_version": settings.pairing_version, "withdraw_after_timeouts": settings.withdraw_after_timeouts,
        "head": chain_of(tournament.events)[-1],
        "seed": tournament.seed if state.status == FINISHED else None,
    }

