"""A player's live notices across all their games: "your turn" and "game finished".

Read from the inbox read model whenever news comes that one of the player's games moved or had a
seat taken (services.live.news), so any API process serves any player. A stream opens with an `inbox`
message listing the games awaiting the player (a client that was away recovers from it, with no
need to resume), then sends `your_turn` each time a game comes to wait on the player,
`game_finished` when one of their games ends, and `game_moved` when one moves on to wait on
another seat or has a seat taken (a new game included). With the player's challenges at hand,
the `inbox` message lists those waiting for their answer too (`challenges`), and `challenge`
tells of each one that comes to the player, is cancelled, or (issued by them) is answered.
With the player's tournaments at hand, the `inbox` message lists where each stands for them
(`tournaments`: the latest notice of each), and `tournament` tells each new notice in words (a
round's game, a bye, the final place: services.tournaments.news), once.
A stream that asks for game states (`?games=full`, a bot account's default) also carries each
game's seat view, `game_full` then `game_state`, and the player's invitations (projections.game_states).

The read model may be a moment behind the news: a game whose row does not show the version the
news told of yet is looked at again shortly, for at most the safety period. Whatever the news,
the inbox is read every NOTICE_SAFETY_SECONDS at least.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from projections.game_states import GameStates
from projections.inbox import Inbox
from services.live.news import Newsroom
from services.live.streams import KEEP_ALIVE, Message, Pace

NOTICE_FIELDS = ("id", "game", "title", "version", "seat", "opponents", "last_move", "deadline", "status")
# Each safety look reads the player's whole inbox: news makes it rarely needed.
NOTICE_SAFETY_SECONDS = 30.0
BEHIND_RETRY_SECONDS = 0.2
Book = tuple[dict[str, str], list[str]]  # a player's open challenges (id -> side) and the last ones closed


def challenge_news(seen: Book, latest: Book) -> list[str]:
    """The challenges to tell of between two looks at the book: each closed since (its outcome),
    and each newly open to the player's answer (one issued from here is known here). A
    challenge both opened and closed between two looks is told once, closed."""
    (seen_open, seen_closed), (latest_open, latest_closed) = seen, latest
    closed = {key for key in latest_closed if key not in seen_closed}
    received = {key for key, side in latest_open.items() if side == "incoming" and key not in seen_open}
    return sorted(closed | received)


def notice(entry: dict[str, Any]) -> dict[str, Any]:
    return {key: entry[key] for key in NOTICE_FIELDS}


class PlayerNotices:
    def __init__(self, inbox: Inbox, news: Newsroom, player_id: str, pace: Pace, challenges: Any = None,
                 states: GameStates | None = None, tournaments: Any = None):
        self.inbox = inbox
        self.tournaments = tournaments  # services.tournaments.news.TournamentNotices
        self.states = states  # None: notices only, no game states
        self.challenges = challenges  # services.players.challenges.Challenges
        self.news = news
        self.player_id = player_id
        self.pace = pace
        self.safety = max(pace.safety, NOTICE_SAFETY_SECONDS)

    def games(self) -> dict[str, dict[str, Any]]:
        return {game["id"]: game for game in self.inbox.games_of(self.player_id)}

    def challenge_book(self) -> Book:
        """The player's open challenges (id -> "incoming" or "outgoing") and the last ones closed."""
        if self.challenges is None:
            return {}, []
        book = self.challenges.book(self.player_id)
        return book.open, book.recent

    def tournament_news(self, told: set[str], tournament_ids: Iterable[str] | None = None) -> Iterator[Message]:
        """A `tournament` message for each notice of the player's not told yet, from the tournaments
        named (None: from all the player's newest), the oldest first; `told` is kept up to date."""
        if self.tournaments is None:
            return
        if tournament_ids is None:
            notices = self.tournaments.all_of(self.player_id)
        else:
            notices = [shown for key in sorted(tournament_ids) for shown in self.tournaments.of(key, self.player_id)]
        for shown in notices:
            if shown["id"] not in told:
                told.add(shown["id"])
                yield Message("tournament", None, shown)

    def messages(self) -> Iterator[Message]:
        pace = self.pace
        with self.news.watching_player(self.player_id, invitations=self.states is not None) as watch:
            games = self.games()
            opening: dict[str, Any] = {"awaiting_you": [notice(g) for g in games.values() if g["your_decision"]]}
            if self.challenges is not None:
                opening["challenges"] = self.challenges.mine(self.player_id)["incoming"]
            challenges = self.challenge_book()
            news_told: set[str] = set()  # the tournament notices told, or known when the stream opened
            if self.tournaments is not None:
                opening["tournaments"] = self.tournaments.latest(self.player_id)
                news_told = {shown["id"] for shown in self.tournaments.all_of(self.player_id)}
            fulls: list[Message] = []
            if self.states is not None:
                opening["invitations"], fulls = self.states.opening()
            yield Message("inbox", None, opening)
            yield from fulls
            began = last_sent = looked = pace.clock()
            behind: dict[str, tuple[int, float]] = {}  # game -> (version the news told of, since when)
            while True:
                now = pace.clock()
                if now - began >= pace.lifetime or pace.stopping.is_set():
                    return
                longest = BEHIND_RETRY_SECONDS if behind else self.safety - (now - looked)
                pace.wait(watch.bell, pace.timeout(now, began, last_sent, longest))
                watch.bell.clear()
                now = pace.clock()
                heard = watch.take_heard()
                for game_id, version in heard.items():
                    told, since = behind.get(game_id, (0, now))
                    behind[game_id] = (max(told, version), since)
                sent = False
                if self.states is not None:  # read from the store at once: the inbox may be a moment behind
                    for message in self.states.news(heard):
                        yield message
                        sent = True
                    for game_id in self.states.invited & heard.keys():  # not in the inbox until joined
                        behind.pop(game_id, None)
                # A look at the player's list of challenges costs one read: done at every wake.
                latest_challenges = self.challenge_book()
                for challenge_id in challenge_news(challenges, latest_challenges):
                    yield Message("challenge", None, self.challenges.shown(challenge_id))
                    sent = True
                challenges = latest_challenges
                for message in self.tournament_news(news_told, watch.take_tournaments()):
                    yield message
                    sent = True
                if now - looked >= self.safety:  # news a lost doorbell did not ring for
                    for message in self.tournament_news(news_told):
                        yield message
                        sent = True
                if behind or now - looked >= self.safety:
                    latest = self.games()
                    looked = now
                    for game_id, game in latest.items():
                        before = games.get(game_id)
                        if game["your_decision"] and (before is None or before["version"] != game["version"]):
                            yield Message("your_turn", None, notice(game))
                            sent = True
                        elif game["status"] == "finished":
                            if before is None or before["status"] != "finished":
                                yield Message("game_finished", None, notice(game))
                                sent = True
                        elif before is None or (before["version"], before["opponents"]) != (game["version"], game["opponents"]):
                            # A move that leaves the game waiting on another seat (the player's own,
                            # from another client), or a seat taken: a list of the games stays true.
                            yield Message("game_moved", None, notice(game))
                            sent = True
                    if self.states is not None:
                        for message in self.states.news(self.states.unsent(latest)):
                            yield message
                            sent = True
                    games = latest
                    behind = {game_id: (version, since) for game_id, (version, since) in behind.items()
                              if (game_id not in latest or latest[game_id]["version"] < version)
                              and now - since < self.safety}
                if sent:
                    last_sent = pace.clock()
                elif pace.clock() - last_sent >= pace.heartbeat:
                    yield KEEP_ALIVE
                    last_sent = pace.clock()
