"""The stored analysis: one stream per (game, analysis version, strength), with a deterministic id.

`Requested` records what is analysed and by what (the bot, its version and budget, the seed, the
steps of the decisions to judge); one `DecisionAnalysed` per decision, with its numbers; `Finished`
once every decision has its entry; `Extended` when it is asked for again after a sandbox game
played on, with the steps of the decisions taken since (appended: nothing before is rewritten). A new analysis version is a new stream: a stream is never
rewritten. Entries are saved one at a time by whichever job computed them (services.analysis.runs),
so a job killed mid-way loses only the decision it was on.
"""

from __future__ import annotations

from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

# The store names these classes as the module they were first defined in did (explicit topics of
# the eventsourcing library), so that every store, written before or after a move of this code,
# reads alike and holds the same names.
STORED_AS = "services.analysis"


def analysis_id(game_id: UUID | str, analysis_version: int, strength: int) -> UUID:
    """The stream of a game's analysis at a version and strength: asked again, found again."""
    return uuid5(NAMESPACE_URL, f"chronicle:analysis:{game_id}:{analysis_version}:{strength}")


class Analysis(Aggregate):
    """A game's analysis: what was asked, and each decision's entry as it is computed."""

    TOPIC = f"{STORED_AS}:Analysis"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:Analysis.Created"

    @staticmethod
    def create_id(game_id: str, analysis_version: int, strength: int, **_: Any) -> UUID:
        return analysis_id(game_id, analysis_version, strength)

    @event("Requested", topic=f"{STORED_AS}:Analysis.Requested")
    def __init__(self, game_id: str, analysis_version: int, strength: int, bot: dict[str, Any], seed: str,
                 measure: str, steps: list[int]):
        self.game_id = game_id
        self.analysis_version = analysis_version
        self.strength = strength
        self.bot = bot
        self.seed = seed
        self.measure = measure
        self.steps = steps
        self.entries: dict[str, dict[str, Any]] = {}  # by step (a JSON object's keys are text)
        self.done = False

    @event("DecisionAnalysed", topic=f"{STORED_AS}:Analysis.DecisionAnalysed")
    def decision_analysed(self, entry: dict[str, Any]) -> None:
        self.entries[str(entry["step"])] = entry

    @event("Extended", topic=f"{STORED_AS}:Analysis.Extended")
    def extend(self, steps: list[int]) -> None:
        """Decisions taken since it was asked for (a sandbox game plays on): judged in turn."""
        self.steps = [*self.steps, *steps]
        self.done = False

    @event("Finished", topic=f"{STORED_AS}:Analysis.Finished")
    def finish(self) -> None:
        self.done = True

    def missing(self) -> list[int]:
        return [step for step in self.steps if str(step) not in self.entries]

    @property
    def status(self) -> str:
        return "done" if self.done else "running" if self.entries else "queued"

    @property
    def progress(self) -> float:
        return round(len(self.entries) / len(self.steps), 4) if self.steps else 1.0
