"""Examples of the API's requests and answers, for the OpenAPI document.

The answers (web/api/examples.json) were taken from real games of Chi and shortened where a whole
table would drown the point: a table there shows two of the row's six cards and no legend.
"""

from __future__ import annotations

import json
from pathlib import Path

EXAMPLES = json.loads((Path(__file__).parent / "examples.json").read_text(encoding="utf-8"))
GAME_ID = EXAMPLES["GAME_VIEW"]["id"]
