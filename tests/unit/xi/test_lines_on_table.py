"""The move list's lines read against the table the viewer saw: units and spells by their labels on
the table ("Cinder Hound (2)", never "u6"), who lost how much life, and a drawn card named to nobody."""

import re

from domain.contract import Event
from domain.rng import Rng
from domain.xi import RULES
from domain.xi.cards.catalogue import CARDS
from domain.xi.cards.labels import labelled
from tests.unit.xi.builders import STRIKE, act, play, skirmish, started, table

NAMES = ["ana", "bo"]
IDS = re.compile(r"\b[us]\d+\b")


def seen(event: Event, viewer: int | None) -> Event:
    """The event as `viewer` sees it: its hidden facts left out, what it may see among the public."""
    return Event(event.type, event.rule, event.seen_by(viewer)["data"])


def lines(state, events, viewer: int | None) -> list[str]:
    """Each event's line for `viewer`, read against the table that viewer saw just before it."""
    said = []
    for event in events:
        said.append(RULES.describe_on(RULES.view(state, viewer), seen(event, viewer), NAMES))
        state = RULES.evolve(state, event)
    return said


def answered(events, state, by: int):
    """`events` and the table after `by` lets every window opened to them pass."""
    while RULES.to_act(state) == by:
        passed, state = act(state, by, {"type": "pass"})
        events = events + passed
    return events, state


def two_hounds():
    """ana's two Cinder Hounds facing bo's Snow Beast, ana to act."""
    units = [{"card": "cinder-hound", "controller": 0}, {"card": "snow-beast", "controller": 1},
             {"card": "cinder-hound", "controller": 0}]
    return table(seats=[{"t": 10, "hand": ["cinder-hound"]}, {}], units=units)


def test_two_units_alike_are_numbered_alike_on_the_table_and_in_the_lines():
    state = two_hounds()
    shown = {unit["uid"]: unit["label"] for unit in labelled(RULES.view(state, 1))["units"]}
    assert shown == {"u1": "Cinder Hound (1)", "u2": "Snow Beast", "u3": "Cinder Hound (2)"}
    events, after = act(state, 0, skirmish("u3", "u2"))
    struck, _after = act(after, 0, STRIKE)
    said = lines(state, events + struck, 1)
    assert said[0] == "Cinder Hound (2) skirmishes Snow Beast"
    assert "Cinder Hound (2) strikes Snow Beast" in said
    assert "Cinder Hound (2) deals 4 ember damage to Snow Beast: life 16 to 12" in said
    assert not [line for line in said if IDS.search(line)]


def test_a_unit_entering_beside_one_of_its_name_takes_the_next_number():
    state = table(seats=[{"t": 10, "hand": ["cinder-hound"]}, {}], units=[{"card": "cinder-hound", "controller": 0}])
    events, after = act(state, 0, play("cinder-hound"))
    entered = [line for line, event in zip(lines(state, events, 1), events) if event.type == "unit_entered"]
    assert entered == ["Cinder Hound (2) enters play for ana"]
    assert [unit["label"] for unit in labelled(RULES.view(after, 0))["units"]] == ["Cinder Hound (1)", "Cinder Hound (2)"]


def test_a_unit_alone_is_named_by_its_card_and_the_loss_of_life_says_who_lost_what():
    state = table(seats=[{"t": 10}, {"life": 12}], units=[{"card": "cinder-hound", "controller": 0}])
    events, _after = act(state, 0, skirmish("u1", 1))  # nothing can answer: it strikes at once
    said = lines(state, events, 1)
    assert "Cinder Hound skirmishes bo" in said
    assert "Cinder Hound deals 4 ember damage to bo: life 12 to 8" in said


def test_a_unit_destroyed_is_named_as_the_table_named_it():
    units = [{"card": "cinder-hound", "controller": 0}, {"card": "cinder-hound", "controller": 1, "life": 1}]
    state = table(seats=[{"t": 10, "hand": ["flame-lick"]}, {}], units=units)
    events, after = answered(*act(state, 0, play("flame-lick", "u2")), by=1)
    said = lines(state, events, 0)
    assert "ana pays 2T and plays Flame Lick on Cinder Hound (2)" in said
    assert "Cinder Hound (2) is destroyed" in said


def test_a_drawn_card_is_named_in_no_line_not_even_to_the_seat_that_drew_it():
    state = started("lines")
    drawer = RULES.to_act(state)
    events, _after = act(state, drawer, {"type": "draw"}, "lines")
    drawn = next(event for event in events if event.type == "card_drawn")
    card = CARDS[drawn.private["card"]].name
    read = [lines(state, events, viewer) for viewer in (drawer, 1 - drawer, None)]
    assert read[0] == read[1] == read[2], "every seat reads the same lines"
    assert not [line for line in read[0] if card in line]
    assert any(line.endswith("draws a card") for line in read[0])


def test_a_whole_game_reads_in_names_for_every_viewer_and_never_names_a_hidden_card():
    state, rng, names = started("whole"), Rng("whole", "play"), {card.name for card in CARDS.values()}
    for _decision in range(160):
        seat = RULES.to_act(state)
        if seat is None:
            break
        decision = RULES.decide(state, seat, rng.choice(RULES.legal_actions(state, seat)), rng)
        for viewer in (0, 1, None):
            for line, event in zip(lines(state, decision.events, viewer), decision.events):
                assert not IDS.search(line) and "_" not in line, line
                if event.private_to is not None and event.private_to != viewer:
                    assert not [name for name in names if name in line], line
        state = decision.state
