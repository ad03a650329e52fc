"""The editions of the deck (Xanadu house rule 1) and the reshuffle's timing (house rule 9),
through the rules' decide and evolve."""

from domain.xanadu import RULES
from domain.xanadu.cards import DECKS, FIRST_EDITION, LATEST_EDITION
from domain.xanadu.state import BUILD, SELL
from domain.xanadu.table import resources
from tests.unit.xanadu.builders import DONE, END_SELL, END_TURN, SKIP_BUILD, act, cover, run, table, worker


def types(events):
    return [event.type for event in events]


def test_the_first_edition_has_every_favor_on_its_top_row_the_newest_on_its_bottom_row():
    first, latest = DECKS[FIRST_EDITION], DECKS[LATEST_EDITION]
    for card in first.values():
        assert all(row.favor is None for row in card.rows[:-1]), card.name
    for card in latest.values():
        assert all(row.favor is None for row in card.rows[1:]), card.name
        old = first[card.id]
        if old.rows[-1].favor:  # the same Favor, moved down; the harvests and values as they were
            assert card.rows[0].favor == old.rows[-1].favor, card.name
        assert [row.harvest for row in card.rows] == [row.harvest for row in old.rows]
        assert (card.cost, card.passive, card.values) == (old.cost, old.passive, old.values)
        if card.colour in ("yellow", "green"):  # the rare materials the rarest buildings cost
            assert card.rows[0].favor in (("gold", "bronze") if card.colour == "yellow" else ("jade",)), card.name


def test_a_game_plays_the_edition_in_its_options_and_a_game_without_one_the_first():
    assert RULES.new_state(2, {}).edition == FIRST_EDITION
    assert RULES.setup(2, {}, _rng()).state.edition == FIRST_EDITION
    assert RULES.setup(2, {"edition": LATEST_EDITION}, _rng()).state.edition == LATEST_EDITION
    assert RULES.options.defaults == {"edition": LATEST_EDITION}
    assert RULES.replays("1", {}) and not RULES.replays("1", {"edition": 2})
    assert RULES.replays(RULES.version, {"edition": 1}) and RULES.replays(RULES.version, {"edition": 2})
    assert not RULES.replays(RULES.version, {})


def test_a_favor_unlocked_this_turn_serves_a_building_built_on_a_later_turn():
    # The Lumber Yard (East) gives wood for good; its bottom row unlocks a stone Favor. The
    # Irrigation Canal (West) costs stone and wood.
    state = table(hands=[["irrigation-canal-west", "mint", "well-west"], ["quarry-west", "gold-mine"]],
                  buildings=[["lumber-yard-east"], ["well-east"]], edition=LATEST_EDITION)
    assert resources(state, 0, [])["stone"] == 0
    events, state = run(state, END_SELL, SKIP_BUILD, cover(0, 0), DONE, worker("mint"), END_TURN)
    assert "building_autosold" not in types(events), "one row of three covered: the building stays in play"
    assert state.buildings[0][0]["workers"] == ["mint"] and resources(state, 0, [])["stone"] == 1
    events, state = act(state, {"type": "skip_turn"})  # the other seat's turn
    assert state.current == 0 and state.phase == SELL
    events, state = run(state, END_SELL, {"type": "build", "card": "irrigation-canal-west"})
    # Paid by the passive wood and the Favor of an earlier turn: no worker is needed.
    assert {"type": "done_covering"} in RULES.legal_actions(state, 0) and state.plan["covers"] == []
    events, state = act(state, DONE)
    assert [event.data["card"] for event in events if event.type == "building_constructed"] == ["irrigation-canal-west"]
    assert [b["card"] for b in state.buildings[0]] == ["lumber-yard-east", "irrigation-canal-west"]


def test_in_the_first_edition_the_same_row_unlocks_nothing():
    state = table(hands=[["irrigation-canal-west", "mint", "well-west"], ["quarry-west", "gold-mine"]],
                  buildings=[["lumber-yard-east"], ["well-east"]])
    _, state = run(state, END_SELL, SKIP_BUILD, cover(0, 0), DONE, worker("mint"), END_TURN)
    assert resources(state, 0, [])["stone"] == 0


def test_cards_discarded_after_the_deck_ran_out_join_the_new_deck_when_a_draw_finds_it_empty():
    # The last card was drawn before this turn; the sale discards a building and its worker after that.
    discard = ["quarry-east", "clay-pit-west", "sawmill-east"]
    state = table(hands=[["quarry-west"], ["well-east"]], buildings=[[("well-west", ["mint"])], ["lumber-yard-east"]],
                  deck=[], discard=discard)
    events, state = act(state, {"type": "sell", "building": 0})
    assert state.deck == [] and not state.reshuffled and sorted(state.discard) == sorted(discard + ["well-west", "mint"])
    events, state = act(state, END_SELL)
    if state.phase == BUILD:
        events, state = act(state, SKIP_BUILD)
    events, state = act(state, DONE)
    reshuffled = [event for event in events if event.type == "deck_reshuffled"]
    assert len(reshuffled) == 1 and state.reshuffled
    order = reshuffled[0].secret["order"]
    assert sorted(card for card in order if card != "end-of-game") == sorted(discard + ["well-west", "mint"])


def _rng():
    from domain.rng import Rng

    return Rng("editions", "setup")
