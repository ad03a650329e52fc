"""The autoplayer's values: read once a decision (domain.court.bots.values), exactly those of
valuing each action from the view alone, the plain form kept here (so its choices, which the
search bot's playouts and the golden games record, stay the same)."""

from typing import Any, Mapping

from domain.bots import highest
from domain.contract import Action
from domain.court import RULES
from domain.court.bots import values
from domain.rng import Rng
from tests.unit.court.test_scenario import play

View = Mapping[str, Any]


def _top(view: View, space: int) -> Mapping[str, Any] | None:
    return view["tops"][space]


def _cp_worth(view: View) -> float:
    """What one CP is worth in VP now: more early, when it still buys cards, a third at the end."""
    return 0.34 + 0.5 * view["deck_count"] / 54


def _tops_of(view: View, role: str) -> list[Mapping[str, Any]]:
    return [card for card in view["tops"] if card and card["role"] == role]


def _placement_value(view: View, card: Mapping[str, Any], space: int) -> float:
    """What placing `card` on `space` is worth: its power now, its promise, less what it covers."""
    cp = _cp_worth(view)
    value = 0.0
    role, clan = card["role"], card["clan"]
    covered = _top(view, space)
    others = [top for index, top in enumerate(view["tops"]) if top and index != space]
    if role == "minister":
        value += cp * sum(tc["vp"] + (1 if tc["clan"] == clan else 0) for tc in _tops_of(view, "tax-collector")
                          if tc is not covered)
    elif role == "poet":
        value += card["vp"] + sum(top["vp"] for top in others if top["clan"] == clan)
    elif role == "tax-collector":
        value += cp * 1.5 * view["deck_count"] / 12  # income in every Phase 1B to come
        targets = [top for top in others if top["clan"] == clan]
        value += max((top["vp"] for top in targets), default=0) * 0.8
    elif role == "general":
        value += card["strength"] * 0.9 + (1.5 if len({g["clan"] for g in _tops_of(view, "general")} | {clan}) == 3 else 0)
    elif role == "courtesan":
        value += 0.8 * card["vp"]
    if covered:
        value -= _cover_loss(view, covered)
    return value


def _cover_loss(view: View, covered: Mapping[str, Any]) -> float:
    role = covered["role"]
    if role == "tax-collector":
        return _cp_worth(view) * 1.5 * view["deck_count"] / 12
    if role == "general":
        return covered["strength"] * 0.9
    if role == "courtesan":
        return 0.8 * covered["vp"]
    return 0.3  # a spent Minister or Poet: little but a clan for later Poets


def _value(view: View, action: Action) -> float:
    kind = action["type"]
    cp = _cp_worth(view)
    row = view["row"]
    if kind in ("start", "buy"):
        slot = row[action["slot"]]
        card = slot["card"]
        spend = 0 if kind == "start" else slot["price"]
        empty_bonus = 0.5 if _top(view, action["space"]) is None else 0.0
        return _placement_value(view, card, action["space"]) - cp * spend + empty_bonus
    if kind == "exchange":
        card = row[action["slot"]]["card"]
        return _placement_value(view, card, action["space"]) + 0.2
    if kind == "skip":
        daemons = sum(1 for slot in row if slot["card"] and slot["card"]["role"] == "daemon")
        return cp * (1 + len(_tops_of(view, "tax-collector"))) - 0.2 * daemons
    if kind in ("tax_for_vp", "tax_for_cp"):
        card = _top(view, action["space"])
        gain = card["vp"] if kind == "tax_for_vp" else cp * card["vp"] - card["vp"]
        return gain - _cover_loss(view, card) * 0.5
    if kind == "fight":
        daemon = row[action["slot"]]["card"]
        return daemon["vp"] + 3.0 - cp * action["pay"]
    return 0.0  # decline


def check_values(state) -> None:
    view, legal = RULES.view(state, 0), RULES.legal_actions(state, 0)
    for action, value in zip(legal, values(view, legal), strict=True):
        assert value == _value(view, action), action  # equal floats, not near ones


def test_the_values_read_once_a_decision_equal_each_action_valued_alone():
    for n in range(16):
        play(f"autoplayer-values-{n}", n % 2 == 0, 400, n % 4 < 2, check_values)


def test_the_autoplayer_chooses_by_those_values_breaking_ties_at_random():
    bot, seen = RULES.bots["autoplayer"], []

    def check_choice(state) -> None:
        view, legal = RULES.view(state, 0), RULES.legal_actions(state, 0)
        scored = [_value(view, action) for action in legal]
        best = [action for action, score in zip(legal, scored) if score == max(scored)]
        seen.append(len(best))
        assert bot.choose(view, legal, Rng("ties", str(len(seen)))) in best

    for n in range(4):
        play(f"autoplayer-ties-{n}", n % 2 == 0, 400, True, check_choice)
    assert max(seen) > 1, "some decisions had ties"


def test_the_autoplayer_chooses_as_over_every_value_though_it_values_only_the_runs_that_may_hold_the_best():
    bot, compared = RULES.bots["autoplayer"], []

    def check_choice(state) -> None:
        view, legal = RULES.view(state, 0), RULES.legal_actions(state, 0)
        if len(legal) == 1:
            return
        seed = f"pruned-{len(compared)}"
        pruned, whole = Rng("pruned", seed), Rng("pruned", seed)
        assert bot.choose(view, legal, pruned) is highest(legal, values(view, legal), whole)
        assert pruned.below(2**63) == whole.below(2**63)  # the same draws
        compared.append(len(legal))

    for n in range(12):
        play(f"autoplayer-pruned-{n}", n % 2 == 0, 400, n % 3 != 2, check_choice)
    assert max(compared) > 20, "decisions with runs of buys"
