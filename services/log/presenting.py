"""How stored games and events are shown to one viewer: the single place secrets are stripped.

A viewer is a seat index, or None for a spectator. While a game runs, each event is shown
through `Event.seen_by` and each table through the rules' `view`, and a spectator of a game with
a spectator delay sees it that many steps behind (`shown_version`); once it is over, everything,
seed included, is shown to everyone. The decisions a standing rule gave look to the other seats
like those given by hand: the cause's `standing` is hidden as its action is, and in a game whose
seats may set standing rules the times of answers to interrupts are hidden too (a rule answers at
once, a person later), until the end.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping, Sequence

from domain import clock, interrupts, lines, rules_turns
from domain.common_rules import COMMON_RULES
from domain.contract import Event, Rule
from domain.result_words import result_words
from services.log.clocks import deadline, timestamp
from services.log.game import Game
from services.log.seats import public_seats

CREATED_RULE = "game.created"


def seat_names(game: Game) -> list[str]:
    return [seat["name"] for seat in game.seats]


def present_to_act(game: Game) -> dict[str, Any] | None:
    seat = game.to_act()
    if seat is None:
        return None
    record = game.seats[seat]
    return {"seat": seat, "name": record["name"], "bot": record.get("bot")}


def present_rules_turn(game: Game) -> str | None:
    """The rival whose turn the rules play now (domain.rules_turns): no seat is to act meanwhile."""
    return rules_turns.due(game.rules, game.state)


def find_rule(game: Game, rule_id: str) -> Rule | None:
    return game.rules.rulebook.get(rule_id) or COMMON_RULES.get(rule_id)


def table_before(game: Game, viewer: int | None, state: Any, reveal: bool) -> Mapping[str, Any] | None:
    """The table `viewer` saw on `state`, for a game whose lines read it (domain.lines); None for
    the others, which need no view."""
    if state is None or not lines.reads_table(game.rules):
        return None
    return game.rules.view(state, viewer, reveal=reveal)


def present_event(game: Game, viewer: int | None, event: Event, version: int, reveal: bool,
                  before: Any = None, view_before: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One domain event as `viewer` sees it, numbered by the game version it produced; its line
    read against the table just before it (domain.lines): `view_before`, the viewer's table then,
    or `before`, the state then, when either is at hand."""
    seen = event.seen_by(viewer, reveal=reveal)
    seen["version"] = version
    if view_before is None:
        view_before = table_before(game, viewer, before, reveal)
    # What lines.seen_event gives (the facts the viewer may see, a copy of their own), from the same view.
    event_seen = Event(event.type, event.rule, dict(seen["data"]))
    seen["description"] = lines.line(game.rules, view_before, event_seen, seat_names(game))
    return seen


def present_events(game: Game, viewer: int | None, events: Sequence[Event], first_version: int,
                   before: Any = None) -> list[dict]:
    """Events of one decision (or more) as `viewer` sees them; `before` is the state they were
    decided on, folded along so that each line that reads the table reads it just before its
    event. Only those lines need a view of the table, and the fold stops after the last of them."""
    reads = [] if before is None else [lines.reads_table_for(game.rules, event) for event in events]
    last_read = max((offset for offset, read in enumerate(reads) if read), default=-1)
    shown = []
    for offset, event in enumerate(events):
        view_before = None
        if offset <= last_read:
            if reads[offset]:
                view_before = game.rules.view(before, viewer, reveal=game.finished)
            if offset < last_read:
                before = clock.fold(game.rules, before, event)
        shown.append(present_event(game, viewer, event, first_version + offset, game.finished, None, view_before))
    return shown


def present_created(game: Game, reveal: bool) -> dict[str, Any]:
    """The creation of a game (version 1) as anyone sees it; the seed only once the game is over."""
    data: dict[str, Any] = {
        "game": game.game,
        "rules_version": game.rules_version,
        "seats": public_seats(game.seats),
        "options": game.options,
        "seed_commitment": game.seed_commitment,
    }
    seen: dict[str, Any] = {"type": "game_created", "rule": CREATED_RULE, "data": data, "version": 1}
    if reveal:
        data["seed"] = game.seed
    else:
        seen["hidden"] = ["seed"]
    names = " and ".join(seat_names(game))
    seen["description"] = f"A game of {game.rules.title} is created for {names}"
    return seen


def present_stored(game: Game, viewer: int | None, stored: Any, reveal: bool, before: Any = None,
                   view_before: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A stored aggregate event (creation or recorded domain event) for `viewer`; the state just
    before it (`before`) or the viewer's table then (`view_before`), when at hand, for its line."""
    if isinstance(stored, Game.Created):
        return present_created(game, reveal)
    seen = present_event(game, viewer, Event.from_json(stored.domain_event), stored.originator_version, reveal,
                         before, view_before)
    seen["cause"] = visible_cause(stored.cause, viewer, reveal)
    seen["chain"] = stored.chain
    if shows_time(stored.cause, viewer, reveal):
        seen["at"] = stored.timestamp.isoformat()
    return seen


def present_stored_along(game: Game, viewer: int | None, stored_events: Iterable[Any], reveal: bool,
                         state: Any) -> Iterator[tuple[dict[str, Any], Any]]:
    """Stored events in order, each presented with the state after it; `state` is the state before
    the first, or None when no line reads the table (a page of the log folds its way along
    once, never once per line)."""
    for stored in stored_events:
        if isinstance(stored, Game.Created):
            yield present_created(game, reveal), state
            continue
        shown = present_stored(game, viewer, stored, reveal, state)
        if state is not None:
            state = clock.fold(game.rules, state, Event.from_json(stored.domain_event))
        yield shown, state


HIDDEN_CAUSES = ("action", "scenario", interrupts.STANDING)
OWN_CAUSES = ("action", interrupts.STANDING)  # shown to the deciding seat, to everyone once over


def visible_cause(cause: dict[str, Any], viewer: int | None, reveal: bool) -> dict[str, Any]:
    """The decision behind an event. The action itself is shown to its own seat only until the
    end (in some games an action names a hidden card); what it did is in the events. Whether a
    standing rule gave it is shown alike, and so is the time of an answer to an interrupt: to the
    other seats a standing answer is one given by hand. A sandbox game's scenario names every
    hidden card (hands, deck order): shown once the game is over, and until then only as the
    events laying it out show it to each seat."""
    shown = {key: value for key, value in cause.items() if key not in HIDDEN_CAUSES}
    if reveal or viewer == cause.get("seat"):
        shown.update((key, cause[key]) for key in OWN_CAUSES if key in cause)
    if not shows_time(cause, viewer, reveal):
        shown.pop("at", None)
    return shown


def shows_time(cause: dict[str, Any], viewer: int | None, reveal: bool) -> bool:
    """Whether `viewer` may see when the decision was taken: not, while the game runs, an answer
    to an interrupt taken by another seat (marked in games whose seats may set standing rules)."""
    return reveal or not cause.get(interrupts.INTERRUPT) or viewer == cause.get("seat")


def shown_version(game: Game, viewer: int | None) -> int:
    """The last version `viewer` may see: all of it, but for a spectator of a running game with a
    spectator delay, who sees it that many steps behind."""
    delay = game.options.get("spectator_delay", 0)
    if viewer is not None or game.finished or not delay:
        return game.version
    return max(1, game.version - delay)


def present_game(game: Game, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
    """The whole game as `viewer` may see it: table, whose decision, outcome once over.

    `reveal` shows every hidden card: a step of a game that has since ended.
    """
    rules = game.rules
    outcome = rules.outcome(game.state)
    shown: dict[str, Any] = {
        "id": str(game.id),
        "game": game.game,
        "title": rules.title,
        "rules_version": game.rules_version,
        "version": game.version,
        "status": "finished" if game.finished else "running",
        "sandbox": bool(game.options.get("sandbox")),
        "options": rules.played_options(game.options),
        "seats": public_seats(game.seats),
        "you": viewer,
        "to_act": present_to_act(game),
        "rules_turn": present_rules_turn(game),
        "pending": [waiting.to_json() for waiting in rules.pending(game.state)],
        "table": rules.view(game.state, viewer, reveal=reveal or game.finished),
        "outcome": present_outcome(game, outcome) if outcome else None,
        "clock": game.options.get("clock"),
        "spectator_delay": game.options.get("spectator_delay", 0),
        "deadline": timestamp(due) if (due := deadline(game)) else None,
        "seed_commitment": game.seed_commitment,
        "created_at": game.created_on.isoformat(),
        "last_activity": game.modified_on.isoformat(),
    }
    if reveal or game.finished:
        shown["seed"] = game.seed
    return shown


def present_outcome(game: Game, outcome: Any) -> dict[str, Any]:
    """The outcome, with its words: the headline, everyone ranked, the labelled breakdown."""
    return {**outcome.to_json(), "words": result_words(outcome, seat_names(game), ended_by_clock(game))}


def ended_by_clock(game: Game) -> int | None:
    """The seat whose time ran out and ended the game by forfeit (a finished game's last decision)."""
    return getattr(game, "forfeited_on_time", None) if game.finished else None
