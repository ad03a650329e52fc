"""A state's shallow copy is a table of its own: equal, every field carried, and what is set on
the copy (a new list in a field) leaves the original as it was."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from domain import registry
from domain.rng import Rng
from domain.state_copy import copier

GAMES = sorted(registry.GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_a_copy_carries_every_field_and_setting_one_leaves_the_original(game):
    rules = registry.get(game)
    state = rules.setup(rules.seats[0], {}, Rng("copy", "setup")).state
    for cls in rules.state_types:
        if isinstance(state, cls):
            copied = copier(cls)(state)
            assert copied == state and copied is not state
            before = copy.deepcopy(state)
            for field in dataclasses.fields(cls):
                setattr(copied, field.name, None)
            assert state == before
            assert all(getattr(copied, field.name) is None for field in dataclasses.fields(cls))
