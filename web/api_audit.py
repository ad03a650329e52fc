"""/api/games/{id}/audit and /export: proving a finished game, and taking it elsewhere."""

from __future__ import annotations

from uuid import UUID

from flask import Response
from flask.views import MethodView
from marshmallow import Schema, fields

from services.audit import audit_game, export_lines
from web.blueprint import Blueprint, chronicle

blp = Blueprint("audit", __name__, url_prefix="/api/games", description="Audit and export of finished games")


class Finding(Schema):
    step = fields.Integer(allow_none=True)
    check = fields.String(metadata={"description": "seed, rules, order, chain, rng or events"})
    reason = fields.String()
    expected = fields.Raw(allow_none=True)
    found = fields.Raw(allow_none=True)


class AuditAnswer(Schema):
    game_id = fields.String()
    verified = fields.Boolean()
    head = fields.String(metadata={"description": "the head of the hash chain: compare it with your receipts"})
    steps = fields.Integer()
    checks = fields.List(fields.String(), metadata={"description": "the checks passed, in order"})
    first_problem = fields.Nested(Finding, allow_none=True)


@blp.route("/<uuid:game_id>/audit")
class Audit(MethodView):
    @blp.response(200, AuditAnswer)
    @blp.alt_response(409, description="the game is still running: its seed is not revealed yet")
    def get(self, game_id: UUID):
        """Re-derive every draw from the revealed seed, re-run every decision, check the hash chain."""
        return audit_game(chronicle().store, game_id)


@blp.route("/<uuid:game_id>/export")
class Export(MethodView):
    @blp.response(200, content_type="application/x-ndjson",
                  description="JSON lines: a header (game, rules version, seats, seed commitment, seed), then one line per event")
    @blp.alt_response(409, description="the game is still running")
    def get(self, game_id: UUID):
        """The whole finished game as JSON lines, for `chronicle verify` and `chronicle import`."""
        lines = list(export_lines(chronicle().store, game_id))
        return Response("\n".join(lines) + "\n", mimetype="application/x-ndjson",
                        headers={"Content-Disposition": f'attachment; filename="{game_id}.jsonl"'})
