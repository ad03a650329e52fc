"""The seed's worked example of Li Mu's first turn (L192-214), event by event, and the die around it.

"It is the first turn for Li Mu. He rolled 3, so he resolves the leftmost card. First, he places
an Action marker in Qi, advances on the black Palace track and places a Governor in the Income
Building present in that region. He also claims the Bonus tile from the Building since it's a
Jade Figurine. Then, Li Mu places 2 Soldiers in the sector with the highest Nomad Strength. There
is a tie between the two sectors on the right, but the priority list on the card targets the
rightmost sector. The Defense marker is set to 2 now. Next, Li Mu makes a Delivery to the ship in
Qi, placing the Delivery marker from the left side and adding his Shipping marker to the Port.
Finally, Li Mu advances once on the white Palace track. When all actions have been resolved, the
activated card is discarded, the other card slides to the left, and the empty space is refilled."
"""

import dataclasses

import pytest

from domain.tianxia.state import LI_MU
from tests.unit.tianxia.tables import clear_board, nomads, opened, played, rivals_turn

DECK = ["S07", "S02", "S09", "S05"]


def example(roll: int = 3):
    """The table of the example: Li Mu's first turn, S01 and S04 open, nomads 3, 4, 5, 5 west to
    east, no defence anywhere, Qi's income building the cheapest with a jade figurine beside it,
    Qi's top ship empty; the die fixed at `roll`."""
    state = rivals_turn(opened(1, "worked-example", difficulty="easy"), open_cards=["S01", "S04"], deck=DECK,
                        rolls=[roll])
    clear_board(state)
    nomads(state, [3, 4, 5, 5])
    sites = dict(state.sites)
    sites["qi-1"] = dataclasses.replace(sites["qi-1"], building="lumber-camp", governors=[None, None], tile="jade-crane")
    sites["qi-2"] = dataclasses.replace(sites["qi-2"], building="academy", governors=[None, None])
    state.sites = sites
    state.ports = {**state.ports, "qi": [{"ship": ship["ship"], "crates": [None] * len(ship["crates"])}
                                         for ship in state.ports["qi"]]}
    assert state.rival.kind == LI_MU and state.rival.turn == 0 and state.rival.figurines == []
    return state


def test_li_mus_first_turn_is_the_seeds_example():
    state = example()
    decision = played(state)
    summary = [(event.type, event.rule, {key: value for key, value in event.data.items()
                                         if key not in ("rival", "card", "why", "line")})
               for event in decision.events]
    assert summary == [
        ("rival_card_chosen", "tianxia.limu.die", {"turn": 1, "roll": 3, "slot": "first"}),
        ("rival_marker_placed", "tianxia.card.region", {"region": "qi"}),
        ("rival_advanced", "tianxia.card.region", {"track": "black", "steps": [0, 1]}),
        ("rival_governor_placed", "tianxia.card.region", {"site": "qi-1", "space": 0}),
        ("rival_tile_claimed", "tianxia.limu.governor-tile", {"tile": "jade-crane", "index": 0, "where": {"site": "qi-1"}}),
        ("rival_soldiers_placed", "tianxia.card.soldier-strength", {"section": "yuyang", "count": 2, "defence": [0, 2]}),
        ("rival_delivered", "tianxia.card.deliver", {"port": "qi", "ship": 0, "space": 0}),
        ("rival_shipping_marker_placed", "tianxia.card.deliver", {"port": "qi"}),
        ("rival_advanced", "tianxia.card.advance", {"track": "white", "steps": [0, 1]}),
        ("rival_card_discarded", "tianxia.limu.refill", {"slot": "first"}),
        ("rival_card_drawn", "tianxia.limu.refill", {"drawn": "S07"}),
        ("turn_began", "tianxia.limu.alternate", {"owner": 0, "round": 1}),
    ]
    assert all(event.data["card"] == "S01" for event in decision.events[:-1])


def test_the_example_says_why_the_soldiers_went_to_the_rightmost_of_the_tied_sections():
    soldiers = next(event for event in played(example()).events if event.type == "rival_soldiers_placed")
    assert soldiers.data["why"] == ("Yuyang: the nomad's strength is highest (5), tied with Yanmen; "
                                    "the card's list 4, 3, 2, 1 puts it first")


def test_after_the_example_the_table_shows_what_the_seed_describes():
    after = played(example()).state
    owner = after.rival_owner
    assert after.discs["qi"] == [owner] and after.rival.markers == 2
    assert after.step_of(owner, "black") == 1 and after.step_of(owner, "white") == 1
    assert after.sites["qi-1"].governors == [owner, None] and after.sites["qi-1"].tile is None
    assert after.rival.figurines == ["crane"]
    assert after.sections["yuyang"].soldiers == [owner, owner], "the Defense marker is set to 2"
    assert after.ports["qi"][0]["crates"][0] == owner and after.shipping["qi"] == [owner]
    assert after.rival.open == ["S04", "S07"] and after.rival.discard == ["S01"] and after.rival.deck == DECK[1:]
    assert after.active == 0, "the player's turn: they alternate (L176)"


@pytest.mark.parametrize("roll, card", [(1, "S01"), (2, "S01"), (3, "S01"), (4, "S04"), (5, "S04"), (6, "S07")])
def test_each_face_of_the_die_picks_its_card(roll, card):
    chosen = played(example(roll)).events[0]
    assert chosen.type == "rival_card_chosen" and chosen.data["card"] == card and chosen.data["roll"] == roll


def test_a_card_turned_from_the_deck_leaves_both_open_cards_in_place():
    after = played(example(6)).state
    assert after.rival.open == ["S01", "S04"] and after.rival.discard == ["S07"] and after.rival.deck == DECK[1:]
