"""Email when it is your move: a player's address and choices, the letters, and sending them by SMTP."""
