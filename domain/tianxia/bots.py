"""Tianxia players for the person seats: the random one, and the steward, who plays for prestige.

The steward is one-ply greedy: it values each legal action from its seat's view with a fixed table,
in prestige: what the action gains (a Palace step by its final value and its reward, a governor by
the income it pays in the rounds left, a crate by its ship's space, a piece on the wall by the
battle prestige it wins where a chieftain attacks this round), less what it costs (coins,
resources, the rival's gain). An action disc is worth keeping only while a better use is offered;
it passes when nothing left is worth its cost. Deterministic up to random tie-breaks.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Mapping, Sequence

from domain.bots import RandomBot, best_of
from domain.contract import Action
from domain.rng import Rng
from domain.tianxia.board.loader import BOARD
from domain.tianxia.state import NEUTRAL

__all__ = ["RandomBot", "Steward"]

View = Mapping[str, Any]

# What a thing is worth, in prestige, while there are rounds left to use it.
WORTH = {"coins": 0.4, "wood": 0.6, "stone": 0.6, "rice": 0.6, "silk": 1.0, "salt": 1.0, "bronze": 1.0,
         "good": 1.0, "prestige": 1.0, "advance": 3.0, "soldier": 1.5, "wall": 1.5, "objective": 0.8}
TOKEN = 2.0  # a special Palace token
TILE_TAKEN = 1.5  # a bonus tile from a step, before knowing which
DISC = 2.5  # an action disc kept: what a Region or Military action usually brings
PASS_WITH_NOTHING_LEFT = 0.35
DEFENCE = {"wall": 1, "tower": 2, "soldier": 1}
ATTACKS = {nomad.attacks: nomad.id for nomad in reversed(BOARD.nomads.values())}  # section -> the first nomad at it
# An objective discarded: its worth, by objective and whether it is the last round, worked out once
# (`amounts` reads nothing else): a playout's steward weighs every objective it may discard each decision.
DISCARDED: dict[tuple[str, bool], float] = {}


class Steward:
    name = "steward"
    version = "2"  # 2: a shipment is valued in its own port

    def choose(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        seat = view["active"] if view.get("active") is not None else 0
        judgement = Judgement(view, seat, legal)
        return best_of(legal, judgement.value, rng)


class Judgement:
    """One decision's values, from `seat`'s view."""

    def __init__(self, view: View, seat: int, legal: Sequence[Action]):
        self.view, self.seat = view, seat
        # A disc is worth keeping only while it can still be placed.
        self.discs_usable = any(action["type"] in ("region", "military") for action in legal)
        self.mine = view["seats"][seat]
        self.rounds_left = BOARD.numbers.rounds - view["round"]
        self.rival = view["rival"]["owner"] if view.get("rival") else None
        self.palace_steps: dict[tuple[str, int], float] = {}

    # --- what things are worth -------------------------------------------------------------------

    def worth(self, name: str, count: int = 1) -> float:
        value = WORTH.get(name, 0.0)
        if not self.rounds_left and name in ("coins", "wood", "stone", "rice", "silk", "salt", "bronze", "good"):
            value = 1 / BOARD.numbers.leftovers_per_prestige  # the last round: leftovers only
        return value * count

    def amounts(self, amounts: Mapping[str, Any]) -> float:
        total = 0.0
        for name, count in amounts.items():
            if name == "token":
                total += TOKEN
            elif name == "tiles":
                total += TILE_TAKEN
            elif isinstance(count, int):
                total += self.worth(name, count)
        return total

    def step(self, track: str | None, steps: int = 1) -> float:
        """Moving this seat's marker `steps` up `track`: the final value gained, the steps'
        rewards, and a rank at the end when it passes the others (judged once a decision: a
        region's and a Military action's Palace step are often the same)."""
        if track is None:
            return 0.0
        if (track, steps) not in self.palace_steps:
            self.palace_steps[track, steps] = self._step(track, steps)
        return self.palace_steps[track, steps]

    def _step(self, track: str, steps: int) -> float:
        palace = self.view["palace"][track]
        now = next(number for number, owners in enumerate(palace) if self.seat in owners)
        if now >= BOARD.palace.steps:
            return -1.0
        to = min(BOARD.palace.steps, now + steps)
        final = BOARD.palace.final
        value = final[to] - final[now]
        for number in range(now + 1, to + 1):
            reward = BOARD.tracks[track].steps[number]
            value += self.amounts(reward.reward) + (TOKEN if reward.token else 0)
            value += TILE_TAKEN if any(self.view["step_tiles"][track][number]) else 0
        others = [number for number, owners in enumerate(palace) for owner in owners
                  if owner not in (self.seat, NEUTRAL)]
        ahead = max(others, default=0)
        if to > BOARD.palace.neutral_step and now <= ahead < to:
            value += BOARD.palace.ranks[0] - BOARD.palace.ranks[1]
        return value

    def tile(self, tile_id: str) -> float:
        tile = BOARD.tiles[tile_id]
        if tile.figurine is None:
            return self.amounts(tile.once or {})
        owned = len(set(self.mine["figurines"]))
        final = BOARD.figurines.final
        return final[min(owned + 1, len(final) - 1)] - final[owned] + 0.5

    # --- the wall --------------------------------------------------------------------------------

    def defences(self, section: str) -> dict[int, int]:
        pieces = self.view["sections"][section]
        totals: dict[int, int] = {}
        for kind in ("walls", "towers", "soldiers"):
            for owner in pieces[kind]:
                totals[owner] = totals.get(owner, 0) + DEFENCE[kind[:-1]]
        return totals

    def prize(self, totals: Mapping[int, int]) -> int:
        """The battle prestige this seat would take with these defence totals (ties to the others)."""
        if self.seat not in totals:
            return 0
        better = sum(1 for owner, total in totals.items() if owner != self.seat and total >= totals[self.seat])
        prizes = BOARD.numbers.battle_prestige
        return prizes[better] if better < len(prizes) else 0

    def piece(self, kind: str, section: str, double: bool = False) -> float:
        """A wall, tower or soldier in `section`: the battle prestige it gains if the chieftain
        attacks there this round (half of it if next round), and the strength it takes away."""
        moved = self.view["nomads"][ATTACKS[section]]
        totals = self.defences(section)
        added = DEFENCE[kind] * (2 if double else 1)
        after = {**totals, self.seat: totals.get(self.seat, 0) + added}
        gain = self.prize(after) - self.prize(totals)
        pieces = self.view["sections"][section]
        strength_left = moved["strength"] - 2 * len(pieces["towers"]) - len(pieces["walls"]) - len(pieces["soldiers"])
        if strength_left > 0:
            gain += min(added, strength_left) * 1.5  # fewer raids, less excess to pay
        if kind == "soldier":
            gain += 0.5  # a fallen soldier scores its owner a point
        soon = 1.0 if moved["distance"] == 0 and self.view["phase"] == "action" else 0.5 if moved["distance"] <= 1 else 0.25
        return gain * soon + 0.3 * self.rounds_left

    def piece_cost(self, kind: str) -> float:
        side = BOARD.player_boards[self.mine["side"]] if self.mine.get("side") else None
        if kind == "soldier":
            return self.worth("rice", BOARD.numbers.soldier_rice)
        if side is None:
            return 0.0
        costs, left = (side.walls, self.mine["walls"]) if kind == "wall" else (side.towers, self.mine["towers"])
        return self.worth("stone", costs[len(costs) - left]) if left else 0.0

    # --- the region's follow-ups ----------------------------------------------------------------

    def governor(self, site_id: str, space: int) -> float:
        site = self.view["sites"][site_id]
        building = BOARD.buildings[site["building"]]
        wood = building.wood + BOARD.sites[site_id].governor_wood[space]
        if building.kind == "income":
            value = self.amounts(building.income) * (1 + self.rounds_left)
        else:
            value = sum(self.amounts(effect.gain) if effect.gain else 1.0 for effect in building.effects)
            value *= 1 + self.rounds_left
        if site["tile"] is not None and BOARD.tiles[site["tile"]].figurine not in self.mine["figurines"]:
            value += self.tile(site["tile"])
        return value + 0.5 - self.worth("wood", wood)

    def free_spaces(self, port: str) -> list[Mapping[str, int]]:
        return [BOARD.ships[ship["ship"]].spaces[space] for ship in self.view["ports"][port]
                for space, owner in enumerate(ship["crates"]) if owner is None]

    def ship(self, port: str, goods: Sequence[str]) -> float:
        bonus = self.amounts(BOARD.demands[self.view["demands"][port]].bonus)
        value = sum(self.amounts(space) + bonus for space in self.free_spaces(port)[:len(goods)])
        value -= sum(self.worth(good) for good in goods)
        first_marker = self.seat not in self.view["shipping"][port]
        return value + (0.8 if first_marker else 0.0)

    def region(self, region_id: str) -> float:
        region = BOARD.regions[region_id]
        follow = [0.3]
        for site_id in region.sites:
            site = self.view["sites"][site_id]
            if site["building"] and self.mine["meeples"]:
                for space, owner in enumerate(site["governors"]):
                    if owner is None:
                        follow.append(self.governor(site_id, space))
                        break
        if region.port and self.mine["shipping"]:
            demanded = BOARD.demands[self.view["demands"][region.port]].goods
            held = [good for good in demanded for _ in range(self.mine["goods"][good])]
            follow.append(self.ship(region.port, held[:self.mine["crates"]]))
        return self.step(region.palace) + max(follow) - self.worth("coins", len(self.view["discs"][region_id]))

    # --- every action ----------------------------------------------------------------------------

    def value(self, action: Action) -> float:
        judge = JUDGES.get(action["type"])  # on_<type>, looked up once for the class
        return judge(self, action) if judge else 0.0

    def on_region(self, action: Action) -> float:
        return self.region(action["region"]) - DISC + 1.0

    def on_military(self, action: Action) -> float:
        best, cost = self.fortifying
        return self.step(action["track"]) + best - cost - DISC + 1.0

    @cached_property
    def fortifying(self) -> tuple[float, float]:
        """A Military action's best piece on the wall (none: 0) and its coins, the same whatever its
        track: judged once a decision."""
        best = max((self.piece(kind, section) - self.piece_cost(kind)
                    for section in BOARD.walls for kind in ("soldier", "wall")), default=0.0)
        return max(best, 0.0), self.worth("coins", len(self.view["fortify_discs"]))

    def on_barge(self, action: Action) -> float:
        barge = action["barge"]
        workers = self.view["barges"][barge]
        cost = BOARD.numbers.barge_coins + workers.count(self.seat)
        value = self.worth(BOARD.barges[barge].resource) + 0.3 - self.worth("coins", cost)
        if len(workers) >= BOARD.barges[barge].workers and workers[-1] == self.rival and self.view["rival"]["kind"] == "li-mu":
            value -= 3  # Li Mu gains 3 prestige when his worker is pushed off (L143)
        return value

    def on_pass(self, action: Action) -> float:
        return PASS_WITH_NOTHING_LEFT - DISC * self.mine["discs"] * self.discs_usable

    def on_discard_disc(self, action: Action) -> float:
        return self.worth("coins", BOARD.numbers.disc_coins) - DISC

    def on_use_tile(self, action: Action) -> float:
        return self.amounts(BOARD.tiles[action["tile"]].once or {}) - 0.2

    def on_discard_objective(self, action: Action) -> float:
        key = (action["objective"], not self.rounds_left)  # its value changes only in the last round
        value = DISCARDED.get(key)
        if value is None:
            objective = BOARD.objectives[action["objective"]]
            value = DISCARDED[key] = self.amounts(objective.reward) - min(objective.points * 2, objective.most) * 0.6
        return value

    def on_governor(self, action: Action) -> float:
        return self.governor(action["site"], action["space"])

    def on_exchange(self, action: Action) -> float:
        region = BOARD.regions[self.view["acting"]["region"]]
        give = self.amounts(region.give)
        return action["times"] * (self.worth(action["get"]) - give) - 0.1 * action["times"]

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
        return self.step(action["track"]) - self.worth("coins", price)

    def on_advance(self, action: Action) -> float:
        return self.step(action["track"])

    def on_good(self, action: Action) -> float:
        demanded = any(action["good"] in BOARD.demands[demand].goods for demand in self.view["demands"].values())
        return self.worth(action["good"]) + (0.2 if demanded else 0.0)

    def on_port(self, action: Action) -> float:
        return 0.5 if self.seat not in self.view["shipping"][action["port"]] else 0.1

    def on_end(self, action: Action) -> float:
        return 0.05


JUDGES = {name.removeprefix("on_"): judge for name, judge in vars(Judgement).items() if name.startswith("on_")}
