"""The application layer, by concern: the log of each game (log), players (players), play
(commands and queries), live news and streams (live), disputes and audit (disputes), the
reactions after a move (reactions) and offline work (offline); built from the environment in
one place (compose)."""
