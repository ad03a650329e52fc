"""The log of each game: its stream and the store that keeps it, its seats, names, options and
clocks, and reading it back (the events presented, a step explained).
"""
