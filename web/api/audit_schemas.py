"""The schemas of the audit (web.api.audit): what it found, step by step, and its answer."""

from marshmallow import Schema, fields


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
