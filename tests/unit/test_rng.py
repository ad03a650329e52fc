"""The seeded generator: deterministic, unbiased by construction, and pinned to known outputs."""

import hashlib

from domain.rng import Rng, commitment


def test_the_same_seed_and_stream_give_the_same_numbers():
    assert [Rng("s", "a").below(1000) for _ in range(3)] == [Rng("s", "a").below(1000) for _ in range(3)]
    first, again = Rng("s", "a"), Rng("s", "a")
    assert [first.below(10**9) for _ in range(50)] == [again.below(10**9) for _ in range(50)]


def test_different_streams_of_one_seed_differ():
    a, b = Rng("s", "decision:5"), Rng("s", "decision:6")
    assert [a.below(10**9) for _ in range(5)] != [b.below(10**9) for _ in range(5)]


def test_the_first_word_is_the_first_eight_bytes_of_the_first_block_as_documented():
    digest = hashlib.sha256(b"seed\x00stream\x00" + (0).to_bytes(8, "big")).digest()
    expected = int.from_bytes(digest[:8], "big") % 97
    word = int.from_bytes(digest[:8], "big")
    assert word < 2**64 - (2**64 % 97)  # not rejected, so below() returns it directly
    assert Rng("seed", "stream").below(97) == expected


def test_pinned_outputs_do_not_change_between_versions():
    # If this fails, every recorded game would deal differently: never change the generator.
    assert Rng("chronicle", "setup").shuffle(list(range(10))) == PINNED_SHUFFLE
    assert commitment("chronicle") == hashlib.sha256(b"chronicle").hexdigest()


def test_a_shuffle_is_a_permutation_and_every_value_of_below_occurs():
    rng = Rng("perm", "x")
    assert sorted(rng.shuffle(range(52))) == list(range(52))
    assert {rng.below(6) for _ in range(600)} == set(range(6))


def reference_draws(seed: str, stream: str, draws: list) -> list:
    """docs/rng.md, every word worked out: `below(n)` for each int n of `draws`, a shuffle of each list."""
    words = []
    block = 0

    def word():
        nonlocal block
        if not words:
            digest = hashlib.sha256(seed.encode() + b"\0" + stream.encode() + b"\0" + block.to_bytes(8, "big")).digest()
            words.extend(int.from_bytes(digest[k : k + 8], "big") for k in range(0, 32, 8))
            block += 1
        return words.pop(0)

    def below(n):
        while (w := word()) >= 2**64 - 2**64 % n:
            pass
        return w % n

    def shuffle(items):
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    return [shuffle(n) if isinstance(n, list) else below(n) for n in draws]


def test_a_draw_below_one_takes_a_word_as_every_draw_does_though_it_need_not_read_it():
    # Runs of below(1) (the playout bots' lone best action) of every length between other draws.
    chooser = Rng("draw-sizes")
    for number in range(300):
        draws = [list(range(2 + chooser.below(8))) if chooser.below(9) == 0 else [1, 1, 1, 2, 6, 52][chooser.below(6)]
                 for _ in range(chooser.below(40))]
        rng = Rng("mixed", str(number))
        drawn = [rng.shuffle(n) if isinstance(n, list) else rng.below(n) for n in draws]
        assert drawn == reference_draws("mixed", str(number), draws), number
        skipping = Rng("mixed", str(number))  # skip() in place of every below(1)
        drawn = [skipping.shuffle(n) if isinstance(n, list) else skipping.skip() or 0 if n == 1 else skipping.below(n)
                 for n in draws]
        assert drawn == reference_draws("mixed", str(number), draws), number


def test_the_shuffle_follows_the_documented_algorithm():
    for seed in ("a", "chronicle", "ünïcode"):
        assert Rng(seed, "setup").shuffle(range(52)) == reference_draws(seed, "setup", [list(range(52))])[0]


PINNED_SHUFFLE = [5, 2, 1, 0, 6, 8, 4, 3, 7, 9]
