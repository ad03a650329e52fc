"""Live: the news of saved moves between processes (doorbells), and the streams that follow a game
or a player.
"""
