"""/api/games: create games, list them, and show one as the asker may see it."""

from __future__ import annotations

from uuid import UUID

from flask import url_for
from flask.views import MethodView

from domain import registry
from web.api import games_schemas as schemas
from web.api.examples import EXAMPLES
from web.api.links import next_link
from web.auth import bearer_token
from web.blueprint import BEARER, Blueprint, chronicle
from web.openapi import BODY_ERRORS, SEAT_ERRORS

blp = Blueprint("games", __name__, url_prefix="/api", description="Create, list and look at games")


def creation_examples() -> dict:
    """One example body per game: a random deal, and a scenario (a chosen position) for each game."""
    examples = {"chi": {"summary": "Chi against the random bot",
                        "value": {"game": "chi", "seats": [{"name": "ana"}, {"bot": "random"}]}},
                "chi-clock": {"summary": "ana (sending her key) invites bo to Chi, a day a decision, a bot "
                                         "standing in on time-out; bo joins seat 1 with his key",
                              "value": {"game": "chi", "seats": [{"player": "<ana's player id>"},
                                                                 {"open": True, "player": "<bo's player id>"}],
                                        "clock": {"per_decision": "P1D", "on_timeout": "bot"}}}}
    names = ("ana", "bo", "cy", "di", "ed", "flo")
    for name, rules in registry.GAMES.items():
        example = rules.scenario_example
        if example:
            seats = [{"name": person} for person in names[:rules.seats[0]]]  # as many as the game seats
            examples[f"{name}-scenario"] = {
                "summary": f"{rules.title} from a chosen position (a sandbox game)",
                "value": {"game": name, "seats": seats, "scenario": example},
            }
    return examples


@blp.route("/games")
class Games(MethodView):
    @blp.doc(operationId="listGames")
    @blp.arguments(schemas.GameListQuery, location="query")
    @blp.response(200, schemas.GameList, example=EXAMPLES["GAME_LIST"])
    @blp.problems(400)
    def get(self, query):
        """The games, most recently active first (from the game-list read model), a page at a time:
        `next` links to the next page."""
        page = chronicle().game_list.games_page(**query)
        return {"games": page.rows, "next": next_link("games.Games", query, cursor=page.next) if page.next else None,
                "total": page.total}

    @blp.doc(operationId="createGame", security=BEARER)
    @blp.arguments(schemas.CreateGameRequest, examples=creation_examples())
    @blp.response(201, schemas.CreatedGame, example=EXAMPLES["CREATED_GAME"])
    @blp.problems(*BODY_ERRORS, 429, s401="an Authorization header that is not a bearer key",
                  s403="a seat {\"player\": id} without that player's key",
                  s422="the scenario describes a position the rules cannot set up, or a bot account's seat "
                       "{\"player\": id} (a bot account plays through challenges and invitations): `rule` names "
                       "the rule")
    def post(self, body):
        """Create a game; the answer holds one secret token per person's seat, shown only once.

        A seat `{"player": id}` is for the player whose key the request carries
        (`Authorization: Bearer <key>`); `{"open": true, "player": id}` keeps a seat for another
        player, who joins it. With `scenario`, the game starts from the position it describes
        (a sandbox game)."""
        created = chronicle().commands.create(
            body["game"], body["seats"], seed=body.get("seed"), options=body.get("options"),
            scenario=body.get("scenario"), clock=body.get("clock"), spectator_delay=body.get("spectator_delay"),
            host_key=bearer_token(),
        )
        return created_answer(created)


def created_answer(created) -> dict:
    return {
        "id": str(created.id),
        "version": created.version,
        "seed_commitment": created.seed_commitment,
        "tokens": created.tokens,
        "links": {
            "self": url_for("games.Game", game_id=created.id),
            "actions": url_for("play.Actions", game_id=created.id),
            "replay": url_for("replay.Replay", game_id=created.id),
        },
    }


@blp.route("/games/<uuid:game_id>/fork")
class Fork(MethodView):
    @blp.doc(operationId="forkGame")
    @blp.arguments(schemas.ForkQuery, location="query")
    @blp.response(201, schemas.CreatedGame, example=EXAMPLES["CREATED_GAME"])
    @blp.problems(404, 429, s400="`at` is not the last step of a decision of this game",
                  s409="the game is still running: its position's hidden cards are secret",
                  s422="the position at step `at` cannot be laid out again (the game is over there, say): "
                       "`rule` names the rule")
    def post(self, query, game_id: UUID):
        """What happens if: a sandbox game starting from step `at` of a finished game, same seats."""
        return created_answer(chronicle().commands.fork(game_id, query["at"]))


@blp.route("/games/<uuid:game_id>")
class Game(MethodView):
    @blp.doc(security=BEARER, operationId="getGame")
    @blp.response(200, schemas.GameView, example=EXAMPLES["GAME_VIEW"])
    @blp.problems(*SEAT_ERRORS, 404)
    def get(self, game_id: UUID):
        """The table as the token's seat sees it; without a token, as a spectator."""
        return chronicle().queries.table(game_id, bearer_token())


@blp.route("/results")
class Results(MethodView):
    @blp.doc(operationId="listResults")
    @blp.arguments(schemas.GameListQuery(only=("game", "limit", "offset", "cursor")), location="query")
    @blp.response(200, schemas.ResultList, example=EXAMPLES["RESULTS"])
    @blp.problems(400)
    def get(self, query):
        """Final results of finished games, most recent first (from the results read model), a page
        at a time: `next` links to the next page."""
        page = chronicle().game_list.results_page(**query)
        return {"results": page.rows,
                "next": next_link("games.Results", query, cursor=page.next) if page.next else None,
                "total": page.total}
