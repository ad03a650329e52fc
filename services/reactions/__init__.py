"""The reactions after a move: bot and rules turns, clocks that run out, "your turn" webhooks;
played in this process or sent as RQ jobs, and the turns that failed.
"""
