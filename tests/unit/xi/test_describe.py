"""The replay's lines: one per event, from public facts only, so never naming a hidden card."""

from domain.rng import Rng
from domain.xi import RULES
from domain.xi.cards.catalogue import CARDS
from tests.unit.xi.builders import DECK, OTHER_DECK, act, prepared, table

NAMES = ["Jack", "Jake"]


def test_every_event_of_an_opening_has_a_line_that_names_no_card():
    state, lines = prepared("lines"), []
    for seat, deck in enumerate((DECK, OTHER_DECK)):
        events, state = act(state, seat, {"type": "bring_deck", "cards": deck}, "lines")
        lines += [RULES.describe(event, NAMES) for event in events]
    for action in ({"type": "choose_order", "first": True}, {"type": "draw"}, {"type": "bank", "pt": 1},
                   {"type": "end_turn"}):
        decision = RULES.decide(state, RULES.to_act(state), action, Rng("lines"))
        state = decision.state
        lines += [RULES.describe(event, NAMES) for event in decision.events]
    assert "Jack brings a deck of 30 cards" in lines
    assert any(line.startswith("Turn 1: ") and line.endswith("has 6T") for line in lines)
    assert any("pays 3T and draws a card" in line for line in lines)
    assert all("_" not in line for line in lines)
    names = {card.name for card in CARDS.values()}
    assert not [line for line in lines if any(name in line for name in names)]


def test_a_play_and_a_skirmish_read_as_sentences():
    state = table(seats=[{"t": 10, "hand": ["earth-soldier"]}, {}], units=[{"card": "snow-beast", "controller": 1}])
    events, state = act(state, 0, {"type": "play", "card": "earth-soldier"})
    events += act(state, 0, {"type": "skirmish", "unit": "u2", "target": "u1"})[0]
    assert [RULES.describe(event, NAMES) for event in events] == [
        "Jack pays 3T and plays Earth Soldier", "Earth Soldier (u2) enters play for Jack",
        "Earth Soldier (u2) skirmishes Snow Beast (u1)", "Earth Soldier (u2) strikes Snow Beast (u1)",
        "Earth Soldier (u2) deals 4 stone damage to Snow Beast (u1)",
        "Snow Beast (u1) deals 4 aqua damage to Earth Soldier (u2)", "Earth Soldier (u2) is destroyed"]



def test_a_window_and_its_answers_read_as_sentences():
    state = table(seats=[{"t": 10, "hand": ["snow-beast"]}, {"pt": 3, "hand": ["dispel"]}])
    events, state = act(state, 0, {"type": "play", "card": "snow-beast"})
    events += act(state, 1, {"type": "play", "card": "dispel"})[0]
    units = [{"card": "earth-soldier", "controller": 0}, {"card": "snow-beast", "controller": 1}]
    state = table(seats=[{"t": 10}, {"pt": 2, "hand": ["sidestep"]}], units=units)
    attacked = act(state, 0, {"type": "skirmish", "unit": "u1", "target": "u2"})
    events += attacked[0] + act(attacked[1], 1, {"type": "play", "card": "sidestep"})[0]
    events += act(state, 1, {"type": "set_standing", "kinds": {"draw": "pass"}})[0]
    assert [RULES.describe(event, NAMES) for event in events] == [
        "Jack pays 10T and plays Snow Beast", "Jake may answer Jack's Snow Beast",
        "Jake pays 2pT and answers with Dispel", "Dispel prevents Jack's Snow Beast",
        "Snow Beast goes to Jack's discard pile", "Dispel goes to Jake's discard pile",
        "Earth Soldier (u1) skirmishes Snow Beast (u2)", "Jake may answer the skirmish of Earth Soldier (u1) on u2",
        "Jake pays 1pT and answers with Sidestep",
        "The skirmish of Earth Soldier (u1) on Snow Beast (u2) is cancelled by Sidestep",
        "Sidestep goes to Jake's discard pile", "Jake sets standing rules"]


def test_a_card_that_draws_reads_as_that_card_drawing_not_as_an_opening_card():
    state = table(seats=[{"t": 10, "hand": ["tide-of-fortune"]}, {}])
    events, _state = act(state, 0, {"type": "play", "card": "tide-of-fortune"})
    drawn = [RULES.describe(event, NAMES) for event in events if event.type == "card_drawn"]
    assert drawn == ["Jack draws a card (Tide of Fortune)"] * 2
