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
    """What the bot reads off its view, and the value it gives each kind of action. What only some
    decisions need (the hand and the conflict, in a conflict; the scores, when a play could end the
    game) is read off the view when they come up."""

    __slots__ = ("view", "me", "row", "mine", "my_colours", "their_singles")

    def __init__(self, view: View):
        self.view = view
        me = view.get("viewer")
        if me is None:
            me = view["to_act"]
        self.me, self.row = me, view["row"]
        areas = view["areas"]
        self.mine = mine = areas[me]
        self.my_colours = _stack_sizes(mine)  # shared (domain.memo): read only
        self.their_singles = _singles(areas[1 - me])

    def values(self, legal: Sequence[Action]) -> list[float]:
        """Each legal action's value, in their order. A loop, not a comprehension, with a draw (most
        of the legal actions) valued in place: the search's playouts ask this at every decision."""
        row, worth, value = self.row, self.card_worth, self.value
        values: list[float] = []
        add = values.append
        for action in legal:
            if action["type"] == "draw":
                add(worth(row[action["slot"]]) - 1)
            else:
                add(value(action))
        return values

    def value(self, action: Action) -> float:
        """The value of an action other than a draw (`values`); a card an action names is read from
        the public catalogue's faces."""
        kind = action["type"]
        if kind == "play_yang":
            return self.yang_play(FACES[action["card"]])
        if kind == "attack":
            return self.their_singles.get(FACES[action["card"]]["colour"], 0) + 0.5
        if kind == "chi":
            stake = self.view["conflict"]["target"]["points"]
            chi_held = sum(1 for card in self.view["hand"] or [] if card["kind"] == "chi")
            return 1 if stake >= 6 or chi_held >= 2 else -1
        if kind == "discard":
            return -self.card_worth(FACES[action["card"]])
        return 0  # pass

    def card_worth(self, card: Mapping[str, Any]) -> float:
        """How much a card is worth holding: Chi defends, playable Yang score, Yin with a target hit."""
        kind = card["kind"]
        if kind == "chi":
            return 3.5
        if kind == "yang":
            stacked = self.my_colours.get(card["colour"])  # the Yang in my stack of its colour, if I have one
            if stacked is not None and card["points"] == 6:
                return 1  # can never be played: only the 1 point it scores in hand
            return 1 + card["points"] / 2 + (1 if stacked == 1 else 0)
        return 2.5 if card["colour"] in self.their_singles else 1.2

    def yang_play(self, card: Mapping[str, Any]) -> float:
        value = card["points"] - 1.0  # a hand card scores 1; in play it scores its points
        if self.my_colours.get(card["colour"]) == 1:
            value += 2  # stacking makes both cards immune
        if card["colour"] not in self.my_colours and len(self.mine) + 1 >= 6:
            scores = self.scores()
            ahead = scores[self.me] + card["points"] - 1 > scores[1 - self.me]
            value += 3 if ahead else -8  # ending the game only pays when ahead
        return value

    def scores(self) -> list[int]:
        """Each seat's score as the game stands: its Yang points in play (the faces' in its area,
        which `points_in_play` adds up too), 1 a card in hand."""
        areas, sizes = self.view["areas"], self.view["hand_sizes"]
        return [sum(face["points"] for stack in areas[seat] for face in stack) + sizes[seat] for seat in range(len(sizes))]


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
