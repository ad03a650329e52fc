"""What happened since a seat's last decision: what a player who comes back to a game reads first.

Each step after the seat's last own decision (one it took itself: not a standing rule's answer,
nor the clock's) is told in its line as that seat reads it (domain.lines), but the bookkeeping a
move list folds (a refill, a turn passing); and every change to the seat's own score (life in Xi,
prestige in Tianxia) and hand is told as a sentence, each with the rule of the event that made it.
What changed on the table since then is listed by place, for the table to mark. One read of the
game at that decision and one fold of the steps after it; at most `MOST_STEPS` steps are told.
"""

from __future__ import annotations

from typing import Any, Mapping
from uuid import UUID

from domain import clock, interrupts, lines
from domain.contract import Event
from services.errors import InvalidRequest
from services.log.explain import table_diff
from services.log.game import Game
from services.log.presenting import find_rule, present_stored, seat_names, shown_version
from services.log.seats import seat_of_token
from services.log.store import GameStore

MOST_STEPS = 500  # steps told at most; an absence longer than that is told from its last steps
LOOK_BACK = 50  # stored events read at a time while looking back for the seat's last decision


def own_decision(cause: Mapping[str, Any], seat: int) -> bool:
    """Whether the seat took the decision itself: a standing rule's answer and the clock's are not."""
    return cause.get("seat") == seat and not cause.get(interrupts.STANDING) and "clock" not in cause


def last_own_step(store: GameStore, game: Game, seat: int, oldest: int) -> int | None:
    """The last step of the seat's last own decision, looking no further back than `oldest`."""
    top = game.version
    while top > oldest:
        bottom = max(oldest, top - LOOK_BACK)
        for stored in reversed(store.stored_events(game.id, gt=bottom, lte=top)):
            cause = getattr(stored, "cause", None) or {}
            if own_decision(cause, seat):
                return stored.originator_version
        top = bottom
    return None


def rule_words(game: Game, rule_id: str) -> dict[str, Any]:
    """A rule as the page names it: its id (for the rule panel) and its section and text in words."""
    rule = find_rule(game, rule_id)
    return {"id": rule_id, "section": rule.section, "text": rule.text} if rule else {"id": rule_id}


def card_words(card: Any) -> str:
    """A card of a view in words: its name, or what the view says of it."""
    if isinstance(card, Mapping):
        if card.get("name"):
            return str(card["name"])
        if card.get("kind") and card.get("colour"):
            points = f" ({card['points']})" if card.get("points") else ""
            return f"{card['colour']} {card['kind'].capitalize()}{points}"
    return "a card"


def hand_change(before: Any, after: Any) -> str | None:
    """The seat's hand before and after an event, as a sentence; None when it did not change."""
    if not isinstance(before, list) or not isinstance(after, list):
        return None
    ids_before = [card.get("id") if isinstance(card, Mapping) else card for card in before]
    ids_after = [card.get("id") if isinstance(card, Mapping) else card for card in after]
    gained = [card for card in after if (card.get("id") if isinstance(card, Mapping) else card) not in ids_before]
    lost = [card for card in before if (card.get("id") if isinstance(card, Mapping) else card) not in ids_after]
    if not gained and not lost:
        return None
    parts = []
    if gained:
        parts.append("you gain " + ", ".join(card_words(card) for card in gained))
    if lost:
        parts.append("you lose " + ", ".join(card_words(card) for card in lost))
    return f"Your hand: {'; '.join(parts)} ({len(before)} -> {len(after)} cards)"


def since_last_move(store: GameStore, game_id: UUID, token: str | None) -> dict[str, Any]:
    """For the seat `token` holds: the lines of the steps since its last own decision, the
    changes to its own score and hand with their rules, and the places of the table changed."""
    current = store.game(game_id)
    seat = seat_of_token(current.seats, token)
    if seat is None:
        raise InvalidRequest("only a seat has a last move: send its token", "Authorization")
    last = shown_version(current, seat)
    oldest = max(1, last - MOST_STEPS)
    since = last_own_step(store, current, seat, oldest)
    start = since if since is not None else oldest
    rules, reveal = current.rules, current.finished
    state = store.game(game_id, version=start).state
    first_view = view = rules.view(state, seat, reveal=reveal)
    word = rules.score_word
    told, changes = [], []
    for stored in store.stored_events(game_id, gt=start, lte=last) if last > start else []:
        event = Event.from_json(stored.domain_event)
        shown = present_stored(current, seat, stored, reveal, view_before=view)
        scores_before = rules.scores(state)
        state = clock.fold(rules, state, event)
        after = rules.view(state, seat, reveal=reveal)
        step, rule = stored.originator_version, rule_words(current, event.rule)
        cause = stored.cause or {}
        if not lines.is_bookkeeping(rules, event.type):
            told.append({"step": step, "seat": cause.get("seat"), "description": shown["description"], "rule": rule})
        scores_after = rules.scores(state)
        if scores_before[seat] != scores_after[seat]:
            changes.append({"step": step, "rule": rule, "what": "score",
                            "sentence": f"Your {word}: {scores_before[seat]} -> {scores_after[seat]}"})
        if (sentence := hand_change(view.get("hand"), after.get("hand"))) is not None:
            changes.append({"step": step, "rule": rule, "what": "hand", "sentence": sentence})
        view = after
    return {
        "seat": seat,
        "name": seat_names(current)[seat],
        "since": since,
        "version": last,
        "lines": told,
        "changes": changes,
        "changed": [change["path"] for change in table_diff(first_view, view)],
    }
