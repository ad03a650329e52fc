"""The sweeper's look at webhooks: a tournament notice, or a "your turn", whose job was lost (the
process died between the save and the enqueue, Redis was away or lost its data) still goes.

The tournament notices are read from the tournaments whose news may still be due (those running,
and those finished lately: Tournaments.with_news), for each entrant with a callback; a "your turn"
is the one of each running game's current version that awaits a player with a callback (the
sweeper's pass over the running games hands them here). A notice goes again only when its delivery
has no record (services.players.deliveries: sent, or given up once its retries were spent) and no
job that is queued, scheduled, running, or ended meanwhile. The job id is the one the save
enqueues, so a sweep racing the save makes one job, not two. A delivery known to be recorded is
not looked at again.

A player who sets a callback while a tournament runs is sent its notices from then on, and those
already due that are still in the tournament's window (theirs to see on the stream all the same).
"""

from __future__ import annotations

import logging
from typing import Any

from redis.exceptions import RedisError
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus

from services.log.game import Game
from services.players.deliveries import outcome_of
from services.players.webhooks import awaited_player
from services.players.webhooks import delivery_id as turn_delivery_id
from services.reactions.webhook_jobs import WebhookJobs
from services.tournaments.news import delivery_id, notices_for, players_of

log = logging.getLogger(__name__)

ENDED = (JobStatus.FINISHED, JobStatus.FAILED)  # its outcome is recorded, or was not to be sent


class NoticeSweep:
    def __init__(self, sweeper: Any):
        self.sweeper = sweeper  # workers.sweeper.Sweeper: its services, queue, and how it tells a job adrift
        self.webhooks = WebhookJobs(sweeper.jobs)
        # Tournament notices' deliveries known to be recorded, by tournament: forgotten once the
        # tournament's news is no longer looked at, so that a long-lived sweeper holds a bounded set.
        self.recorded: dict[str, set[str]] = {}
        self.turns_recorded: dict[Any, int] = {}  # game -> the version whose "your turn" is known recorded

    def sweep(self) -> list[str]:
        """Enqueue the webhook of every tournament notice due to a player with a callback that has
        neither a record nor a live job; the ids enqueued."""
        commands = self.sweeper.services.commands
        enqueued = []
        looked_at = list(commands.tournaments.with_news())
        self.recorded = {key: self.recorded.get(key, set()) for key in looked_at}
        for tournament_id in looked_at:
            try:
                enqueued += self.resend(commands, tournament_id)
            except (RedisError, OSError):
                raise  # the sweeper says so once, and tries again at its next pass
            except Exception as error:  # noqa: BLE001 - one tournament's trouble must not stop the others
                log.error("the news of tournament %s could not be looked at: %s", tournament_id, error,
                          exc_info=error)
        return enqueued

    def resend(self, commands: Any, tournament_id: str) -> list[str]:
        """The webhooks of one tournament's notices that were lost, enqueued again."""
        tournament = commands.tournaments.get(tournament_id)
        recorded = self.recorded.setdefault(tournament_id, set())
        enqueued = []
        for player_id in players_of(tournament):
            if not commands.players.get(player_id).callback_url:
                continue
            for notice in notices_for(tournament, player_id):
                key = notice["id"].split(":", 1)[1]
                delivery = delivery_id(player_id, tournament_id, key)
                job_id = self.webhooks.tournament_notice_job_id(tournament_id, player_id, key)
                if delivery in recorded:
                    continue
                if self.recorded_now(delivery):
                    recorded.add(delivery)
                elif not self.in_hand(job_id) and \
                        self.webhooks.enqueue_tournament_notice(tournament_id, player_id, key):
                    enqueued.append(job_id)
        return enqueued

    def your_turn(self, game: Game) -> str | None:
        """Enqueue the "your turn" webhook of the game's current version if it is due to a player
        with a callback and was neither recorded nor has a live job; the job's id if enqueued."""
        if self.turns_recorded.get(game.id) == game.version:
            return None
        player = awaited_player(self.sweeper.services.commands.players, game)
        if player is None:
            return None
        if self.recorded_now(turn_delivery_id(player.id, game.id, game.version)):
            self.turns_recorded[game.id] = game.version
            return None
        job_id = self.webhooks.job_id(player.id, game.id, game.version)
        if self.in_hand(job_id) or not self.webhooks.enqueue(player.id, game.id, game.version):
            return None
        return job_id

    def keep_turns_of(self, running: set[Any]) -> None:
        """Forget the recorded "your turn" of games no longer running (a whole pass saw them all)."""
        self.turns_recorded = {game_id: version for game_id, version in self.turns_recorded.items()
                               if game_id in running}

    def recorded_now(self, delivery: str) -> bool:
        """Whether the store holds what became of the delivery."""
        return outcome_of(self.sweeper.services.store, delivery) is not None

    def in_hand(self, job_id: str) -> bool:
        """Whether the job exists and is live or ended; one that is neither is deleted, for its id
        to be taken again."""
        try:
            job = Job.fetch(job_id, connection=self.sweeper.jobs.connection)
        except NoSuchJobError:
            return False
        if self.live(job):
            return True
        job.delete()  # a dead worker's, or one no scheduler moves
        return False

    def live(self, job: Job) -> bool:
        """Ended (sent, stale, or failed for good: what became of it is known), or in a worker's hands."""
        return job.get_status(refresh=False) in ENDED or self.sweeper.in_hand(job)
