"""A whole Tianxia table consistent with what one seat sees, for a bot that searches from its seat's
view alone (domain/search.py).

Everything on the board is in view, and so is every seat's supply, so those are copied as they
are. What the seat cannot see, and how it is dealt here (each from the pieces of its kind that the
seat has not seen, shuffled by `rng`, in the numbers the view shows):

- the other seats' objectives and starting-building offers: from the objectives not in the seat's
  hand, and the starting buildings neither in its own offer nor kept by a seat;
- the objective deck: the objectives left over;
- the tile bag and the face-down round stacks: from the bonus tiles of the pool not on the board
  (Palace steps, sites, the round display), not held by a seat and not taken as a figurine;
- the ship deck: the ships neither in a port nor in the wave;
- the nomad attack deck: the cards of the game's attack deck but the one turned up;
- Li Mu's stacks: which Advanced cards were drawn at set-up (those among his open and discarded
  cards were; a Basic card in sight says the one replacing it was not), the rest at random among
  the cards that may replace a Basic card; then his round deck, the cards of this round's draw
  not yet in sight (as many Basic and Advanced as the round's draw leaves);
- the Bot's face-down cards and its deck: from its cards neither face up nor discarded.

Known approximation: the view does not list what has left play (one-shot tiles used, tiles Li Mu
removed, ships that sailed, attack cards of earlier rounds, objectives discarded, Li Mu's cards of
earlier rounds), so those may be dealt back into a bag or deck: the seat is never shown anything
it cannot see, it merely remembers less than a person at the table would.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping

from domain.rng import Rng
from domain.tianxia.board.loader import BOARD
from domain.tianxia.board.rivals import RIVALS
from domain.tianxia.state import LI_MU, SOLO, Nomad, Rival, Seat, Section, Site, TianxiaState

FIGURINE_TILE = {tile.figurine: tile.id for tile in BOARD.tiles.values() if tile.figurine is not None}
SEAT_FIELDS = ("prestige", "side", "starting_building", "supply", "discs", "discarded_discs", "meeples", "walls",
               "towers", "soldiers", "shipping", "crates", "merchants", "passed", "battles_won")
RIVAL_FIELDS = ("kind", "prestige", "markers", "walls", "soldiers", "meeples", "barge_meeples", "shipping", "crates",
                "turn", "passed", "roll")


def determinize(view: Mapping[str, Any], rng: Rng) -> TianxiaState:
    """A table whose view for `view["viewer"]` is `view`, what that seat cannot see dealt by `rng`."""
    me = view.get("viewer")
    if me is None:
        raise ValueError("a spectator's view has no seat to search for")
    shown = view["seats"]
    counts = view["counts"]

    # The objectives and starting buildings: the seat's own in view, the others' dealt.
    objectives = _shuffled(rng, _without(BOARD.objectives, shown[me]["objectives"]))
    kept = [seat["starting_building"] for seat in shown if seat["starting_building"]]
    buildings = _shuffled(rng, _without(BOARD.starting_buildings, [*shown[me]["offer"], *kept]))
    seats = []
    for index, seat in enumerate(shown):
        if index == me:
            hand, offer = list(seat["objectives"]), list(seat["offer"])
        else:
            hand = _take(objectives, seat["objective_count"], "objectives")
            offer = _take(buildings, seat["offer_count"], "starting buildings")
        seats.append(Seat(goods=dict(seat["goods"]), offer=offer, objectives=hand, figurines=list(seat["figurines"]),
                          tiles=list(seat["tiles"]), tokens=list(seat["tokens"]),
                          **{name: seat[name] for name in SEAT_FIELDS}))
    objective_deck = _take(objectives, counts["objective_deck"], "objectives")

    # The bonus tiles: the bag and the round stacks, from the pool's tiles not in sight.
    in_sight = [tile for steps in view["step_tiles"].values() for tiles in steps for tile in tiles]
    in_sight += [site["tile"] for site in view["sites"].values() if site["tile"]]
    in_sight += list(view["display"])
    holders = [*shown, *([view["rival"]] if view["rival"] else [])]
    in_sight += [tile for seat in shown for tile in seat["tiles"]]
    in_sight += [FIGURINE_TILE[figurine] for holder in holders for figurine in holder["figurines"]]
    tiles = _shuffled(rng, _without(BOARD.tile_pool(), in_sight))
    round_stacks = [_take(tiles, size, "bonus tiles") for size in counts["round_stacks"]]
    tile_bag = _take(tiles, counts["tile_bag"], "bonus tiles")

    afloat = [ship["ship"] for ships in view["ports"].values() for ship in ships] + [ship["ship"] for ship in view["wave"]]
    ship_deck = _take(_shuffled(rng, _without(BOARD.ships, afloat)), counts["ship_deck"], "ships")
    deck_name = BOARD.solo.nomad_deck(view["difficulty"]) if view["mode"] == SOLO else BOARD.numbers.nomad_deck
    attacks = [card.id for card in BOARD.deck(deck_name)]
    attack_deck = _take(_shuffled(rng, _without(attacks, [view["attack"]] if view["attack"] else [])),
                        counts["attack_deck"], "attack cards")

    rival = _rival(view, rng) if view["rival"] is not None else None
    return TianxiaState(
        mode=view["mode"], difficulty=view["difficulty"], seats=seats, rival=rival, round=view["round"],
        phase=view["phase"], order=list(view["order"]), next_order=list(view["next_order"]), active=view["active"],
        turns=0, turn_owner=view["active"], acting=dict(view["acting"]) if view["acting"] else None,
        owed=[dict(owed) for owed in view["owed"]], choices=[dict(choice) for choice in view["choices"]],
        arrangements=[dict(arrangement) for arrangement in view["arrangements"]], supplies=list(view["supplies"]),
        palace={colour: [list(owners) for owners in steps] for colour, steps in view["palace"].items()},
        step_tiles={colour: [list(tiles) for tiles in steps] for colour, steps in view["step_tiles"].items()},
        discs={region: list(owners) for region, owners in view["discs"].items()},
        fortify_discs=list(view["fortify_discs"]),
        sites={site_id: Site(site["building"], list(site["governors"]), site["raided"], site["tile"])
               for site_id, site in view["sites"].items()},
        barges={barge: list(owners) for barge, owners in view["barges"].items()},
        ports={port: [_ship(ship) for ship in ships] for port, ships in view["ports"].items()},
        wave=[_ship(ship) for ship in view["wave"]], demands=dict(view["demands"]),
        shipping={port: list(owners) for port, owners in view["shipping"].items()},
        sections={wall: Section(list(pieces["walls"]), list(pieces["towers"]), list(pieces["soldiers"]))
                  for wall, pieces in view["sections"].items()},
        nomads={nomad: Nomad(moved["strength"], moved["distance"]) for nomad, moved in view["nomads"].items()},
        attack=view["attack"], attack_deck=attack_deck, tile_bag=tile_bag, ship_deck=ship_deck,
        objective_deck=objective_deck, round_stacks=round_stacks, display=list(view["display"]),
        winners=list(view["winners"]))


def _rival(view: Mapping[str, Any], rng: Rng) -> Rival:
    shown = view["rival"]
    rival = Rival(**{name: shown[name] for name in RIVAL_FIELDS}, figurines=list(shown["figurines"]),
                  discard=list(shown["discard"]))
    counts = shown["counts"]
    if shown["kind"] == LI_MU:
        rival.basic, rival.advanced, rival.deck = _li_mus_cards(view, rng)
        rival.open = list(shown["open"])
        return rival
    # The Bot: every one of its cards is in its deck, on its board or in its discard pile.
    up = [card for card in shown["open"] if card is not None]
    unseen = _shuffled(rng, _without([card.id for card in RIVALS.deck("bot")], [*up, *shown["discard"]]))
    rival.open = [card if card is not None else _take(unseen, 1, "Bot cards")[0] for card in shown["open"]]
    rival.face_down = list(shown["face_down"]) if shown["open"] else []
    rival.deck = _take(unseen, counts["deck"], "Bot cards")
    return rival


def _li_mus_cards(view: Mapping[str, Any], rng: Rng) -> tuple[list[str], list[str], list[str]]:
    """Li Mu's Basic and Advanced stacks and his round deck (setup.li_mus_stacks, rounds.py)."""
    shown = view["rival"]
    level = RIVALS.levels[view["difficulty"]]
    seen = [card for card in [*shown["open"], *shown["discard"]] if card is not None]
    candidates = [card.id for card in RIVALS.deck(LI_MU, "advanced")
                  if card.replaces in level.basic and card.id not in level.advanced]
    drawn = [card for card in candidates if card in seen]
    ruled_out = {card for card in candidates if RIVALS.cards[card].replaces in seen}
    open_to_draw = _shuffled(rng, [card for card in candidates if card not in drawn and card not in ruled_out])
    drawn += open_to_draw[:max(0, level.advanced_drawn - len(drawn))]
    replaced = {RIVALS.cards[card].replaces for card in drawn}
    basic = [card for card in level.basic if card not in replaced]
    advanced = [*level.advanced, *sorted(drawn)]
    deck_size = shown["counts"]["deck"]
    if not deck_size:
        return basic, advanced, []
    basic_cards, _ = level.rounds[view["round"] - 1]
    hidden_basic = min(deck_size, max(0, basic_cards - sum(card in basic for card in seen)))
    deck = (_take(_shuffled(rng, _without(basic, seen)), hidden_basic, "Basic cards")
            + _take(_shuffled(rng, _without(advanced, seen)), deck_size - hidden_basic, "Advanced cards"))
    return basic, advanced, _shuffled(rng, deck)


def _ship(ship: Mapping[str, Any]) -> dict[str, Any]:
    return {"ship": ship["ship"], "crates": list(ship["crates"])}


def _without(pool: Iterable[str], seen: Iterable[str]) -> list[str]:
    """`pool` (a list, copies repeated) less one copy of each piece in `seen`, in the pool's order."""
    left = Counter(seen)
    kept = []
    for piece in pool:
        if left[piece] > 0:
            left[piece] -= 1
        else:
            kept.append(piece)
    return kept


def _shuffled(rng: Rng, pieces: list[str]) -> list[str]:
    return list(rng.shuffle(list(pieces)))


def _take(pieces: list[str], count: int, what: str) -> list[str]:
    """The first `count` of `pieces`, removed from it; ValueError when the view asks for more."""
    if count > len(pieces):
        raise ValueError(f"the view hides {count} {what}, but the seat has not seen {len(pieces)} more")
    taken = pieces[:count]
    del pieces[:count]
    return taken
