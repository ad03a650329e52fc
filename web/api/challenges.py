"""/api/challenges: a player invites another (or anyone) to a game; the invited accepts or declines."""

from __future__ import annotations

from uuid import UUID

from flask.views import MethodView

from web import problem_types as kinds
from web.api import challenges_schemas as schemas
from web.api.players import PLAYER_KEY, me
from web.blueprint import Blueprint, chronicle
from web.openapi import BODY_ERRORS

blp = Blueprint("challenges", __name__, url_prefix="/api/challenges",
                description="Challenges: a game proposed to a player, or to anyone")

EXAMPLE = {"id": "5b1f4c9e-0d8e-4a7e-9a35-0f6c1e1f2a10", "status": "open",
           "challenger": {"id": "1c1c7d64-5a41-4c1e-8d0e-0e3f5d0c3b11", "name": "ana"},
           "to": {"id": "9d7a1e36-7c55-4b8e-a7a4-52b0d8f8e4c2", "name": "bo"}, "game": "chi", "title": "Chi",
           "options": {}, "clock": {"per_decision": "P1D", "on_timeout": "forfeit"}, "rated": True, "seat": "random",
           "issued_at": "2026-11-23T09:00:00Z", "expires_at": "2026-11-26T09:00:00Z", "closed_at": None,
           "reason": None, "taker": None, "game_id": None}
CLOSED = {"s409": "the challenge is no longer open: `challenge_status` says what closed it"}
NOT_YOURS = "a key of no player, or of a player who may not do this to this challenge (`detail` says who may)"


def _commands():
    return chronicle().commands


@blp.route("")
class Challenges(MethodView):
    @blp.doc(security=PLAYER_KEY, operationId="listChallenges")
    @blp.response(200, schemas.Challenges, example={"incoming": [EXAMPLE], "outgoing": [], "recent": [], "open": []})
    @blp.problems(s401="no key", s403="a key of no player")
    def get(self):
        """The player's challenges (received and issued, still open; the last ones closed) and those
        open to anyone, which the player may take."""
        player = me()
        challenges = _commands().challenges
        return {**challenges.mine(str(player.id)), "open": challenges.open_to_anyone(str(player.id))}

    @blp.doc(security=PLAYER_KEY, operationId="issueChallenge")
    @blp.arguments(schemas.ChallengeRequest, example={"to": EXAMPLE["to"]["id"], "game": "chi",
                                                      "clock": {"per_decision": "P1D"}, "rated": True})
    @blp.response(201, schemas.Challenge, example=EXAMPLE)
    @blp.problems(*BODY_ERRORS, 429, s401="no key", s403="a key of no player",
                  s409="other requests changed the same players' challenges at the same moment, again and again: "
                       "send it again",
                  s422="the challenger has as many challenges open as a player may, or the player challenged as "
                       "many waiting for an answer: `limit` says how many",
                  kinds={409: kinds.CHALLENGE_CLOSED, 422: kinds.LIMIT_REACHED})
    def post(self, body):
        """Challenge a player (`to`, their id) to a game of two, with its options and clock, rated or
        casual; without `to`, anyone may take it. The player challenged hears of it on their notice
        stream (and by email, if they chose it); the challenge stays open three days unless
        `expires_in` says otherwise."""
        commands = _commands()
        issued = commands.challenges.issue(me(), body, commands.players)
        if issued["to"] is not None:
            chronicle().services.mail.challenge(issued["id"], issued["to"]["id"])
        return issued, 201


@blp.route("/<uuid:challenge_id>/accept")
class Accept(MethodView):
    @blp.doc(security=PLAYER_KEY, operationId="acceptChallenge")
    @blp.response(200, schemas.Challenge, example={**EXAMPLE, "status": "accepted", "taker": EXAMPLE["to"],
                                                   "game_id": "0a8c5f0e-8f3b-4a9e-b0b4-3c9d5b7e6f21"})
    @blp.problems(400, s401="no key", s403=NOT_YOURS, s404="no challenge has this id", kinds={409: kinds.CHALLENGE_CLOSED},
                  s429="the taker's key, or address, has created as many games as it may for now (accepting "
                       "creates one): wait the seconds `Retry-After` says", **CLOSED)
    def post(self, challenge_id: UUID):
        """Accept the challenge: the game is created with both players seated (`game_id`), the
        challenger in the seat the challenge says. Of two takers of an open challenge, one gets it.
        The game counts towards the taker's limit of games created, as `POST /api/games` does."""
        return _commands().challenges.accept(challenge_id, me())


@blp.route("/<uuid:challenge_id>/decline")
class Decline(MethodView):
    @blp.doc(security=PLAYER_KEY, operationId="declineChallenge")
    @blp.arguments(schemas.DeclineRequest, example={"reason": "not this week, sorry"})
    @blp.response(200, schemas.Challenge, example={**EXAMPLE, "status": "declined", "reason": "not this week, sorry"})
    @blp.problems(*BODY_ERRORS, s401="no key", s403=NOT_YOURS, s404="no challenge has this id",
                  kinds={409: kinds.CHALLENGE_CLOSED}, **CLOSED)
    def post(self, body, challenge_id: UUID):
        """Decline a challenge made to you, with a reason if you like (the challenger sees it)."""
        return _commands().challenges.decline(challenge_id, me(), body.get("reason"))


@blp.route("/<uuid:challenge_id>/cancel")
class Cancel(MethodView):
    @blp.doc(security=PLAYER_KEY, operationId="cancelChallenge")
    @blp.response(200, schemas.Challenge, example={**EXAMPLE, "status": "cancelled"})
    @blp.problems(s401="no key", s403=NOT_YOURS, s404="no challenge has this id", kinds={409: kinds.CHALLENGE_CLOSED},
                  **CLOSED)
    def post(self, challenge_id: UUID):
        """Cancel a challenge you issued."""
        return _commands().challenges.cancel(challenge_id, me())
