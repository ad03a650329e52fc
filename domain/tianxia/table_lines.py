"""Tianxia's lines read against the table the viewer saw just before each event (domain.lines).

The table says who the rival is (so his turn is "Li Mu's turn", never "seat 1's turn"), which
building stands on a site ("the Granary in Qi", never "qi-1"), and each owner's prestige before a
change, so every change of prestige says why and from what to what. Reasons are words: a rule id
("(tianxia.house.die)"), a site or a barge by its key never reach a line. The event holds only what
the viewer may see, and a line names none of its hidden facts, not even to the seat they belong to
(every seat reads the same line); the rival's cards are named only once turned up.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from domain.tianxia.board.loader import BOARD
from domain.tianxia.describe import (BUILDING, LINES, NOMAD, OBJECTIVE, REGION, RIVAL_NAMES, SECTION, amounts, rival_line,
                                     source_words)

Data = Mapping[str, Any]

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

    def __init__(self, view: Mapping[str, Any], seat_name: Callable[[int], str]):
        self.view, self.seat_name = view, seat_name
        rival = view.get("rival") or None
        self.rival_owner = rival["owner"] if rival else None
        self.rival = rival["kind"] if rival else None

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


def on_table(kind: str) -> Callable[[Mapping[str, Any], Data, Callable[[int], str]], str]:
    """The line of an event of type `kind` as the viewer of the table before it may see it, in words
    (domain.event_table: `view_before`, the event's public data, a seat's name)."""

    def line(view_before: Mapping[str, Any], data: Data, seat_name: Callable[[int], str]) -> str:
        table = Table(view_before, seat_name)
        if table.rival is None and isinstance(data.get("rival"), str) and "seats" in data:  # the deal names him first
            table.rival, table.rival_owner = data["rival"], data["seats"]
        own = _ON.get(kind)
        if own is not None:
            said = own(data, table)
        elif kind.startswith("rival_") and kind not in LINES:
            said = _rival(data, kind, table)
        else:
            said = LINES[kind](data, table.who)
        return table.plain(said)

    return line


def _rival(data: Data, kind: str, table: Table) -> str:
    """A rival's step: the card he resolves named once, at its start; its lines say what and why."""
    name = RIVAL_NAMES.get(data["rival"], data["rival"])
    if data.get("why"):
        data = {**data, "why": _CARD.sub(lambda found: f"card {found.group(1)}", data["why"])}
    why = f": {data['why']}" if data.get("why") else ""
    if kind == "rival_card_chosen":
        rolled = f"rolls {data['roll']} and " if data.get("roll") else ""
        return f"{name} {rolled}resolves card {data['card']}{why}"
    if kind == "rival_card_discarded":
        return f"{name} discards card {data['card']}"
    if kind == "rival_card_drawn":
        return f"{name} turns up card {data['drawn']}"
    if kind == "rival_governor_placed":
        return f"{name} places a governor in {table.site(data['site'])}{why}"
    if kind == "rival_worker_placed" and data.get("pushed") is not None:
        whose = "one of his own" if data["pushed"] == table.rival_owner else f"{table.who(data['pushed'])}'s"
        return f"{name} puts a worker on the {data['barge'].replace('-', ' ')}, pushing off {whose}{why}"
    if kind == "rival_prestige_gained":
        return f"{name} gains {data['points']} prestige{table.score(table.rival_owner, data['points'])}{why}"
    return rival_line({**data, "card": None}, kind)


def _reward(data: Data, table: Table) -> str:
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


def _battle(data: Data, table: Table) -> str:
    nomad = f"{NOMAD[data['nomad']]} attacks {SECTION[data['section']]} with strength {data['strength']}"
    if not data["places"]:
        return f"{nomad}: nobody defends"
    ranked = []
    for place, standing in enumerate(data["places"]):
        gained = (f"gains {standing['points']} prestige{table.score(standing['owner'], standing['points'])}"
                  if standing["points"] else "gains no prestige")
        ranked.append(f"{table.who(standing['owner'])} defends {PLACES[place]} with {standing['defence']} and {gained}")
    return f"{nomad}: " + "; ".join(ranked)


def _fallen(data: Data, table: Table) -> str:
    who = table.who(data["owner"])
    section = SECTION[data["section"]]
    gained = f"; {who} gains {data['points']} prestige{table.score(data['owner'], data['points'])}" if data["points"] else ""
    return f"{who}'s soldier falls in {section}{gained}; strength {data['strength']} left"


def _raided(data: Data, table: Table) -> str:
    owners = list(dict.fromkeys(data["governors"]))
    homes = [f"{table.who(owner)}'s " + ("governor" if data["governors"].count(owner) == 1
                                         else f"{data['governors'].count(owner)} governors") for owner in owners]
    sent = f"; {' and '.join(homes)} go{'es' * (len(data['governors']) == 1)} home" if homes else ""
    return f"The nomads raid {table.site(data['site'])}{sent}; strength {data['strength']} left"


def _lost(data: Data, table: Table) -> str:
    return (f"{table.who(data['seat'])} loses {data['points']} prestige{table.score(data['seat'], -data['points'])}: "
            f"{data['why']}")


def _won(data: Data, table: Table) -> str:
    return (f"{SECTION[data['section']]} holds: {table.who(data['owner'])}, its first defender, gains {data['points']} prestige"
            f"{table.score(data['owner'], data['points'])}, one for each governor on the nomads' path")


def _scored(data: Data, table: Table) -> str:
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


def _governor(data: Data, table: Table) -> str:
    income = f", gaining {amounts(data['income'])}" if data["income"] else ""
    return f"{table.who(data['seat'])} installs a governor in {table.site(data['site'])} for {data['wood']} wood{income}"


def _cleaned_up(data: Data, table: Table) -> str:
    """Only the cards he turned up are named; the face-down ones are counted."""
    name = RIVAL_NAMES.get(data["rival"], data["rival"])
    if isinstance(data.get("returned"), list):
        shown = f"cards {', '.join(data['returned'])}" if data["returned"] else "no card turned up"
        down = f" and {data['face_down']} face-down card{'s' * (data['face_down'] != 1)}" if data.get("face_down") else ""
        return f"{name} takes back {shown}{down} to shuffle for the next round"
    return f"{name}'s {data['returned']} cards are shuffled for the next round"


def _rival_deck(data: Data, table: Table) -> str:
    """Li Mu's deck is drawn face down; the Bot's three cards are dealt, only the second face up."""
    name = RIVAL_NAMES.get(data["rival"], data["rival"])
    if "open" not in data:
        return f"{name}'s {data['cards']} cards for the round are drawn from his stacks, face down"
    shown = [card for card in data["open"] if card]
    up = f", card {shown[0]} face up" if len(shown) == 1 else (f", cards {' and '.join(shown)} face up" if shown else "")
    return f"{name} is dealt {len(data['open'])} cards for the round{up}"


def _prepared(data: Data, table: Table) -> str:
    mode = {"solo": f"alone against Li Mu at {str(data['difficulty']).title()}", "bot": "two players with the Bot"}.get(
        data["mode"], f"{data['seats']} players")
    return f"A game of Tianxia is laid out: {mode}; turn order {', '.join(table.who(owner) for owner in data['order'])}"


_ON: dict[str, Callable[[Data, Table], str]] = {
    "game_prepared": _prepared,
    "rival_deck_made": _rival_deck,
    # A seat's own objectives are on its table already; the line says as much as everyone's does.
    "seat_laid": lambda d, t: f"{t.who(d['seat'])} is shown their "
                              f"{len(d['objectives']) if isinstance(d['objectives'], list) else d['objectives']} objective cards",
    "reward_taken": _reward,
    "battle_fought": _battle,
    "soldier_fallen": _fallen,
    "building_raided": _raided,
    "prestige_lost": _lost,
    "battle_won": _won,
    "game_scored": _scored,
    "governor_installed": _governor,
    "rival_cleaned_up": _cleaned_up,
    "excess_paid": lambda d, t: (f"{t.who(d['seat'])} pays {d['coins']} coins for the {d['strength']} strength left"
                                 if d["coins"] else f"{t.who(d['seat'])} has no coins to pay for the {d['strength']} strength left"),
    # Every seat reads the same line: the card drawn is on the drawer's own table, named nowhere else.
    "objective_drawn": lambda d, t: f"{t.who(d['seat'])} draws an objective card from {_source(d['source'], t)}",
    "turn_began": lambda d, t: f"{t.who(d['owner'])}'s turn",
    "rival_cards_turned": lambda d, t: f"{RIVAL_NAMES[d['rival']]} turns up cards {' and '.join(d['open'])}",
}
