"""Setting a Tianxia game up: the deal, the opening's choices, and the solo and Bot set-ups line
by line (L31-39, L105-125).

One seat is solo against Li Mu, two seats play with the Bot as a third player, three or four play
plain. The deal lays out everything the generator decides (turn order, the two building
arrangements offered, the tiles, the ships, the bags, the objectives, the starting buildings
offered, the rival's stacks); then the seats choose, each in its turn: the first player one of
the two building arrangements, every seat its player board side and starting building, and,
outside solo, a starting supply in reverse turn order. Round 1 begins after the last choice.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.contract import Decision
from domain.rng import Rng
from domain.tianxia.board.loader import BOARD
from domain.tianxia.evolve import TianxiaEmitter
from domain.tianxia.board.rivals import RIVALS
from domain.tianxia.state import LI_MU, PLAIN, SOLO, WITH_BOT, TianxiaState

DEFAULT_DIFFICULTY = "normal"


def mode_of(seats: int) -> str:
    return SOLO if seats == 1 else WITH_BOT if seats == 2 else PLAIN


def deal(state: TianxiaState, seats: int, options: Mapping[str, Any], rng: Rng) -> Decision:
    """The deal's events, from the empty table, and the table they lay out: the opening's choices
    are then the seats' to make."""
    em = TianxiaEmitter(state, rng)
    mode = mode_of(seats)
    difficulty = options.get("difficulty", DEFAULT_DIFFICULTY) if mode == SOLO else None
    rival = None if mode == PLAIN else (LI_MU if mode == SOLO else "bot")
    owners = seats + (rival is not None)
    if mode == SOLO:
        order, order_rule = [0, 1], "tianxia.solo.first"  # the player starts (L125)
    elif mode == WITH_BOT:
        order, order_rule = [*rng.shuffle([0, 1]), 2], "tianxia.bot.setup.third"  # the Bot third (L38)
    else:
        order, order_rule = rng.shuffle(list(range(seats))), "tianxia.house.first-player"
    colours = list(BOARD.piece_colours[:owners])
    prepared = {"mode": mode, "difficulty": difficulty, "seats": seats, "rival": rival, "order": order,
                "colours": colours, "order_rule": order_rule}
    if rival == LI_MU:
        prepared["barge_colour"] = BOARD.piece_colours[owners]  # his 9 meeples for the barges (L119)
        # His Palace markers start on each track's start, at Emperor 2 steps up (L110, L117).
        prepared["rival_palace_step"] = BOARD.solo.emperor_palace_steps if difficulty == "emperor" else 0
    em.emit("game_prepared", "tianxia.round.phases", prepared)
    em.emit("buildings_dealt", "tianxia.house.building-set",
                                      {"arrangements": [arrangement(rng), arrangement(rng)]})
    tiles = rng.shuffle(BOARD.tile_pool())
    steps: dict[str, dict[str, list[str]]] = {}
    for colour, track in BOARD.tracks.items():
        for step in track.steps:
            if step.tiles:
                steps.setdefault(colour, {})[str(step.number)] = [tiles.pop() for _ in range(step.tiles)]
    beside = {site: tiles.pop() for site in BOARD.sites}
    em.emit("tiles_laid", "tianxia.house.bonus-tiles", {"steps": steps, "sites": beside})
    ships = rng.shuffle(list(BOARD.ships))
    demands = rng.shuffle(list(BOARD.demands))
    launched = {port: [ships.pop() for _ in range(spec.ships)] for port, spec in BOARD.ports.items()}
    em.emit("ships_launched", "tianxia.house.sea", {
        "ports": launched, "wave": [ships.pop() for _ in range(BOARD.wave_ships)],
        "demands": {port: demands.pop() for port in BOARD.ports}})
    display = display_size(mode, seats)
    stacks = [[tiles.pop() for _ in range(display)] for _ in range(BOARD.numbers.rounds)]
    stacks_rule = {SOLO: "tianxia.solo.setup.bonus-stacks", WITH_BOT: "tianxia.bot.setup.bonus-stacks"}.get(
        mode, "tianxia.house.bonus-tiles")
    em.emit("round_stacks_made", stacks_rule, {"stacks": len(stacks), "tiles": display},
                                      secret={"round_stacks": stacks})
    attack_deck_name = BOARD.solo.nomad_deck(difficulty) if mode == SOLO else BOARD.numbers.nomad_deck
    attack_rule = f"tianxia.solo.difficulty.{difficulty}" if mode == SOLO else "tianxia.house.attack-decks"
    attacks = rng.shuffle([card.id for card in BOARD.deck(attack_deck_name)])
    em.emit("attack_deck_shuffled", attack_rule, {"deck": attack_deck_name, "cards": len(attacks)},
                                      secret={"attack_deck": attacks})
    objectives = rng.shuffle(list(BOARD.objectives))
    hands = [[objectives.pop() for _ in range(BOARD.numbers.objectives_dealt)] for _ in range(seats)]
    buildings = rng.shuffle(list(BOARD.starting_buildings))
    em.emit("bags_shuffled", "tianxia.house.bonus-tiles", {
        "tiles": len(tiles), "ships": len(ships), "objectives": len(objectives)},
        secret={"tile_bag": tiles, "ship_deck": ships, "objective_deck": objectives})
    for seat, dealt in enumerate(hands):
        em.emit("objectives_dealt", "tianxia.house.objectives",
                                          {"seat": seat, "count": len(dealt)}, private={"objectives": dealt}, private_to=seat)
    drawn = BOARD.solo.starting_buildings_drawn
    for seat in range(seats):
        offer = [buildings.pop() for _ in range(drawn)]
        em.emit("starting_buildings_offered", "tianxia.solo.setup.starting-building",
                                          {"seat": seat, "count": len(offer)}, private={"offer": offer}, private_to=seat)
    if rival == LI_MU:
        li_mus_stacks(em, difficulty)
    elif rival is not None:
        deck = rng.shuffle([card.id for card in RIVALS.deck("bot")])
        em.emit("rival_prepared", "tianxia.bot.setup.board", {"kind": "bot", "cards": len(deck)},
                                          secret={"deck": deck})
    if mode == SOLO:
        em.emit("supply_taken", "tianxia.solo.setup.supply",
                                          {"seat": 0, "supply": None, "gain": dict(BOARD.solo.start)})
    else:
        offered = rng.shuffle(list(BOARD.starting_supplies))[:seats + 1]
        em.emit("supplies_offered", "tianxia.house.building-set", {"supplies": offered})
    return em.decision()


def arrangement(rng: Rng) -> dict[str, str]:
    """The twelve buildings dealt onto the sites of their class: site -> building."""
    dealt: dict[str, str] = {}
    for kind in ("income", "passive"):
        sites = [site.id for site in BOARD.sites.values() if site.kind == kind]
        buildings = rng.shuffle([building.id for building in BOARD.buildings.values() if building.kind == kind])
        dealt.update(zip(sites, buildings))
    return dict(sorted(dealt.items(), key=lambda item: list(BOARD.sites).index(item[0])))


def display_size(mode: str, seats: int) -> int:
    """The round display: one more tile than those who take one (tianxia.house.bonus-tiles): 3 in solo
    and with the Bot (L31, L107)."""
    if mode == SOLO:
        return BOARD.solo.display_tiles
    if mode == WITH_BOT:
        return BOARD.two_player.display_tiles
    return seats + 1


def li_mus_stacks(em: TianxiaEmitter, difficulty: str) -> None:
    """Li Mu's Basic and Advanced stacks for the difficulty (L111-117): at Normal and Hard, the
    Advanced cards drawn at random each replace the Basic card they name
    (`tianxia.house.advanced-draw`); which ones stays secret until they are turned up."""
    level = RIVALS.levels[difficulty]
    candidates = [card.id for card in RIVALS.deck("li-mu", "advanced")
                  if card.replaces in level.basic and card.id not in level.advanced]
    drawn = em.rng.shuffle(candidates)[:level.advanced_drawn]
    replaced = {RIVALS.cards[card].replaces for card in drawn}
    basic = [card for card in level.basic if card not in replaced]
    advanced = [*level.advanced, *sorted(drawn)]
    rule = "tianxia.solo.setup.decks" if not level.advanced_drawn else f"tianxia.solo.difficulty.{difficulty}"
    em.emit("rival_prepared", rule, {"kind": LI_MU, "level": difficulty, "basic": len(basic), "advanced": len(advanced)},
            secret={"basic": basic, "advanced": advanced, "drawn": sorted(drawn)})
