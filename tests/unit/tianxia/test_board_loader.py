"""The loader refuses a board the rules could not play, at import, naming the entry and the field."""

import copy

from domain.tianxia.board.loader import build
from tests.unit.tianxia.board_data import refusal_of, written

DATA = written("board.toml")


def refusal(change) -> str:
    return refusal_of(build, DATA, change)


def entry(data, kind, entry_id):
    return next(e for e in data[kind] if e.get("id") == entry_id)


def test_the_board_as_written_loads():
    assert len(build(copy.deepcopy(DATA)).regions) == 8


def test_a_region_of_a_colour_the_palace_does_not_have_is_refused_naming_the_region():
    assert refusal(lambda d: entry(d, "region", "qi").update(palace="green")) == (
        "region qi: palace: 'green' is not a Palace colour")


def test_a_misspelt_field_is_refused_rather_than_ignored():
    assert refusal(lambda d: entry(d, "site", "qi-1").update(raids=2)) == "site qi-1: raids: no such field here"


def test_a_missing_field_is_refused():
    assert refusal(lambda d: entry(d, "building", "market").pop("wood")) == "building market: wood: missing"


def test_a_nomad_raiding_a_site_that_does_not_exist_is_refused():
    assert refusal(lambda d: entry(d, "nomad", "donghu").update(raids=["yan-1", "qi-9"])) == (
        "nomad donghu: raids: no site 'qi-9'")


def test_a_nomad_whose_raids_start_far_from_its_wall_is_refused():
    assert "the first site raided lies beneath yuyang" in refusal(
        lambda d: entry(d, "nomad", "donghu").update(raids=["chu-1"]))


def test_two_nomads_at_one_wall_section_leave_another_unattacked_and_are_refused():
    assert "each wall section is attacked by exactly one nomad" in refusal(
        lambda d: entry(d, "nomad", "donghu").update(attacks="yanmen"))


def test_an_unknown_reward_word_is_refused_naming_the_step():
    def change(d):
        d["track"][2]["steps"][5] = {"glory": 3}
    assert refusal(change).startswith("track blue: step 5: reward: 'glory' is not one of")


def test_a_track_one_step_short_is_refused():
    assert "track red: 12 steps and the start" in refusal(lambda d: d["track"][3]["steps"].pop())


def test_a_building_too_many_for_the_sites_of_its_class_is_refused():
    def change(d):
        d["building"].append({"id": "granary", "name": "Granary", "class": "income", "wood": 1, "income": {"rice": 1}})
    assert refusal(change) == "building: 7 income buildings for 6 income sites"


def test_a_passive_building_with_an_effect_paid_in_the_wrong_thing_is_refused():
    def change(d):
        entry(d, "building", "barracks")["effects"] = [{"on": "train", "pay": "stone", "less": 1}]
    assert refusal(change) == "building barracks: effects[0]: pay: on 'train' one does not pay 'stone'"


def test_two_entries_with_one_id_are_refused():
    assert refusal(lambda d: d["ship"].append(dict(d["ship"][0]))) == "two ships are called 'river-junk'"


def test_a_tile_with_both_a_figurine_and_a_reward_is_refused():
    assert "either a jade figurine or a one-shot reward" in refusal(
        lambda d: entry(d, "tile", "jade-dragon").update(once={"coins": 1}))


def test_an_objective_counting_something_unknown_is_refused():
    assert refusal(lambda d: entry(d, "objective", "magistrates").update(per="horses")).startswith(
        "objective magistrates: per: 'horses' is not one of")


def test_walls_costing_less_further_along_the_board_are_refused():
    assert "ascending order" in refusal(lambda d: d["player_board"][0].update(walls=[1, 2, 1, 2, 3]))


def test_li_mu_with_as_many_action_spaces_as_markers_is_refused_citing_the_seed():
    assert "(L109)" in refusal(lambda d: d["li_mu"].update(action_spaces=3))


def test_a_number_of_the_wrong_type_is_refused():
    assert refusal(lambda d: d["game"].update(rounds="four")) == "game: rounds: 'four' is not a whole number 0 or more"
