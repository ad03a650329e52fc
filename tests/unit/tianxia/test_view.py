"""The Tianxia view of the board's sites, wall sections and nomads: every piece of each, as the
table holds it, and copies, so that nothing a reader does to a view changes the table; in the
steward's playout view, which reuses the dicts it made for the same records, still each table's own."""

from dataclasses import asdict

from domain.tianxia.game import RULES
from domain.tianxia.view import playout_view
from tests.unit.tianxia.test_determinize import some_tables


def test_the_view_shows_every_part_of_each_site_section_and_nomad_as_the_table_holds_it():
    for state, seat in some_tables(2, "view-board", every=15):
        view = RULES.view(state, seat)
        assert view["sites"] == {site_id: asdict(site) for site_id, site in state.sites.items()}
        assert view["sections"] == {wall: asdict(section) for wall, section in state.sections.items()}
        assert view["nomads"] == {nomad: asdict(moved) for nomad, moved in state.nomads.items()}


def test_changing_a_view_leaves_the_table_as_it_was():
    state, seat = some_tables(1, "view-copies", difficulty="hard")[0]
    view = RULES.view(state, seat)
    site_id = next(iter(view["sites"]))
    wall = next(iter(view["sections"]))
    view["sites"][site_id]["governors"].append(0)
    view["sections"][wall]["walls"].append(0)
    assert view["sites"][site_id]["governors"] != state.sites[site_id].governors
    assert view["sections"][wall]["walls"] != state.sections[wall].walls


def test_a_playout_view_shows_each_tables_own_sites_sections_and_nomads_whatever_it_showed_before():
    tables = some_tables(2, "playout-board", every=1)
    for state, seat in [*tables, *reversed(tables), *tables[::3], *tables[::-2]]:  # the views kept met in every order
        shown, whole = playout_view(state, seat), RULES.view(state, seat)
        assert shown["sites"] == {site_id: {key: site[key] for key in ("building", "governors", "tile")}
                                  for site_id, site in whole["sites"].items()}
        assert shown["sections"] == whole["sections"]
        assert shown["nomads"] == whole["nomads"]
