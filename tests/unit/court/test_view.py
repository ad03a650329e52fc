"""The view's cards: each the card's face in full, a fresh dict in every view."""

from domain.court import RULES
from domain.court.cards import CARDS
from tests.unit.court.test_scenario import play


def check_faces(state) -> None:
    view, before = RULES.view(state, 0, reveal=True), RULES.view(state, 0, reveal=True)
    faces = [*view["tops"], *(slot["card"] for slot in view["row"]), *view["deck"], *view["discard"],
             *(card for stack in view["court"] for card in stack)]
    for face in faces:
        if face is not None:
            assert face == CARDS[face["id"]].to_json()
    for face in faces:  # a reader that writes on its view leaves the next one whole
        if face is not None:
            face["vp"] = -1
    assert RULES.view(state, 0, reveal=True) == before


def test_every_card_of_a_view_is_its_face_and_a_fresh_dict():
    for n in range(4):
        play(f"view-faces-{n}", n % 2 == 0, 60, True, check_faces)
