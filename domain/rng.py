"""The one random generator of the service: SHA-256 in counter mode over the game's seed.

Block i of stream s is SHA-256(utf8(seed) || 0x00 || utf8(s) || 0x00 || i as 8 bytes, big endian);
each block gives four unsigned 64-bit words, big endian, taken in order. `below(n)` takes words
until one is under the largest multiple of n that fits in 2**64 (rejection sampling, no bias) and
returns it modulo n. `shuffle` is Fisher-Yates from the last position down: for i = len-1 .. 1,
swap i with below(i + 1). below(1) takes a word too, whatever it is: the block of a word it takes
is worked out only when a later draw reads another word of it. Nothing here depends on Python's
`random` module, so every shuffle can be re-derived in any language from the revealed seed.
docs/rng.md says the same for auditors.
"""

from __future__ import annotations

import hashlib
import struct
from typing import Sequence, TypeVar

T = TypeVar("T")

_WORD = 2**64
_WORDS = struct.Struct(">4Q")  # a block's four unsigned 64-bit words, big endian
# below(n)'s rejection limit for n up to 128 (a die, a deck's length at most), made once: each
# is two big-integer operations, and a deck's shuffle would ask for one per card.
_LIMITS = tuple(_WORD - _WORD % n if n else 0 for n in range(129))


class Rng:
    """A deterministic stream of random numbers for one seed and one named stream."""

    def __init__(self, seed: str, stream: str = ""):
        # Most decisions draw nothing: the stream's prefix is made on the first draw.
        self._seed, self._stream = seed, stream
        self._prefix = b""
        self._block = 0
        self._words: list[int] = []  # the current block's words not taken yet, the next one last
        self._passed = 0  # words below(1) took past the last block worked out, theirs not worked out yet

    def _refill(self) -> None:
        """The stream's next block into `_words`, once every word of the last one is taken."""
        if not self._prefix:  # one string encoded (UTF-8 of the whole is the parts' UTF-8 joined)
            self._prefix = f"{self._seed}\x00{self._stream}\x00".encode()
        passed = self._passed
        if passed:  # whole blocks below(1) took are never worked out
            self._block += passed // 4
        digest = hashlib.sha256(self._prefix + self._block.to_bytes(8, "big")).digest()
        self._block += 1
        words = self._words  # the same list, which a shuffle holds on to
        words.extend(_WORDS.unpack(digest))
        words.reverse()  # taken from the end: the first word first
        if passed:  # nor are this block's first words, if below(1) took them
            self._passed = 0
            del words[4 - passed % 4:]

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below(n) needs n > 0")
        limit = _LIMITS[n] if n < 129 else _WORD - _WORD % n
        words = self._words  # taken straight from the block, as `shuffle` takes them: no call a word
        while True:
            if not words:
                if n == 1:  # every word gives 0: one is taken, its block worked out only if a later draw reads it
                    self._passed += 1
                    return 0
                self._refill()
            word = words.pop()
            if word < limit:
                return word % n

    def skip(self) -> None:
        """below(1) (always 0) for its move of the stream alone: the word it takes, with no call
        of below's arithmetic (a playout bot's lone best action draws this way at every decision)."""
        if self._words:
            self._words.pop()
        else:
            self._passed += 1

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in a uniformly random order."""
        out = list(items)
        # below(i + 1) for each i, written out with the words taken straight from the block (a
        # call per card, and the limit's arithmetic, cost more than the rest of a deck's shuffle).
        words, refill = self._words, self._refill
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < 129 else _WORD - _WORD % n
            if not words:
                refill()
            drawn = words.pop()
            while drawn >= limit:
                if not words:
                    refill()
                drawn = words.pop()
            j = drawn % n
            out[i], out[j] = out[j], out[i]
        return out

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        return items[self.below(len(items))]


def commitment(seed: str) -> str:
    """The SHA-256 of the seed, published when a game is created."""
    return hashlib.sha256(seed.encode()).hexdigest()
