"""The search bot cut to a few short playouts, in the test's process, for tests that play whole
games with it (a tournament of bots at several strengths): they check what the games lead to, not
how well the bot plays. Each strength still plays its own budget, in the same proportions."""

from __future__ import annotations

from dataclasses import replace

from domain import bot_moves
from domain.search import SearchBot


def quick_search(monkeypatch) -> None:
    real = bot_moves.bot_of

    def quick(rules, seat, name=None):
        bot = real(rules, seat, name)
        if not isinstance(bot, SearchBot):
            return bot
        budget = bot.budget
        return type(bot)(rules, replace(budget, playouts=max(budget.tables, budget.playouts // 20), depth=6))

    monkeypatch.setattr(bot_moves, "bot_of", quick)
