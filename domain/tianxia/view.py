"""The Tianxia table as one seat (or a spectator) may see it.

Public: the whole board (every piece and its owner, the tiles, ships and crates, the nomads, the
attack card), each seat's resources, prestige, figurines, held tiles and Palace tokens, its battles
won and the *number* of its objectives, the rival's open cards, discard pile, markers and
prestige, and the sizes of every deck and bag. A seat also sees its own objectives and the
starting buildings it was offered, and the view names the seat it is for (`viewer`).
Hidden until the end: other seats' objectives and offers, the order of every deck and bag, the
rival's stacks (which Advanced cards were drawn), the round stacks, the Bot's face-down cards.
"""

from __future__ import annotations

from typing import Any

from domain.tianxia.state import OVER, Nomad, Section, Site, TianxiaState


def view(state: TianxiaState, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
    shown = reveal or state.phase == OVER
    table: dict[str, Any] = {
        "viewer": viewer, "mode": state.mode, "difficulty": state.difficulty, "round": state.round, "phase": state.phase,
        "order": list(state.order), "next_order": list(state.next_order), "active": state.active,
        "choices": [dict(choice) for choice in state.choices],
        "acting": dict(state.acting) if state.acting else None,
        "owed": [dict(owed) for owed in state.owed],
        "arrangements": [dict(arrangement) for arrangement in state.arrangements],
        "supplies": list(state.supplies),
        "seats": [seat_view(state, seat, shown or seat == viewer) for seat in range(len(state.seats))],
        "rival": rival_view(state, shown),
        "palace": {colour: [list(owners) for owners in steps] for colour, steps in state.palace.items()},
        "step_tiles": {colour: [list(tiles) for tiles in steps] for colour, steps in state.step_tiles.items()},
        "discs": {region: list(owners) for region, owners in state.discs.items()},
        "fortify_discs": list(state.fortify_discs),
        "sites": {site_id: site_view(site) for site_id, site in state.sites.items()},
        "barges": {barge: list(owners) for barge, owners in state.barges.items()},
        "ports": {port: [ship_view(ship) for ship in ships] for port, ships in state.ports.items()},
        "wave": [ship_view(ship) for ship in state.wave],
        "demands": dict(state.demands),
        "shipping": {port: list(owners) for port, owners in state.shipping.items()},
        "sections": {wall: {"walls": list(section.walls), "towers": list(section.towers),
                            "soldiers": list(section.soldiers)} for wall, section in state.sections.items()},
        "nomads": {nomad: {"strength": moved.strength, "distance": moved.distance} for nomad, moved in state.nomads.items()},
        "attack": state.attack,
        "display": list(state.display),
        "counts": {"attack_deck": len(state.attack_deck), "tile_bag": len(state.tile_bag),
                   "ship_deck": len(state.ship_deck), "objective_deck": len(state.objective_deck),
                   "round_stacks": [len(stack) for stack in state.round_stacks]},
        "winners": list(state.winners),
    }
    if shown:
        table["hidden"] = {"attack_deck": list(state.attack_deck), "tile_bag": list(state.tile_bag),
                           "ship_deck": list(state.ship_deck), "objective_deck": list(state.objective_deck),
                           "round_stacks": [list(stack) for stack in state.round_stacks]}
    return table


def site_view(site: Site) -> dict[str, Any]:
    # Built by hand: `dataclasses.asdict` deep-copies field by field, and the search bot's
    # playouts ask for a view at every step.
    return {"building": site.building, "governors": list(site.governors), "raided": site.raided, "tile": site.tile}


def ship_view(ship: dict[str, Any]) -> dict[str, Any]:
    return {"ship": ship["ship"], "crates": list(ship["crates"])}


def seat_view(state: TianxiaState, index: int, own: bool) -> dict[str, Any]:
    seat = state.seats[index]
    shown: dict[str, Any] = {
        "prestige": seat.prestige, "goods": dict(seat.goods), "side": seat.side,
        "starting_building": seat.starting_building, "supply": seat.supply, "discs": seat.discs,
        "discarded_discs": seat.discarded_discs, "meeples": seat.meeples, "walls": seat.walls, "towers": seat.towers,
        "soldiers": seat.soldiers, "shipping": seat.shipping, "crates": seat.crates,
        "objective_count": len(seat.objectives), "offer_count": len(seat.offer), "figurines": list(seat.figurines),
        "tiles": list(seat.tiles), "tokens": list(seat.tokens), "merchants": seat.merchants, "passed": seat.passed,
        "battles_won": seat.battles_won,
    }
    if own:
        shown["objectives"], shown["offer"] = list(seat.objectives), list(seat.offer)
    return shown


def rival_view(state: TianxiaState, shown: bool) -> dict[str, Any] | None:
    rival = state.rival
    if rival is None:
        return None
    face_down = rival.face_down or [False] * len(rival.open)
    table: dict[str, Any] = {
        "kind": rival.kind, "owner": state.rival_owner, "prestige": rival.prestige, "markers": rival.markers,
        "walls": rival.walls, "soldiers": rival.soldiers, "meeples": rival.meeples,
        "barge_meeples": rival.barge_meeples, "shipping": rival.shipping, "crates": rival.crates,
        "open": [None if down and not shown else card for card, down in zip(rival.open, face_down)],
        "face_down": [down and not shown for down in face_down],
        "discard": list(rival.discard), "figurines": list(rival.figurines), "turn": rival.turn,
        "passed": rival.passed, "roll": rival.roll,
        "counts": {"deck": len(rival.deck), "basic": len(rival.basic), "advanced": len(rival.advanced)},
    }
    if shown:
        table["deck"], table["basic"], table["advanced"] = list(rival.deck), list(rival.basic), list(rival.advanced)
    return table


def playout_view(state: TianxiaState, viewer: int) -> dict[str, Any]:
    """What the steward reads of `view` (bots.Judgement), the same values, for the search's
    playouts: the round, phase, turn and action under way, the board it values actions on, the
    rival's kind and owner, and each seat's pieces and goods. The board's lists and dicts are the
    table's own, not copies (a fold never changes them in place, and the steward only reads them);
    its sites, wall sections and nomads, which the table keeps as records, are dicts as in `view`,
    shared by the views of every table holding the same records (`_Shown`)."""
    seats, rival = [], state.rival
    for seat in state.seats:  # a loop, not a comprehension: a view at every step of a playout
        seats.append({"side": seat.side, "goods": seat.goods, "discs": seat.discs, "meeples": seat.meeples,
                      "walls": seat.walls, "towers": seat.towers, "shipping": seat.shipping, "crates": seat.crates,
                      "figurines": seat.figurines})
    sites, sections, nomads = SHOWN.of(state)
    return {
        "round": state.round, "phase": state.phase, "active": state.active, "acting": state.acting, "seats": seats,
        # the rival's owner is the seat after the last (`rival_owner`, without the property's call)
        "rival": {"kind": rival.kind, "owner": len(seats)} if rival is not None else None,
        "palace": state.palace, "step_tiles": state.step_tiles, "discs": state.discs,
        "fortify_discs": state.fortify_discs, "barges": state.barges, "ports": state.ports,
        "demands": state.demands, "shipping": state.shipping,
        "sites": sites, "sections": sections, "nomads": nomads,
    }


class _Shown:
    """The last sites, wall sections and nomads a playout view showed, each as one pair: the table's
    dict of records and the dict of dicts made of it. A fold that changes one of them puts a new
    dict in the table's field, never changing the old one in place, so the same dict shows the
    same: a search's playouts ask for a view at every step, and most steps change none of them (and
    many start from the same dealt table). Each pair is read once and replaced whole, so a view
    made while another thread's search replaces one still pairs each dict with its own records."""

    __slots__ = ("sites", "sections", "nomads")

    def __init__(self) -> None:
        self.sites = self.sections = self.nomads = (None, {})

    def of(self, state: TianxiaState) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        """`state`'s sites, sections and nomads as dicts: each made again only for a table dict
        other than the last one shown."""
        sites, sections, nomads = self.sites, self.sections, self.nomads
        if sites[0] is not state.sites:
            sites = self.sites = (state.sites, _sites_shown(state.sites))
        if sections[0] is not state.sections:
            sections = self.sections = (state.sections, _sections_shown(state.sections))
        if nomads[0] is not state.nomads:
            nomads = self.nomads = (state.nomads, _nomads_shown(state.nomads))
        return sites[1], sections[1], nomads[1]


SHOWN = _Shown()


def _sites_shown(sites: dict[str, Site]) -> dict[str, Any]:
    return {site_id: {"building": site.building, "governors": site.governors, "tile": site.tile}
            for site_id, site in sites.items()}


def _sections_shown(sections: dict[str, Section]) -> dict[str, Any]:
    return {wall: {"walls": section.walls, "towers": section.towers, "soldiers": section.soldiers}
            for wall, section in sections.items()}


def _nomads_shown(nomads: dict[str, Nomad]) -> dict[str, Any]:
    return {nomad: {"strength": moved.strength, "distance": moved.distance} for nomad, moved in nomads.items()}
