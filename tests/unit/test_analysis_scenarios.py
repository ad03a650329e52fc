"""A laid-out position of each game where one action plainly loses, played, and the analysis asked
for over REST: the decision is marked a blunder, the action it prefers is the one that does not
lose, and the loss is far above the blunder's threshold (the outcome is settled by the action
itself, so the numbers hold whatever the dealt tables or the seed). Chi's is in
tests/api/test_analysis_api.py (discarding the Yang that would have won)."""

from __future__ import annotations

import copy
from uuid import UUID

from domain.court.cards import ALL_IDS as COURT_CARDS
from domain.xanadu.cards import ALL_IDS as XANADU_CARDS
from domain.xanadu.scenario import SCENARIO_EXAMPLE as XANADU_EXAMPLE
from tests.api.test_analysis_api import analysed


def blunder_entry(client, services, game: str, scenario: dict, seat: int, played: dict, names=("ana", "bob"),
                  before=(), unit="win chance"):
    """The analysis's entry of `played`, taken by `seat` on the scenario's table (after its actions
    `before`), as that seat reads it (the sandbox game runs on: other seats' entries are withheld);
    its numbers count `unit`."""
    created = client.post("/api/games", json={"game": game, "seats": [{"name": name} for name in names],
                                              "scenario": scenario})
    assert created.status_code == 201, created.json
    game_id = UUID(created.json["id"])
    token = next(each["token"] for each in created.json["tokens"] if each["seat"] == seat)
    for action in before:
        services.commands.act(game_id, seat, action, services.store.game(game_id).version)
    step = services.store.game(game_id).version
    assert services.store.game(game_id).to_act() == seat
    services.commands.act(game_id, seat, played, step)
    asked = client.post(f"/api/games/{game_id}/analysis", json={"strength": 1})
    assert asked.status_code == 202, asked.json
    done = analysed(client, game_id, headers={"Authorization": f"Bearer {token}"})
    assert done["unit"] == unit
    [entry] = [entry for entry in done["decisions"] if entry["step"] == step]
    assert entry["played"] == played and entry["seat"] == seat
    return entry


# Xi Cards: ana, at 3 life, faces bob's Mountain Giant (5 damage), and bob is at 6 life. Her
# Landslide (5 T, 6 damage to a unit or a player) aimed at bob ends the game in her favour; ending
# her turn instead lets the Giant finish her.
XI_LETHAL = {
    "turn": 20, "active": 0, "first": 0,
    "players": [{"life": 3, "t": 5, "pt": 0, "hand": ["landslide", "rock-throw"], "deck": ["earth-moth", "pebble-sentry"],
                 "deck_list": "stone"},
                {"life": 6, "pt": 0, "hand": [], "deck": ["earth-moth"], "deck_list": "stone"}],
    "units": [{"card": "mountain-giant", "controller": 1}],
}


def test_xi_ending_the_turn_instead_of_landing_the_lethal_landslide_is_a_blunder(client, services):
    entry = blunder_entry(client, services, "xi", XI_LETHAL, 0, {"type": "end_turn"})
    assert entry["best"] == {"type": "play", "card": "landslide", "target": 1} and "Landslide" in entry["best_words"]
    assert entry["mark"] == "blunder" and entry["loss"] >= 0.9


def xanadu_last_turn() -> dict:
    """Xanadu's scenario example (ana, 19 to bo's 27, can just pay for the Summer Palace, worth 14)
    on the last turn: every card it names nowhere else is in the discard pile but the two that are
    bo's workers, so the deck holds only the END OF GAME marker, drawn at the end of ana's turn.
    Built, the Palace wins her the game; anything else loses it."""
    scenario = copy.deepcopy(XANADU_EXAMPLE)
    named = {*scenario["deck"], *scenario["discard"]}
    for seat in scenario["seats"]:
        named |= set(seat["hand"])
        for building in seat["buildings"]:
            named |= {building} if isinstance(building, str) else {building["card"], *building.get("workers", [])}
    bo_workers = sum(building.get("covered", 0) for building in scenario["seats"][1]["buildings"])
    scenario["discard"] += scenario["deck"] + sorted(set(XANADU_CARDS) - named)[bo_workers:]
    scenario.update(deck=[], end_marker=0)
    return scenario


def test_xanadu_building_nothing_on_the_last_turn_instead_of_the_summer_palace_is_a_blunder(client, services):
    entry = blunder_entry(client, services, "xanadu", xanadu_last_turn(), 0, {"type": "skip_build"},
                          names=("ana", "bo"), before=[{"type": "end_sell"}])
    assert entry["best"] == {"type": "build", "card": "summer-palace"} and "Summer Palace" in entry["best_words"]
    assert entry["mark"] == "blunder" and entry["loss"] >= 0.9


def court_last_turn() -> dict:
    """The Court's last turn: three Daemon Princes in Society Row, the deck a fourth alone (every
    other card is named: in the discard pile, the courts, or defeated), so the game ends once
    this turn's row is refilled, with every card known. The Sun Poet in slot 2 (4 CP, all ana
    has) placed on the empty space honours the seven Sun cards on top of the Royal Court and
    itself: 14 VP, a final score of 7; skipping (the Poet is discarded in Phase 1B) leaves her 1 VP
    for her CP, a final score of -6.
    (With 5 CP the General alone cannot beat a Prince: no fight changes it.)"""
    scenario = {
        "row": ["daemon-7", "daemon-8", "poet-sun-3", "daemon-9"],
        "court": [["courtesan-sun-3"], ["courtesan-sun-2"], ["minister-sun-3"], ["minister-sun-2"],
                  ["general-sun-3"], ["poet-sun-2"], ["minister-sun-1"], []],
        "deck": ["daemon-6"],
        "daemon_court": ["courtesan-moon-3", "courtesan-earth-3", "poet-moon-1"],
        "defeated": ["daemon-1", "daemon-2", "daemon-3", "daemon-4", "daemon-5"],
        "cp": 4, "vp": 0, "turn": 12,
    }
    named = {*scenario["row"], *scenario["deck"], *scenario["daemon_court"], *scenario["defeated"],
             *(card for space in scenario["court"] for card in space)}
    return {**scenario, "discard": sorted(set(COURT_CARDS) - named)}


def test_the_court_skipping_the_sun_poet_on_the_last_turn_is_a_blunder(client, services):
    entry = blunder_entry(client, services, "court", court_last_turn(), 0, {"type": "skip"}, names=("ana",),
                          unit="points")
    assert entry["best"] == {"type": "buy", "slot": 2, "space": 7} and "Sun Poet" in entry["best_words"]
    # A seat alone is judged in the game's points: with every card known, the final scores exactly.
    assert (entry["best_expected"], entry["played_expected"], entry["loss"]) == (7.0, -6.0, 13.0)
    assert entry["mark"] == "blunder"


def tianxia_last_turn() -> dict:
    """Tianxia alone against Li Mu, the last turn of the fourth round: Li Mu has passed, and the
    Yuezhi chieftain (strength 1) has reached Longxi, where the wall stands empty. Broken through,
    the Yuezhi raid Qin's Market first, where Li Mu has a governor: "if the Building that belonged
    to Li Mu is raided ... you lose 3 Prestige Points!" (the rulebook's solo rules, L206), and ana
    has 3: "if you ever reach 0 Prestige Points, you immediately lose the game" (L148), before the
    final scoring. So passing ends the game at 0 prestige against Li Mu's 20: a lead of -20.
    The Military action (the Fortify/Train space is free) then trains her last soldier (2 rice)
    into Longxi: the soldier falls and the strength is spent, so nothing is raided; she defends
    first (7 prestige), the fallen soldier scores 1 and the battle won 1 (Li Mu's governor on the
    path), and the final scoring adds her six jade figurines (21) and Jade Collector (12, its
    most): 45 against Li Mu's 20, a lead of 25, 45 more than passing. Every piece of the seat is
    named (no starting building), so no drawn part of the table changes these numbers."""
    at_start = [[0, 1], [], [], [], [-1], [], [], [], [], [], [], [], []]
    return {
        "round": 4, "order": [0, 1], "next_order": [1], "active": 0,
        "seats": [{"prestige": 3,
                   "goods": {"coins": 0, "wood": 0, "stone": 0, "rice": 2, "silk": 0, "salt": 0, "bronze": 0},
                   "discs": 1, "meeples": 0, "walls": 0, "towers": 0, "soldiers": 1, "shipping": 0, "crates": 0,
                   "objectives": ["jade-collector"], "tiles": [], "tokens": [], "starting_building": None, "side": "A",
                   "figurines": ["dragon", "tiger", "horse", "crane", "tortoise", "phoenix"]}],
        "rival": {"prestige": 20, "passed": True, "figurines": []},
        "palace": {track: copy.deepcopy(at_start) for track in ("black", "white", "blue", "red")},
        "fortify_discs": [],
        "sections": {section: {"walls": [], "towers": [], "soldiers": []}
                     for section in ("longxi", "yunzhong", "yanmen", "yuyang")},
        "nomads": {"yuezhi": {"strength": 1, "distance": 0}, "loufan": {"distance": 3},
                   "xiongnu": {"distance": 3}, "donghu": {"distance": 3}},
        "sites": {"qin-1": {"governors": [1, None]}},
        "display": [], "round_stacks": [], "attack_deck": [],
    }


def test_tianxia_passing_while_the_yuezhi_reach_an_empty_longxi_is_a_blunder(client, services):
    entry = blunder_entry(client, services, "tianxia", tianxia_last_turn(), 0, {"type": "pass"},
                          names=("ana",), unit="prestige")
    # Any track's step will do: the Military action itself is what wins.
    assert entry["best"]["type"] == "military" and "Fortify/Train space" in entry["best_words"], entry
    # A seat alone against Li Mu is judged by its lead over him in prestige: 0 against 20 when she
    # passes, 45 (at least) against 20 after the Military action.
    assert entry["played_expected"] == -20.0 and entry["best_expected"] >= 25.0, entry
    assert entry["loss"] >= 45.0, entry  # the blunder's threshold is 25
    assert entry["mark"] == "blunder"
