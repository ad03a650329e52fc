"""A finished game's result in words, for every game alike: who won (a seat, a rival the rules play,
or nobody: a draw), how it ended (a resignation, a time that ran out), everyone ranked with their
score, and the outcome's detail as labelled, ordered lines. The game list, the status line and the
result panel all read it from here, so that they say the same thing.
"""

from __future__ import annotations

from typing import Any, Sequence

from domain.contract import Outcome

# The rivals the rules play (Tianxia's), as a reader names them.
RIVAL_NAMES = {"li-mu": "Li Mu", "bot": "the Bot"}

# The outcome's detail, by key: its label, in the order shown. A key given seat by seat is a column
# of the standings; any other is a line of the breakdown. Keys told elsewhere are not shown: how the
# game ended (the reason), who resigned or won (the headline), the solitaire's title, the rival.
DETAIL_LABELS = {
    "points_in_play": "points in play",
    "cards_in_hand": "cards in hand",
    "vp": "victory points",
    "cp": "Court points",
    "cp_bonus": "a point for every three Court points",
    "penalty": "penalty, taken off the score",
    "turn": "turns played",
}
TOLD_ELSEWHERE = {"ended_by", "resigned", "beaten_by", "title", "rival"}


def rival_name(kind: str) -> str:
    """"li-mu" -> "Li Mu"; a rival not listed is named by its words."""
    return RIVAL_NAMES.get(kind) or kind.replace("-", " ").title()


def headline(outcome: Outcome, names: Sequence[str], ended_by_clock: int | None = None) -> str:
    """"Li Mu won", "A draw", "ana's time ran out; bo won", "ana scored 65 and earned the title
    Noble (Zhuhou)": a sentence's start, a seat's name kept as it is written."""
    title = outcome.detail.get("title")
    if len(names) == 1 and title and outcome.beaten_by is None:
        return f"{names[0]} scored {outcome.scores[0]} and earned the title {title}"
    if outcome.beaten_by is not None:
        winner = f"{rival_name(outcome.beaten_by)} won"
    elif outcome.is_tie:
        tied = [names[seat] for seat in outcome.winners]
        winner = f"a draw between {' and '.join(tied)}" if tied else "a draw"
    else:
        winner = f"{names[outcome.winners[0]]} won"
    resigned = outcome.detail.get("resigned")
    if ended_by_clock is not None:
        return f"{names[ended_by_clock]}'s time ran out; {winner}"
    if isinstance(resigned, int) and not isinstance(resigned, bool) and 0 <= resigned < len(names):
        return f"{names[resigned]} resigned; {winner}"
    # Alone, it starts the sentence: "A draw", "The Bot won" (a seat's name stays as written).
    return winner[0].upper() + winner[1:] if winner.startswith(("a draw", "the ")) else winner


def standings(outcome: Outcome, names: Sequence[str]) -> list[dict[str, Any]]:
    """Every seat and the rival the rules play, ranked: the winners first, then by score; equal
    scores share a place. Each: name, score, place, winner, and its seat (None for the rival)."""
    everyone = [{"name": name, "score": score, "seat": seat, "winner": seat in outcome.winners}
                for seat, (name, score) in enumerate(zip(names, outcome.scores))]
    rival = outcome.detail.get("rival")
    if isinstance(rival, dict) and rival.get("kind"):
        everyone.append({"name": rival_name(rival["kind"]), "score": rival.get("prestige"), "seat": None,
                         "winner": outcome.beaten_by == rival["kind"]})
    everyone.sort(key=lambda one: (not one["winner"], -(one["score"] or 0)))
    for index, one in enumerate(everyone):
        before = everyone[index - 1] if index else None
        same = before is not None and (before["winner"], before["score"]) == (one["winner"], one["score"])
        one["place"] = before["place"] if same else index + 1
    return everyone


def breakdown(outcome: Outcome, seats: int) -> dict[str, list[dict[str, Any]]]:
    """The outcome's detail as words: `columns` (a label and a value per seat) and `lines` (a label
    and a value), in the order of DETAIL_LABELS; keys it does not know are labelled by their words."""
    columns, lines = [], []
    shown = [key for key in DETAIL_LABELS if key in outcome.detail]
    shown += sorted(key for key in outcome.detail if key not in DETAIL_LABELS and key not in TOLD_ELSEWHERE)
    for key in shown:
        value = outcome.detail[key]
        label = DETAIL_LABELS.get(key, key.replace("_", " "))
        if isinstance(value, list) and len(value) == seats:
            columns.append({"label": label, "values": [words(each) for each in value]})
        elif value is not None:
            lines.append({"label": label, "value": words(value)})
    return {"columns": columns, "lines": lines}


def words(value: Any) -> str:
    """A detail's value as a reader reads it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(words(each) for each in value)
    if isinstance(value, dict):
        return ", ".join(f"{str(key).replace('_', ' ')} {words(inner)}" for key, inner in value.items())
    return str(value).replace("_", " ")


def result_words(outcome: Outcome, names: Sequence[str], ended_by_clock: int | None = None) -> dict[str, Any]:
    """All of the above, as the API gives it with a finished game's outcome."""
    return {"headline": headline(outcome, names, ended_by_clock), "reason": outcome.reason,
            "standings": standings(outcome, names), **breakdown(outcome, len(names))}
