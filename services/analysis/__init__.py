"""The analysis of a game's decisions (domain.analysis), stored as a stream per game, analysis
version and strength, and computed on the workers."""
