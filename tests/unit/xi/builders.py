"""Hand-made Xi tables for rule tests, and helpers to act on them through decide + evolve."""

from __future__ import annotations

import copy
from typing import Any, Sequence

import pytest

from domain.errors import RulesError
from domain.rng import Rng
from domain.xi import RULES
from domain.xi.cards.catalogue import ALL_IDS, CARDS
from domain.xi.state import PLAY, InPlay, Seat, Unit, XiState
from tests.unit.events import adopted

# A legal deck: the first 15 catalogue cards twice each (30 cards, 2 copies).
DECK = [card for card in ALL_IDS[:15] for _ in range(2)]
OTHER_DECK = [card for card in ALL_IDS[15:30] for _ in range(2)]


def act(state: XiState, seat: int, action: dict[str, Any], seed: str = "test") -> tuple[list, XiState]:
    """The events of `seat` taking `action`, and the table after them (checked to be their fold)."""
    return adopted(RULES, state, RULES.decide(state, seat, action, Rng(seed)))


def refused(state: XiState, seat: int, action: Any, error: type[RulesError] = RulesError) -> RulesError:
    """The error the rules raise for `action`; the table is left as it was."""
    with pytest.raises(error) as caught:
        RULES.decide(state, seat, action, Rng("test"))
    return caught.value


def prepared(seed: str = "test") -> XiState:
    """The table after setup: both players waiting to bring a deck."""
    return adopted(RULES, RULES.new_state(2, {}), RULES.setup(2, {}, Rng(seed)))[1]


def decks_in(seed: str = "test", decks: Sequence[Sequence[str]] = (DECK, OTHER_DECK)) -> tuple[list, XiState]:
    """Both decks brought: the events of the last bring (shuffles, opening draws, coin) and the table."""
    state = prepared(seed)
    events: list = []
    for seat, deck in enumerate(decks):
        events, state = act(state, seat, {"type": "bring_deck", "cards": list(deck)}, seed)
    return events, state


def started(seed: str = "test", first: bool = True) -> XiState:
    """A game in play: decks in, the coin's winner chose to go `first` (or second)."""
    state = decks_in(seed)[1]
    return act(state, RULES.to_act(state), {"type": "choose_order", "first": first}, seed)[1]


def table(*, seats: Sequence[dict[str, Any]] = ({}, {}), units: Sequence[dict[str, Any]] = (),
          spells: Sequence[dict[str, Any]] = (), active: int = 0, turn: int = 3, first: int = 0) -> XiState:
    """A game in play from readable seats, e.g. {"t": 1, "pt": 5, "deck": [...], "hand": [...]},
    units, e.g. {"card": "snow-beast", "controller": 1, "life": 12}: ids u1, u2, ... in list order,
    and lasting spells and statements in play after them, e.g. {"card": "flood", "controller": 0}
    or {"card": "flames-of-preservation", "controller": 1, "on": "u2"}: ids s<n> counting on."""
    in_units = [Unit(uid=f"u{n}", card=raw["card"], owner=raw.get("owner", raw["controller"]),
                     controller=raw["controller"], life=raw.get("life", CARDS[raw["card"]].life),
                     skirmishes=raw.get("skirmishes", 0), since=n)
                for n, raw in enumerate(units, start=1)]
    in_play = [InPlay(iid=f"s{n}", card=raw["card"], owner=raw.get("owner", raw["controller"]),
                      controller=raw["controller"], on=raw.get("on"), since=n)
               for n, raw in enumerate(spells, start=len(in_units) + 1)]
    players = []
    for index, raw in enumerate(seats):
        seat = Seat(**{"deck": list(DECK), **raw})
        owned = [held.card for held in [*in_units, *in_play] if held.owner == index]
        seat.deck_list = sorted(seat.deck + seat.hand + seat.discard + owned)
        players.append(seat)
    return XiState(seats=len(players), phase=PLAY, players=players, units=in_units, in_play=in_play, active=active,
                   first=first, turn=turn, clock=len(in_units) + len(in_play))


def skirmish(unit: str, target: str | int) -> dict[str, Any]:
    return {"type": "skirmish", "unit": unit, "target": target}


def play(card: str, target: str | int | None = None) -> dict[str, Any]:
    return {"type": "play", "card": card} if target is None else {"type": "play", "card": card, "target": target}


def use(source: str, target: str | int | None = None, choice: str | None = None) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "use", "source": source}
    action.update({key: value for key, value in (("target", target), ("choice", choice)) if value is not None})
    return action


END = {"type": "end_turn"}
PASS = {"type": "pass"}
STRIKE = {"type": "strike"}


def life(state: XiState, uid: str) -> tuple[int, int]:
    """A unit's current and maximum life, as every seat sees them."""
    unit = next(unit for unit in RULES.view(state, None)["units"] if unit["uid"] == uid)
    return unit["life"], unit["max_life"]


def public_twin(state: XiState, seat: int, rng: Rng, hand: Sequence[str] | None = None) -> XiState:
    """The same table with `seat`'s hidden cards re-dealt from its own hidden pool (hand and deck
    together): the hand keeps its size and the deck its length. `hand` picks the new hand instead
    of the generator (its cards must come from the pool). Everything public is unchanged."""
    twin = copy.deepcopy(state)
    player = twin.players[seat]
    pool = player.hand + player.deck
    if hand is None:
        pool = rng.shuffle(pool)
        hand = pool[:len(player.hand)]
    rest = list(pool)
    for card in hand:
        rest.remove(card)
    assert len(hand) == len(player.hand)
    player.hand, player.deck = list(hand), rest
    return twin
