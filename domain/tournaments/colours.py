"""Who takes the first seat (white) in a two-player game: balance each player's colours.

A player's preference, from the colours of their games so far (W first seat, B second):
- absolute: two games in a row of one colour, or two more of one colour than of the other: the other;
- strong: one more of one colour: the other;
- mild: as many of each: the other colour than the last game's;
- none: no game yet.
Two players who want different colours both get them. When they want the same one, the stronger
preference wins, then the greater imbalance, then the better initial rank. When neither has a
preference (round one), the better ranked player of table 1 gets the colour drawn from the seed,
and that player's colour alternates down the tables.
"""

from __future__ import annotations

from collections.abc import Sequence

NONE, MILD, STRONG, ABSOLUTE = 0, 1, 2, 3


def other(colour: str) -> str:
    return "B" if colour == "W" else "W"


def preference(colours: Sequence[str]) -> tuple[str | None, int]:
    """The colour a player should get next and how much it matters."""
    if not colours:
        return None, NONE
    imbalance = colours.count("W") - colours.count("B")
    if len(colours) >= 2 and colours[-1] == colours[-2]:
        return other(colours[-1]), ABSOLUTE
    if abs(imbalance) >= 2:
        return ("B" if imbalance > 0 else "W"), ABSOLUTE
    if imbalance:
        return ("B" if imbalance > 0 else "W"), STRONG
    return other(colours[-1]), MILD


def clash(a: Sequence[str], b: Sequence[str]) -> int:
    """How badly two players' preferences clash: the weaker of two preferences for one colour."""
    (ca, sa), (cb, sb) = preference(a), preference(b)
    if ca is None or cb is None or ca != cb:
        return NONE
    return min(sa, sb)


def first_seat(better: str, worse: str, colours: dict[str, list[str]], table_index: int,
               drawn_colour: str) -> tuple[str, str]:
    """The two players in seat order, `better` being the better ranked."""
    (ca, sa), (cb, sb) = preference(colours[better]), preference(colours[worse])
    if ca is None and cb is None:
        colour = drawn_colour if table_index % 2 == 0 else other(drawn_colour)
    elif cb is None or (ca is not None and ca != cb):
        colour = ca
    elif ca is None:
        colour = other(cb)
    else:  # both want the same colour
        ia = abs(colours[better].count("W") - colours[better].count("B"))
        ib = abs(colours[worse].count("W") - colours[worse].count("B"))
        colour = ca if (sa, ia) >= (sb, ib) else other(cb)
    return (better, worse) if colour == "W" else (worse, better)
