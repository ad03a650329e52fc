"""Picking the best-valued action (domain.bots.highest): a tie is drawn as a random choice among
the tied actions, in the legal order, so the same stream gives the same action and draws."""

from domain.bots import highest
from domain.rng import Rng


def test_a_tie_is_drawn_as_a_choice_among_the_tied_actions_in_their_order():
    legal, scores_drawn, seen = [{"n": n} for n in range(9)], Rng("scores"), set()
    for number in range(300):
        scores = [float(scores_drawn.below(3)) for _ in legal]
        tied = [action for action, score in zip(legal, scores) if score == max(scores)]
        drawn, expected = Rng("highest", str(number)), Rng("highest", str(number))
        if len(tied) == 1:
            expected.below(1)  # a tie among one
            wanted = tied[0]
        else:
            wanted = expected.choice(tied)
        assert highest(legal, scores, drawn) is wanted
        assert drawn.below(2**63) == expected.below(2**63)
        seen.add(len(tied))
    assert 1 in seen and max(seen) >= 4
