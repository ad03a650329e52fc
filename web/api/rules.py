"""/api/rules/{game}: what is public about a game's rules, for any client drawing its table.

The answer reads the rules object's class-level data only (its name, title, version, seats, bots'
names, rule index, card catalogue and named decks), never a game: nothing in it is anyone's
secret. A table script fetches it once to draw cards the view names by id (Xi's hand is a list of
card ids).
"""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from domain import registry
from domain.game import Game
from services.errors import GameNotFound
from web.api import rules_schemas as schemas
from web.blueprint import Blueprint
from web.pages.new_game_form import bot_strengths

blp = Blueprint("rules", __name__, url_prefix="/api", description="The public rules of each game")

EXAMPLE_RULES = 3  # entries of each list the document's example keeps


def public_rules(rules: Game[Any]) -> dict[str, Any]:
    """The game's public rules: `cards` and `decks` only for a game that has them."""
    low, high = rules.seats
    shown: dict[str, Any] = {
        "game": rules.name, "title": rules.title, "version": rules.version,
        "seats": {"min": low, "max": high}, "bots": sorted(rules.bots),
        "rules": [{"id": rule.id, "section": rule.section, "text": rule.text} for rule in rules.rulebook.values()],
    }
    if strengths := bot_strengths(rules):
        shown["bot_strengths"] = strengths
    if rules.catalogue is not None:
        shown["cards"] = [card.to_json() for card in rules.catalogue.values()]
    if rules.decks is not None:
        shown["decks"] = [{"name": name, "cards": list(cards)} for name, cards in rules.decks.named.items()]
    return shown


def rules_of(game: str) -> Game[Any]:
    try:
        return registry.get(game)
    except KeyError:
        known = ", ".join(sorted(registry.GAMES))
        raise GameNotFound(f"no game is called {game[:40]!r}; the games are {known}", field="game") from None


def example() -> dict[str, Any]:
    """Xi's answer, each list cut short."""
    shown = public_rules(registry.get("xi"))
    for key in ("rules", "cards", "decks"):
        if key in shown:
            shown[key] = shown[key][:EXAMPLE_RULES]
    for deck in shown.get("decks", []):
        deck["cards"] = deck["cards"][:EXAMPLE_RULES]
    return shown


@blp.route("/rules/<string:game>", parameters=[{
    "in": "path", "name": "game", "description": "the game's name", "example": "xi",
    "schema": {"type": "string", "enum": sorted(registry.GAMES)}}])
class GameRules(MethodView):
    @blp.doc(operationId="getRules")
    @blp.response(200, schemas.PublicRules, example=example())
    @blp.problems(s404="no game has this name: `field` is `game`, and `detail` lists the games")
    def get(self, game: str):
        """What is public about a game's rules: its seats and bots, its rule index, and its cards and
        named decks where it has them."""
        return public_rules(rules_of(game))
