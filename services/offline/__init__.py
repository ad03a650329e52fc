"""Offline work: seeded simulations of bot against bot and deck matches, apart from any store."""
