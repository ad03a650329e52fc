"""Canonical JSON: the one encoding hashed by fingerprints, the hash chain and bot views' MACs.

Keys sorted, no insignificant whitespace, UTF-8 without escaping; another language reproduces
it with any JSON library that can sort keys.
"""

import hashlib
import json
from typing import Any


# One encoder for every call: `json.dumps` with these arguments builds the same encoder each time.
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_json(value: Any) -> str:
    return _ENCODER.encode(value)


def sha256_of(value: Any) -> str:
    """The SHA-256 (hex) of a value's canonical JSON."""
    return hashlib.sha256(canonical_json(value).encode()).hexdigest()
