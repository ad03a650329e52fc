"""The patch a stream sends between two views turns the first into the second, whatever changed."""

import copy

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from services.live.view_patch import view_patch

keys = st.sampled_from(["a", "b", "hand", "x/y", "t~1", "0", ""])
scalars = st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(keys, inner, max_size=5),
                      max_leaves=25)


@settings(max_examples=400, deadline=None)
@given(values, values)
def test_applying_the_patch_to_the_old_view_gives_the_new_one(old, new):
    kept = copy.deepcopy(old)
    patched = jsonpatch.apply_patch(old, view_patch(old, new))
    assert patched == new and type(patched) is type(new)
    assert old == kept, "the old view is left as it was"


def test_an_unchanged_view_needs_no_patch_and_a_changed_leaf_one_operation():
    view = {"table": {"hand": ["chi-1", "yang-2"], "row": [{"id": "y1"}, None]}, "version": 7}
    assert view_patch(view, copy.deepcopy(view)) == []
    moved = copy.deepcopy(view)
    moved["version"] = 8
    moved["table"]["row"][1] = {"id": "y9"}
    assert view_patch(view, moved) == [{"op": "replace", "path": "/table/row/1", "value": {"id": "y9"}},
                                       {"op": "replace", "path": "/version", "value": 8}]


def test_a_list_growing_or_shrinking_at_its_end_is_added_to_or_cut():
    assert view_patch({"log": [1, 2]}, {"log": [1, 2, 3]}) == [{"op": "add", "path": "/log/2", "value": 3}]
    assert view_patch({"log": [1, 2, 3, 4]}, {"log": [1, 2]}) == [{"op": "remove", "path": "/log/3"},
                                                                  {"op": "remove", "path": "/log/2"}]


def test_keys_with_slashes_and_tildes_are_escaped_as_json_pointers():
    assert view_patch({"a/b": 1, "c~d": 1}, {"a/b": 2, "c~d": 2}) == [
        {"op": "replace", "path": "/a~1b", "value": 2}, {"op": "replace", "path": "/c~0d", "value": 2}]
