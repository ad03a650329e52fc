"""Tournaments, pure: formats, pairings, standings, the seed commitment, and the fold of their events.

Nothing here stores or schedules anything: the service keeps a tournament's events as a stream of
its own and asks these functions for the next round's pairing and for the standings.
docs/tournaments.md tells every procedure as a player would check it.
"""
