"""The rules of every game, pure: the standard library only, no I/O."""
