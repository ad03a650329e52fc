"""The public catalogue (GET /api/rules/tianxia) as a table script draws the board from it: the
board piece names every region, site, wall section, nomad, barge and port with what is printed on
it, the Palace's steps, the colours of the pieces and the faces of Li Mu's die; and it names no
objective card nor starting building, which a seat holds in secret."""

import json

from domain.tianxia.board.loader import BOARD
from domain.tianxia.board.catalogue import CATALOGUE
from domain.tianxia.board.rivals import RIVALS

BOARD_PIECE = CATALOGUE["board"].to_json()


def test_the_board_piece_is_plain_json():
    assert json.loads(json.dumps(BOARD_PIECE)) == BOARD_PIECE


def test_each_region_has_its_name_palace_colour_port_exchange_and_sites_top_to_bottom():
    regions = {region["id"]: region for region in BOARD_PIECE["map"]["regions"]}
    assert list(regions) == list(BOARD.regions) == BOARD_PIECE["regions"]
    assert regions["qi"] == {"id": "qi", "name": "Qi", "palace": "black", "give": {"wood": 1}, "get": "silk",
                             "port": "qi", "under": [], "sites": ["qi-1", "qi-2"]}
    assert regions["zhou"]["port"] is None and regions["zhao"]["under"] == ["yunzhong", "yanmen"]
    sites = {site["id"]: site for site in BOARD_PIECE["map"]["sites"]}
    assert list(sites) == list(BOARD.sites)
    assert sites["zhou-1"] == {"id": "zhou-1", "region": "zhou", "kind": "passive", "governor_wood": [0, 1], "raid": 3}


def test_the_wall_sections_nomads_barges_and_ports_are_listed_west_to_east_with_their_spaces():
    shown = BOARD_PIECE["map"]
    assert [wall["id"] for wall in shown["walls"]] == list(BOARD.walls)
    assert shown["walls"][0] == {"id": "longxi", "name": "Longxi", "walls": 4, "towers": 2, "soldiers": 6}
    assert [nomad["attacks"] for nomad in shown["nomads"]] == list(BOARD.walls)
    assert shown["nomads"][2] == {"id": "xiongnu", "name": "Xiongnu", "attacks": "yanmen", "strength": 5, "path": 3,
                                  "raids": ["zhao-2", "wei-2", "han-1"]}
    assert shown["barges"] == [{"id": barge.id, "resource": barge.resource, "workers": 3} for barge in BOARD.barges.values()]
    assert shown["ports"] == [{"id": "yan", "ships": 2}, {"id": "qi", "ships": 2}, {"id": "chu", "ships": 2}]
    assert (shown["wave_ships"], shown["most_strength"]) == (1, 12)


def test_the_palace_has_thirteen_steps_a_track_the_neutral_marker_on_four_and_what_each_step_prints():
    palace = BOARD_PIECE["palace"]
    assert (palace["steps"], palace["neutral_step"]) == (12, 4)
    assert list(palace["track_steps"]) == BOARD_PIECE["tracks"] == ["black", "white", "blue", "red"]
    blue = palace["track_steps"]["blue"]
    assert len(blue) == 13 and blue[5] == {"number": 5, "reward": {"prestige": 3}, "tiles": 0, "token": None}
    assert palace["track_steps"]["white"][8]["token"] == "double-tower" and blue[3]["tiles"] == 2


def test_owner_n_takes_the_nth_piece_colour_and_the_die_names_the_card_each_face_resolves():
    assert BOARD_PIECE["colours"] == {"palace": ["black", "white", "blue", "red"],
                                      "pieces": ["yellow", "green", "purple", "orange", "brown"]}
    assert BOARD_PIECE["die"] == {str(face): RIVALS.die[face] for face in range(1, 7)}
    assert BOARD_PIECE["die"]["3"] == "first" and BOARD_PIECE["die"]["6"] == "deck"


def test_no_objective_card_nor_starting_building_is_named():
    text = json.dumps([piece.to_json() for piece in CATALOGUE.values()])
    secret = [*BOARD.objectives, *(o.name for o in BOARD.objectives.values()), *BOARD.starting_buildings,
              *(b.name for b in BOARD.starting_buildings.values())]
    assert [name for name in secret if f'"{name}"' in text] == []
