"""Tianxia's lines read against the table the viewer saw just before each event (domain.lines).

The table says who the rival is (so his turn is "Li Mu's turn", never "seat 1's turn"), which
building stands on a site ("the Granary in Qi", never "qi-1"), and each owner's prestige before a
change, so every change of prestige says why and from what to what. Reasons are words: a rule id
("(tianxia.house.die)"), a site or a barge by its key never reach a line. The event holds only what
the viewer may see, and a line names none of its hidden facts, not even to the seat they belong to
(every seat reads the same line); the rival's cards are named only once turned up.

The event table (events.py) names each event's line here: a line of its own, or its replay line
(describe.py, describe_rivals.py) read in words against the table (`in_words`, `rival_in_words`).
"""

from __future__ import annotations

import re
from functools import wraps
from typing import Any, Callable, Mapping

from domain.tianxia import describe_rivals
from domain.tianxia.board.loader import BOARD
from domain.tianxia.describe import (BUILDING, NOMAD, OBJECTIVE, REGION, RIVAL_NAMES, SECTION, Data, Line, amounts,
                                     source_words)

View = Mapping[str, Any]
SeatName = Callable[[int], str]
TableLine = Callable[[View, Data, SeatName], str]  # as domain.event_table reads it

PLACES = ("first", "second", "third", "fourth")
OWED = {"soldier": "a soldier to place", "wall": "a wall to place", "good": "a good to choose",
        "advance": "an advance to choose", "tile": "a tile to choose", "port": "a port to choose",
        "objective": "an objective to draw"}
_RULE_ID = re.compile(r"\s*\(tianxia\.[a-z0-9.-]+\)")
_SITE = re.compile(r"\b(" + "|".join(BOARD.regions) + r")-(\d+)\b")
_CARD = re.compile(r"\b([SB]\d+A?)\b")  # a rival's card by its printed number
_BARGE = re.compile(r"\b(" + "|".join(barge.split("-")[0] for barge in BOARD.barges) + r")-barge\b")


class Table:
    """The table before the event, as the viewer saw it: who is who, what stands where, who has what."""

    def __init__(self, view: View, seat_name: SeatName):
        self.view, self.seat_name = view, seat_name
        rival = view.get("rival") or None
        self.rival_owner = rival["owner"] if rival else None
        self.rival = rival["kind"] if rival else None

    @classmethod
    def before(cls, view_before: View, data: Data, seat_name: SeatName) -> Table:
        """The table before an event; before the deal, the deal's own facts name the rival."""
        table = cls(view_before, seat_name)
        if table.rival is None and isinstance(data.get("rival"), str) and "seats" in data:
            table.rival, table.rival_owner = data["rival"], data["seats"]
        return table

    def who(self, owner: int | None) -> str:
        """An owner in words: a seat by its name, the rival (owner n, after the n seats) by his,
        the neutral pieces as such."""
        if owner is None:
            return "nobody"
        if owner < 0:
            return "a neutral worker"
        if owner == self.rival_owner:
            return RIVAL_NAMES.get(self.rival, self.rival)
        return self.seat_name(owner)

    def prestige(self, owner: int) -> int | None:
        if owner == self.rival_owner:
            return (self.view.get("rival") or {}).get("prestige")
        seats = self.view.get("seats") or []
        return seats[owner]["prestige"] if 0 <= owner < len(seats) else None

    def score(self, owner: int, points: int) -> str:
        """A change of prestige, from what to what: "(prestige 10 to 7)"."""
        before = self.prestige(owner)
        return f" (prestige {before} to {max(0, before + points)})" if before is not None and points else ""

    def site(self, site_id: str) -> str:
        """A site by the building on it and its region: "the Granary in Qi"."""
        region = REGION.get(site_id.rsplit("-", 1)[0], site_id)
        building = ((self.view.get("sites") or {}).get(site_id) or {}).get("building")
        name = BUILDING.get(building) if building else None
        return f"the {name} in {region}" if name else f"a building site in {region}"

    def plain(self, line: str) -> str:
        """A line in words: no rule id, sites by their building, barges by name; the Bot an it."""
        line = _RULE_ID.sub("", line)
        line = _SITE.sub(lambda found: self.site(found.group(0)), line)
        line = _BARGE.sub(lambda found: f"{found.group(1)} barge", line)
        line = re.sub(r"\b1 coins\b", "1 coin", line)
        line = line.replace("pushing off a neutral worker's", "pushing off a neutral worker")
        line = re.sub(r"(pushing off [\w ]+'s)(?=$|[,;:])", r"\1 worker", line)
        if self.rival == "bot":
            line = re.sub(r"\bhis\b", "its", re.sub(r"\bhe\b", "it", line))
        return line


def table_line(say: Callable[[Data, Table], str]) -> TableLine:
    """A line of the event's facts and the table before it, as the event table reads it
    (`view_before`, the event's public facts, a seat's name), in words (`Table.plain`)."""

    @wraps(say)
    def line(view_before: View, data: Data, seat_name: SeatName) -> str:
        table = Table.before(view_before, data, seat_name)
        return table.plain(say(data, table))

    return line


def in_words(line: Line) -> TableLine:
    """An event's replay line (describe.py) read against the table: owners as the table names
    them (the rival by his name), in words."""
    return table_line(lambda data, table: line(data, table.who))


def rival_in_words(line: Line) -> TableLine:
    """A rival's step (describe_rivals.py) read against the table: the card he resolves is named
    once, at its start (`rival_card_chosen`), and the cards a reason names as cards."""
    return table_line(lambda data, table: line({**_cards_named(data), "card": None}, table.who))


def _cards_named(data: Data) -> Data:
    """A rival's step with the cards its reason names called cards: "S03" -> "card S03"."""
    if data.get("why"):
        return {**data, "why": _CARD.sub(lambda found: f"card {found.group(1)}", data["why"])}
    return data


def _why(data: Data) -> str:
    return f": {data['why']}" if data.get("why") else ""


def _rival_name(data: Data) -> str:
    return RIVAL_NAMES.get(data["rival"], data["rival"])


# Setting up.

@table_line
def game_prepared(data: Data, table: Table) -> str:
    mode = {"solo": f"alone against Li Mu at {str(data['difficulty']).title()}", "bot": "two players with the Bot"}.get(
        data["mode"], f"{data['seats']} players")
    return f"A game of Tianxia is laid out: {mode}; turn order {', '.join(table.who(owner) for owner in data['order'])}"


@table_line
def seat_laid(data: Data, table: Table) -> str:
    """A seat's own objectives are on its table already; the line says as much as everyone's does."""
    objectives = data["objectives"]
    count = len(objectives) if isinstance(objectives, list) else objectives
    return f"{table.who(data['seat'])} is shown their {count} objective cards"


# A round and the rival's turns.

@table_line
def rival_deck_made(data: Data, table: Table) -> str:
    """Li Mu's deck is drawn face down; the Bot's three cards are dealt, only the second face up."""
    name = _rival_name(data)
    if "open" not in data:
        return f"{name}'s {data['cards']} cards for the round are drawn from his stacks, face down"
    shown = [card for card in data["open"] if card]
    up = f", card {shown[0]} face up" if len(shown) == 1 else (f", cards {' and '.join(shown)} face up" if shown else "")
    return f"{name} is dealt {len(data['open'])} cards for the round{up}"


@table_line
def rival_cards_turned(data: Data, table: Table) -> str:
    return f"{RIVAL_NAMES[data['rival']]} turns up cards {' and '.join(data['open'])}"


@table_line
def rival_card_chosen(data: Data, table: Table) -> str:
    data = _cards_named(data)
    rolled = f"rolls {data['roll']} and " if data.get("roll") else ""
    return f"{_rival_name(data)} {rolled}resolves card {data['card']}{_why(data)}"


@table_line
def rival_governor_placed(data: Data, table: Table) -> str:
    data = _cards_named(data)
    return f"{_rival_name(data)} places a governor in {table.site(data['site'])}{_why(data)}"


@table_line
def rival_worker_placed(data: Data, table: Table) -> str:
    data = _cards_named(data)
    if data.get("pushed") is None:
        return describe_rivals.rival_worker_placed({**data, "card": None}, table.who)
    whose = "one of his own" if data["pushed"] == table.rival_owner else f"{table.who(data['pushed'])}'s"
    barge = data["barge"].replace("-", " ")
    return f"{_rival_name(data)} puts a worker on the {barge}, pushing off {whose}{_why(data)}"


@table_line
def rival_prestige_gained(data: Data, table: Table) -> str:
    data = _cards_named(data)
    return (f"{_rival_name(data)} gains {data['points']} prestige{table.score(table.rival_owner, data['points'])}"
            f"{_why(data)}")


@table_line
def rival_card_discarded(data: Data, table: Table) -> str:
    return f"{_rival_name(data)} discards card {data['card']}"


@table_line
def rival_card_drawn(data: Data, table: Table) -> str:
    return f"{_rival_name(data)} turns up card {data['drawn']}"


@table_line
def rival_cleaned_up(data: Data, table: Table) -> str:
    """Only the cards he turned up are named; the face-down ones are counted."""
    name = _rival_name(data)
    if isinstance(data.get("returned"), list):
        shown = f"cards {', '.join(data['returned'])}" if data["returned"] else "no card turned up"
        down = f" and {data['face_down']} face-down card{'s' * (data['face_down'] != 1)}" if data.get("face_down") else ""
        return f"{name} takes back {shown}{down} to shuffle for the next round"
    return f"{name}'s {data['returned']} cards are shuffled for the next round"


# The nomads' attack and the final scoring.

@table_line
def battle_fought(data: Data, table: Table) -> str:
    nomad = f"{NOMAD[data['nomad']]} attacks {SECTION[data['section']]} with strength {data['strength']}"
    if not data["places"]:
        return f"{nomad}: nobody defends"
    ranked = []
    for place, standing in enumerate(data["places"]):
        gained = (f"gains {standing['points']} prestige{table.score(standing['owner'], standing['points'])}"
                  if standing["points"] else "gains no prestige")
        ranked.append(f"{table.who(standing['owner'])} defends {PLACES[place]} with {standing['defence']} and {gained}")
    return f"{nomad}: " + "; ".join(ranked)


@table_line
def soldier_fallen(data: Data, table: Table) -> str:
    who = table.who(data["owner"])
    section = SECTION[data["section"]]
    gained = f"; {who} gains {data['points']} prestige{table.score(data['owner'], data['points'])}" if data["points"] else ""
    return f"{who}'s soldier falls in {section}{gained}; strength {data['strength']} left"


@table_line
def building_raided(data: Data, table: Table) -> str:
    owners = list(dict.fromkeys(data["governors"]))
    homes = [f"{table.who(owner)}'s " + ("governor" if data["governors"].count(owner) == 1
                                         else f"{data['governors'].count(owner)} governors") for owner in owners]
    sent = f"; {' and '.join(homes)} go{'es' * (len(data['governors']) == 1)} home" if homes else ""
    return f"The nomads raid {table.site(data['site'])}{sent}; strength {data['strength']} left"


@table_line
def excess_paid(data: Data, table: Table) -> str:
    if data["coins"]:
        return f"{table.who(data['seat'])} pays {data['coins']} coins for the {data['strength']} strength left"
    return f"{table.who(data['seat'])} has no coins to pay for the {data['strength']} strength left"


@table_line
def prestige_lost(data: Data, table: Table) -> str:
    return (f"{table.who(data['seat'])} loses {data['points']} prestige{table.score(data['seat'], -data['points'])}: "
            f"{data['why']}")


@table_line
def battle_won(data: Data, table: Table) -> str:
    return (f"{SECTION[data['section']]} holds: {table.who(data['owner'])}, its first defender, gains {data['points']} prestige"
            f"{table.score(data['owner'], data['points'])}, one for each governor on the nomads' path")


@table_line
def game_scored(data: Data, table: Table) -> str:
    """The final scoring, each owner's total with where it came from."""
    parts = [_final(table, part["seat"], part) for part in data["seats"]]
    if data["rival"]:
        parts.append(_final(table, table.rival_owner, data["rival"]))
    return "Final scoring: " + "; ".join(parts)


def _final(table: Table, owner: int, part: Data) -> str:
    sources = [f"{part['figurines']} for jade figurines", f"{part['palace']} for the Palace"]
    sources += [f"{objective['points']} for {OBJECTIVE.get(objective['objective'], 'an objective')}"
                for objective in part.get("objectives") or []]
    sources += [f"{part['leftovers']} for goods left over"] if part.get("leftovers") else []
    return f"{table.who(owner)} +{part['total']}{table.score(owner, part['total'])}: {', '.join(sources)}"


# A seat's action.

@table_line
def reward_taken(data: Data, table: Table) -> str:
    gain = data["gain"]
    line = f"{table.who(data['seat'])} gains {amounts(gain)} from {_source(data['source'], table)}"
    line += table.score(data["seat"], gain.get("prestige", 0))
    if data["owed"]:
        line += " and has " + " and ".join(OWED.get(owed["kind"], f"a {owed['kind']} to choose") for owed in data["owed"])
    return line + (f" and the {data['token'].replace('-', ' ')} token" if data["token"] else "")


def _source(source: Mapping[str, Any], table: Table) -> str:
    """Where a reward came from: a Palace step, a port, a building, an objective, a tile."""
    if "port" in source:
        return f"a crate delivered in {REGION.get(source['port'], source['port'])}"
    if "building" in source and source["building"] in BUILDING:
        return f"the {BUILDING[source['building']]}"
    if "objective" in source and source["objective"] in OBJECTIVE:
        name = OBJECTIVE[source["objective"]]
        return f"{'' if name.startswith('The ') else 'the '}{name} objective"
    if "site" in source:
        return table.site(source["site"])
    return source_words(source)


@table_line
def governor_installed(data: Data, table: Table) -> str:
    income = f", gaining {amounts(data['income'])}" if data["income"] else ""
    return f"{table.who(data['seat'])} installs a governor in {table.site(data['site'])} for {data['wood']} wood{income}"


@table_line
def objective_drawn(data: Data, table: Table) -> str:
    """Every seat reads the same line: the card drawn is on the drawer's own table, named nowhere else."""
    return f"{table.who(data['seat'])} draws an objective card from {_source(data['source'], table)}"
