"""Request bodies: how big, how deep and what text the API accepts, checked once for every body.

Every JSON body the API reads comes through `load_json` (web.blueprint's `json_body` calls it, for
the schemas' parser and for the move route, which reads its own body), so one check covers every
operation:

- At most MAX_BODY_BYTES (Flask's MAX_CONTENT_LENGTH): a larger body is refused 413 before it
  is read.
- UTF-8 JSON, read by services.json_limits: no NaN or Infinity, no number beyond a float's range,
  integers within 64 bits, no lone surrogate (`"\\ud800"`), and at most MAX_DEPTH levels of
  arrays and objects.

Query strings and headers need no such check: Werkzeug decodes a query string's bad UTF-8 as
U+FFFD and headers as Latin-1, neither of which can yield a surrogate.
"""

from __future__ import annotations

from typing import Any

from services import json_limits
from services.errors import InvalidRequest
from services.json_limits import INT64_MAX  # noqa: F401 (the bound on integers the API states)

MAX_BODY_BYTES = 256 * 1024
MAX_DEPTH = 32


def load_json(raw: bytes) -> Any:
    """The parsed body, or InvalidRequest naming where it is at fault."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidRequest(f"the body is not UTF-8 (at byte {error.start})", "body") from None
    return json_limits.loads(text, "the body", "body", MAX_DEPTH)
