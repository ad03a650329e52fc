"""/api/games/{id}/audit and /export: proving a finished game, and taking it elsewhere."""

from __future__ import annotations

from typing import Iterator
from uuid import UUID

from flask import Response
from flask.views import MethodView

from services.disputes.audit import audit_game, export_lines
from web.api import audit_schemas as schemas
from web.api.examples import EXAMPLES
from web.blueprint import Blueprint, chronicle
from services.off_the_loop import off_the_loop

blp = Blueprint("audit", __name__, url_prefix="/api/games", description="Audit and export of finished games")

JSON_LINES = "application/x-ndjson"
PIECE = 64 * 1024  # characters sent at once: a write per line would cost more than the line


def in_pieces(lines: Iterator[str]) -> Iterator[str]:
    """The lines, each ended by a line break, joined into pieces of about PIECE characters."""
    piece: list[str] = []
    size = 0
    for line in lines:
        piece.append(line)
        size += len(line) + 1
        if size >= PIECE:
            yield "\n".join(piece) + "\n"
            piece, size = [], 0
    if piece:
        yield "\n".join(piece) + "\n"


@blp.route("/<uuid:game_id>/audit")
class Audit(MethodView):
    @blp.doc(operationId="auditGame")
    @blp.response(200, schemas.AuditAnswer, example=EXAMPLES["AUDIT"])
    @blp.problems(404, s409="the game is still running: its seed is not revealed yet")
    def get(self, game_id: UUID):
        """Re-derive every draw from the revealed seed, re-run every decision, check the hash chain."""
        return audit_game(chronicle().store, game_id, run=off_the_loop)


@blp.route("/<uuid:game_id>/export")
class Export(MethodView):
    @blp.doc(operationId="exportGame")
    @blp.response(200, {"type": "string"}, content_type=JSON_LINES, example=EXAMPLES["EXPORT"], description=(
        "JSON lines (one JSON object a line): a header (format, game, rules version, seats, seed commitment, "
        "seed), then one line per event, each with its chain hash"))
    @blp.problems(404, s409="the game is still running")
    def get(self, game_id: UUID):
        """The whole finished game as JSON lines, for `chronicle verify` and `chronicle import`, sent
        line by line as the events are read from the store."""
        lines = export_lines(chronicle().store, game_id)  # refuses a game it cannot export before any line
        return Response(in_pieces(lines), mimetype=JSON_LINES,
                        headers={"Content-Disposition": f'attachment; filename="{game_id}.jsonl"'})
