"""The replay's line for each step of a rival's turn (rival_lines.py, rival_turn.py), from its public
facts only: the rival by his name, the card the step comes from, what he did, and why.

Each line is named after its event, as describe.py's are; the event table (events.py) names it.
"""

from __future__ import annotations

from domain.tianxia.describe import REGION, RIVAL_NAMES, SECTION, Data, Who, site


def rival_did(d: Data, what: str, *, names_card: bool = False) -> str:
    """A rival's step in words: "Li Mu (S01) places a governor in Qi site 1: the cheapest building".
    The card is named in brackets unless the words name it already (`names_card`)."""
    name = RIVAL_NAMES.get(d["rival"], d["rival"])
    card = f" ({d['card']})" if d.get("card") and not names_card else ""
    why = f": {d['why']}" if d.get("why") else ""
    return f"{name}{card} {what}{why}"


def rival_card_chosen(d: Data, who: Who) -> str:
    return rival_did(d, f"rolls {d['roll']} and resolves {d['card']}" if d.get("roll") else f"resolves {d['card']}",
                     names_card=True)


def rival_marker_placed(d: Data, who: Who) -> str:
    return rival_did(d, "places an action marker "
                     + (f"in {REGION[d['region']]}" if d["region"] else "on the Fortify/Train space"))


def rival_advanced(d: Data, who: Who) -> str:
    return rival_did(d, f"advances on the {d['track']} track to step {d['steps'][1]}")


def rival_governor_placed(d: Data, who: Who) -> str:
    return rival_did(d, f"places a governor in {site(d['site'])}")


def rival_tile_claimed(d: Data, who: Who) -> str:
    return rival_did(d, f"claims the {d['tile'].replace('-', ' ')} tile")


def rival_tile_removed(d: Data, who: Who) -> str:
    return rival_did(d, f"removes the {d['tile'].replace('-', ' ')} tile from the game")


def rival_soldiers_placed(d: Data, who: Who) -> str:
    return rival_did(d, f"places {d['count']} soldier{'s' * (d['count'] > 1)} in {SECTION[d['section']]} "
                        f"(defence {d['defence'][0]} to {d['defence'][1]})")


def rival_wall_placed(d: Data, who: Who) -> str:
    return rival_did(d, f"builds a wall{' and a soldier' * d['with_soldier']} in {SECTION[d['section']]}")


def rival_worker_placed(d: Data, who: Who) -> str:
    return rival_did(d, f"puts a worker on the {d['barge'].replace('-', ' ')}")


def rival_delivered(d: Data, who: Who) -> str:
    return rival_did(d, f"places a delivery marker on ship {d['ship'] + 1} of {REGION.get(d['port'], d['port'])}")


def rival_shipping_marker_placed(d: Data, who: Who) -> str:
    return rival_did(d, f"places a shipping marker in {REGION.get(d['port'], d['port'])}")


def rival_prestige_gained(d: Data, who: Who) -> str:
    return rival_did(d, f"gains {d['points']} prestige")


def rival_line_skipped(d: Data, who: Who) -> str:
    return rival_did(d, "skips a line")


def rival_card_discarded(d: Data, who: Who) -> str:
    return rival_did(d, f"discards {d['card']}", names_card=True)


def rival_card_drawn(d: Data, who: Who) -> str:
    return rival_did(d, f"turns up {d['drawn']}")


def rival_passed(d: Data, who: Who) -> str:
    return rival_did(d, "passes")
