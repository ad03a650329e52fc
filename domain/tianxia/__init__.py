"""Tianxia (Board&Dice, 2025): the board as data (board.toml, read by board.py) and the rule index
(rulebook.py). The design is docs/design/tianxia.md; this package is its step 1. Not registered in
domain/registry.py: there are no rules to play yet."""
