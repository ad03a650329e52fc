"""Tournaments as users meet them: each stored as a stream of its own, its rounds' games created
through the same commands as any game, its rules those of domain/tournaments (docs/tournaments.md)."""
