"""/api/players/me/email: the player's own email settings (services.email), with their key."""

from __future__ import annotations

from flask.views import MethodView

from web import problem_types as kinds
from web.api import email_schemas as schemas
from web.api.players import PLAYER_KEY, me
from web.blueprint import Blueprint, chronicle
from web.openapi import BODY_ERRORS

blp = Blueprint("email", __name__, url_prefix="/api/players/me/email",
                description="Email when it is your move: a player's address and choices")

SENT = "a link to confirm the address was sent to it; nothing else is sent until it is followed"


@blp.route("")
class MyEmail(MethodView):
    @blp.doc(security=PLAYER_KEY, operationId="getMyEmail")
    @blp.response(200, schemas.EmailSettings, example={**schemas.EXAMPLE_SETTINGS, "confirmed": True})
    @blp.problems(s401="no key", s403="a key of no player")
    def get(self):
        """The player's email settings: the address (seen by nobody else), whether it is confirmed, and the choices."""
        return chronicle().services.mail.book.shown(me())

    @blp.doc(security=PLAYER_KEY, operationId="setMyEmail")
    @blp.arguments(schemas.EmailRequest, example={"address": "ana@example.org", "your_turn": "each",
                                                  "challenges": True})
    @blp.response(200, schemas.EmailSettings, example={**schemas.EXAMPLE_SETTINGS, "confirmation": SENT})
    @blp.problems(*BODY_ERRORS, s401="no key", s403="a key of no player, or a bot account's (bots get no email)",
                  s422="as many confirmation links were sent for the player in the last day as may be: `limit` says "
                       "how many", kinds={422: kinds.LIMIT_REACHED})
    def put(self, body):
        """Set the address and choose the emails: for each game that comes to await you, or a daily
        digest, or none; and for challenges. A new or changed address is sent a link to confirm it
        first. Every email has a one-click unsubscribe link."""
        player = me()
        mail = chronicle().services.mail
        shown, serial = mail.book.set(player, body)
        if serial is not None:
            mail.confirmation(str(player.id), serial)
            shown["confirmation"] = SENT
        return shown

    @blp.doc(security=PLAYER_KEY, operationId="removeMyEmail")
    @blp.response(200, schemas.EmailSettings, example={"address": None, "confirmed": False, "your_turn": "off",
                                                       "challenges": False})
    @blp.problems(s401="no key", s403="a key of no player")
    def delete(self):
        """Forget the address: no email is sent any more."""
        player = me()
        chronicle().services.mail.book.remove(player)
        return chronicle().services.mail.book.shown(player)
