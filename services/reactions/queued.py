"""The reactions after a move as RQ jobs on the deployment's queue: the bot's or the rules' turn
when one is due; otherwise the clock of the person's decision, and their "your turn" webhook and email."""

from __future__ import annotations

from services.log.clocks import deadline
from services.log.game import Game
from services.email.book import EmailBook
from services.play.bot_choice import bot_to_act
from services.play.commands import Commands
from services.players.webhooks import awaited_player
from services.reactions.bot_turns import BotJobs
from services.reactions.email_jobs import EmailJobs, Mailer
from services.reactions.failed_turns import FailedTurns
from services.reactions.overdue import ClockJobs
from services.reactions.queue import JobQueue
from services.reactions.tournament_jobs import TournamentJobs
from services.reactions.webhook_jobs import WebhookJobs


class QueuedReactions:
    """Enqueues what is due after each change to a game; the workers play it (workers.jobs)."""

    def __init__(self, jobs: JobQueue, failed_turns: FailedTurns, book: EmailBook):
        self.jobs = jobs
        self.failed_turns = failed_turns
        self.bots = BotJobs(jobs)
        self.clocks = ClockJobs(jobs)
        self.webhooks = WebhookJobs(jobs)
        self.emails = EmailJobs(jobs)
        self.mail = Mailer(book, self.emails)
        self.tournaments = TournamentJobs(jobs)

    def tournament_news(self, tournament_id: str, due: dict[str, list[str]], commands: Commands) -> None:
        """The webhooks of the players' new tournament notices, for those who set a callback."""
        for player_id, keys in due.items():
            if commands.players.get(player_id).callback_url:
                for key in keys:
                    self.webhooks.enqueue_tournament_notice(tournament_id, player_id, key)

    def __call__(self, game: Game, commands: Commands) -> None:
        if game.finished:
            if commands.tournaments.of_game(game.id) is not None:
                self.tournaments.enqueue(game.id)
            return
        if bot_to_act(game) is not None:
            self.bots.enqueue(game.id, game.version)
            return
        if (due := deadline(game)) is not None:
            self.clocks.schedule(game.id, game.version, due)
        if (player := awaited_player(commands.players, game)) is not None:
            self.webhooks.enqueue(player.id, game.id, game.version)
        self.mail.turn(game, commands.players)
