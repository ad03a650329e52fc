"""Facts read off the Court table: the top cards, the Generals' strength, prices, the score."""

from __future__ import annotations

from domain.court.cards import CLAN, CLANS, COST, DAEMONS, GENERAL, ROLE, STRENGTH, TAX_COLLECTOR, VP
from domain.court.state import CourtState

ALL_CLANS_BONUS = 2
ALL_CLANS = frozenset(CLANS)
TITLES = (  # (lowest score, title): the rulebook's Aristocracy table
    (71, "Emperor/Empress"),
    (56, "Noble (Zhuhou)"),
    (41, "Minister (Qing)"),
    (26, "Bureaucrat (Daifu)"),
    (16, "Yeoman (Shi)"),
)
COMMONER = "Commoner (Shumin)"
TITLE_ORDER = (COMMONER, *reversed([title for _, title in TITLES]))


def tops(state: CourtState) -> list[str | None]:
    """The top card of each space of the Royal Court (None for an empty space)."""
    return [stack[-1] if stack else None for stack in state.court]


def top_cards_of(state: CourtState, role: str) -> list[str]:
    found = []
    for stack in state.court:  # a loop, not a comprehension: asked on most decisions
        if stack and ROLE[stack[-1]] == role:
            found.append(stack[-1])
    return found


def generals_strength(state: CourtState) -> int:
    """The Generals' total strength, +2 when they stand for all three clans."""
    total, clans = 0, set()
    for stack in state.court:  # every decision asks, many twice: one pass, no lists
        if stack and ROLE[top := stack[-1]] == GENERAL:
            total += STRENGTH[top]
            clans.add(CLAN[top])
    return total + ALL_CLANS_BONUS if len(clans) == len(CLANS) else total


def tax_collectors(state: CourtState) -> list[str]:
    return top_cards_of(state, TAX_COLLECTOR)


def price(slot: int, card: str) -> int:
    """What a card costs in Society Row: its distance from the deck plus its Cost Modifier."""
    return slot + COST[card]


def daemons_in_row(state: CourtState) -> list[int]:
    found = []
    for slot, card in enumerate(state.row):  # a loop, not a comprehension: every Phase 2 offered asks
        if card in DAEMONS:
            found.append(slot)
    return found


def any_daemon(state: CourtState) -> bool:
    """Whether a Daemon Prince stands in Society Row."""
    return not DAEMONS.isdisjoint(state.row)


def daemon_count(state: CourtState) -> int:
    """How many Daemon Princes stand in Society Row."""
    return len(DAEMONS.intersection(state.row))  # each card is in the row once at most


def rightmost_court_card(state: CourtState) -> int | None:
    """The slot of the rightmost card of Society Row that is not a Daemon Prince."""
    for slot in range(len(state.row) - 1, -1, -1):
        card = state.row[slot]
        if card and card not in DAEMONS:
            return slot
    return None


def fight_cost(state: CourtState, daemon: str) -> int:
    """The CP the Generals lack to defeat `daemon` (0 when they are strong enough)."""
    return max(0, STRENGTH[daemon] - generals_strength(state))


def can_fight(state: CourtState) -> bool:
    """Whether the Generals (and the CP) can defeat a Daemon Prince of Society Row now."""
    if DAEMONS.isdisjoint(state.row):
        return False
    strength, cp = generals_strength(state), state.cp
    for card in state.row:
        if card in DAEMONS and max(0, STRENGTH[card] - strength) <= cp:
            return True
    return False


def penalty(state: CourtState) -> int:
    total = 0
    for card in state.daemon_court:  # a loop, not a generator: the end of every game asks twice
        total += VP[card]
    return total


def final_score(state: CourtState) -> int:
    """VP gained, plus 1 VP per 3 CP left, minus the Court of the Daemon Princes."""
    return state.vp + state.cp // 3 - penalty(state)


def title(score: int) -> str:
    for lowest, name in TITLES:
        if score >= lowest:
            return name
    return COMMONER
