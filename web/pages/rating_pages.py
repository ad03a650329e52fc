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
from projections.player_record import recent_games
from projections.solo_boards import has_rival
from services.errors import InvalidRequest
from services.players.players import PlayerNotFound
from web.blueprint import chronicle

blp = Blueprint("rating_pages", __name__)

PAGE_ROWS = 50
# What a rating is, for a player (projections.ratings says how it is reckoned).
RATING_WORDS = ("A rating is a cautious estimate of skill: it rises as you win, the more against strong players, "
                "and settles as you play more. A newcomer starts at 0.")
CHART_WIDTH, CHART_HEIGHT, CHART_MARGIN = 480, 160, 24


@blp.get("/leaderboards")
@blp.get("/leaderboards/<string:game>")
def leaderboard(game: str = "chi"):
    """A game's ratings, highest first, a page at a time (`?cursor=`), and its solo boards (`?board=`)."""
    rules = registry.GAMES.get(game)
    if rules is None:
        return render_template("not_found.html", what="leaderboard", name=game), 404
    boards = tuple(rules.solo.boards if rules.solo else ())
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
            "rating_words": RATING_WORDS,
            "boards": boards, "board": board, "rival": has_rival(rules), "page": page,
            "next_url": url_for("rating_pages.leaderboard", game=rules.name, board=board, cursor=page.next)
            if page is not None and page.next else None}


@blp.get("/players/<uuid:player_id>")
def player_page(player_id: UUID):
    """A player's name, their rating at each game with its chart, their solo boards' rows, and
    their latest games, each with its result and the rating change it brought."""
    try:
        player = chronicle().commands.players.get(player_id)
    except PlayerNotFound:
        return render_template("not_found.html", what="player", name=str(player_id)), 404
    leaderboards = chronicle().leaderboards
    rated = leaderboards.of_player(str(player.id))
    charts = {game: rating_chart([point["rating"] for point in shown.get("history", [])]) for game, shown in rated.items()}
    return render_template("player.html", player=player, rated=rated, charts=charts, rating_words=RATING_WORDS,
                           solo=leaderboards.solo_of_player(str(player.id)),
                           games=[shown_game(game) for game in recent_games(leaderboards.game_list, str(player.id))],
                           titles={name: rules.title for name, rules in registry.GAMES.items()})


def shown_game(game: dict[str, Any]) -> dict[str, Any]:
    """One of the player's games on their page: the others at the table, the result from the
    player's seat in words, and the rating change in words."""
    seat, rules = game["seat"], registry.GAMES.get(game["game"])
    others = [other["name"] + (" (bot)" if other.get("bot") or other.get("bot_account") else "")
              for other in game["seats"] if other["seat"] != seat]
    return {"id": game["id"], "title": game["title"], "when": game["last_activity"],
            "others": ", ".join(others) or "alone", "result": result_words(game, rules),
            "rating": rating_words(game)}


def result_words(game: dict[str, Any], rules: Any) -> str:
    """The result as the player's seat had it: "won, 32 to 28", "lost to bo, 28 to 32", "a draw,
    20 to 20", "scored 41"; at a table of more, every seat's score by name."""
    result = game.get("result")
    if game["status"] != "finished" or result is None:
        return "running"
    seat, scores, winners = game["seat"], result["scores"], result["winners"]
    score = scores[seat] if seat < len(scores) else None
    if len(scores) == 1:
        if rules is None or not has_rival(rules):
            return f"scored {score}"
        rival = next(iter((rules.rival.names if rules.rival else {}).values()), "the rival")
        return f"won against {rival}, scoring {score}" if seat in winners else f"lost to {rival}, scoring {score}"
    names = {other["seat"]: other["name"] for other in game["seats"]}
    if len(scores) == 2:  # your score first: "won, 31 to 5"
        board = f"{score} to {scores[1 - seat]}"
    else:
        board = ", ".join(f"{names.get(index, index)} {each}" for index, each in enumerate(scores))
    if result["tie"] and seat in winners:
        return f"a draw, {board}"
    if winners == [seat]:
        return f"won, {board}"
    if not winners:
        return f"lost, nobody at the table won, {board}"
    return f"lost to {', '.join(names.get(index, str(index)) for index in winners)}, {board}"


def rating_words(game: dict[str, Any]) -> str:
    """The rating change the game brought the player, or why there was none."""
    change = game.get("rating")
    if change is not None:
        return f"{'up' if change['change'] >= 0 else 'down'} {abs(change['change']):.1f}, to {change['after']:.1f}"
    if game["status"] != "finished":
        return ""
    return "a solo score, not rated" if len(game["seats"]) == 1 else "not rated"


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
