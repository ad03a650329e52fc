"""The words board.toml may use: resources, rewards, the effects of buildings and boards, and
what an objective card counts. The loader refuses any other word, naming where it was found."""

from __future__ import annotations

COINS = "coins"
BASIC = ("wood", "stone", "rice")
GOODS = ("silk", "salt", "bronze")
RESOURCES = (COINS,) + BASIC + GOODS  # what a barge, an exchange or an income can give

# A reward: resources, or `good` (one good of the taker's choice), `prestige`, `advance` (a palace
# step on a track of the taker's choice), `soldier` or `wall` (placed free), `objective` (a card).
REWARDS = frozenset(RESOURCES + ("good", "prestige", "advance", "soldier", "wall", "objective"))
STEP_EXTRAS = frozenset({"tiles", "token"})  # only a Palace step holds bonus tiles or a token

SITE_CLASSES = ("income", "passive")
ATTACK_DECKS = ("easy", "normal")
BOARD_SIDES = ("A", "B")

# Effects: `gain` on an occasion, `pay ... less` on a payment (per item paid for), or defence.
GAIN_ON = frozenset({"pass", "deliver", "region", "exchange", "governor"})
PAY_ON = {"train": "rice", "fortify": "stone", "barge": "coins", "governor": "wood"}  # what each payment is in
DEFENCE_ON = "battle"

# What an objective card counts at the end; `governors-<colour>` for each Palace colour too.
COUNTERS = frozenset({"soldiers", "walls", "towers", "governors", "governors-income", "regions", "barge-workers",
                      "crates", "ports", "figurines", "battles-won", "tracks-past-neutral"})


def counters(palace_colours: tuple[str, ...]) -> frozenset[str]:
    """Every counter an objective may name, with the board's Palace colours."""
    return COUNTERS | {f"governors-{colour}" for colour in palace_colours}
