"""The form every game's action takes: a JSON object with a known `type` and exactly its fields
(some of which a game may declare optional: a spell's target, where the card has one).

Each game checks the values of the fields itself (a card id, a slot, a number); what they share is
the refusal of anything else, naming the field at fault, under the game's well-formed rule.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain.errors import IllegalAction


def is_object(action: Any) -> bool:
    # A plain dict first: `isinstance` against the Mapping ABC is slow, and nearly every action is one.
    return type(action) is dict or isinstance(action, Mapping)


class ActionForm:
    """A game's action types, each with its fields: `fields` maps a type to its field names, and
    `optional` a type to those of its fields that may be left out."""

    def __init__(self, fields: Mapping[str, Sequence[str]], game: str, rule: str,
                 optional: Mapping[str, Sequence[str]] | None = None):
        self.fields, self.game, self.rule = fields, game, rule
        self.optional = {kind: frozenset(names) for kind, names in (optional or {}).items()}
        self.known = ", ".join(fields)
        # Each type's keys, "type" included: an action whose keys are exactly these is well formed
        # (a game's check may compare them itself on its common path, without calling `kind`).
        self.exact_keys = {kind: frozenset(("type", *names)) for kind, names in fields.items()}

    def refuse(self, reason: str) -> IllegalAction:
        return IllegalAction(reason, rule=self.rule)

    def kind(self, action: Any) -> str:
        """The action's type, once the action is an object of a known type with exactly that type's
        fields; otherwise IllegalAction naming the field."""
        if not is_object(action):
            raise self.refuse(f"an action is a JSON object with a 'type' (one of {self.known})")
        kind = action.get("type")
        if kind is None:
            raise self.refuse(f"type: missing; it is one of {self.known}")
        if not isinstance(kind, str) or kind not in self.fields:
            raise self.refuse(f"type: {kind!r} is not {self.game} action; it is one of {self.known}")
        if action.keys() != self.exact_keys[kind]:  # the common case costs one comparison
            wanted = self.fields[kind]
            for name in action:
                if name != "type" and name not in wanted:
                    raise self.refuse(f"{name}: a {kind} action has no such field")
            for name in wanted:
                if name not in action and name not in self.optional.get(kind, ()):
                    raise self.refuse(f"{name}: missing; a {kind} action needs it")
        return kind
