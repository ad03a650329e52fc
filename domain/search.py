"""A bot that searches, for any game that can deal a whole table from a seat's view.

Determinized Monte Carlo tree search: the bot is given its seat's view and the legal actions, as
every bot is, never the table. It asks the game for tables consistent with that view
(`rules.search.determinize(view, rng)`: the cards it cannot see dealt at random among those it has not
seen), grows a UCT tree on each, playing every seat's decisions and the rules' own turns (a
rival's) as the rules do, with playouts of a bounded length (random moves, or the game's own
heuristic bot playing every seat on the dealt table, handed the view of only what it reads that
the game declares for it, `rules.search.playout_views`) scored by the outcome or, cut short, by the
scores so far; it takes the root action most visited over all the tables. Anchored (a budget
with `anchor`), it first asks the game's heuristic bot what it would play from the same view,
searches that move first in every tree, and keeps it unless another's mean reward beats it by the
anchor's margin: the search then only overrules the heuristic where it finds the heuristic wrong.

The analysis of a game (domain.analysis) judges a decision with `paired_values`: no tree, every
action played out on the same dealt tables with the same random streams.

The budget is a number of playouts, not a time, so that the same view and the same random stream
give the same move: re-running a bot's decision (the audit's check) gives the recorded one.
Strategy fusion is the known weakness of searching dealt tables: the tree may plan as if the
other hands were known. It still never reads them: two tables with equal views give equal moves.
"""

from __future__ import annotations

import json
import math
from json.encoder import c_make_encoder, encode_basestring_ascii  # type: ignore[attr-defined]
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping, Sequence

from domain import rules_turns
from domain.game import Game
from domain.contract import Action
from domain.rng import Rng

View = Mapping[str, Any]
SOLITAIRE_SCALE = 20  # a solitaire's score s is worth 0.5 + 0.5 s / (|s| + 20): half-way up at 20
STRENGTHS = (1, 2, 3, 4, 5)  # a seat's choice; each step up doubles the playouts, 3 is the game's own budget
DEFAULT_STRENGTH = 3


@dataclass(frozen=True)
class Budget:
    playouts: int = 400  # over all the dealt tables
    tables: int = 8  # tables dealt from the view, each with its own tree
    depth: int = 40  # decisions a playout makes before it is cut short and scored
    exploration: float = 0.7  # UCT's constant
    playout_bot: str | None = None  # the game's bot that plays the playouts (None: random moves)
    # With a playout bot: its own move stands unless another's mean reward beats it by this much
    # (None: the most visited move, whatever the bot would play).
    anchor: float | None = None
    left_to_bot: tuple[str, ...] = ()  # decisions of these action types are the playout bot's alone
    # Not None: no tree; every action is judged by paired playouts (`paired_values`: the same dealt
    # tables and random streams for all), where the luck of the deal would otherwise drown the
    # actions' differences at a small budget. With an anchor, another action replaces the bot's
    # move only when its mean paired gain over it passes the anchor's margin and this many standard
    # errors (0: the margin alone); without one, the best on the most samples is played.
    evidence: float | None = None
    version: str = "1"  # the bot's version, raised when a game's budget changes the moves it makes


@dataclass
class Node:
    """A decision reached by a line of actions from the root. Open loop: the rules' chance (a draw,
    a shuffle, a die) may lead the same line to other tables, so a node keeps no table and no
    list of actions; each visit asks the rules what is legal on the table it reached."""

    totals: list[float]  # each seat's summed reward
    visits: int = 0
    children: dict[str, "Node"] = field(default_factory=dict)


class SearchBot:
    """Determinized MCTS over the rules; `budget` sets its strength."""

    name = "search"
    version = "1"
    strengths = STRENGTHS

    def __init__(self, rules: Game[Any], budget: Budget = Budget()):
        self.rules, self.budget = rules, budget
        self.version = budget.version  # a recorded move names it: the audit re-runs that bot's choice

    def at_strength(self, level: int) -> "SearchBot":
        """The bot with its playouts doubled for each step above the default strength, halved for
        each below (never fewer than one a table): a slower or quicker opponent than the game's own."""
        if level not in STRENGTHS:
            raise ValueError(f"strength is one of {', '.join(map(str, STRENGTHS))}, not {level!r}")
        playouts = round(self.budget.playouts * 2.0 ** (level - DEFAULT_STRENGTH))
        return type(self)(self.rules, replace(self.budget, playouts=max(playouts, self.budget.tables)))

    def choose(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        player = self._playout_player()
        if player is not None and legal[0]["type"] in self.budget.left_to_bot:
            return player.choose(view, legal, rng)
        if player is not None and self.budget.anchor is not None and self.budget.evidence is not None:
            return self._overruled(view, legal, rng, player.choose(view, legal, rng))
        if self.budget.evidence is not None:
            return self._best_paired(view, legal, rng)
        # The heuristic's own move, from the same view: searched first in every tree, and kept
        # unless the search finds a better one by the anchor's margin.
        anchor = action_key(player.choose(view, legal, rng)) if player is not None and self.budget.anchor is not None else None
        visits, totals = self._search(view, legal, rng, anchor)
        keys = [action_key(action) for action in legal]
        best = max(visits.get(key, 0) for key in keys)
        chosen = next(key for key in keys if visits.get(key, 0) == best)
        if anchor is not None and chosen != anchor and visits.get(anchor):
            if totals[chosen] / visits[chosen] < totals[anchor] / visits[anchor] + self.budget.anchor:
                chosen = anchor
        return legal[keys.index(chosen)]

    def _best_paired(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        """With no move to keep: the action whose paired playouts score best among those judged on
        the most samples (the first of equals, in the legal order)."""
        values = self.paired_values(view, legal, rng)
        most = max(len(judged) for judged in values.values())
        keys = [action_key(action) for action in legal]
        finalists = [key for key in keys if len(values.get(key, ())) == most]
        return legal[keys.index(max(finalists, key=lambda key: sum(values[key])))]

    def _overruled(self, view: View, legal: Sequence[Action], rng: Rng, anchor: Action) -> Action:
        """The playout bot's move `anchor`, unless paired playouts show another clearly better: its
        mean paired gain over the anchor, on the samples both were judged on, above the anchor's
        margin and `evidence` standard errors. The greatest such gain wins. Only the last
        survivors, judged on every sample the anchor was, may replace it: an action dropped after
        a couple of samples has a spread too poorly known for its standard error to be evidence."""
        values = self.paired_values(view, legal, rng, keep=anchor)
        kept = values[action_key(anchor)]
        chosen, best = anchor, 0.0
        for action in legal:
            judged = values.get(action_key(action))
            if not judged or judged is kept or len(judged) < max(2, len(kept)):
                continue
            gains = [mine - theirs for mine, theirs in zip(judged, kept)]  # sample by sample
            mean = sum(gains) / len(gains)
            spread = math.sqrt(sum((gain - mean) ** 2 for gain in gains) / (len(gains) - 1) / len(gains))
            if mean > max(best, self.budget.anchor, self.budget.evidence * spread):
                chosen, best = action, mean
        return chosen

    def paired_values(self, view: View, legal: Sequence[Action], rng: Rng, keep: Action | None = None,
                      points: Callable[[Any], float] | None = None) -> dict[str, list[float]]:
        """Each judged legal action's reward for the seat to act on each sample it was judged on, in
        the order of the samples, by paired comparison: what an analysis of a decision reads
        (domain.analysis).

        A sample is a table dealt from the view and a random stream of its own; every action judged
        on a sample is taken on that same table and played out (by the playout bot, every seat) on
        that same stream, so two actions' difference is a mean of paired differences, free of the
        luck of the deal that makes two separate means differ. The budget's playouts are spread
        evenly by successive halving: every action on the first samples, then the better half (and
        `keep`, the played one) on more, until two remain (three with `keep`); the last survivors
        share the most samples, so the best of them and `keep` are compared on exactly the same
        ones. Each sample deals its own table, so the result spans what the seat cannot see.
        `points` scores the table a playout stopped on instead of the seat's reward (a seat alone:
        its score in the game's points)."""
        keys = [action_key(action) for action in legal]
        by_key = dict(zip(keys, legal))
        seed = f"{rng.below(2**63):x}"  # every sample's stream derives from the decision's stream
        worlds: list[Any] = []
        results: dict[str, list[float]] = {key: [] for key in keys}
        kept = None if keep is None else action_key(keep)
        alive = list(keys)
        rounds_left = max(1, math.ceil(math.log2(len(alive))))
        left = self.budget.playouts  # playouts still to spend
        while True:
            done = len(results[alive[0]])
            target = done + max(1, left // rounds_left // len(alive))  # samples each survivor reaches
            for sample in range(done, target):
                if sample == len(worlds):
                    worlds.append(self.rules.search.determinize(view, Rng(seed, f"table:{sample}")))
                world = worlds[sample]
                seat = self.rules.to_act(world)
                for key in alive:
                    stream = Rng(seed, f"sample:{sample}")
                    ended = self._played_out(self._step(world, seat, by_key[key], stream), stream)
                    results[key].append(points(ended) if points is not None else self._rewards(ended)[seat])
            left -= (target - done) * len(alive)
            rounds_left = max(1, rounds_left - 1)
            ranked = sorted(alive, key=lambda key: -sum(results[key]))
            survivors = ranked[: max(2, len(ranked) // 2)]
            if kept in alive and kept not in survivors:
                survivors.append(kept)
            if len(survivors) < len(alive):
                alive = survivors
            elif left >= len(alive):
                rounds_left = 1  # no fewer survivors: the rest of the budget goes to them
            else:
                break
        return {key: judged for key, judged in results.items() if judged}

    def _search(self, view: View, legal: Sequence[Action], rng: Rng,
                first: str | None) -> tuple[dict[str, int], dict[str, float]]:
        """The root's visits and summed rewards (the acting seat's) per action key, over the dealt tables."""
        visits: dict[str, int] = {}
        totals: dict[str, float] = {}
        for table in range(self.budget.tables):
            world = self.rules.search.determinize(view, rng)
            seat = self.rules.to_act(world)
            playouts = self.budget.playouts // self.budget.tables + (table < self.budget.playouts % self.budget.tables)
            root = self._grow(world, legal, playouts, rng, first=first)
            for key, child in root.children.items():
                visits[key] = visits.get(key, 0) + child.visits
                totals[key] = totals.get(key, 0.0) + child.totals[seat]
        return visits, totals

    def _playout_player(self) -> Any:
        return self.rules.bots[self.budget.playout_bot] if self.budget.playout_bot else None

    # --- one tree ----------------------------------------------------------------------------

    def _grow(self, world: Any, legal: Sequence[Action], playouts: int, rng: Rng, first: str | None = None) -> Node:
        seats = len(self.rules.scores(world))
        root = Node([0.0] * seats)
        at_root = {action_key(action): action for action in legal}  # keyed once: every playout starts there
        # The root's actions were listed on the real table, not on this dealt one: those this table
        # lists too are taken on the trusted path, as deeper down; any other is checked at each playout.
        seat = self.rules.to_act(world)
        listed = self.rules.legal_actions(world, seat) if seat is not None else []
        trusted_at_root = {key for key, action in at_root.items() if action in listed}
        for _ in range(playouts):
            state, node, path = world, root, [root]
            while (seat := self.rules.to_act(state)) is not None:
                options = at_root if node is root else {
                    action_key(action): action for action in self.rules.legal_actions(state, seat)}
                untried = [key for key in options if key not in node.children]
                if untried:  # expand one (at the root, the heuristic's move first), then play out
                    key = first if node is root and first in untried else untried[rng.below(len(untried))]
                    state = self._step(state, seat, options[key], rng, node is not root or key in trusted_at_root)
                    node.children[key] = Node([0.0] * seats)
                    path.append(node.children[key])
                    break
                key = self._pick(node, seat, options)  # select
                state = self._step(state, seat, options[key], rng, node is not root or key in trusted_at_root)
                node = node.children[key]
                path.append(node)
            rewards = self._playout(state, rng)
            for visited in path:  # back up
                visited.visits += 1
                for index, reward in enumerate(rewards):
                    visited.totals[index] += reward
        return root

    def _pick(self, node: Node, seat: int, options: Mapping[str, Action]) -> str:
        """The legal child UCT prefers for `seat`, deciding at `node`: the first of equals, as `max`
        finds it. A loop, not `max` with a key function: a call saved at each child."""
        log_visits, exploration, sqrt = math.log(node.visits), self.budget.exploration, math.sqrt
        children = node.children
        chosen, best = None, -math.inf
        for key in options:
            child = children[key]
            score = child.totals[seat] / child.visits + exploration * sqrt(log_visits / child.visits)
            if chosen is None or score > best:
                chosen, best = key, score
        return chosen

    def _step(self, state: Any, seat: int, action: Action, rng: Rng, trusted: bool = False) -> Any:
        """The table after `seat` takes `action`, and after any turns the rules play themselves.
        `trusted`: the action is one of `legal_actions(state, seat)` for this very table, so the
        rules' trusted path takes it unchecked; a root action, listed on the real table the bot
        was asked about, is checked unless the dealt table lists it too."""
        rules = self.rules
        if trusted and rules.advance is not None:  # the table alone: a search reads no events
            state = rules.advance(state, seat, action, rng)
        else:
            state = (rules.decide_trusted if trusted else rules.decide)(state, seat, action, rng).state
        return state if rules.rival is None else self._rules_turns(state, rng)  # a call saved at every step

    def _rules_turns(self, state: Any, rng: Rng) -> Any:
        if self.rules.rival is None:  # no turns of their own to play: asked at every step of a playout
            return state
        while (played := rules_turns.play_due(self.rules, state, rng)) is not None:
            state = played.state
        return state

    def _playout(self, state: Any, rng: Rng) -> list[float]:
        return self._rewards(self._played_out(state, rng))

    def _played_out(self, state: Any, rng: Rng) -> Any:
        """The table a playout stops on: over, or cut short after the budget's depth of decisions."""
        player = self._playout_player()
        view = self._playout_view()
        # Looked up once a playout, not at each of its decisions; `_step`'s `trusted` passed by
        # position (a keyword call is not specialised in CPython 3.11).
        to_act, legal_actions, step = self.rules.to_act, self.rules.legal_actions, self._step
        for _ in range(self.budget.depth):
            seat = to_act(state)
            if seat is None:
                break
            legal = legal_actions(state, seat)
            if player is None:
                state = step(state, seat, rng.choice(legal), rng, True)
            else:  # the bot's action is trusted only if it is one of the listed ones (equal to one)
                action = player.choose(view(state, seat), legal, rng)
                state = step(state, seat, action, rng, action in legal)
        return state

    def _playout_view(self) -> Callable[[Any, int], View]:
        """What the playout bot is handed at each decision: the view the game declares for it (only
        what it reads), else the whole view."""
        return self.rules.search.playout_views.get(self.budget.playout_bot or "", self.rules.view)

    def _rewards(self, state: Any) -> list[float]:
        """Each seat's reward in [0, 1]: its share of the win once the game is over (nothing when
        a rival the rules play won), else how far its score stands from the best of the others;
        alone at a solitaire, its score (which only rises with the reward). A game that declares
        search `rewards` scores the table a playout stopped on itself, over or cut short (e.g. by its
        lead over a rival), unless they return None."""
        if self.rules.search is not None and (declared := self.rules.search.rewards) is not None:
            if (rewards := declared(state)) is not None:  # the game's own measure of where a playout stopped
                return list(rewards)
        outcome = self.rules.outcome(state) if self.rules.to_act(state) is None else None
        scores = self.rules.scores(state) if outcome is None else outcome.scores
        if len(scores) == 1 and (outcome is None or outcome.beaten_by is None):
            return [0.5 + 0.5 * scores[0] / (abs(scores[0]) + SOLITAIRE_SCALE)]
        if outcome is not None:
            winners = outcome.winners
            return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(outcome.scores))]
        rewards = []
        for seat, score in enumerate(scores):
            best_other = max((other for index, other in enumerate(scores) if index != seat), default=0)
            rewards.append(0.5 + 0.5 * (score - best_other) / (abs(score) + abs(best_other) + 1))
        return rewards


# json.dumps(action, sort_keys=True, separators=(",", ":")), with its encoder made once instead of
# at every call: a tree asks a key of every legal action at every node it passes through. Its C
# half too (what `JSONEncoder.iterencode` makes at each call, where the C accelerator is built),
# about half a key's cost; an action is never circular, so no markers are kept.
_ACTION_KEYS = json.JSONEncoder(sort_keys=True, separators=(",", ":"), check_circular=False)
_ENCODE = None if c_make_encoder is None else c_make_encoder(
    None, _ACTION_KEYS.default, encode_basestring_ascii, None, ":", ",", True, False, True)


def action_key(action: Action) -> str:
    """An action as one canonical string: the key of its child at the root."""
    return "".join(_ENCODE(action, 0)) if _ENCODE is not None else _ACTION_KEYS.encode(action)

