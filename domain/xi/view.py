"""What a seat (or a spectator) sees of the Xi table, and how a finished game ended.

Public: each seat's life, T, pT, hand size, deck size and discard pile, the units in play with
their derived stats (layers.py), the spells on them and the uses of their abilities this turn, the
lasting spells and statements in play (their uses too), each unit and spell with the label a
player reads (labels.py: "Cinder Hound (2)" where two share a name), the tags in force, the effects under way
(with when each began), whose turn and decision it is, and the pending steps with what they ask
(a window with the declaration it answers, the skirmish under way, a choice with what resumes
after it, as its public `choice_asked` event told it).
Each seat also sees its own hand, its remaining deck as a sorted multiset (never the order), its
deck list and its standing rules (those naming a unit gone marked inert). Other seats' hands,
every deck's order, every deck list and every standing rule stay hidden until the end; then
everything is shown.
"""

from __future__ import annotations

from typing import Any

from domain.contract import Outcome
from domain.memo import by_identity
from domain.xi.cards.catalogue import CARDS
from domain.xi.cards.decks import NAMED
from domain.xi.cards.labels import labels
from domain.xi.engine.standing import ANSWERS, UNABLE, inert
from domain.xi.engine.windows import KINDS
from domain.xi.language.board import skirmish_allowance, tags
from domain.xi.language.layers import Stats, derive_all
from domain.xi.state import CHOOSE_STEP, LIFE_CAP, OVER, PT_CAP, SKIRMISH_STEP, WINDOW_STEP, XiState
from domain.xi.table import to_act

REASONS = {"resignation": "a player resigned", "turn-limit": "turn 400 ended: a draw",
           "zero-life": "a player's life reached 0", "no-win": "nobody could win any more: a draw"}

NAMED_SIZES = tuple((name, len(cards)) for name, cards in NAMED.items())  # the named decks and their sizes


def _units(state: XiState) -> list[dict[str, Any]]:
    """The units in play as everyone sees them: derived stats, and the printed ones beside them."""
    derived = derive_all(state)
    uses = {unit.uid: unit.uses for unit in state.units}
    allowed = skirmish_allowance(state, derived)  # skirmishes_allowed's answers, read once for every unit
    return [_unit(unit, allowed(unit.uid),
                  [card.iid for card in state.in_play if card.on == unit.uid], uses[unit.uid])
            for unit in derived.values()]


def _unit(unit: Stats, allowed: int, attached: list[str], uses: int) -> dict[str, Any]:
    card = CARDS[unit.card]
    return {"uid": unit.uid, "card": unit.card, "name": card.name, "owner": unit.owner,
            "controller": unit.controller, "type": unit.type, "damage": unit.damage, "life": unit.life,
            "max_life": unit.max_life, "keywords": list(unit.keywords),
            "skirmishes_left": max(0, allowed - unit.skirmishes), "uses": uses, "attached": attached,
            "printed": {"type": card.type, "damage": card.damage, "life": card.life}}


def _in_play(state: XiState) -> list[dict[str, Any]]:
    return [{"iid": card.iid, "card": card.card, "name": CARDS[card.card].name, "kind": CARDS[card.card].kind,
             "owner": card.owner, "controller": card.controller, "on": card.on, "uses": card.uses}
            for card in state.in_play]


def _effects(state: XiState) -> list[dict[str, Any]]:
    return [{"source": effect.source, "to": list(effect.to), "where": effect.where, "op": effect.op,
             "value": effect.value, "since": effect.since, "until": "end_of_turn"} for effect in state.effects]


def _step(step) -> dict[str, Any]:
    shown = {"kind": step.kind, "seat": step.seat}
    if step.kind == CHOOSE_STEP:  # a choice: what it is for, its options, and what resumes after it (all public)
        shown.update({key: value for key, value in step.facts.items() if key != "seat"})
    elif step.kind == WINDOW_STEP:  # the declaration it answers, all public
        shown["on"] = {key: value for key, value in step.facts.items() if key != "seat"}
    elif step.kind == SKIRMISH_STEP:
        shown.update({key: step.facts[key] for key in ("attacker", "target")})
    return shown


def _standing(state: XiState, standing: dict | None) -> dict[str, Any] | None:
    if standing is None:
        return None
    return {"kinds": dict(standing["kinds"]),
            "when": [{**rule, "inert": inert(rule, state)} for rule in standing["when"]],
            UNABLE: bool(standing.get(UNABLE))}


def _player(index: int, seat) -> dict[str, Any]:
    return {"seat": index, "life": seat.life, "t": seat.t, "pt": seat.pt, "hand_size": len(seat.hand),
            "deck_size": len(seat.deck), "discard": list(seat.discard), "deck_brought": seat.deck_list is not None,
            "out": seat.out}


def view(state: XiState, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
    """The table as `viewer` (a seat, or None for a spectator) may see it."""
    own = state.players[viewer] if viewer is not None and 0 <= viewer < len(state.players) else None
    table: dict[str, Any] = {
        "viewer": viewer,
        "phase": state.phase,
        "turn": state.turn,
        "active": state.active,
        "first": state.first,
        "to_act": to_act(state),
        "pending": [_step(step) for step in state.pending],
        "players": [_player(index, seat) for index, seat in enumerate(state.players)],
        "units": _units(state),
        "in_play": _in_play(state),
        "tags": sorted(tags(state)),
        "effects": _effects(state),
        "hand": list(own.hand) if own else None,
        "deck": sorted(own.deck) if own else None,  # what is left, never in what order
        "deck_list": list(own.deck_list) if own and own.deck_list is not None else None,
        "standing": _standing(state, own.standing) if own else None,
        "caps": {"life": LIFE_CAP, "pt": PT_CAP},
        "named_decks": [{"name": name, "cards": cards} for name, cards in NAMED_SIZES],  # public: anyone may bring one
        "quiet_turns": state.quiet_turns,
        # What standing rules may say, for every seat alike (the editor of one's own rules reads it).
        "standing_vocabulary": {"kinds": list(KINDS), "answers": list(ANSWERS)},
        "ended_by": state.ended_by,
        "winners": list(state.winners),
    }
    if reveal or state.phase == OVER:
        table["hands"] = [list(seat.hand) for seat in state.players]
        table["decks"] = [list(seat.deck) for seat in state.players]  # top first
        table["deck_lists"] = [None if seat.deck_list is None else list(seat.deck_list) for seat in state.players]
        table["standings"] = [_standing(state, seat.standing) for seat in state.players]
    # Each unit and spell with its label (labels.labelled's, without copying the dicts built here).
    names = labels(table)
    for unit in table["units"]:
        unit["label"] = names[unit["uid"]]
    for spell in table["in_play"]:
        spell["label"] = names[spell["iid"]]
    return table


def playout_view(state: XiState, viewer: int) -> dict[str, Any]:
    """What the general bot reads of `view` (bots.table, values, whatif), the same values, for the
    search's playouts: whose turn, the pending steps, each seat's life, Time and discard pile, the
    units' derived stats, the cards in play, the tags, and the seat's own hand, remaining deck and
    deck list. No labels, effects or standing rules, which the bot never reads; the seat's own lists
    and discard piles are the table's, not copies: the playout bot only reads them."""
    own = state.players[viewer]
    derived = derive_all(state)
    allowed = skirmish_allowance(state, derived)
    # Built at every decision of a search's playouts: plain loops, not comprehensions (each a call).
    units, players, in_play, pending = [], [], [], []
    for unit in derived.values():
        units.append({"uid": unit.uid, "card": unit.card, "owner": unit.owner, "controller": unit.controller,
                      "type": unit.type, "damage": unit.damage, "life": unit.life, "max_life": unit.max_life,
                      "keywords": unit.keywords, "skirmishes_left": max(0, allowed(unit.uid) - unit.skirmishes)})
    for seat in state.players:
        players.append({"life": seat.life, "t": seat.t, "pt": seat.pt, "deck_size": len(seat.deck),
                        "discard": seat.discard, "out": seat.out})
    for card in state.in_play:
        in_play.append({"iid": card.iid, "card": card.card, "controller": card.controller, "on": card.on})
    for step in state.pending:
        pending.append(_step(step))
    return {
        "viewer": viewer,
        "active": state.active,
        "pending": pending,
        "players": players,
        "units": units,
        "in_play": in_play,
        "tags": tags(state),
        "hand": own.hand,
        "deck": _sorted_deck(own.deck),  # what is left, never in what order
        "deck_list": own.deck_list,
    }


# A seat's deck sorted, kept with the deck list it was sorted from: the rules replace a deck (a
# draw, a shuffle), never change one in place, and a search's playouts hand their bot a view at
# every decision on tables that share a deck until its next draw. An entry holds its deck, so no
# other list takes that id while it is kept; the sorted list is shared, read only.
_sorted_deck = by_identity(sorted, 2_000)


def outcome(state: XiState) -> Outcome | None:
    """Life by seat as the scores, and the winners (none on a draw), once the game is over."""
    if state.phase != OVER:
        return None
    reason = REASONS.get(state.ended_by or "", "the game is over")
    if state.ended_by == "zero-life" and not state.winners:
        reason = "every player reached 0 life together: a draw"
    return Outcome(scores=[seat.life for seat in state.players], winners=list(state.winners), reason=reason,
                   detail={"ended_by": state.ended_by, "turn": state.turn})
