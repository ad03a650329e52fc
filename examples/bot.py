"""A complete bot for Tabletop Chronicle: it accepts every challenge made to it, joins every game
that keeps a seat for it, and plays its decisions by a simple heuristic, for any of the games.

    pip install ./clients/python
    CHRONICLE_URL=http://127.0.0.1:8000 CHRONICLE_KEY=<a bot account's key> python examples/bot.py

It reads one stream, its player's (`games=full`): every message about one of its games carries the
whole state, so a message missed (or a server restarted) is caught up by the next one.
"""

import os
import random

from chronicle_client import ChallengeClosed, ChronicleError, Client, NotYourTurn, SeatTaken, StaleVersion

# Words in an action that suggest it gains something, and words that suggest it gives a chance up.
GAINS = ("score", "capture", "chi", "attack", "fight", "build", "buy", "claim", "win", "vp")
WAITS = ("pass", "skip", "decline", "end", "undo", "discard")


def worth(action: dict) -> int:
    """How promising an action looks from its words alone: the bot knows no game's rules."""
    words = " ".join(f"{key} {value}" for key, value in action.items() if isinstance(value, str)).lower()
    return sum(word in words for word in GAINS) - sum(word in words for word in WAITS)


def choose(actions: list[dict]) -> dict:
    """One of the most promising actions, at random; now and then any action, so that no game
    where a gain can be undone goes round in circles."""
    if random.random() < 0.2:
        return random.choice(actions)
    best = max(map(worth, actions))
    return random.choice([action for action in actions if worth(action) == best])


def main() -> None:
    with Client(os.environ["CHRONICLE_URL"], os.environ["CHRONICLE_KEY"]) as client:
        me = client.get_me()["id"]
        for message in client.my_stream(games="full"):  # reconnects by itself, for as long as we read
            data = message.data
            try:
                if message.event == "inbox":  # the opening message: what came while we were away
                    for challenge in data.get("challenges", []):
                        client.accept_challenge(challenge["id"])
                    for invitation in data.get("invitations", []):
                        client.join_seat(invitation["id"], invitation["seat"])
                elif message.event == "challenge" and data["status"] == "open" and (data["to"] or {}).get("id") == me:
                    client.accept_challenge(data["id"])
                elif message.event == "invitation":
                    client.join_seat(data["id"], data["seat"])
                elif message.event in ("game_full", "game_state") and data["your_decision"] and data["legal_actions"]:
                    client.act(data["id"], choose(data["legal_actions"]), data["version"])
            except (StaleVersion, NotYourTurn, ChallengeClosed, SeatTaken):
                pass  # someone was quicker, or this message was old: the next message catches us up
            except ChronicleError as error:
                print(f"{message.event}: {error}", flush=True)  # refused: say why, and go on


if __name__ == "__main__":
    main()
