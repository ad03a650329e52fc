"""/api/games/{id}/analysis: every decision of a game judged by the search bot from its seat's view."""

from __future__ import annotations

from uuid import UUID

from flask.views import MethodView

from services.analysis import analyses
from services.analysis.answers import shown
from services.analysis.runs import start
from services.errors import NotFound
from web import problem_types
from web.api import analysis_schemas as schemas
from web.api.examples import EXAMPLES
from services.log.seats import seat_of_token
from web.auth import bearer_token
from web.blueprint import BEARER, Blueprint, chronicle
from web.openapi import BODY_ERRORS, SEAT_ERRORS

blp = Blueprint("analysis", __name__, url_prefix="/api/games", description="The analysis of a game's decisions")

REFUSED = {409: problem_types.ANALYSIS_REFUSED}


@blp.route("/<uuid:game_id>/analysis")
class GameAnalysis(MethodView):
    @blp.doc(security=BEARER, operationId="getAnalysis")
    @blp.arguments(schemas.AnalysisQuery, location="query")
    @blp.response(200, schemas.AnalysisAnswer, example=EXAMPLES["ANALYSIS"])
    @blp.problems(400, *SEAT_ERRORS, s404="no such game, or its analysis at this strength (without one: at any "
                                          "strength) was never asked for")
    def get(self, query, game_id: UUID):
        """The game's analysis: its status and progress, an entry per analysed decision (the played
        action, the one the analysis prefers, their expected results, the loss and its mark), each
        seat's accuracy and the chart of the expected result. Without `strength`, the deepest analysis
        there is: the strongest done, else the strongest still running. While the game runs (a sandbox
        game, a game between bots), a seat's token shows that seat's own entries only, and no token
        none (`withheld` counts the other seats' decisions done so far, held back until the game is
        over); what it tells of them (`status`, `progress`, `withheld`) hangs on the public log alone."""
        services = chronicle()
        game = services.store.game(game_id)
        strength = query.get("strength")
        if strength is None:
            analysis = analyses.deepest(services.store, game_id)
            at = "at any strength"
        else:
            analysis = analyses.load(services.store, game_id, strength)
            at = f"at strength {strength}"
        if analysis is None:
            raise NotFound(f"no analysis of this game {at} was asked for: POST /api/games/{{id}}/analysis starts it",
                           "id")
        return shown(game, analysis, seat_of_token(game.seats, bearer_token()))

    @blp.doc(security=BEARER, operationId="startAnalysis")
    @blp.arguments(schemas.AnalysisRequest, required=False, example={"strength": 3})
    @blp.response(202, schemas.AnalysisAnswer, example=EXAMPLES["ANALYSIS"])
    @blp.problems(*BODY_ERRORS, *SEAT_ERRORS, 404, 429, kinds=REFUSED,
                  s409="the game is still running with people in it (`analysis.no-help-mid-game`: ask once it is "
                       "over, or analyse a sandbox fork), or no seat took a decision yet "
                       "(`analysis.no-decisions`)")
    def post(self, body, game_id: UUID):
        """Start the game's analysis (a finished game, a sandbox game or a game between bots): each
        decision a seat took with more than one legal action, judged by the search bot at `strength`
        from that seat's view only. Asked again, the same analysis answers (202, as GET shows it)."""
        services = chronicle()
        analysis = start(services.services, game_id, (body or {}).get("strength", schemas.DEFAULT_STRENGTH))
        game = services.store.game(game_id)
        return shown(game, analyses.load(services.store, game_id, analysis.strength),
                     seat_of_token(game.seats, bearer_token()))
