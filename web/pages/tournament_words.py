"""A tournament in words, as its pages and a player's list of their tournaments say it: its name
("Chi, a Swiss by ana"), its progress, its terms, its clock and withdrawal rule, points as people
write them, and where a player stands in it ("you are 3rd of 8 after round 2", "you placed 1st of
5", "you withdrew"). The list's page, a tournament's page and GET /api/players/me/tournaments all
take their words from here, so the browser never words a tournament itself."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from domain.english import ordinal
from services.tournaments import news

UNITS = (("W", "week"), ("D", "day"), ("H", "hour"), ("M", "minute"), ("S", "second"))



def duration_words(text: str | None) -> str:
    """An ISO 8601 duration as people say it: "P1D" is "1 day", "PT1H30M" "1 hour 30 minutes"."""
    match = re.fullmatch(r"P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?)?", text or "")
    if not match:
        return text or ""
    parts = [(float(amount), unit) for amount, (_, unit) in zip(match.groups(), UNITS) if amount]
    return " ".join(f"{amount:g} {unit}{'' if amount == 1 else 's'}" for amount, unit in parts)


def clock_words(clock: dict[str, Any] | None) -> str:
    if not clock:
        return "no time limit"
    per = f"{duration_words(clock.get('per_decision'))} per move"
    if clock.get("on_timeout") == "bot":
        return f"{per}; when it runs out, a bot plays the move"
    return f"{per}; running out of time loses the game"


def withdrawal_words(timeouts: int) -> str:
    """The withdrawal rule in words, with what a player may do by hand."""
    asked = ("a player may withdraw at any time, even while a round they play is running: "
             "that game goes on and its result counts")
    if not timeouts:
        return f"Losing on time withdraws nobody; {asked}"
    games = "1 game" if timeouts == 1 else f"{timeouts} games"
    return f"A player who loses {games} on time is withdrawn from the rounds after; {asked}"


def options_words(options: dict[str, Any]) -> str:
    if not options:
        return "the game's standard rules"
    return ", ".join(f"{name}: {'yes' if value is True else 'no' if value is False else value}"
                     for name, value in options.items())


def points_words(points: float, halves: bool = True) -> str:
    """Points as a person writes them: 2, 1½, ½ (or, without `halves`, 1.5), and thirds as 0.67."""
    value = Fraction(points).limit_denominator(60)
    if not halves:
        return f"{float(value):.2f}".rstrip("0").rstrip(".")
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        whole = value.numerator // 2
        return f"{whole}½" if whole else "½"
    return f"{float(value):.2f}"


def heading(tournament: dict[str, Any]) -> str:
    """"Chi, a Swiss by ana": the tournament's name, as its players' news says it."""
    return news.heading(tournament["title"], tournament["format"], tournament["organiser"]["name"])


def progress_words(tournament: dict[str, Any]) -> str:
    """Where the tournament stands: open with how many entrants, a round of how many, or who won;
    of a tournament as the list has it (GET /api/tournaments: `entrant_count`, `rounds_played`,
    `winner`)."""
    planned, played = tournament["rounds_planned"], tournament["rounds_played"]
    if tournament["status"] == "open":
        count = tournament["entrant_count"]
        return f"open to join: {count} entrant{'' if count == 1 else 's'} of at most {tournament['size_limit']}"
    if tournament["status"] == "running":
        return f"running: round {played} of {planned}"
    winner = tournament["winner"]
    return f"finished after {played} round{'' if played == 1 else 's'}" + (f": {winner} won" if winner else "")


def in_brief(tournament: dict[str, Any]) -> dict[str, Any]:
    """A whole tournament (GET /api/tournaments/{id}) as the list has it, for its progress in words."""
    return {**tournament, "entrant_count": len(tournament["entrants"]), "rounds_played": len(tournament["rounds"]),
            "winner": tournament["standings"][0]["player"]
            if tournament["status"] == "finished" and tournament["standings"] else None}


def listed(tournament: dict[str, Any]) -> dict[str, Any]:
    """A tournament of the list (GET /api/tournaments) as a row of the page."""
    return {"id": tournament["id"], "status": tournament["status"], "heading": heading(tournament),
            "progress": progress_words(tournament),
            "terms": " · ".join([f"{tournament['rounds_planned']} round{'' if tournament['rounds_planned'] == 1 else 's'}",
                                 clock_words(tournament["clock"]).split(";")[0],
                                 "rated" if tournament["rated"] else "casual"])}


# -- a player's part in it -------------------------------------------------------------------


def your_part(tournament: dict[str, Any], player_id: str) -> dict[str, Any]:
    """What the player is to a tournament (GET /api/tournaments/{id}): the name they entered under
    (None: not in its field), whether they organised it, whether they withdrew, and once it runs
    their place of how many in its standings. A player of neither its field nor its organiser
    withdrew before round one, which took them out of the field."""
    entrant = next((e for e in tournament["entrants"] if e.get("player") == player_id), None)
    organiser = tournament["organiser"]["id"] == player_id
    name = entrant["name"] if entrant else None
    row = next((s for s in tournament["standings"] if s["player"] == name), None)
    placed = row is not None and tournament["status"] != "open"
    return {"entrant": name, "organiser": organiser,
            "withdrawn": entrant["withdrawn"] if entrant else not organiser,
            "withdrawn_on_time": bool(entrant and entrant["withdrawn_on_time"]),
            "place": row["place"] if placed else None, "of": len(tournament["standings"]) if placed else None}


def standing_words(tournament: dict[str, Any], you: dict[str, Any]) -> str:
    """Where the player stands, in words: "you entered" while it is open, "you are 3rd of 8 after
    round 2" (or "so far in round 3" once some of that round counts) while it runs, "you placed
    1st of 5" at the end; "you withdrew", "you organised it"."""
    withdrew = ("you were withdrawn after losing games on time" if you["withdrawn_on_time"]
                else "you withdrew" if you["withdrawn"] else None)
    if you["entrant"] is None:
        return "you organised it" if you["organiser"] else "you withdrew"
    if tournament["status"] == "open":
        return "you organised it and entered" if you["organiser"] else "you entered"
    place = f"{ordinal(you['place'])} of {you['of']}"
    if tournament["status"] == "finished":
        return f"you placed {place}" + (f"; {withdrew}" if withdrew else "")
    if withdrew:
        return withdrew
    return f"you are {place} {so_far(tournament['rounds'])}"


def so_far(rounds: list[dict[str, Any]]) -> str:
    """What a running tournament's standings count: "after round 2" while nothing of round 3 counts
    yet (no game ended, no bye), else "so far in round 3"; "before any result" in round 1."""
    current = rounds[-1]
    counted = current["byes"] or any(table["places"] is not None for table in current["tables"])
    if current["closed"]:
        return f"after round {current['round']}"
    if counted:
        return f"so far in round {current['round']}"
    return f"after round {current['round'] - 1}" if current["round"] > 1 else "before any result"


def as_yours(tournament: dict[str, Any], player_id: str) -> dict[str, Any]:
    """A tournament of the player's list (GET /api/players/me/tournaments): the whole tournament, the
    player's part in it (`you`), and its words as the list's page says them with their standing."""
    you = your_part(tournament, player_id)
    row = listed(in_brief(tournament))
    return {**tournament, "you": you, "words": {"heading": row["heading"], "progress": row["progress"],
                                                "terms": row["terms"], "standing": standing_words(tournament, you)}}
