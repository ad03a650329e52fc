"""The Court of Xiang Chi, the solitaire game of a ruler's court against the Daemon Princes
(Todd Sanders, Air and Nothingness Press).

`RULES` is the game (domain.game.Game) for the registry, assembled in game.py; the rules live in
small modules: cards (data), rulebook (rule ids), state, table (facts read off it), actions (legal
and refused), decide and flow (events), events (each event type once: its fold in evolve, its lines
in describe and lines), view, bots, and scenario (a chosen position in place of a deal).
"""

from domain.court.game import RULES

__all__ = ["RULES"]
