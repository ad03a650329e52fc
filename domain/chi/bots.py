"""Chi bots: they decide from the seat's view and the legal list only, never from the state.

RandomBot picks uniformly. GreedyBot scores each legal action with a one-move heuristic: turn hand
cards into Yang points (a card in hand is worth 1 at the end, a Yang in play 3 or 6), stack 3s to
make them immune, attack 6-point singles, take Chi and useful cards from the row, spend Chi when
the Yang at stake is worth it, and discard what it can never use.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain.bots import RandomBot, highest
from domain.chi.cards import FACES
from domain.contract import Action
from domain.memo import by_identity
from domain.rng import Rng

__all__ = ["GreedyBot", "RandomBot"]

View = Mapping[str, Any]


class GreedyBot:
    """The legal action with the best immediate value; ties broken at random."""

    name = "greedy"
    version = "1"

    def choose(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        """The best-scoring element of `legal`."""
        return highest(legal, _Seen(view).values(legal), rng)


class _Seen:
    """What the bot reads off its view, and the value it gives each kind of action."""

    def __init__(self, view: View):
        self.me = view["viewer"] if view.get("viewer") is not None else view["to_act"]
        self.opp = 1 - self.me
        self.hand = view["hand"] or []
        self.row = view["row"]
        self.conflict = view["conflict"]
        self.mine = view["areas"][self.me]
        self.my_colours = _stack_sizes(self.mine)  # shared (domain.memo): read only
        self.their_singles = _singles(view["areas"][self.opp])
        self.points, self.hand_sizes = view["points_in_play"], view["hand_sizes"]  # the scores, when a play could end the game

    def values(self, legal: Sequence[Action]) -> list[float]:
        """Each legal action's value, in their order. A loop, not a comprehension, with a draw (most
        of the legal actions) valued in place: the search's playouts ask this at every decision."""
        row, worth, value = self.row, self.card_worth, self.value
        values = []
        for action in legal:
            if action["type"] == "draw":
                values.append(worth(row[action["slot"]]) - 1)
            else:
                values.append(value(action))
        return values

    def value(self, action: Action) -> float:
        """An action's value; a card named by an action is read from the public catalogue's faces."""
        kind = action["type"]
        if kind == "draw":
            return self.card_worth(self.row[action["slot"]]) - 1
        if kind == "play_yang":
            return self.yang_play(FACES[action["card"]])
        if kind == "attack":
            return self.their_singles.get(FACES[action["card"]]["colour"], 0) + 0.5
        if kind == "chi":
            stake = self.conflict["target"]["points"]
            chi_held = sum(1 for card in self.hand if card["kind"] == "chi")
            return 1 if stake >= 6 or chi_held >= 2 else -1
        if kind == "discard":
            return -self.card_worth(FACES[action["card"]])
        return 0  # pass

    def card_worth(self, card: Mapping[str, Any]) -> float:
        """How much a card is worth holding: Chi defends, playable Yang score, Yin with a target hit."""
        if card["kind"] == "chi":
            return 3.5
        if card["kind"] == "yang":
            if card["points"] == 6 and card["colour"] in self.my_colours:
                return 1  # can never be played: only the 1 point it scores in hand
            bonus = 1 if self.my_colours.get(card["colour"]) == 1 else 0
            return 1 + card["points"] / 2 + bonus
        return 2.5 if card["colour"] in self.their_singles else 1.2

    def yang_play(self, card: Mapping[str, Any]) -> float:
        value = card["points"] - 1.0  # a hand card scores 1; in play it scores its points
        if self.my_colours.get(card["colour"]) == 1:
            value += 2  # stacking makes both cards immune
        if card["colour"] not in self.my_colours and len(self.mine) + 1 >= 6:
            scores = [points + size for points, size in zip(self.points, self.hand_sizes)]
            ahead = scores[self.me] + card["points"] - 1 > scores[self.opp]
            value += 3 if ahead else -8  # ending the game only pays when ahead
        return value


@by_identity
def _stack_sizes(stacks: Sequence[Sequence[Mapping[str, Any]]]) -> dict[str, int]:
    """A play area's stacks by colour (a seat holds one stack of a colour): the Yang each holds.
    Kept by the area's faces list (domain.memo), which a playout view shares between tables."""
    sizes = {}
    for stack in stacks:  # a loop, not a comprehension
        sizes[stack[0]["colour"]] = len(stack)
    return sizes


@by_identity
def _singles(stacks: Sequence[Sequence[Mapping[str, Any]]]) -> dict[str, int]:
    """A play area's lone Yang (the only ones a Yin may attack) by colour: its points."""
    singles = {}
    for stack in stacks:  # a loop, not a comprehension
        if len(stack) == 1:
            singles[stack[0]["colour"]] = stack[0]["points"]
    return singles
