"""What each seat sees: its own hand, its remaining deck as a sorted multiset, its deck list; of
the others only counts, until the end, when everything is shown."""

from domain.xi import RULES
from tests.unit.events import only
from tests.unit.xi.builders import DECK, OTHER_DECK, act, started, table

PUBLIC = {"seat", "life", "t", "pt", "hand_size", "deck_size", "discard", "deck_brought", "out"}


def test_a_hand_is_seen_by_its_seat_only():
    state = table(seats=[{"hand": ["flood", "archo"]}, {"hand": ["dispel"]}])
    assert RULES.view(state, 0)["hand"] == ["flood", "archo"] and RULES.view(state, 1)["hand"] == ["dispel"]
    assert RULES.view(state, None)["hand"] is None and "hands" not in RULES.view(state, 1)
    assert [p["hand_size"] for p in RULES.view(state, 1)["players"]] == [2, 1]
    assert set(RULES.view(state, 1)["players"][0]) == PUBLIC


def test_a_drawn_card_is_named_to_its_seat_only():
    events, _ = act(table(seats=[{"t": 10, "deck": ["flood", "archo"]}, {}]), 0, {"type": "draw"})
    drawn = only(events, "card_drawn")
    assert drawn.seen_by(0)["data"]["card"] == "flood"
    assert "card" not in drawn.seen_by(1)["data"] and "card" not in drawn.seen_by(None)["data"]


def test_the_order_of_a_deck_is_seen_by_nobody_while_the_game_runs():
    state = table(seats=[{"deck": ["flood", "archo", "dispel"]}, {}])
    mine = RULES.view(state, 0)
    assert mine["deck"] == ["archo", "dispel", "flood"]  # what is left, sorted, never the order
    assert RULES.view(state, 1)["deck"] == sorted(DECK) and "decks" not in mine
    assert RULES.view(state, None)["players"][0]["deck_size"] == 3


def test_deck_lists_are_private_until_the_end_and_then_everything_is_shown():
    state = started("lists")
    assert RULES.view(state, 0)["deck_list"] == DECK and RULES.view(state, 1)["deck_list"] == OTHER_DECK
    assert "deck_lists" not in RULES.view(state, 0) and "deck_lists" not in RULES.view(state, None)
    revealed = RULES.view(state, None, reveal=True)
    assert revealed["deck_lists"] == [DECK, OTHER_DECK]
    over = act(state, 0, {"type": "resign"})[1]
    shown = RULES.view(over, None)
    assert shown["deck_lists"] == [DECK, OTHER_DECK]
    assert shown["decks"] == [seat.deck for seat in over.players]
    assert shown["hands"] == [seat.hand for seat in over.players]
