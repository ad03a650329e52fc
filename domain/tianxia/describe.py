"""One line of the replay for each Tianxia event, from its public facts only, naming seats by the
names given and the rivals as a reader would ("Li Mu", "the Bot")."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from domain.contract import Event, seat_name
from domain.tianxia.board.loader import BOARD

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


Line = Callable[[Mapping[str, Any], Callable[[int | None], str]], str]

LINES: dict[str, Line] = {
    "game_prepared": lambda d, who: f"A game of Tianxia is laid out: {d['mode']}"
                                    + (f" at {d['difficulty']}" if d["difficulty"] else "")
                                    + f"; turn order {', '.join(who(o) for o in d['order'])}",
    "buildings_dealt": lambda d, who: "Two arrangements of the buildings are dealt",
    "tiles_laid": lambda d, who: "Bonus tiles are laid on the Palace steps and beside every building",
    "ships_launched": lambda d, who: "Ships take to the sea; each port draws its demand tile",
    "round_stacks_made": lambda d, who: f"{d['stacks']} face-down stacks of {d['tiles']} bonus tiles are made",
    "attack_deck_shuffled": lambda d, who: f"The {d['deck']} nomad attack deck is shuffled",
    "bags_shuffled": lambda d, who: "The tile bag, the ship deck and the objective deck are shuffled",
    "objectives_dealt": lambda d, who: f"{who(d['seat'])} is dealt {d['count']} objective cards",
    "starting_buildings_offered": lambda d, who: f"{who(d['seat'])} draws {d['count']} starting buildings",
    "rival_prepared": lambda d, who: f"{RIVAL_NAMES[d['kind']]}'s cards are prepared",
    "supply_taken": lambda d, who: f"{who(d['seat'])} takes {amounts(d['gain'])}"
                                   + (f" (the {d['supply'].replace('-', ' ')} supply)" if d["supply"] else ""),
    "supplies_offered": lambda d, who: f"{len(d['supplies'])} starting supplies are offered",
    "arrangement_chosen": lambda d, who: f"{who(d['seat'])} chooses building arrangement {d['choice'] + 1}",
    "start_chosen": lambda d, who: f"{who(d['seat'])} takes player board {d['side']} and keeps the "
                                   f"{STARTING[d['building']]}",
    "round_started": lambda d, who: f"Round {d['round']} begins",
    "attack_revealed": lambda d, who: "The nomads advance: " + "; ".join(
        f"{NOMAD[n]} strength {m['strength']}, {m['distance']} from the wall" for n, m in d["nomads"].items()),
    "display_turned": lambda d, who: f"{len(d['tiles'])} bonus tiles are turned up under the round track",
    "rival_deck_made": lambda d, who: f"{RIVAL_NAMES[d['rival']]}'s cards for the round are drawn",
    "rival_cards_turned": lambda d, who: f"{RIVAL_NAMES[d['rival']]} turns up {' and '.join(d['open'])}",
    "income_paid": lambda d, who: f"{who(d['seat'])} gains {amounts(d['gain'])} in income",
    "neutral_worker_added": lambda d, who: f"A neutral worker joins the {d['barge'].replace('-', ' ')}"
                                           + (f", pushing off {who(d['pushed'])}'s" if d["pushed"] is not None else ""),
    "action_started": lambda d, who: f"Round {d['round']}'s actions begin with {who(d['active'])}",
    "turn_began": lambda d, who: f"{who(d['owner'])}'s turn",
    "actions_ended": lambda d, who: f"Everyone has passed: round {d['round']}'s attack follows",
    "battle_fought": lambda d, who: f"{NOMAD[d['nomad']]} attacks {SECTION[d['section']]} with strength "
                                    f"{d['strength']}: " + (", ".join(f"{who(p['owner'])} {p['points']}"
                                                                      for p in d["places"]) or "nobody defends"),
    "strength_lowered": lambda d, who: f"Towers and walls lower the strength by {d['by']} to {d['strength']}",
    "soldier_fallen": lambda d, who: f"{who(d['owner'])}'s soldier falls; strength {d['strength']}",
    "building_raided": lambda d, who: f"The nomads raid {site(d['site'])}; strength {d['strength']}",
    "excess_paid": lambda d, who: f"{who(d['seat'])} pays {d['coins']} coins for the strength left",
    "prestige_lost": lambda d, who: f"{who(d['seat'])} loses {d['points']} prestige: {d['why']}",
    "battle_won": lambda d, who: f"{SECTION[d['section']]} holds: {who(d['owner'])} gains {d['points']} prestige",
    "nomad_reset": lambda d, who: f"{NOMAD[d['nomad']]} falls back to strength {d['strength']}",
    "round_cleaned": lambda d, who: f"Round {d['round']} is cleaned up; turn order "
                                    f"{', '.join(who(o) for o in d['order'])}",
    "rival_cleaned_up": lambda d, who: f"{RIVAL_NAMES[d['rival']]}'s cards go back to be shuffled",
    "game_scored": lambda d, who: "Final scoring: " + ", ".join(f"{who(p['seat'])} +{p['total']}" for p in d["seats"])
                                  + (f", Li Mu +{d['rival']['total']}" if d["rival"] else ""),
    "game_ended": lambda d, who: "The game ends: " + (
        f"{RIVAL_NAMES.get(d['rival_won'], d['rival_won'])} wins" if d["rival_won"] and not d["winners"]
        else " and ".join(who(w) for w in d["winners"]) + " win" + ("s" if len(d["winners"]) == 1 else "")) + f" ({d['why']})",
    "disc_placed": lambda d, who: f"{who(d['seat'])} places a disc "
                                  + (f"in {REGION[d['region']]}" if d["region"] else "on the Fortify/Train space")
                                  + (f", paying {d['coins']} coins" if d["coins"] else ""),
    "action_begun": lambda d, who: f"{who(d['seat'])} " + (
        "ends the action" if d["acting"].get("finished") else f"goes on with the {d['acting']['kind']} action"),
    "turn_ended": lambda d, who: f"{who(d['seat'])}'s turn ends",
    "advanced": lambda d, who: f"{who(d['seat'])} advances on the {d['track']} track to step {d['steps'][1]}",
    "reward_taken": lambda d, who: f"{who(d['seat'])} gains {amounts(d['gain'])} from {source_words(d['source'])}"
                                   + (f" and has {', '.join(o['kind'] for o in d['owed'])} to choose" if d["owed"] else "")
                                   + (f" and the {d['token'].replace('-', ' ')} token" if d["token"] else ""),
    "objective_drawn": lambda d, who: f"{who(d['seat'])} draws an objective card",
    "governor_installed": lambda d, who: f"{who(d['seat'])} installs a governor in {site(d['site'])} for {d['wood']} wood"
                                         + (f", gaining {amounts(d['income'])}" if d["income"] else ""),
    "tile_taken": lambda d, who: f"{who(d['seat'])} takes the {d['tile'].replace('-', ' ')} tile",
    "exchanged": lambda d, who: f"{who(d['seat'])} exchanges {amounts(d['give'])} for {amounts(d['get'])}",
    "shipped": lambda d, who: f"{who(d['seat'])} places a shipping marker in {REGION.get(d['port'], d['port'])}",
    "crate_delivered": lambda d, who: f"{who(d['seat'])} delivers {d['good']} to ship {d['ship'] + 1} of "
                                      f"{REGION.get(d['port'], d['port'])}",
    "piece_placed": lambda d, who: f"{who(d['seat'])} places a {d['piece'].replace('-', ' ')} in {SECTION[d['section']]}"
                                   + (f" for {amounts(d['paid'])}" if d["paid"] else ""),
    "barge_joined": lambda d, who: f"{who(d['seat'])} puts a {'neutral ' if d['neutral'] else ''}worker on the "
                                   f"{d['barge'].replace('-', ' ')} for {d['coins']} coins"
                                   + (f", pushing off {who(d['pushed'])}'s" if d["pushed"] is not None else ""),
    "merchants_paid": lambda d, who: f"{who(d['seat'])}'s merchant spaces are full and pay their reward",
    "seat_passed": lambda d, who: f"{who(d['seat'])} passes, taking place {d['place']} in the next turn order",
    "advance_bought": lambda d, who: f"{who(d['seat'])} buys an advance on the {d['track']} track for {d['coins']} coins",
    "good_chosen": lambda d, who: f"{who(d['seat'])} chooses {d['good']}",
    "advance_chosen": lambda d, who: f"{who(d['seat'])} chooses the {d['track']} track",
    "shipping_placed": lambda d, who: f"{who(d['seat'])} places the bonus shipping marker in {REGION.get(d['port'], d['port'])}",
    "disc_discarded": lambda d, who: f"{who(d['seat'])} discards a disc for {d['coins']} coins",
    "tile_used": lambda d, who: f"{who(d['seat'])} uses the {d['tile'].replace('-', ' ')} tile",
    "objective_discarded": lambda d, who: f"{who(d['seat'])} discards {OBJECTIVE[d['objective']]} for its reward",
    "table_laid": lambda d, who: f"A chosen table is laid out: round {d['round']}, {who(d['active'])} to play",
    "seat_laid": lambda d, who: f"{who(d['seat'])} is shown their {d['objectives']} objective cards",
    "choice_forgone": lambda d, who: f"{who(d['seat'])} forgoes the {d['kind']} from {source_words(d['source'])}: "
                                     "nothing is left to choose",
}


def rival_line(data: Mapping[str, Any], kind: str) -> str:
    name = RIVAL_NAMES.get(data["rival"], data["rival"])
    # The card a line comes from, unless the words name it already.
    card = f" ({data['card']})" if data.get("card") and kind not in ("rival_card_chosen", "rival_card_discarded") else ""
    why = f": {data['why']}" if data.get("why") else ""
    what = {
        "rival_card_chosen": lambda: (f"rolls {data['roll']} and resolves {data['card']}" if data.get("roll")
                                      else f"resolves {data['card']}"),
        "rival_marker_placed": lambda: "places an action marker " + (
            f"in {REGION[data['region']]}" if data["region"] else "on the Fortify/Train space"),
        "rival_advanced": lambda: f"advances on the {data['track']} track to step {data['steps'][1]}",
        "rival_governor_placed": lambda: f"places a governor in {site(data['site'])}",
        "rival_tile_claimed": lambda: f"claims the {data['tile'].replace('-', ' ')} tile",
        "rival_tile_removed": lambda: f"removes the {data['tile'].replace('-', ' ')} tile from the game",
        "rival_soldiers_placed": lambda: f"places {data['count']} soldier{'s' * (data['count'] > 1)} in "
                                         f"{SECTION[data['section']]} (defence {data['defence'][0]} to {data['defence'][1]})",
        "rival_wall_placed": lambda: f"builds a wall{' and a soldier' * data['with_soldier']} in {SECTION[data['section']]}",
        "rival_worker_placed": lambda: f"puts a worker on the {data['barge'].replace('-', ' ')}",
        "rival_delivered": lambda: f"places a delivery marker on ship {data['ship'] + 1} of {REGION.get(data['port'], data['port'])}",
        "rival_shipping_marker_placed": lambda: f"places a shipping marker in {REGION.get(data['port'], data['port'])}",
        "rival_prestige_gained": lambda: f"gains {data['points']} prestige",
        "rival_line_skipped": lambda: "skips a line",
        "rival_card_discarded": lambda: f"discards {data['card']}",
        "rival_card_drawn": lambda: f"turns up {data['drawn']}",
        "rival_passed": lambda: "passes",
    }[kind]()
    return f"{name}{card} {what}{why}"


def say(line: Line, event: Event, names: Sequence[str]) -> str:
    """An event's line as the replay reads it (domain.event_table): seats by `names`, the rival by his."""
    data = event.data

    def who(owner: int | None) -> str:
        return owner_name(names, owner, data.get("rival") or None)

    return line(data, who)


def rival(kind: str) -> Line:
    """The line of a rival's event that has no line of its own (`rival_line`)."""
    return lambda data, who: rival_line(data, kind)
