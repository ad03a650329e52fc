"""A Xi table dealt from a seat's view, for the search bot: it keeps everything the seat sees, and
deals what the seat cannot see (the other hand, every deck's order, the other deck list) among
the cards it has not seen."""

from __future__ import annotations

from collections import Counter
from typing import Iterator

import pytest

from domain import rules_turns
from domain.rng import Rng
from domain.xi import RULES
from domain.xi.bots.determinize import seen_of
from domain.xi.cards.decks import NAMED
from domain.xi.state import COPIES_MAX, XiState
from tests.unit.xi.builders import DECK


def tables(decks: tuple, seed: str, most: int = 400) -> Iterator[tuple[XiState, int]]:
    """Each table of a random game where a seat decides, with that seat: seat 0 brings decks[0]
    and seat 1 decks[1] (a named deck, or a list of its own)."""
    state = RULES.setup(2, {}, Rng(seed, "setup")).state
    for number in range(most):
        if (played := rules_turns.play_due(RULES, state, Rng(seed, f"due-{number}"))) is not None:
            state = played.state
            continue
        seat = RULES.to_act(state)
        if seat is None:
            return
        legal = RULES.legal_actions(state, seat)
        if legal[0]["type"] == "bring_deck":
            action = RULES.decks.bring(decks[seat])
        else:
            yield state, seat
            action = Rng(seed, f"move-{number}").choice(legal)
        state = RULES.decide(state, seat, action, Rng(seed, f"decide-{number}")).state


def dealt(state: XiState, seat: int, deal: str = "deal") -> XiState:
    return RULES.search.determinize(RULES.view(state, seat), Rng("dealt", deal))


def test_the_dealt_table_shows_me_what_i_see_and_lets_me_do_what_i_may():
    checked = 0
    for state, seat in tables(("aqua", "ember"), "same-view"):
        table = dealt(state, seat)
        assert RULES.view(table, seat) == RULES.view(state, seat)
        assert RULES.legal_actions(table, seat) == RULES.legal_actions(state, seat)
        assert table.players[seat].hand == state.players[seat].hand
        assert sorted(table.players[seat].deck) == sorted(state.players[seat].deck)
        checked += 1
    assert checked > 100


def test_the_other_hand_has_its_size_and_with_what_was_shown_makes_up_a_named_deck():
    for state, seat in tables(("stone", "wind"), "other-hand"):
        other = 1 - seat
        table = dealt(state, seat)
        real, there = state.players[other], table.players[other]
        assert len(there.hand) == len(real.hand) and len(there.deck) == len(real.deck)
        shown = seen_of(RULES.view(state, seat), other)
        whole = Counter(there.hand) + Counter(there.deck) + Counter(shown)
        assert whole in [Counter(cards) for cards in NAMED.values()], "no card shown is dealt again"
        assert Counter(there.deck_list) == whole


def test_a_named_deck_that_has_shown_a_card_only_it_holds_is_dealt_from_its_own_list():
    only_ember = {card for card in NAMED["ember"] if all(card not in cards for name, cards in NAMED.items()
                                                         if name != "ember")}
    identified = 0
    for state, seat in tables(("aqua", "ember"), "public-list", most=600):
        if seat != 0 or not only_ember & set(seen_of(RULES.view(state, 0), 1)):
            continue
        for deal in range(3):
            assert Counter(dealt(state, 0, f"deal-{deal}").players[1].deck_list) == Counter(NAMED["ember"])
        identified += 1
    assert identified > 10


def test_a_list_of_its_own_is_dealt_as_a_legal_list_of_its_size_holding_what_was_shown():
    for state, seat in tables(("aqua", DECK), "own-list"):
        if seat != 0:
            continue
        table = dealt(state, 0)
        there, shown = table.players[1], seen_of(RULES.view(state, 0), 1)
        assert len(there.deck_list) == len(DECK)
        assert len(there.hand) == len(state.players[1].hand) and len(there.deck) == len(state.players[1].deck)
        assert not Counter(shown) - Counter(there.deck_list)
        assert max(Counter(there.deck_list).values()) <= COPIES_MAX


def test_two_deals_differ_in_what_i_cannot_see():
    differed = 0
    for state, seat in tables(("wind", "aqua"), "two-deals", most=60):
        one, other = dealt(state, seat, "one"), dealt(state, seat, "other")
        differed += RULES.view(one, None, reveal=True) != RULES.view(other, None, reveal=True)
    assert differed > 30


def test_a_spectator_has_no_seat_to_deal_for():
    state, _seat = next(tables(("aqua", "ember"), "spectator"))
    with pytest.raises(ValueError):
        RULES.search.determinize(RULES.view(state, None), Rng("spectator"))
