"""How a unit or a spell in play is named to a player: by its card, numbered where two share a name.

"Cinder Hound" alone; "Cinder Hound (1)" and "Cinder Hound (2)" while two are in play, in the order
they entered. The table and the lines of the move list read the same labels from the same view, so
a line names a unit exactly as the table showed it at that moment. Ids ("u6", "s22") stay in JSON.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from domain.xi.cards.catalogue import NAME


def labels(view: Mapping[str, Any], entering: Iterable[tuple[str, str]] = ()) -> dict[str, str]:
    """Each unit's and spell's id in `view` -> its label; `entering` (id, card) pairs join last, as a
    card entering play does."""
    things = [(unit["uid"], unit["card"]) for unit in view.get("units") or []]
    things += [(spell["iid"], spell["card"]) for spell in view.get("in_play") or []]
    things += [thing for thing in entering if thing[0] not in {uid for uid, _card in things}]
    names = {thing_id: NAME.get(card, card) for thing_id, card in things}
    if len(set(names.values())) == len(things):  # no two share a name (most tables): each its name alone
        return names
    things.sort(key=lambda thing: _entry(thing[0]))
    alike: dict[str, list[str]] = {}
    for thing_id, card in things:
        alike.setdefault(NAME.get(card, card), []).append(thing_id)
    return {thing_id: name if len(ids) == 1 else f"{name} ({number})"
            for name, ids in alike.items() for number, thing_id in enumerate(ids, 1)}


def _entry(thing_id: str) -> int:
    """When a card entered play: its id counts the table's timestamps ("u6", "s22")."""
    digits = thing_id[1:]
    return int(digits) if digits.isdigit() else 0


def labelled(view: Mapping[str, Any]) -> dict[str, Any]:
    """The view with each unit and spell in play carrying its `label`, for the table to show."""
    names = labels(view)
    shown = dict(view)
    shown["units"] = [{**unit, "label": names[unit["uid"]]} for unit in view.get("units") or []]
    shown["in_play"] = [{**spell, "label": names[spell["iid"]]} for spell in view.get("in_play") or []]
    return shown
