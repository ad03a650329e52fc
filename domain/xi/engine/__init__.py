"""The turn engine: what a seat may do (actions) and the events its decision gives (decide), through
cards played (play), abilities, skirmishes, the edges of a turn (turns), the state checks (checks),
the end of the game (end), the choices effects ask (choices), response windows (windows) and the
standing rules that answer them (standing)."""
