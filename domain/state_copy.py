"""A shallow copy of a game's state, made as cheaply as Python allows: every event of every game
is folded into a fresh copy of the table (`evolve`), and every decision starts from one.

A state is a slots dataclass whose lists and nested objects are never changed in place (a change
puts a new list in the field), so a shallow copy is a table of its own. `copier(cls)` writes the
copy out field by field, once per class, as `dataclasses` writes `__init__`: about half the cost
of `dataclasses.replace` or `copy.copy`.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Callable, TypeVar

T = TypeVar("T")


def copier(cls: type[T], reset: tuple[str, ...] = ()) -> Callable[[T], T]:
    """A function giving a shallow copy of an instance of the dataclass `cls`; the fields named in
    `reset` (what one copy keeps of its own, never part of the table) are None in the copy."""
    names = [field.name for field in fields(cls)]
    source = "def copy(state):\n    new = new_instance(cls)\n"
    source += "".join(f"    new.{name} = None\n" if name in reset else f"    new.{name} = state.{name}\n" for name in names)
    source += "    return new\n"
    namespace = {"new_instance": object.__new__, "cls": cls}
    exec(source, namespace)
    copy = namespace["copy"]
    copy.__doc__ = f"A shallow copy of a {cls.__name__}."
    return copy
