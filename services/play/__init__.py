"""Play: the commands that create games and take decisions, and the queries that read a game back."""
