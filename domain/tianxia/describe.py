"""One line of the replay for each Tianxia event, from its public facts only, naming seats by the
names given and the rivals as a reader would ("Li Mu", "the Bot").

Each line is a function of the event's facts and an owner's name, named after its event; the
event table (events.py) names it. The rivals' steps read alike and have lines of their own
(describe_rivals.py); table_lines.py reads these lines again against the table before each event.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from domain.contract import Event, seat_name
from domain.tianxia.board.loader import BOARD

Data = Mapping[str, Any]  # an event's public facts
Who = Callable[[int | None], str]  # an owner's name: a seat, the rival, the neutral pieces
Line = Callable[[Data, Who], str]

RIVAL_NAMES = {"li-mu": "Li Mu", "bot": "the Bot"}
SECTION = {wall.id: wall.name for wall in BOARD.walls.values()}
REGION = {region.id: region.name for region in BOARD.regions.values()}
NOMAD = {nomad.id: nomad.name for nomad in BOARD.nomads.values()}
BUILDING = {building.id: building.name for building in BOARD.buildings.values()}
STARTING = {building.id: building.name for building in BOARD.starting_buildings.values()}
OBJECTIVE = {objective.id: objective.name for objective in BOARD.objectives.values()}


def owner_name(names: Sequence[str], owner: int | None, rival: str | None) -> str:
    """A seat by its name, the rival (owner n) by his, the neutral pieces as such."""
    if owner is None:
        return "nobody"
    if owner < 0:
        return "a neutral worker"
    if owner >= len(names) and rival:
        return RIVAL_NAMES.get(rival, rival)
    return seat_name(names, owner)


def amounts(gain: Mapping[str, int]) -> str:
    return ", ".join(f"{count} {name}" for name, count in gain.items() if count) or "nothing"


def site(site_id: str) -> str:
    """A site as a reader would name it: Qi site 1."""
    return site_id.replace("-", " ").title().replace(" ", " site ")


def source_words(source: Mapping[str, Any]) -> str:
    """Where a reward came from, in words."""
    if "track" in source:
        return f"step {source['step']} of the {source['track']} track"
    if "port" in source:
        return f"a crate delivered in {source['port']}"
    if "merchants" in source:
        return "the full merchant spaces"
    kind, name = next(iter(source.items()))
    return f"the {name} {kind}".replace("-", " ")


# Setting up: the deal, the rival's cards, each seat's start.

def game_prepared(d: Data, who: Who) -> str:
    return (f"A game of Tianxia is laid out: {d['mode']}"
            + (f" at {d['difficulty']}" if d["difficulty"] else "")
            + f"; turn order {', '.join(who(o) for o in d['order'])}")


def buildings_dealt(d: Data, who: Who) -> str:
    return "Two arrangements of the buildings are dealt"


def tiles_laid(d: Data, who: Who) -> str:
    return "Bonus tiles are laid on the Palace steps and beside every building"


def ships_launched(d: Data, who: Who) -> str:
    return "Ships take to the sea; each port draws its demand tile"


def round_stacks_made(d: Data, who: Who) -> str:
    return f"{d['stacks']} face-down stacks of {d['tiles']} bonus tiles are made"


def attack_deck_shuffled(d: Data, who: Who) -> str:
    return f"The {d['deck']} nomad attack deck is shuffled"


def bags_shuffled(d: Data, who: Who) -> str:
    return "The tile bag, the ship deck and the objective deck are shuffled"


def objectives_dealt(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} is dealt {d['count']} objective cards"


def starting_buildings_offered(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} draws {d['count']} starting buildings"


def rival_prepared(d: Data, who: Who) -> str:
    return f"{RIVAL_NAMES[d['kind']]}'s cards are prepared"


def supply_taken(d: Data, who: Who) -> str:
    return (f"{who(d['seat'])} takes {amounts(d['gain'])}"
            + (f" (the {d['supply'].replace('-', ' ')} supply)" if d["supply"] else ""))


def supplies_offered(d: Data, who: Who) -> str:
    return f"{len(d['supplies'])} starting supplies are offered"


def arrangement_chosen(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} chooses building arrangement {d['choice'] + 1}"


def start_chosen(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} takes player board {d['side']} and keeps the {STARTING[d['building']]}"


# A round: its start, the rival's cards, income, whose turn it is.

def round_started(d: Data, who: Who) -> str:
    return f"Round {d['round']} begins"


def attack_revealed(d: Data, who: Who) -> str:
    nomads = (f"{NOMAD[n]} strength {m['strength']}, {m['distance']} from the wall" for n, m in d["nomads"].items())
    return "The nomads advance: " + "; ".join(nomads)


def display_turned(d: Data, who: Who) -> str:
    return f"{len(d['tiles'])} bonus tiles are turned up under the round track"


def rival_deck_made(d: Data, who: Who) -> str:
    return f"{RIVAL_NAMES[d['rival']]}'s cards for the round are drawn"


def rival_cards_turned(d: Data, who: Who) -> str:
    return f"{RIVAL_NAMES[d['rival']]} turns up {' and '.join(d['open'])}"


def income_paid(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} gains {amounts(d['gain'])} in income"


def neutral_worker_added(d: Data, who: Who) -> str:
    return (f"A neutral worker joins the {d['barge'].replace('-', ' ')}"
            + (f", pushing off {who(d['pushed'])}'s" if d["pushed"] is not None else ""))


def action_started(d: Data, who: Who) -> str:
    return f"Round {d['round']}'s actions begin with {who(d['active'])}"


def turn_began(d: Data, who: Who) -> str:
    return f"{who(d['owner'])}'s turn"


def actions_ended(d: Data, who: Who) -> str:
    return f"Everyone has passed: round {d['round']}'s attack follows"


# The nomads' attack, the round cleaned up, the game scored.

def battle_fought(d: Data, who: Who) -> str:
    defenders = ", ".join(f"{who(p['owner'])} {p['points']}" for p in d["places"]) or "nobody defends"
    return f"{NOMAD[d['nomad']]} attacks {SECTION[d['section']]} with strength {d['strength']}: {defenders}"


def strength_lowered(d: Data, who: Who) -> str:
    return f"Towers and walls lower the strength by {d['by']} to {d['strength']}"


def soldier_fallen(d: Data, who: Who) -> str:
    return f"{who(d['owner'])}'s soldier falls; strength {d['strength']}"


def building_raided(d: Data, who: Who) -> str:
    return f"The nomads raid {site(d['site'])}; strength {d['strength']}"


def excess_paid(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} pays {d['coins']} coins for the strength left"


def prestige_lost(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} loses {d['points']} prestige: {d['why']}"


def battle_won(d: Data, who: Who) -> str:
    return f"{SECTION[d['section']]} holds: {who(d['owner'])} gains {d['points']} prestige"


def nomad_reset(d: Data, who: Who) -> str:
    return f"{NOMAD[d['nomad']]} falls back to strength {d['strength']}"


def round_cleaned(d: Data, who: Who) -> str:
    return f"Round {d['round']} is cleaned up; turn order {', '.join(who(o) for o in d['order'])}"


def rival_cleaned_up(d: Data, who: Who) -> str:
    return f"{RIVAL_NAMES[d['rival']]}'s cards go back to be shuffled"


def game_scored(d: Data, who: Who) -> str:
    return ("Final scoring: " + ", ".join(f"{who(p['seat'])} +{p['total']}" for p in d["seats"])
            + (f", Li Mu +{d['rival']['total']}" if d["rival"] else ""))


def game_ended(d: Data, who: Who) -> str:
    if d["rival_won"] and not d["winners"]:
        result = f"{RIVAL_NAMES.get(d['rival_won'], d['rival_won'])} wins"
    else:
        result = " and ".join(who(w) for w in d["winners"]) + " win" + ("s" if len(d["winners"]) == 1 else "")
    return f"The game ends: {result} ({d['why']})"


# A seat's turn: a disc placed, the action it opens, and what the action gives.

def disc_placed(d: Data, who: Who) -> str:
    return (f"{who(d['seat'])} places a disc "
            + (f"in {REGION[d['region']]}" if d["region"] else "on the Fortify/Train space")
            + (f", paying {d['coins']} coins" if d["coins"] else ""))


def action_begun(d: Data, who: Who) -> str:
    doing = "ends the action" if d["acting"].get("finished") else f"goes on with the {d['acting']['kind']} action"
    return f"{who(d['seat'])} {doing}"


def turn_ended(d: Data, who: Who) -> str:
    return f"{who(d['seat'])}'s turn ends"


def advanced(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} advances on the {d['track']} track to step {d['steps'][1]}"


def reward_taken(d: Data, who: Who) -> str:
    return (f"{who(d['seat'])} gains {amounts(d['gain'])} from {source_words(d['source'])}"
            + (f" and has {', '.join(o['kind'] for o in d['owed'])} to choose" if d["owed"] else "")
            + (f" and the {d['token'].replace('-', ' ')} token" if d["token"] else ""))


def objective_drawn(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} draws an objective card"


def governor_installed(d: Data, who: Who) -> str:
    return (f"{who(d['seat'])} installs a governor in {site(d['site'])} for {d['wood']} wood"
            + (f", gaining {amounts(d['income'])}" if d["income"] else ""))


def tile_taken(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} takes the {d['tile'].replace('-', ' ')} tile"


def exchanged(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} exchanges {amounts(d['give'])} for {amounts(d['get'])}"


def shipped(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} places a shipping marker in {REGION.get(d['port'], d['port'])}"


def crate_delivered(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} delivers {d['good']} to ship {d['ship'] + 1} of {REGION.get(d['port'], d['port'])}"


def piece_placed(d: Data, who: Who) -> str:
    return (f"{who(d['seat'])} places a {d['piece'].replace('-', ' ')} in {SECTION[d['section']]}"
            + (f" for {amounts(d['paid'])}" if d["paid"] else ""))


def barge_joined(d: Data, who: Who) -> str:
    return (f"{who(d['seat'])} puts a {'neutral ' if d['neutral'] else ''}worker on the "
            f"{d['barge'].replace('-', ' ')} for {d['coins']} coins"
            + (f", pushing off {who(d['pushed'])}'s" if d["pushed"] is not None else ""))


def merchants_paid(d: Data, who: Who) -> str:
    return f"{who(d['seat'])}'s merchant spaces are full and pay their reward"


def seat_passed(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} passes, taking place {d['place']} in the next turn order"


def advance_bought(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} buys an advance on the {d['track']} track for {d['coins']} coins"


def good_chosen(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} chooses {d['good']}"


def advance_chosen(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} chooses the {d['track']} track"


def shipping_placed(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} places the bonus shipping marker in {REGION.get(d['port'], d['port'])}"


def disc_discarded(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} discards a disc for {d['coins']} coins"


def tile_used(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} uses the {d['tile'].replace('-', ' ')} tile"


def objective_discarded(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} discards {OBJECTIVE[d['objective']]} for its reward"


def choice_forgone(d: Data, who: Who) -> str:
    return (f"{who(d['seat'])} forgoes the {d['kind']} from {source_words(d['source'])}: "
            "nothing is left to choose")


# A table laid out by a scenario.

def table_laid(d: Data, who: Who) -> str:
    return f"A chosen table is laid out: round {d['round']}, {who(d['active'])} to play"


def seat_laid(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} is shown their {d['objectives']} objective cards"


def say(line: Line, event: Event, names: Sequence[str]) -> str:
    """An event's line as the replay reads it (domain.event_table): seats by `names`, the rival by his."""
    data = event.data

    def who(owner: int | None) -> str:
        return owner_name(names, owner, data.get("rival") or None)

    return line(data, who)

