"""A whole Xi table consistent with what one seat sees, for a bot that searches from its view alone.

In view (view.py): everything in play (units with their derived stats, skirmishes left and
ability uses; lasting spells and statements; effects; tags), every seat's life, Time, hand size,
deck size and discard pile, the pending steps with all their public facts, and the seat's own
hand, deck (as a multiset), deck list and standing rules. Not in view: the other seats' hands,
every deck's order, the other seats' deck lists and standing rules.

How the hidden part is dealt:
- The seat's own deck is its multiset, shuffled.
- Another seat's deck list is private (xi.house.decks-brought), even when it is a named deck: the
  name goes only to the seat that brought it. It is sampled as follows. The cards of that seat
  already seen (its discard pile, the cards it owns in play, a spell it declared that a window
  is answering) and its size (those, its hand and its deck) rule named decks in or out: a named
  deck is consistent when it has that many cards and holds every card seen (as a multiset). One
  consistent named deck is picked at random (each equally likely: the service offers only the
  named decks as actions, and nothing seen tells them further apart). The unseen cards, that
  deck's list minus the cards seen, are shuffled and dealt to the hand, then the deck.
- When no named deck is consistent, the seat brought a list of its own. Its unseen cards are
  drawn from the named deck sharing most cards with what it has shown (its caste's starter: the
  only lists the game publishes), less the cards seen; when that runs short, from the rest of
  the catalogue, never beyond 3 copies of a card in the whole list (xi.deck.copies).
- Another seat's standing rules: none (a seat without them decides its windows by hand).
- Before the decks are shuffled, a deck brought is in its list's order; the order is never seen.

Stored values the view shows derived are taken back: a unit's controller as it entered (its owner
while a control effect, layer 1, holds it, otherwise the controller shown), its skirmishes used
(those allowed less those left), its entry time from its id. What no view tells and the table
keeps are approximated: the clock (the last timestamp given) as the latest one in play, and the
least life on the table at a turn's end since every deck emptied (xi.house.no-win) as the life on
the table now.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from domain.rng import Rng
from domain.xi.cards.catalogue import ALL_IDS
from domain.xi.cards.decks import NAMED
from domain.xi.language.board import skirmishes_allowed
from domain.xi.language.layers import derive_all
from domain.xi.state import (
    CHOOSE_STEP,
    COPIES_MAX,
    SKIRMISH_STEP,
    WINDOW_STEP,
    Effect,
    InPlay,
    Seat,
    Step,
    Unit,
    XiState,
)

View = Mapping[str, Any]


def seen_of(view: View, seat: int) -> list[str]:
    """The cards of `seat`'s deck list everyone has seen: its discard pile, the cards it owns in
    play, and a spell it declared that a window is answering."""
    cards = list(view["players"][seat]["discard"])
    cards += [unit["card"] for unit in view["units"] if unit["owner"] == seat]
    cards += [card["card"] for card in view["in_play"] if card["owner"] == seat]
    cards += [step["on"]["card"] for step in view["pending"] if step["kind"] == WINDOW_STEP
              and step["on"].get("kind") == "spell" and step["on"].get("declarer") == seat]
    return cards


def consistent_decks(seen: list[str], size: int) -> list[str]:
    """The named decks a seat may have brought: `size` cards, holding every card `seen`."""
    shown = Counter(seen)
    return [name for name, cards in NAMED.items() if len(cards) == size and not shown - Counter(cards)]


def unseen_cards(seen: list[str], count: int, rng: Rng) -> list[str]:
    """`count` cards a seat that has shown `seen` holds unseen (in hand and deck), in random order."""
    shown = Counter(seen)
    named = consistent_decks(seen, len(seen) + count)
    if named:
        return rng.shuffle(list((Counter(NAMED[rng.choice(named)]) - shown).elements()))
    overlap = {name: sum((Counter(cards) & shown).values()) for name, cards in NAMED.items()}
    most = max(overlap.values())
    closest = rng.choice([name for name, shared in overlap.items() if shared == most])
    pool = rng.shuffle(list((Counter(NAMED[closest]) - shown).elements()))
    dealt, held = pool[:count], shown + Counter(pool[:count])
    while len(dealt) < count:
        room = [card for card in ALL_IDS if held[card] < COPIES_MAX]
        if not room:  # a list longer than the catalogue allows: copies past the cap rather than none
            room = list(ALL_IDS)
        card = rng.choice(room)
        dealt.append(card)
        held[card] += 1
    return rng.shuffle(dealt)


def _standing(shown: Mapping[str, Any] | None) -> dict | None:
    if shown is None:
        return None
    return {"kinds": dict(shown["kinds"]),
            "when": [{key: value for key, value in rule.items() if key != "inert"} for rule in shown["when"]]}


def _step(shown: Mapping[str, Any]) -> Step:
    kind, seat = shown["kind"], shown["seat"]
    if kind == WINDOW_STEP:
        return Step(kind, seat, {"seat": seat, **shown["on"]})
    if kind == SKIRMISH_STEP:
        return Step(kind, seat, {"attacker": shown["attacker"], "target": shown["target"]})
    if kind == CHOOSE_STEP:
        return Step(kind, seat, {"seat": seat, **{key: value for key, value in shown.items()
                                                  if key not in ("kind", "seat")}})
    return Step(kind, seat)


def _players(view: View, rng: Rng) -> list[Seat]:
    viewer = view["viewer"]
    players = []
    for index, shown in enumerate(view["players"]):
        seat = Seat(life=shown["life"], t=shown["t"], pt=shown["pt"], discard=list(shown["discard"]), out=shown["out"])
        if index == viewer:
            seat.hand, seat.deck = list(view["hand"]), rng.shuffle(list(view["deck"]))
            seat.deck_list = None if view["deck_list"] is None else list(view["deck_list"])
            seat.standing = _standing(view["standing"])
        elif shown["deck_brought"]:
            seen = seen_of(view, index)
            unseen = unseen_cards(seen, shown["hand_size"] + shown["deck_size"], rng)
            seat.hand, seat.deck = unseen[:shown["hand_size"]], unseen[shown["hand_size"]:]
            seat.deck_list = seen + unseen
        players.append(seat)
    return players


def determinize(view: View, rng: Rng) -> XiState:
    """A table whose view for `view["viewer"]` is `view`, what the seat cannot see dealt by `rng`."""
    if view["viewer"] is None:
        raise ValueError("a spectator's view has no seat to search for")
    control_effects = {uid for effect in view["effects"] if effect["where"] == "1" for uid in effect["to"]}
    units = [Unit(uid=unit["uid"], card=unit["card"], owner=unit["owner"],
                  controller=unit["owner"] if unit["uid"] in control_effects else unit["controller"],
                  life=unit["life"], since=int(unit["uid"][1:]), uses=unit["uses"]) for unit in view["units"]]
    in_play = [InPlay(iid=card["iid"], card=card["card"], owner=card["owner"], controller=card["controller"],
                      on=card["on"], since=int(card["iid"][1:]), uses=card["uses"]) for card in view["in_play"]]
    effects = [Effect(effect["source"], list(effect["to"]), effect["where"], effect["op"], effect["value"],
                      effect["since"]) for effect in view["effects"]]
    players = _players(view, rng)
    times = [unit.since for unit in units] + [card.since for card in in_play] + [effect.since for effect in effects]
    decks_empty = view["phase"] != "decks" and all(not player.deck for player in players if not player.out)
    state = XiState(seats=len(players), phase=view["phase"], players=players,
                    pending=[_step(step) for step in view["pending"]], units=units, in_play=in_play, effects=effects,
                    active=view["active"], first=view["first"], turn=view["turn"], clock=max(times, default=0),
                    ended_by=view["ended_by"], winners=list(view["winners"]), quiet_turns=view["quiet_turns"],
                    low_water=_life_on_table(players, units) if decks_empty else None)
    if units:  # skirmishes used: those allowed less those left, allowed read from the dealt table
        derived = derive_all(state)
        left = {unit["uid"]: unit["skirmishes_left"] for unit in view["units"]}
        state.units = [_used(unit, max(0, skirmishes_allowed(state, derived, unit.uid) - left[unit.uid]))
                       for unit in units]
        state.memo = None
    return state


def _life_on_table(players: list[Seat], units: list[Unit]) -> int:
    """The life on the table as xi.house.no-win counts it: the players still in, and the units."""
    return sum(player.life for player in players if not player.out) + sum(unit.life for unit in units)


def _used(unit: Unit, skirmishes: int) -> Unit:
    return Unit(uid=unit.uid, card=unit.card, owner=unit.owner, controller=unit.controller, life=unit.life,
                skirmishes=skirmishes, since=unit.since, uses=unit.uses)
