"""Tianxia players for the person seats: the random one, and the steward, who plays for prestige.

The steward is one-ply greedy: it values each legal action from its seat's view with a fixed table,
in prestige: what the action gains (a Palace step by its final value and its reward, a governor by
the income it pays in the rounds left, a crate by its ship's space, a piece on the wall by the
battle prestige it wins where a chieftain attacks this round), less what it costs (coins,
resources, the rival's gain). An action disc is worth keeping only while a better use is offered;
it passes when nothing left is worth its cost. Deterministic up to random tie-breaks.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain.bots import RandomBot, best_of, highest
from domain.contract import Action
from domain.rng import Rng
from domain.tianxia.board.loader import BOARD
from domain.tianxia.state import NEUTRAL

__all__ = ["RandomBot", "Steward"]

View = Mapping[str, Any]

# What a thing is worth, in prestige, while there are rounds left to use it.
WORTH = {"coins": 0.4, "wood": 0.6, "stone": 0.6, "rice": 0.6, "silk": 1.0, "salt": 1.0, "bronze": 1.0,
         "good": 1.0, "prestige": 1.0, "advance": 3.0, "soldier": 1.5, "wall": 1.5, "objective": 0.8}
LEFTOVERS = ("coins", "wood", "stone", "rice", "silk", "salt", "bronze", "good")  # in the last round, leftovers only
TOKEN = 2.0  # a special Palace token
TILE_TAKEN = 1.5  # a bonus tile from a step, before knowing which
DISC = 2.5  # an action disc kept: what a Region or Military action usually brings
PASS_WITH_NOTHING_LEFT = 0.35
DEFENCE = {"wall": 1, "tower": 2, "soldier": 1}
SECTION_PIECES = (("walls", DEFENCE["wall"]), ("towers", DEFENCE["tower"]), ("soldiers", DEFENCE["soldier"]))
ATTACKS = {nomad.attacks: nomad.id for nomad in reversed(BOARD.nomads.values())}  # section -> the first nomad at it


def worths(last_round: bool) -> dict[str, float]:
    """What each thing is worth: WORTH, and in the last round its goods and coins as leftovers."""
    if not last_round:
        return dict(WORTH)
    return {**WORTH, **dict.fromkeys(LEFTOVERS, 1 / BOARD.numbers.leftovers_per_prestige)}


def amounts_worth(amounts: Mapping[str, Any], worth: Mapping[str, float]) -> float:
    """What a reward or cost of the board's (name -> count) is worth at the prices `worth`."""
    total = 0.0
    for name, count in amounts.items():
        if name == "token":
            total += TOKEN
        elif name == "tiles":
            total += TILE_TAKEN
        elif isinstance(count, int):
            total += worth.get(name, 0.0) * count
    return total


class Prices:
    """What the board's fixed rewards and costs are worth, worked out at import for the rounds
    before the last and for the last (its goods worth only leftovers): a playout's steward would
    otherwise add the same rewards up again at every decision."""

    def __init__(self, last_round: bool):
        self.worth = worth = worths(last_round)
        # A Palace step's reward, its token included, by track and step.
        self.steps = {track: tuple(amounts_worth(step.reward, worth) + (TOKEN if step.token else 0) for step in board.steps)
                      for track, board in BOARD.tracks.items()}
        # What a building pays its governor each round: its income, or each effect's gain (1.0 without one).
        self.buildings = {building_id: amounts_worth(building.income, worth) if building.kind == "income"
                          else sum(amounts_worth(effect.gain, worth) if effect.gain else 1.0 for effect in building.effects)
                          for building_id, building in BOARD.buildings.items()}
        self.demand_bonus = {demand_id: amounts_worth(demand.bonus, worth) for demand_id, demand in BOARD.demands.items()}
        self.ship_spaces = {ship_id: tuple(amounts_worth(space, worth) for space in ship.spaces)
                            for ship_id, ship in BOARD.ships.items()}
        self.tiles = {tile_id: amounts_worth(tile.once or {}, worth) for tile_id, tile in BOARD.tiles.items()}
        self.exchange_gives = {region_id: amounts_worth(region.give, worth) for region_id, region in BOARD.regions.items()}
        # An objective discarded: its reward less what it would score.
        self.discarded = {objective_id: amounts_worth(objective.reward, worth) - min(objective.points * 2, objective.most) * 0.6
                          for objective_id, objective in BOARD.objectives.items()}


PRICES = {last_round: Prices(last_round) for last_round in (False, True)}
FINAL_FIGURINES = BOARD.figurines.final
# A jade figurine taken, by the kinds owned before: the final scoring's gain, and a little more.
FIGURINE_GAIN = tuple(FINAL_FIGURINES[min(owned + 1, len(FINAL_FIGURINES) - 1)] - FINAL_FIGURINES[owned] + 0.5
                      for owned in range(len(FINAL_FIGURINES)))


class Steward:
    name = "steward"
    version = "2"  # 2: a shipment is valued in its own port

    def choose(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        if len(legal) == 1:  # a lone action is not weighed (`best_of` asks no value of it), only drawn as a tie among one
            return best_of(legal, float, rng)
        seat = view["active"] if view.get("active") is not None else 0
        return highest(legal, Judgement(view, seat, legal).values(), rng)


class Judgement:
    """One decision's values, from `seat`'s view. What several actions share (a Palace step, a
    wall section's defences, a Military action's best piece) is judged once a decision; what the
    board fixes, once at import (`Prices`)."""

    def __init__(self, view: View, seat: int, legal: Sequence[Action]):
        self.view, self.seat, self.legal = view, seat, legal
        self.mine = view["seats"][seat]
        self.rounds_left = BOARD.numbers.rounds - view["round"]
        self.prices = PRICES[not self.rounds_left]
        self.worth = self.prices.worth
        self.palace_steps: dict[tuple[str, int], float] = {}
        self.fronts: dict[str, tuple[dict[int, int], int, int, float]] = {}
        self.fortified: tuple[float, float] | None = None

    # --- what things are worth -------------------------------------------------------------------

    def step(self, track: str | None, steps: int = 1) -> float:
        """Moving this seat's marker `steps` up `track`: the final value gained, the steps'
        rewards, and a rank at the end when it passes the others (judged once a decision: a
        region's and a Military action's Palace step are often the same)."""
        if track is None:
            return 0.0
        value = self.palace_steps.get((track, steps))
        if value is None:
            value = self.palace_steps[track, steps] = self._step(track, steps)
        return value

    def _step(self, track: str, steps: int) -> float:
        seat, now, ahead = self.seat, -1, 0
        for number, owners in enumerate(self.view["palace"][track]):  # this seat's step and the highest other's, in one pass
            if owners:  # most steps hold no marker: no loop begun over them
                for owner in owners:
                    if owner == seat:
                        if now < 0:
                            now = number
                    elif owner != NEUTRAL:
                        ahead = number
        if now >= BOARD.palace.steps:
            return -1.0
        to = min(BOARD.palace.steps, now + steps)
        final = BOARD.palace.final
        value = final[to] - final[now]
        rewards, tiles = self.prices.steps[track], self.view["step_tiles"][track]
        for number in range(now + 1, to + 1):
            value += rewards[number]
            value += TILE_TAKEN if any(tiles[number]) else 0
        if to > BOARD.palace.neutral_step and now <= ahead < to:
            value += BOARD.palace.ranks[0] - BOARD.palace.ranks[1]
        return value

    def tile(self, tile_id: str) -> float:
        if BOARD.tiles[tile_id].figurine is None:
            return self.prices.tiles[tile_id]
        return FIGURINE_GAIN[len(set(self.mine["figurines"]))]

    # --- the wall --------------------------------------------------------------------------------

    def front(self, section: str) -> tuple[dict[int, int], int, int, float]:
        """A wall section as a piece there is judged, read once a decision: each owner's defence
        there, the battle prestige this seat would take now, the strength its chieftain keeps past
        the pieces, and how soon it attacks."""
        front = self.fronts.get(section)
        if front is None:
            pieces, moved = self.view["sections"][section], self.view["nomads"][ATTACKS[section]]
            totals: dict[int, int] = {}
            strength = moved["strength"]
            for kind, defence in SECTION_PIECES:
                placed = pieces[kind]
                if placed:  # most sections hold few kinds of piece: no loop begun over the others
                    strength -= defence * len(placed)
                    for owner in placed:
                        totals[owner] = totals.get(owner, 0) + defence
            distance = moved["distance"]
            soon = 1.0 if distance == 0 and self.view["phase"] == "action" else 0.5 if distance <= 1 else 0.25
            now = totals.get(self.seat)
            front = self.fronts[section] = (totals, 0 if now is None else self.prize(totals, now), strength, soon)
        return front

    def prize(self, totals: Mapping[int, int], mine: int) -> int:
        """The battle prestige this seat would take with a defence of `mine` beside the others'
        `totals` (ties to the others)."""
        better = 0
        for owner, total in totals.items():
            if owner != self.seat and total >= mine:
                better += 1
        prizes = BOARD.numbers.battle_prestige
        return prizes[better] if better < len(prizes) else 0

    def piece(self, kind: str, section: str, double: bool = False) -> float:
        """A wall, tower or soldier in `section`: the battle prestige it gains if the chieftain
        attacks there this round (half of it if next round), and the strength it takes away."""
        return self.piece_at(self.front(section), kind, DEFENCE[kind] * (2 if double else 1))

    def piece_at(self, front: tuple[dict[int, int], int, int, float], kind: str, added: int) -> float:
        """`piece`, on a section read as `front`, the piece adding `added` to this seat's defence."""
        totals, prize, strength_left, soon = front
        gain = self.prize(totals, totals.get(self.seat, 0) + added) - prize
        if strength_left > 0:
            gain += min(added, strength_left) * 1.5  # fewer raids, less excess to pay
        if kind == "soldier":
            gain += 0.5  # a fallen soldier scores its owner a point
        return gain * soon + 0.3 * self.rounds_left

    def piece_cost(self, kind: str) -> float:
        if kind == "soldier":
            return self.worth["rice"] * BOARD.numbers.soldier_rice
        side = BOARD.player_boards[self.mine["side"]] if self.mine.get("side") else None
        if side is None:
            return 0.0
        costs, left = (side.walls, self.mine["walls"]) if kind == "wall" else (side.towers, self.mine["towers"])
        return self.worth["stone"] * costs[len(costs) - left] if left else 0.0

    # --- the region's follow-ups ----------------------------------------------------------------

    def governor(self, site_id: str, space: int) -> float:
        site = self.view["sites"][site_id]
        value = self.prices.buildings[site["building"]] * (1 + self.rounds_left)
        tile = site["tile"]
        if tile is not None and BOARD.tiles[tile].figurine not in self.mine["figurines"]:
            value += self.tile(tile)
        wood = BOARD.buildings[site["building"]].wood + BOARD.sites[site_id].governor_wood[space]
        return value + 0.5 - self.worth["wood"] * wood

    def ship(self, port: str, goods: Sequence[str]) -> float:
        """Loading `goods` in `port`: each free space's reward and the demand's bonus, less the goods."""
        bonus = self.prices.demand_bonus[self.view["demands"][port]]
        value = 0  # as `sum` starts: the same float, added up in the same order
        left = len(goods)
        for ship in self.view["ports"][port] if left else ():  # the free spaces, top ship first
            spaces = self.prices.ship_spaces[ship["ship"]]
            for space, owner in enumerate(ship["crates"]):
                if owner is None and left:
                    value += spaces[space] + bonus
                    left -= 1
        given = 0
        for good in goods:
            given += self.worth.get(good, 0.0)
        value -= given
        first_marker = self.seat not in self.view["shipping"][port]
        return value + (0.8 if first_marker else 0.0)

    def region(self, region_id: str) -> float:
        """A Region action: its Palace step, its best follow-up (a governor, a shipment, or else
        little), less the coins of the discs there."""
        region, mine = BOARD.regions[region_id], self.mine
        best = 0.3
        if mine["meeples"]:
            sites = self.view["sites"]
            for site_id in region.sites:  # the first free governor space of each built site
                site = sites[site_id]
                if site["building"]:
                    for space, owner in enumerate(site["governors"]):
                        if owner is None:
                            value = self.governor(site_id, space)
                            if value > best:
                                best = value
                            break
        if region.port and mine["shipping"]:
            held: list[str] = []
            for good in BOARD.demands[self.view["demands"][region.port]].goods:
                held += [good] * mine["goods"][good]
            value = self.ship(region.port, held[:mine["crates"]])
            if value > best:
                best = value
        return self.step(region.palace) + best - self.worth["coins"] * len(self.view["discs"][region_id])

    # --- every action ----------------------------------------------------------------------------

    def values(self) -> list[float]:
        """Each legal action's value, in the legal order, by its type's judge (on_<type>, looked up
        once for the class; none: 0.0)."""
        values = []
        for action in self.legal:  # a loop calling each judge straight: one call an action, not two
            judge = JUDGES.get(action["type"])
            values.append(judge(self, action) if judge else 0.0)
        return values

    def on_region(self, action: Action) -> float:
        return self.region(action["region"]) - DISC + 1.0

    def on_military(self, action: Action) -> float:
        best, cost = self.fortifying()
        return self.step(action["track"]) + best - cost - DISC + 1.0

    def fortifying(self) -> tuple[float, float]:
        """A Military action's best piece on the wall (none: 0) and its coins, the same whatever its
        track: judged once a decision."""
        if self.fortified is None:
            soldier_cost, wall_cost = self.piece_cost("soldier"), self.piece_cost("wall")
            best = 0.0
            for section in BOARD.walls:  # each section read once for both pieces
                front = self.front(section)
                value = self.piece_at(front, "soldier", DEFENCE["soldier"]) - soldier_cost
                if value > best:
                    best = value
                value = self.piece_at(front, "wall", DEFENCE["wall"]) - wall_cost
                if value > best:
                    best = value
            self.fortified = best, self.worth["coins"] * len(self.view["fortify_discs"])
        return self.fortified

    def on_barge(self, action: Action) -> float:
        barge = action["barge"]
        workers = self.view["barges"][barge]
        cost = BOARD.numbers.barge_coins + workers.count(self.seat)
        value = self.worth[BOARD.barges[barge].resource] + 0.3 - self.worth["coins"] * cost
        if len(workers) >= BOARD.barges[barge].workers:
            rival = self.view.get("rival")
            if rival and workers[-1] == rival["owner"] and rival["kind"] == "li-mu":
                value -= 3  # Li Mu gains 3 prestige when his worker is pushed off (L143)
        return value

    def on_pass(self, action: Action) -> float:
        discs_usable = any(legal["type"] in ("region", "military") for legal in self.legal)  # while it can be placed
        return PASS_WITH_NOTHING_LEFT - DISC * self.mine["discs"] * discs_usable

    def on_discard_disc(self, action: Action) -> float:
        return self.worth["coins"] * BOARD.numbers.disc_coins - DISC

    def on_use_tile(self, action: Action) -> float:
        return self.prices.tiles[action["tile"]] - 0.2

    def on_discard_objective(self, action: Action) -> float:
        return self.prices.discarded[action["objective"]]

    def on_governor(self, action: Action) -> float:
        return self.governor(action["site"], action["space"])

    def on_exchange(self, action: Action) -> float:
        give = self.prices.exchange_gives[self.view["acting"]["region"]]
        return action["times"] * (self.worth.get(action["get"], 0.0) - give) - 0.1 * action["times"]

    def on_ship(self, action: Action) -> float:
        """A shipment goes to the port of the region whose action is under way."""
        return self.ship(BOARD.regions[self.view["acting"]["region"]].port, action["goods"])

    def on_wall(self, action: Action) -> float:
        return self.piece("wall", action["section"]) - self.piece_cost("wall")

    def on_tower(self, action: Action) -> float:
        return self.piece("tower", action["section"], action.get("double", False)) - self.piece_cost("tower")

    def on_soldier(self, action: Action) -> float:
        return self.piece("soldier", action["section"]) - self.piece_cost("soldier")

    def on_tile(self, action: Action) -> float:
        return self.tile(action["tile"])

    def on_buy_advance(self, action: Action) -> float:
        bought = self.view["acting"]["bought"]
        price = BOARD.figurines.pass_coins[min(bought, len(BOARD.figurines.pass_coins) - 1)]
        return self.step(action["track"]) - self.worth["coins"] * price

    def on_advance(self, action: Action) -> float:
        return self.step(action["track"])

    def on_good(self, action: Action) -> float:
        good = action["good"]
        demanded = False
        for demand in self.view["demands"].values():
            if good in BOARD.demands[demand].goods:
                demanded = True
                break
        return self.worth[good] + (0.2 if demanded else 0.0)

    def on_port(self, action: Action) -> float:
        return 0.5 if self.seat not in self.view["shipping"][action["port"]] else 0.1

    def on_end(self, action: Action) -> float:
        return 0.05


JUDGES = {name.removeprefix("on_"): judge for name, judge in vars(Judgement).items() if name.startswith("on_")}
