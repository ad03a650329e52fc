"""The replay's one-line descriptions: readable, and never a hidden card."""

from domain.chi import RULES
from domain.chi.cards import label
from domain.contract import Event
from tests.secrecy import leaves
from tests.unit.chi.builders import act, draw, table
from tests.unit.chi.playouts import play_out

NAMES = ["ana", "bo"]


def test_a_draw_is_described_with_the_player_the_card_and_the_slot():
    state = table(hands=[["yin-red-2", "chi-1"], ["chi-2"]], row=["yin-pink-1", "yin-red-1", "chi-3", None, None, None])
    events, _ = act(state, draw(1))
    # Slots count from 1 at the left, as the table's buttons do: slot index 1 is the second.
    assert RULES.describe(events[0], NAMES) == "ana draws the red Yin (slot 2) from the row"


def test_no_description_contains_a_private_or_secret_value():
    seen_types = set()
    for n in range(30):
        for event in play_out(f"describe-{n}").events:
            seen_types.add(event.type)
            line = RULES.describe(event, NAMES)
            assert line and "\n" not in line
            public_only = Event(event.type, event.rule, event.data)
            assert line == RULES.describe(public_only, NAMES)
            hidden = leaves(dict(event.private)) | leaves(dict(event.secret))
            public = leaves(dict(event.data))
            for card in hidden - public:
                assert card not in line and label(card) not in line, (event.type, line)
    assert {"hand_dealt", "deck_card_drawn", "discard_reshuffled", "deck_shuffled"} <= seen_types

