"""The board package's data files as written, and what a loader says of them once a test has
changed them."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any, Callable

import pytest

import domain.tianxia.board
from domain.tianxia.board.reading import BoardDataError


def written(name: str) -> dict[str, Any]:
    """A data file of domain/tianxia/board (e.g. "board.toml"), parsed as it is written."""
    return tomllib.loads((Path(domain.tianxia.board.__file__).parent / name).read_text())


def refusal_of(build: Callable[[dict[str, Any]], Any], data: dict[str, Any], change: Callable[[dict], Any]) -> str:
    """The BoardDataError `build` raises on a copy of `data` that `change` has changed."""
    changed = copy.deepcopy(data)
    change(changed)
    with pytest.raises(BoardDataError) as caught:
        build(changed)
    return str(caught.value)
