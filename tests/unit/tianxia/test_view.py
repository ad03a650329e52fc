"""The Tianxia view of the board's sites, wall sections and nomads: every piece of each, as the
table holds it, and copies, so that nothing a reader does to a view changes the table; in the
steward's playout view, which reuses the dicts it made for the same records, still each table's own,
whatever was shown before and whatever another thread's search shows meanwhile."""

import sys
import threading
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
        assert parts(playout_view(state, seat)) == parts(RULES.view(state, seat))


def test_playout_views_made_in_two_threads_at_once_each_show_their_own_tables():
    games = [some_tables(2, "playout-thread-a", every=1), some_tables(1, "playout-thread-b", every=1, difficulty="hard")]
    wrong = []

    def make(found):
        expected = [(state, seat, parts(RULES.view(state, seat))) for state, seat in found]
        for _ in range(30):
            for state, seat, whole in expected:
                if parts(playout_view(state, seat)) != whole:
                    wrong.append(seat)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads switched as often as the interpreter allows
    try:
        threads = [threading.Thread(target=make, args=(found,)) for found in games]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert not wrong


def parts(view):
    """A view's sites, wall sections and nomads, as much of each as a playout view shows."""
    sites = {site_id: {key: site[key] for key in ("building", "governors", "tile")} for site_id, site in view["sites"].items()}
    return sites, view["sections"], view["nomads"]
