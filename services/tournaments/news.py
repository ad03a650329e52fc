"""What a tournament tells each of its players, in words: a round's game, a bye, a withdrawal by
the rule, the final place.

A notice is read from the tournament's stream, never stored apart: "Round 2 of Chi, a Swiss by
oli: your game against bob" once the player's game of round 2 is created, "Round 2 of Chi, a
Swiss by oli: you have a bye" once the round is paired with them left out, "Chi, a Swiss by oli:
you were withdrawn after losing 2 games on time; your results so far stand" once the withdrawal
rule takes them out (domain/tournaments/withdrawals.py; a player who withdraws by asking is told
nothing: they did it), and "Chi, a Swiss by oli, finished: you placed 3rd of 8" at the end. Each
has an id that names it for good (`<tournament>:round-2`, `<tournament>:withdrawn`,
`<tournament>:finished`), so that a stream tells each once and a webhook delivery keeps one id
through its retries. A player's notices tell only what the tournament's
page shows anyone (its pairings and standings), and go only to that player.
"""

from __future__ import annotations

import logging
from typing import Any, Iterable

from domain import registry
from domain.english import ordinal
from domain.tournaments.events import LOST_ON_TIME, PlayerWithdrew, RoundPaired, TournamentFinished, from_data
from domain.tournaments.state import FINISHED
from services.log.aggregates import loaded
from services.observe.metrics import WEBHOOKS
from services.players.deliveries import SENT, outcome_of, record
from services.players.webhooks import counted_post
from services.tournaments.records import PlayerTournaments, Tournament, player_index_id

log = logging.getLogger(__name__)

ROUND, BYE, WITHDRAWN, ENDED = "round", "bye", "withdrawn", "finished"  # a notice's kind
KINDS = (ROUND, BYE, WITHDRAWN, ENDED)
FORMAT_NAMES = {"swiss": "a Swiss", "round-robin": "a round robin", "tables": "a tables tournament"}


def heading(title: str, format: str, organiser: str) -> str:
    """"Chi, a Swiss by oli": a tournament's name, since it has no other."""
    return f"{title}, {FORMAT_NAMES[format]} by {organiser}"


def listed(names: list[str]) -> str:
    """"bob", "bob and cai", "bob, cai and di"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def entrant_of(tournament: Tournament, player_id: str) -> str | None:
    """The name the player entered the tournament under, if they did."""
    for name, seat in tournament.entrants.items():
        if seat.get("player") == player_id:
            return name
    return None


def key_of(round_number: int | None) -> str:
    """A notice's key within its tournament: `round-<n>`, or `finished` (a withdrawal's: WITHDRAWN)."""
    return ENDED if round_number is None else f"round-{round_number}"


def withdrawn_on_time(tournament: Tournament, name: str) -> PlayerWithdrew | None:
    """The entrant's withdrawal by the rule on losses on time, if it took them out."""
    return next((event for event in map(from_data, tournament.events) if isinstance(event, PlayerWithdrew)
                 and event.player == name and event.reason == LOST_ON_TIME), None)


def games(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


def notices_for(tournament: Tournament, player_id: str) -> list[dict[str, Any]]:
    """The player's notices from the tournament, the oldest first: each round's game (once
    created) or bye, their withdrawal after the round where the rule took them out, and the final
    place once it has finished."""
    name = entrant_of(tournament, player_id)
    if name is None:
        return []
    state, tournament_id = tournament.state(), str(tournament.id)
    title = registry.get(tournament.table["game"]).title
    called = heading(title, state.settings.format, tournament.organiser["name"])
    links = {"tournament": f"/api/tournaments/{tournament_id}", "tournament_page": f"/tournaments/{tournament_id}"}
    shown = []
    withdrawal = withdrawn_on_time(tournament, name)

    def notice(kind: str, round_number: int | None, words: str, key: str | None = None, **more: Any
               ) -> dict[str, Any]:
        return {"id": f"{tournament_id}:{key or key_of(round_number)}", "kind": kind, "tournament": tournament_id,
                "title": title, "round": round_number, "words": words,
                "game": None, "opponents": [], "place": None, "of": None, **more}

    def withdrawn(after_round: int) -> dict[str, Any]:
        lost = sum(name in result.lost_on_time for played in state.rounds[:after_round]
                   for result in played.results.values())
        return notice(WITHDRAWN, after_round, f"{called}: you were withdrawn after losing {games(lost)} on time; "
                      "your results so far stand", key=WITHDRAWN, links=links)

    for played in state.rounds:
        number = played.pairing.round
        if withdrawal is not None and number == withdrawal.after_round + 1:
            shown.append(withdrawn(withdrawal.after_round))
        if name in played.pairing.byes:
            shown.append(notice(BYE, number, f"Round {number} of {called}: you have a bye", links=links))
            continue
        for table in played.pairing.tables:
            if name not in table.seats:
                continue
            game_id = tournament.game_of(number, table.number)
            if game_id is not None:
                others = [other for other in table.seats if other != name]
                shown.append(notice(ROUND, number, f"Round {number} of {called}: your game against {listed(others)}",
                                    game=game_id, opponents=others,
                                    links={**links, "game": f"/api/games/{game_id}", "page": f"/games/{game_id}"}))
    if withdrawal is not None and withdrawal.after_round == len(state.rounds):  # no round paired after it yet
        shown.append(withdrawn(withdrawal.after_round))
    if state.status == FINISHED:
        standings = state.standings()
        place = next(s.place for s in standings if s.player == name)
        shown.append(notice(ENDED, None, f"{called} finished: you placed {ordinal(place)} of {len(standings)}",
                            place=place, of=len(standings), links=links))
    return shown


def notice_of(tournament: Tournament, player_id: str, key: str) -> dict[str, Any] | None:
    """The player's notice `key` (`round-<n>`, `withdrawn` or `finished`) of the tournament, if it is due."""
    wanted = f"{tournament.id}:{key}"
    return next((shown for shown in notices_for(tournament, player_id) if shown["id"] == wanted), None)


def due_after(tournament: Tournament, happened: Iterable[Any]) -> dict[str, list[str]]:
    """Which players' notices the tournament's new events bring (player id -> notice keys): a
    round's byes when it is paired, a withdrawal by the rule when a loss on time brings it, and
    everyone's place when it finishes (a round's games bring theirs as each is created:
    `due_at_table`)."""
    players = {name: seat["player"] for name, seat in tournament.entrants.items() if seat.get("player")}
    due: dict[str, list[str]] = {}
    for event in happened:
        if isinstance(event, RoundPaired):
            for name in event.byes:
                if name in players:
                    due.setdefault(players[name], []).append(key_of(event.round))
        elif isinstance(event, PlayerWithdrew) and event.reason == LOST_ON_TIME and event.player in players:
            due.setdefault(players[event.player], []).append(WITHDRAWN)
        elif isinstance(event, TournamentFinished):
            for player_id in players.values():
                due.setdefault(player_id, []).append(key_of(None))
    return due


def due_at_table(tournament: Tournament, round_number: int, names: Iterable[str]) -> dict[str, list[str]]:
    """The notices a round's game brings, once created: one to each player seated at it."""
    players = [tournament.entrants[name].get("player") for name in names]
    return {player_id: [key_of(round_number)] for player_id in players if player_id}


def players_of(tournament: Tournament) -> list[str]:
    """The ids of the players who entered (the organiser's bots have none)."""
    return [seat["player"] for seat in tournament.entrants.values() if seat.get("player")]


class TournamentNotices:
    """A player's notices, read from the tournaments they entered (the newest RECENT of them)."""

    RECENT = 10

    def __init__(self, store: Any):
        self.store = store

    def of(self, tournament_id: str, player_id: str) -> list[dict[str, Any]]:
        """The player's notices of one tournament, the oldest first ([] for one they are not in)."""
        tournament = loaded(self.store.repository, tournament_id, Tournament)
        return [] if tournament is None else notices_for(tournament, player_id)

    def _tournaments(self, player_id: str) -> list[str]:
        index = loaded(self.store.repository, player_index_id(player_id), PlayerTournaments)
        return [] if index is None else list(reversed(index.tournaments[-self.RECENT:]))

    def all_of(self, player_id: str) -> list[dict[str, Any]]:
        """Every notice of the player's newest tournaments."""
        return [shown for key in self._tournaments(player_id) for shown in self.of(key, player_id)]

    def latest(self, player_id: str) -> list[dict[str, Any]]:
        """Where each of the player's newest tournaments stands for them: its latest notice, the
        newest tournament first."""
        return [shown[-1] for key in self._tournaments(player_id) if (shown := self.of(key, player_id))]


def delivery_id(player_id: str, tournament_id: str, key: str) -> str:
    """The webhook delivery of a player's notice (its `webhook-id`), the same through its retries."""
    return f"tournament-{player_id}-{tournament_id}-{key}"


def deliver(players: Any, tournament_id: str, player_id: str, key: str) -> str:
    """POST the player's notice `key` of the tournament to their callback and record it sent
    (services.players.deliveries): 'sent'; 'stale' when there is none to send (no callback any
    more, or no such notice); 'recorded already' when it was sent or given up before. DeliveryFailed
    raises."""
    delivery = delivery_id(player_id, tournament_id, key)
    if (outcome := outcome_of(players.store, delivery)) is not None:
        log.info("tournament %s's news %s to player %s: %s already", tournament_id, key, player_id, outcome)
        return "recorded already"
    player = players.get(player_id)
    tournament = loaded(players.store.repository, tournament_id, Tournament)
    shown = None if tournament is None else notice_of(tournament, player_id, key)
    if shown is None or not player.callback_url:
        WEBHOOKS.labels("stale").inc()
        return "stale"
    counted_post(player, {"type": "tournament", **shown}, delivery, players.destinations)
    record(players.store, delivery, SENT)
    log.info("told player %s the news %s of tournament %s", player_id, key, tournament_id)
    return "sent"
