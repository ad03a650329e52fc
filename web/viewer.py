"""The pages people use: the game list with a form to start a game (`/`), and the table viewer
(`/games/{id}`) that replays, follows and plays a game.

The pages are plain HTML; the browser reads everything else from the REST API, as any client
would. The viewer's shell (static/viewer.js) is the same for every game; the table itself is
drawn by one script per game, static/tables/<game>.js, chosen here by the game's name.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping
from uuid import UUID

from flask import Blueprint, redirect, render_template, request, url_for
from marshmallow import ValidationError

from domain import registry
from services.errors import GameNotFound, InvalidRequest
from web import schemas
from web.blueprint import chronicle

blp = Blueprint("viewer", __name__)

TABLES = Path(__file__).parent / "static" / "tables"
GENERIC_TABLE = "generic"
LISTED_GAMES = 100
MAX_BOTS = 8


def table_script(game: str) -> str:
    """The URL of the script that draws `game`'s table; a generic one for a game without its own."""
    name = game if (TABLES / f"{game}.js").is_file() else GENERIC_TABLE
    return url_for("static", filename=f"tables/{name}.js")


def games_to_start() -> list[dict[str, Any]]:
    startable = []
    for name, rules in registry.GAMES.items():
        low, high = rules.seats
        seats_text = f"{low} player{'s' if low > 1 else ''}" if low == high else f"{low} to {high} players"
        startable.append({"name": name, "title": rules.title, "bots": sorted(rules.bots), "seats_text": seats_text})
    return startable


def render_index(form: Mapping[str, str], error: str | None = None, status_code: int = 200):
    """The game list (from the game-list read model, as GET /api/games) and the new-game form."""
    status = request.args.get("status")
    status = status if status in ("running", "finished") else None
    service = chronicle().game_list
    games = service.games(status=status, limit=LISTED_GAMES)
    results = {result["id"]: result for result in service.results(limit=LISTED_GAMES)}
    page = render_template(
        "index.html", games=games, results=results, status=status, games_to_start=games_to_start(),
        form=form, error=error,
    )
    return page, status_code


DEFAULT_FORM = {"game": "chi", "name": "", "bot": "greedy", "bots": "1", "seed": ""}


@blp.get("/")
def index():
    return render_index(DEFAULT_FORM)


def requested_seats(form: Mapping[str, str]) -> list[dict[str, Any]]:
    """The seats the form asks for: the person (if named) first, then the bots; a person at a
    solitaire sits alone, whatever the number of bots says."""
    try:
        bots = int(form.get("bots", "1"))
    except ValueError:
        raise InvalidRequest("the number of bots is a whole number", "bots") from None
    if not 0 <= bots <= MAX_BOTS:
        raise InvalidRequest(f"a table has 0 to {MAX_BOTS} bots", "bots")
    name = form.get("name", "").strip()
    rules = registry.GAMES.get(form.get("game", ""))
    if rules is not None and name and rules.seats[1] == 1:
        bots = 0
    return ([{"name": name}] if name else []) + [{"bot": form.get("bot", "")} for _ in range(bots)]


@blp.post("/games")
def start_game():
    """Start a game from the form, then open it with the person's seat token in the link's
    fragment (never sent back to the server, and dropped from the address bar by the page)."""
    form = {key: request.form.get(key, default) for key, default in DEFAULT_FORM.items()}
    try:
        body = {"game": form["game"], "seats": requested_seats(form)}
        if form["seed"].strip():
            body["seed"] = form["seed"].strip()
        body = schemas.CreateGameRequest().load(body)  # the checks of POST /api/games, to the letter
        created = chronicle().commands.create(body["game"], body["seats"], seed=body.get("seed"))
    except InvalidRequest as refused:
        return render_index(form, error=f"{form_label(refused.field)}: {refused.reason}", status_code=400)
    except ValidationError as refused:
        field, reason = first_message(refused.messages)
        return render_index(form, error=f"{form_label(field)}: {reason}", status_code=400)
    page = url_for("viewer.game_page", game_id=created.id)
    if not created.tokens:  # bots only: nothing to keep
        return redirect(page, code=303)
    return redirect(f"{page}#token={created.tokens[0]['token']}", code=303)


def first_message(messages: Any, path: str = "") -> tuple[str, str]:
    """The first of marshmallow's error messages, with the field it names (`seats[0].name`)."""
    if isinstance(messages, dict):
        key, inner = next(iter(messages.items()))
        where = f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}" if path else str(key)
        return first_message(inner, where)
    if isinstance(messages, list) and messages:
        return first_message(messages[0], path)
    return path, str(messages)


def form_label(field: str | None) -> str:
    """The form's label for the request field a refusal names (`seats[1].bot` is "Against")."""
    field = field or ""
    if field.endswith(".bot"):
        return "Against"
    if field.endswith(".name") or field.startswith("seats["):
        return "Your name"
    return {"game": "Game", "seed": "Seed", "seats": "Players", "bots": "Bots at the table"}.get(field, "Request")


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
        game=game.game,
        title=game.rules.title,
        seats=[seat["name"] for seat in game.seats],
        table_script=table_script(game.game),
    )
