"""Xanadu's lines read against the table: where each worker goes, which building sells and what
the score becomes, and for a rival never a card that stays face down or in hand."""

from domain.xanadu import RULES
from tests.unit.events import lines_seen, names_hidden_from
from domain.xanadu.state import BUILD
from tests.unit.xanadu.builders import DONE, END_SELL, END_TURN, SKIP_BUILD, act, cover, run, table, worker

NAMES = ["ana", "bo"]
# ana owns the Lumber Yard (East); bo owns the Quarry (East). ana builds the Well (West), paid with a
# row of each, her workers the Quarry (West) and the Silk Farm (Upper) from her hand.
HANDS = [["well-west", "quarry-west", "silk-farm-upper", "mint", "library-upper"], ["well-east", "dye-house-upper"]]
BUILDINGS = [["lumber-yard-east"], ["quarry-east"]]


def anas_turn():
    state = table(hands=HANDS, buildings=BUILDINGS)
    _, state = run(state, END_SELL, {"type": "build", "card": "well-west"})
    events = []
    for action in (cover(0, 0), cover(1, 0), DONE, worker("quarry-west"), worker("silk-farm-upper"), END_TURN):
        more, after = act(state, action)
        events.append((state, more))
        state = after
    return events


def lines_for(viewer):
    return [line for state, events in anas_turn() for line in lines_seen(RULES, state, events, viewer, NAMES)]


def test_a_rival_reads_where_each_worker_went_by_building_row_and_owner():
    lines = lines_for(1)
    assert "ana places 2 workers: row 1 of ana's Lumber Yard (East); row 1 of bo's Quarry (East)" in lines
    assert "ana constructs the Well (West)" in lines
    assert lines.count("ana chooses a card from hand as a worker, face down") == 2


def test_the_player_reads_its_own_plan_with_the_rows_and_the_cards():
    lines = lines_for(0)
    assert "ana plans a worker on row 1 of ana's Lumber Yard (East)" in lines
    assert "ana plans a worker on row 1 of bo's Quarry (East)" in lines
    assert "ana chooses the Quarry (West) from hand as a worker, face down" in lines


def test_no_line_shown_to_a_rival_or_a_spectator_names_a_card_its_table_hides():
    for viewer in (1, None):
        for state, events in anas_turn():
            for line, hidden in zip(lines_seen(RULES, state, events, viewer, NAMES),
                                    names_hidden_from(RULES, state, events, viewer)):
                assert hidden, "ana's hand is hidden"
                assert not [name for name in hidden if name in line], line
    assert not any("Quarry (West)" in line or "Silk Farm" in line for line in lines_for(1))


def test_a_full_building_sold_says_whose_it_was_and_what_the_score_becomes():
    # bo's Well (West) has two rows, one covered: ana's worker covers the second.
    state = table(hands=[["quarry-west", "mint", "library-upper"], ["well-east"]],
                  buildings=[["lumber-yard-east"], [("well-west", ["dye-house-upper"])]], scores=[4, 10])
    _, state = run(state, END_SELL, *([SKIP_BUILD] if state.phase == BUILD else []), cover(1, 0), DONE, worker("mint"))
    events, _ = act(state, END_TURN)
    lines = lines_seen(RULES, state, events, 0, NAMES)
    assert "ana places 1 worker: row 2 of bo's Well (West)" in lines
    [sold] = [line for line in lines if "sold to the Khan" in line]
    assert sold == "bo's Well (West) is full and sold to the Khan: bo scores 3 tong bao (bo's score 10 -> 13)"
