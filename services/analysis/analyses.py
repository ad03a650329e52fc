"""Asking for a game's analysis, computing its entries, reading it, and re-running an entry.

Who may ask: anyone, of a finished game (everything in it is revealed), and of a sandbox game or a
game between bots alone at any time (what it covers is then the decisions a spectator has seen when
it is asked); never of a game still running with people in it, so that no one uses it as help
mid-game. Asked again, the same analysis is found (its stream's id is derived from the game, the
analysis version and the strength), never started twice; if decisions were taken since, they are
appended to what it judges.

What it plans, counts and streams is every decision a seat took, as the public log shows it
(`planned`); which of them are passed over (forced by a hand, a standing answer) only the job
knows (`entry_for`), so that nothing a running game's analysis tells hangs on a hidden hand.
"""

from __future__ import annotations

import logging
from typing import Any, Iterable
from uuid import UUID

from eventsourcing.persistence import IntegrityError

from domain import analysis as engine
from domain.search import DEFAULT_STRENGTH, STRENGTHS
from services.analysis.stored import Analysis, analysis_id
from services.errors import AnalysisRefused, InvalidRequest, NotFound
from services.log.aggregates import loaded
from services.log.game import Game
from services.log.presenting import present_event, shown_version
from services.log.store import GameStore
from services.off_the_loop import off_the_loop

log = logging.getLogger(__name__)

NO_HELP_MID_GAME = "analysis.no-help-mid-game"
NO_DECISIONS = "analysis.no-decisions"
SAVE_TRIES = 50  # two jobs saving entries of one analysis at once: each tries again on the other's version


def checked_strength(strength: Any) -> int:
    if isinstance(strength, bool) or strength not in STRENGTHS:
        raise InvalidRequest(f"strength is one of {', '.join(map(str, STRENGTHS))}, as the search bot's", "strength")
    return strength


def has_people(game: Game) -> bool:
    return any(not seat.get("bot") for seat in game.seats)


def helps_mid_game(game: Game) -> bool:
    """Whether an analysis now would help people in a game still running (not a sandbox game)."""
    return not game.finished and has_people(game) and not game.options.get("sandbox")


def refusal(game: Game) -> None:
    """AnalysisRefused for a game still running with people in it."""
    if helps_mid_game(game):
        raise AnalysisRefused("the game is still running with people in it, and no one uses the analysis as help "
                              "mid-game: ask once it is over (or analyse a sandbox fork of it)", NO_HELP_MID_GAME)


def analysed_through(game: Game) -> int:
    """The last version the analysis covers: all of a finished game, else what a spectator has seen."""
    return game.version if game.finished else shown_version(game, None)


def records_through(store: GameStore, game: Game, through: int) -> list[dict[str, Any]]:
    return [{"version": stored.originator_version, "event": stored.domain_event, "cause": stored.cause}
            for stored in store.stored_events(game.id, gt=1, lte=through)]


def decisions(store: GameStore, game: Game, through: int) -> list[engine.SeatDecision]:
    """The decisions judged (a choice among several legal actions), with their tables: the whole
    game replayed, for a finished game or a test; the plan itself is `planned`'s."""
    return list(engine.seat_decisions(game.rules, len(game.seats), game.options,
                                      records_through(store, game, through)))


def planned(store: GameStore, game: Game, through: int, after: int = 0) -> list[int]:
    """The steps of the decisions seats took after step `after`, up to version `through`, read from
    the public log's causes alone (no table is replayed): what an analysis plans and counts."""
    records = [{"version": stored.originator_version, "cause": stored.cause}
               for stored in store.stored_events(game.id, gt=max(after, 1), lte=through)]
    return [decision.step for decision in engine.planned_decisions(records) if decision.step > after]


def load(store: GameStore, game_id: UUID | str, strength: int,
         version: int = engine.ANALYSIS_VERSION) -> Analysis | None:
    return loaded(store.repository, analysis_id(game_id, version, strength), Analysis)


def deepest(store: GameStore, game_id: UUID | str) -> Analysis | None:
    """The game's deepest analysis there is: the strongest done, else the strongest still running
    (or queued); None when none was asked for."""
    found = [analysis for analysis in (load(store, game_id, strength) for strength in STRENGTHS) if analysis]
    return max(found, key=lambda analysis: (analysis.done, analysis.strength), default=None)


REQUESTED = "services.analysis:Analysis.Requested"  # the stored topic of an analysis's first event
PAGE = 500


def unfinished(store: GameStore, done: set) -> Iterable[Analysis]:
    """Every analysis not done, as the store holds it now; adds the ids of the done ones it meets to
    `done`, which are never loaded again."""
    position = 0
    while True:
        notes = store.recorder.select_notifications(start=position, limit=PAGE, topics=[REQUESTED],
                                                    inclusive_of_start=False)
        for note in notes:
            if note.originator_id in done:
                continue
            found = store.repository.get(note.originator_id)
            if found.done:
                done.add(found.id)
            else:
                yield found
        if len(notes) < PAGE:
            return
        position = notes[-1].id


def progress_of(store: GameStore, game_id: UUID | str) -> list[dict[str, Any]]:
    """What the game's stream says of each of its analyses asked for (one per strength)."""
    found = (load(store, game_id, strength) for strength in STRENGTHS)
    return [{"status": analysis.status, "progress": analysis.progress, "strength": analysis.strength,
             "analysis_version": analysis.analysis_version} for analysis in found if analysis is not None]


def bot_record(rules: Any, strength: int) -> dict[str, Any]:
    bot = engine.bot_at(rules, strength)
    return {"name": bot.name, "version": bot.version, "strength": strength, "budget": engine.budget_json(bot)}


def request(store: GameStore, game_id: UUID, strength: int = DEFAULT_STRENGTH) -> tuple[Analysis, bool]:
    """The game's analysis at `strength`, and whether it was asked for just now (False: it existed)."""
    strength = checked_strength(strength)
    game = store.game(game_id)
    if (existing := load(store, game_id, strength)) is not None:
        return extended(store, game, existing), False
    refusal(game)
    steps = planned(store, game, analysed_through(game))
    if not steps:
        raise AnalysisRefused("no seat has taken a decision yet: there is nothing to analyse", NO_DECISIONS)
    asked = Analysis(game_id=str(game_id), analysis_version=engine.ANALYSIS_VERSION, strength=strength,
                     bot=bot_record(game.rules, strength), seed=engine.analysis_seed(str(game_id)),
                     measure=engine.measure(len(game.seats)), steps=steps)
    try:
        store.save(asked)
    except IntegrityError:  # asked at the same moment elsewhere: that one stands
        return load(store, game_id, strength), False
    return asked, True


def extended(store: GameStore, game: Game, analysis: Analysis) -> Analysis:
    """The analysis, with the decisions taken since it was asked for appended to what it judges (a
    sandbox game or a game between bots plays on; a finished game, once it is over)."""
    if helps_mid_game(game):
        return analysis
    for _ in range(SAVE_TRIES):
        since = planned(store, game, analysed_through(game), after=max(analysis.steps, default=0))
        if not since:
            return analysis
        analysis.extend(since)
        try:
            store.save(analysis)
            return analysis
        except IntegrityError:  # an entry saved, or extended elsewhere, meanwhile: look again
            analysis = store.repository.get(analysis.id)
    raise RuntimeError(f"could not extend analysis {analysis.id}")


def entry_for(store: GameStore, game: Game, analysis: Analysis, step: int) -> dict[str, Any]:
    """The entry of the decision taken on `step`, computed from the deciding seat's view; for one
    passed over (engine.passed_over: forced, a standing answer), an entry saying so, which no
    answer shows, made while the game runs with the work of a judgement spent all the same."""
    cause = store.stored_events(game.id, gt=step, lte=step + 1)[0].cause
    seat, played = cause["seat"], cause["action"]
    state = store.game(game.id, version=step).state
    rules = game.rules
    bot = engine.bot_at(rules, analysis.strength)
    if (reason := engine.passed_over(rules, state, seat, played, cause)) is not None:
        if not game.finished:
            off_the_loop(lambda: engine.judge_alike(rules, bot, state, seat, engine.step_rng(analysis.seed, step)))
        return {"step": step, "seat": seat, "passed_over": reason}
    # The search, minutes of CPU for a whole game, in a thread of its own under gevent: the API's
    # process computing an analysis (no workers) goes on answering meanwhile.
    numbers = off_the_loop(lambda: engine.judge(rules, bot, state, seat, played, engine.step_rng(analysis.seed, step)))
    entry = engine.judged_entry(game.game, step, seat, numbers, len(game.seats))
    entry["played_words"] = action_words(game, state, seat, played, step)
    entry["best_words"] = action_words(game, state, seat, numbers["best"], step)
    return entry


def action_words(game: Game, state: Any, seat: int, action: dict[str, Any], step: int) -> str:
    """An action in the game's words: the line of the first event it gives, as the seat would see it
    (a draw names no card the seat would not have seen)."""
    rules = game.rules
    decided = rules.decide(state, seat, action, engine.step_rng("words", step))
    if not decided.events:
        return action.get("type", "")
    return present_event(game, seat, decided.events[0], step + 1, False, state)["description"]


def analyse(store: GameStore, game_id: UUID | str, strength: int, steps: Iterable[int],
            on_saved: Any = None) -> int:
    """Compute and save the entries of `steps` that the analysis does not hold yet, one at a time;
    then mark it finished if it is complete. The number computed here."""
    analysis = load(store, game_id, strength)
    if analysis is None:
        raise NotFound(f"the game {game_id} has no analysis at strength {strength}", "id")
    game = store.game(UUID(analysis.game_id))
    computed = 0
    for step in steps:
        if str(step) in analysis.entries or step not in analysis.steps:
            continue
        entry = entry_for(store, game, analysis, step)
        analysis = save_entry(store, analysis, entry)
        computed += 1
        if on_saved is not None:
            on_saved(analysis)
    if not analysis.done and not analysis.missing():
        analysis = finish(store, analysis)
        if on_saved is not None:
            on_saved(analysis)
    return computed


def save_entry(store: GameStore, analysis: Analysis, entry: dict[str, Any]) -> Analysis:
    """Save an entry unless another job saved that step's first (same seed: the same numbers)."""
    for _ in range(SAVE_TRIES):
        if str(entry["step"]) in analysis.entries:
            return analysis
        analysis.decision_analysed(entry)
        try:
            store.save(analysis)
            return analysis
        except IntegrityError:
            analysis = store.repository.get(analysis.id)
    raise RuntimeError(f"could not save the entry of step {entry['step']} of analysis {analysis.id}")


def finish(store: GameStore, analysis: Analysis) -> Analysis:
    for _ in range(SAVE_TRIES):
        if analysis.done:
            return analysis
        analysis.finish()
        try:
            store.save(analysis)
            return analysis
        except IntegrityError:
            analysis = store.repository.get(analysis.id)
    raise RuntimeError(f"could not finish analysis {analysis.id}")


def rerun_entry(store: GameStore, game_id: UUID, step: int, strength: int = DEFAULT_STRENGTH) -> dict[str, Any]:
    """The audit of one stored entry: computed again, compared with what the stream holds."""
    analysis = load(store, game_id, strength)
    if analysis is None or str(step) not in analysis.entries:
        raise NotFound(f"the analysis at strength {strength} holds no entry for step {step}", "step")
    stored = analysis.entries[str(step)]
    again = entry_for(store, store.game(game_id), analysis, step)
    if "passed_over" in stored or "passed_over" in again:
        return {"step": step, "matches": stored == again, "stored": stored, "recomputed": again}
    return {"step": step, "matches": engine.same_numbers(stored, again) and stored.get("mark") == again["mark"],
            "stored": stored, "recomputed": again}
