"""A player's live notices across all their games: "your turn" and "game finished".

Read from the inbox read model by polling, so any API process serves any player. A stream opens
with an `inbox` message listing the games awaiting the player (a client that was away recovers
from it, with no need to resume), then sends `your_turn` each time a game comes to wait on the
player, and `game_finished` when one of their games ends.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator

from projections.inbox import Inbox
from services.streams import Message, Pace

NOTICE_POLL_SECONDS = 1.0
NOTICE_FIELDS = ("id", "game", "title", "version", "seat", "opponents", "last_move", "deadline", "status")


def notice(entry: dict[str, Any]) -> dict[str, Any]:
    return {key: entry[key] for key in NOTICE_FIELDS}


class PlayerNotices:
    def __init__(self, inbox: Inbox, player_id: str, pace: Pace):
        self.inbox = inbox
        self.player_id = player_id
        # Each look reads the read model for all the player's games: once a second is soon enough.
        self.pace = replace(pace, poll=max(pace.poll, NOTICE_POLL_SECONDS))

    def messages(self) -> Iterator[Message]:
        pace = self.pace
        games = {game["id"]: game for game in self.inbox.games_of(self.player_id)}
        yield Message("inbox", None, {"awaiting_you": [notice(g) for g in games.values() if g["your_decision"]]})
        began = last_sent = pace.clock()
        while pace.clock() - began < pace.lifetime:
            pace.sleep(pace.poll)
            now = {game["id"]: game for game in self.inbox.games_of(self.player_id)}
            sent = False
            for game_id, game in now.items():
                before = games.get(game_id)
                if game["your_decision"] and (before is None or before["version"] != game["version"]):
                    yield Message("your_turn", None, notice(game))
                    sent = True
                if game["status"] == "finished" and (before is None or before["status"] != "finished"):
                    yield Message("game_finished", None, notice(game))
                    sent = True
            games = now
            if sent:
                last_sent = pace.clock()
            elif pace.clock() - last_sent >= pace.heartbeat:
                yield Message(comment="keep-alive")
                last_sent = pace.clock()
