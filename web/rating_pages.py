"""The ratings as pages: a leaderboard per game (`/leaderboards/<game>`, with its solo boards),
and a player's page (`/players/<id>`) with a chart of each game's rating, game after game.

Rendered on the server from the same read model as the REST API (projections.leaderboards), so
they work without JavaScript; the chart is SVG drawn here, its numbers in a table beside it.
"""

from __future__ import annotations

from typing import Any, Sequence
from uuid import UUID

from flask import Blueprint, render_template, request, url_for

from domain import registry
from projections.solo_boards import has_rival
from services.errors import InvalidRequest
from services.players import PlayerNotFound
from web.blueprint import chronicle

blp = Blueprint("rating_pages", __name__)

PAGE_ROWS = 50
CHART_WIDTH, CHART_HEIGHT, CHART_MARGIN = 480, 160, 24


@blp.get("/leaderboards")
@blp.get("/leaderboards/<string:game>")
def leaderboard(game: str = "chi"):
    """A game's ratings, highest first, a page at a time (`?cursor=`), and its solo boards (`?board=`)."""
    rules = registry.GAMES.get(game)
    if rules is None:
        return render_template("not_found.html", what="leaderboard", name=game), 404
    boards = tuple(getattr(rules, "solo_boards", ()))
    board = request.args.get("board") or (boards[0] if boards and rules.seats[1] == 1 else None)
    cursor = request.args.get("cursor") or None
    try:
        if board is not None and board in boards:
            page = chronicle().leaderboards.solo_board(game, board, has_rival(rules), PAGE_ROWS, cursor)
        else:
            board = None
            page = chronicle().leaderboards.board(game, PAGE_ROWS, cursor)
    except InvalidRequest:  # a cursor of another list: start again from the top
        return render_template("leaderboard.html", **leaderboard_context(rules, boards, None, None)), 400
    return render_template("leaderboard.html", **leaderboard_context(rules, boards, board, page))


def leaderboard_context(rules: Any, boards: Sequence[str], board: str | None, page: Any) -> dict[str, Any]:
    return {"rules": rules, "games": [(name, each.title) for name, each in registry.GAMES.items()],
            "boards": boards, "board": board, "rival": has_rival(rules), "page": page,
            "next_url": url_for("rating_pages.leaderboard", game=rules.name, board=board, cursor=page.next)
            if page is not None and page.next else None}


@blp.get("/players/<uuid:player_id>")
def player_page(player_id: UUID):
    """A player's name, their rating at each game with its chart, and their solo boards' rows."""
    try:
        player = chronicle().commands.players.get(player_id)
    except PlayerNotFound:
        return render_template("not_found.html", what="player", name=str(player_id)), 404
    leaderboards = chronicle().leaderboards
    rated = leaderboards.of_player(str(player.id))
    charts = {game: rating_chart([point["rating"] for point in shown.get("history", [])]) for game, shown in rated.items()}
    return render_template("player.html", player=player, rated=rated, charts=charts,
                           solo=leaderboards.solo_of_player(str(player.id)),
                           titles={name: rules.title for name, rules in registry.GAMES.items()})


def rating_chart(ratings: Sequence[float]) -> dict[str, Any]:
    """The points of a rating's line, game after game, in the chart's box; the axis's ends."""
    if not ratings:
        return {"points": "", "low": 0, "high": 0, "width": CHART_WIDTH, "height": CHART_HEIGHT}
    low, high = min(0.0, *ratings), max(0.0, *ratings)
    span = (high - low) or 1.0
    step = (CHART_WIDTH - 2 * CHART_MARGIN) / max(len(ratings) - 1, 1)
    points = [(CHART_MARGIN + index * step,
               CHART_HEIGHT - CHART_MARGIN - (rating - low) / span * (CHART_HEIGHT - 2 * CHART_MARGIN))
              for index, rating in enumerate(ratings)]
    zero = CHART_HEIGHT - CHART_MARGIN - (0 - low) / span * (CHART_HEIGHT - 2 * CHART_MARGIN)
    return {"points": " ".join(f"{x:.1f},{y:.1f}" for x, y in points), "dots": points, "zero": zero,
            "low": round(low, 1), "high": round(high, 1), "width": CHART_WIDTH, "height": CHART_HEIGHT,
            "margin": CHART_MARGIN}
