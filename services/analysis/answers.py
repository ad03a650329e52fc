"""An analysis as the API shows it: its entries in game order with the seats' names, each seat's
accuracy and marks, and the chart of the expected result per analysed decision."""

from __future__ import annotations

from typing import Any

from domain import analysis as engine
from services.analysis.stored import Analysis
from services.log.game import Game


def done_units(analysis: Analysis) -> list[dict[str, Any]]:
    """The entries saved so far, in game order: the judged ones and those passed over."""
    return [analysis.entries[str(step)] for step in analysis.steps if str(step) in analysis.entries]


def judged(entry: dict[str, Any]) -> bool:
    """An entry with numbers: not one passed over (forced, a standing answer), which no answer shows."""
    return "passed_over" not in entry


def entries(analysis: Analysis) -> list[dict[str, Any]]:
    """The judged entries saved so far, in game order."""
    return [entry for entry in done_units(analysis) if judged(entry)]


def shown_entry(game: Game, entry: dict[str, Any]) -> dict[str, Any]:
    return {"step": entry["step"], "seat": entry["seat"], "seat_name": game.seats[entry["seat"]]["name"],
            **{key: entry[key] for key in ("expected_before", "played", "played_words", "played_expected",
                                           "best", "best_words", "best_expected", "loss", "mark")}}


def seat_summaries(game: Game, done: list[dict[str, Any]]) -> list[dict[str, Any]]:
    summaries = []
    for seat, record in enumerate(game.seats):
        own = [entry for entry in done if entry["seat"] == seat]
        marks = [entry["mark"] for entry in own]
        summaries.append({"seat": seat, "name": record["name"], "decisions": len(own),
                          "accuracy": engine.accuracy([entry["loss"] for entry in own], game.game, len(game.seats),
                                                      [entry["expected_before"] for entry in own]),
                          "inaccuracies": marks.count("inaccuracy"), "mistakes": marks.count("mistake"),
                          "blunders": marks.count("blunder")})
    return summaries


def visible(game: Game, entry: dict[str, Any], viewer: int | None) -> bool:
    """Whether `viewer` (a seat, or None) may see an entry: anyone once the game is over; until then
    only the deciding seat, since an entry names its action and judges from its hand (the replay
    shows a running game's actions to their own seat alone)."""
    return game.finished or entry["seat"] == viewer


def withheld(game: Game, analysis: Analysis, viewer: int | None) -> int:
    """The other seats' decisions done so far, held back from `viewer` while the game runs: every
    one planned, forced or not (which were forced is a hand's secret until the end); 0 once over."""
    return 0 if game.finished else sum(entry["seat"] != viewer for entry in done_units(analysis))


def shown(game: Game, analysis: Analysis, viewer: int | None = None) -> dict[str, Any]:
    done = [entry for entry in entries(analysis) if visible(game, entry, viewer)]
    return {
        "game_id": analysis.game_id, "analysis_version": analysis.analysis_version,
        "status": analysis.status, "progress": analysis.progress, "measure": analysis.measure,
        "unit": engine.unit(game.game, len(game.seats)),
        "bot": analysis.bot, "seed": analysis.seed,
        "thresholds": dict(zip(engine.MARKS, engine.thresholds(game.game, len(game.seats)))),
        "decisions": [shown_entry(game, entry) for entry in done],
        "seats": seat_summaries(game, done),
        "chart": [{"step": entry["step"], "seat": entry["seat"], "expected": entry["expected_before"]}
                  for entry in done],
        "withheld": withheld(game, analysis, viewer),
    }


def progress_message(analysis: Analysis) -> dict[str, Any]:
    """What the game's stream says of an analysis as it advances."""
    return {"status": analysis.status, "progress": analysis.progress, "strength": analysis.strength,
            "analysis_version": analysis.analysis_version}


def marks(game: Game, analysis: Analysis) -> dict[str, Any]:
    """The marks of a done analysis, as the game's export carries them."""
    done = entries(analysis)
    return {"analysis_version": analysis.analysis_version, "strength": analysis.strength, "bot": analysis.bot,
            "marks": [{"step": entry["step"], "seat": entry["seat"], "mark": entry["mark"], "loss": entry["loss"]}
                      for entry in done if entry["mark"] is not None],
            "seats": seat_summaries(game, done)}


def done_analysis(store: Any, game_id: Any) -> Analysis | None:
    """The game's finished analysis that the replay and the export show: at the default strength if
    it is done, else the strongest done."""
    from domain.search import DEFAULT_STRENGTH, STRENGTHS
    from services.analysis.analyses import load

    for strength in (DEFAULT_STRENGTH, *sorted(STRENGTHS, reverse=True)):
        found = load(store, game_id, strength)
        if found is not None and found.done:
            return found
    return None


def step_entry(store: Any, game: Game, step: int, viewer: int | None = None) -> dict[str, Any] | None:
    """The entry of the decision taken on the table of `step`, once an analysis is done, if `viewer`
    may see it (else None)."""
    analysis = done_analysis(store, game.id)
    entry = analysis.entries.get(str(step)) if analysis is not None else None
    if entry is None or not judged(entry) or not visible(game, entry, viewer):
        return None
    return {**shown_entry(game, entry), "strength": analysis.strength}


def export_marks(store: Any, game: Game) -> dict[str, Any] | None:
    analysis = done_analysis(store, game.id)
    return None if analysis is None else marks(game, analysis)
