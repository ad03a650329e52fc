"""Bringing a deck: a legal list (30 or more catalogue cards, at most 3 copies), checked, kept
private to its seat, shuffled by the seeded generator with its order secret."""

from domain.errors import IllegalAction, NotYourTurn
from domain.xi import RULES
from domain.xi.cards.decks import NAMED
from tests.unit.events import only
from tests.unit.xi.builders import DECK, OTHER_DECK, act, decks_in, prepared, refused


def bring(cards):
    return {"type": "bring_deck", "cards": list(cards)}


def test_each_seat_brings_its_deck_in_seat_order():
    state = prepared()
    assert RULES.to_act(state) == 0
    assert refused(state, 1, bring(DECK), NotYourTurn)
    _events, state = act(state, 0, bring(DECK))
    assert RULES.to_act(state) == 1 and state.players[0].deck_list == DECK


def test_a_deck_of_29_cards_is_refused_for_its_size():
    error = refused(prepared(), 0, bring(DECK[:29]), IllegalAction)
    assert error.rule == "xi.deck.size" and "29" in error.reason


def test_a_deck_of_30_cards_is_enough_and_a_larger_one_is_fine():
    act(prepared(), 0, bring(DECK))
    act(prepared(), 0, bring(DECK + OTHER_DECK))


def test_a_fourth_copy_of_a_card_is_refused_naming_the_card():
    deck = DECK[:26] + ["sidestep"] * 4
    error = refused(prepared(), 0, bring(deck), IllegalAction)
    assert error.rule == "xi.deck.copies" and "Sidestep" in error.reason and "4 copies" in error.reason


def test_three_copies_of_a_card_are_allowed():
    act(prepared(), 0, bring(DECK[:27] + ["sidestep"] * 3))


def test_a_card_outside_the_catalogue_is_refused():
    error = refused(prepared(), 0, bring(DECK + ["black-lotus"]), IllegalAction)
    assert error.rule == "xi.deck.known-card" and "black-lotus" in error.reason


def test_a_deck_list_that_is_not_a_list_of_ids_is_refused_as_malformed():
    assert refused(prepared(), 0, {"type": "bring_deck", "cards": "aqua"}, IllegalAction).rule == "xi.action.well-formed"
    assert refused(prepared(), 0, {"type": "bring_deck"}, IllegalAction).rule == "xi.action.well-formed"


def test_nothing_but_a_deck_is_taken_before_the_decks_are_in():
    error = refused(prepared(), 0, {"type": "draw"}, IllegalAction)
    assert error.rule == "xi.house.decks-brought"


def test_a_deck_list_is_seen_by_its_seat_only_until_the_end():
    events, state = act(prepared(), 0, bring(DECK))
    brought = only(events, "deck_brought")
    assert brought.data == {"seat": 0, "count": 30} and brought.private_to == 0
    assert brought.seen_by(0)["data"]["cards"] == DECK
    assert "cards" not in brought.seen_by(1)["data"] and brought.seen_by(1)["hidden"] == ["cards"]
    assert RULES.view(state, 0)["deck_list"] == DECK
    assert RULES.view(state, 1)["deck_list"] is None and "deck_lists" not in RULES.view(state, None)
    over = act(state, 1, {"type": "resign"})[1]
    assert RULES.view(over, 1)["deck_lists"][0] == DECK


def test_once_both_decks_are_in_each_is_shuffled_with_its_order_secret():
    events, _state = decks_in("shuffle")
    shuffles = [event for event in events if event.type == "deck_shuffled"]
    assert [event.data for event in shuffles] == [{"seat": 0, "count": 30}, {"seat": 1, "count": 30}]
    assert shuffles[0].secret["order"] != DECK
    assert sorted(shuffles[0].secret["order"]) == sorted(DECK)
    assert "order" not in shuffles[0].seen_by(0)["data"]


def test_the_shuffle_follows_the_games_seed():
    assert decks_in("one")[1].players[0].deck == decks_in("one")[1].players[0].deck
    assert decks_in("one")[1].players[0].deck != decks_in("two")[1].players[0].deck


def test_the_named_decks_are_the_only_decks_listed_and_bring_their_cards_privately():
    state = prepared()
    starters = ["aqua", "ember", "stone", "wind"]
    assert RULES.legal_actions(state, 0) == [{"type": "bring_deck", "deck": name} for name in starters]
    assert RULES.view(state, 1)["named_decks"] == [{"name": name, "cards": 50} for name in starters]  # public lists
    events, state = act(state, 0, {"type": "bring_deck", "deck": "stone"})
    brought = only(events, "deck_brought")
    assert brought.data == {"seat": 0, "count": 50} and brought.private == {"cards": list(NAMED["stone"]),
                                                                            "deck": "stone"}
    assert state.players[0].deck_list == list(NAMED["stone"]) and brought.private_to == 0


def test_a_deck_is_a_list_or_a_name_never_both_and_never_an_unknown_name():
    for action in ({"type": "bring_deck", "deck": "sampler"}, {"type": "bring_deck", "deck": "aqua", "cards": DECK}):
        assert refused(prepared(), 0, action, IllegalAction).rule == "xi.action.well-formed"
