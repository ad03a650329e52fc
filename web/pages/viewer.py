"""The pages people use: the game list with a form to start a game (`/`), and the table viewer
(`/games/{id}`) that replays, follows and plays a game.

The pages are plain HTML; the browser reads everything else from the REST API, as any client
would. The viewer's shell (static/viewer.js) is the same for every game; the table itself is
drawn by one script per game, static/tables/<game>.js (with its parts in static/tables/<game>/, if
it has any), chosen here by the game's name.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping
from uuid import UUID

from flask import Blueprint, redirect, render_template, request, url_for
from marshmallow import ValidationError

from domain import registry
from services.errors import BotAccountRule, Forbidden, GameNotFound, InvalidRequest
from web.api.games_schemas import CreateGameRequest
from web.blueprint import chronicle
from web.pages.new_game_form import (DEFAULT_FORM, MAX_KEY_LENGTH, casual_chosen, first_message, form_for, form_label,
                               games_to_start, requested_options, requested_seats)
from web.pages.tournament_pages import tournament_of

blp = Blueprint("viewer", __name__)

TABLES = Path(__file__).parents[1] / "static" / "tables"  # the app's static folder, web/static
LISTED_GAMES = 100


def table_scripts(game: str) -> list[str]:
    """The URLs of the scripts that draw `game`'s table: the parts in tables/<game>/ (in name order;
    each adds to a namespace the main one reads only when drawing), then tables/<game>.js; none for
    a game without its own, which the generic table (always loaded) draws."""
    if not (TABLES / f"{game}.js").is_file():
        return []
    parts = sorted(path.name for path in (TABLES / game).glob("*.js"))
    return [url_for("static", filename=f"tables/{game}/{part}") for part in parts] + [
        url_for("static", filename=f"tables/{game}.js")]


def render_index(form: Mapping[str, str], error: str | None = None, status_code: int = 200,
                 settle: bool = True):
    """The game list (from the game-list read model, as GET /api/games) and the new-game form,
    offering the bots of the form's game (see web/pages/new_game_form.py)."""
    status = request.args.get("status")
    status = status if status in ("running", "finished") else None
    service = chronicle().game_list
    games = service.games(status=status, limit=LISTED_GAMES)
    results = {result["id"]: result for result in service.results(limit=LISTED_GAMES)}
    page = render_template(
        "index.html", games=games, results=results, status=status, games_to_start=games_to_start(),
        form=form_for(form, settle=settle), error=error,
    )
    return page, status_code


@blp.get("/")
def index():
    """The form as the query asks (`?game=xanadu&name=ana`: the form's own "Show its bots" button
    without JavaScript), or the default one."""
    return render_index(request.args)


@blp.post("/games")
def start_game():
    """Start a game from the form, then open it with the person's seat token in the link's
    fragment (never sent back to the server, and dropped from the address bar by the page). A
    player signed in on the page sends their key with the form (in the body, never the address):
    they take their own seat, which the page opens with the key it keeps."""
    form = {key: request.form.get(key, default) for key, default in DEFAULT_FORM.items()}
    form.update({key: value for key, value in request.form.items() if key.startswith("option-") or key == "rated"})
    key = request.form.get("key", "").strip() or None
    try:
        if key and len(key) > MAX_KEY_LENGTH:
            raise InvalidRequest(f"a player key is at most {MAX_KEY_LENGTH} characters: sign in again", "key")
        player = str(chronicle().commands.players.by_key(key).id) if key else None
        rules = registry.GAMES.get(form["game"])
        body = {"game": form["game"], "seats": requested_seats(form, player)}
        if form["seed"].strip():
            body["seed"] = form["seed"].strip()
        options = requested_options(form, rules)
        if casual_chosen(form, rules, body["seats"]):
            options["casual"] = True
        if options:
            body["options"] = options
        body = CreateGameRequest().load(body)  # the checks of POST /api/games, to the letter
        created = chronicle().commands.create(body["game"], body["seats"], seed=body.get("seed"),
                                              options=body.get("options"), host_key=key)
    except Forbidden:
        return refused_form(form, "key", "the key this page keeps belongs to no player: sign in again")
    except InvalidRequest as refused:
        return refused_form(form, refused.field, refused.reason)
    except BotAccountRule as refused:  # a bot account signed in here may not take a seat as a person
        return refused_form(form, "key", refused.reason)
    except ValidationError as refused:
        return refused_form(form, *first_message(refused.messages))
    page = url_for("viewer.game_page", game_id=created.id)
    if not created.tokens:  # bots only, or a player's own seat, which their key opens: nothing to keep
        return redirect(page, code=303)
    return redirect(f"{page}#token={created.tokens[0]['token']}", code=303)


def refused_form(form: Mapping[str, str], field: str | None, reason: str):
    """The page again, with the form as it was sent and the refusal naming the form's field."""
    return render_index(form, error=f"{form_label(field)}: {reason}", status_code=400, settle=False)


@blp.get("/games/<uuid:game_id>")
def game_page(game_id: UUID):
    """The table viewer of one game; the step, the seat's token and the rest are read in the page."""
    try:
        game = chronicle().store.game(game_id)
    except GameNotFound:
        return render_template("not_found.html", game_id=game_id), 404
    return render_template(
        "game.html",
        game_id=str(game_id),
        tournament=tournament_of(game_id),
        game=game.game,
        title=game.rules.title,
        seats=[seat["name"] for seat in game.seats],
        bot_accounts=[bool(seat.get("bot_account")) for seat in game.seats],
        table_scripts=table_scripts(game.game),
    )
