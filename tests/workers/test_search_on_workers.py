"""The search bot on the RQ workers, against a real Redis, in every game that has it: a worker
plays its decisions at the strength its seat gave it, each move records the bot, the strength
and the view it was given, and re-running the move from that view gives the same action."""

import pytest

from domain import registry
from domain.rng import Rng
from domain.bot_moves import bot_rng, view_mac
from tests.workers.conftest import run_worker

SEARCHING = [name for name, rules in registry.GAMES.items() if "search" in rules.bots]
BOT_MOVES = 3  # enough to see the worker at work; a whole game at the search bot's pace is the bench's


def seats_for(rules) -> list[dict]:
    """The search bot, and a person beside it when the game seats more than one."""
    searching = {"bot": "search", "strength": 1}
    return [searching] if rules.seats[0] == 1 else [{"name": "ana"}, searching] + [{"bot": "random"}] * (rules.seats[0] - 2)


@pytest.mark.parametrize("game", SEARCHING)
def test_the_search_bot_plays_on_the_workers_at_its_seats_strength(services, queue, game):
    rules = registry.get(game)
    seats = seats_for(rules)
    searching = 0 if len(seats) == 1 else 1
    created = services.commands.create(game, seats, seed=f"search-on-workers-{game}")
    chooser, moves = Rng(game, "person"), []
    while len(moves) < BOT_MOVES and not (table := services.store.game(created.id)).finished:
        seat = table.to_act()
        if seat is not None and table.seats[seat].get("bot") is None:
            services.commands.act(created.id, seat, chooser.choice(rules.legal_actions(table.state, seat)), table.version)
            continue
        assert queue.job_ids, "the bot's (or the rules') turn waits as a job"
        run_worker(queue, max_jobs=1)
        after = services.store.stored_events(created.id, gt=table.version)
        assert after, "the worker played the turn"
        if after[0].cause.get("seat") == searching and after[0].cause.get("actor"):
            moves.append((table.version, after[0].cause))
    assert len(moves) == BOT_MOVES
    for version, cause in moves:
        assert cause["actor"]["bot"] == "search" and cause["actor"]["strength"] == 1
        before = services.store.game(created.id, version=version)
        view = rules.view(before.state, searching)
        assert view_mac(before.seed, view) == cause["actor"]["view_mac"]
        again = rules.bots["search"].at_strength(1).choose(view, rules.legal_actions(before.state, searching),
                                                             bot_rng(before.seed, version))
        assert again == cause["action"]

