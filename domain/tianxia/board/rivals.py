"""The automated opponents' cards, the die and the difficulty levels, loaded from rivals.toml
and checked against the board at import.

A card is data: a top section needing an action marker and lines, each one word of the seed's
appendix (L251-267) with its fields, read by `reading.Table` so that a wrong type, a missing
field or a misspelt one is refused naming the card and the line. The numbers a card prints
(wall sections 1-4 west to east, barges 1-4 left to right) become the board's ids here, so the
rules and their events speak of `yuyang` and `coin-barge`, never of 4.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from domain.tianxia.board.components import Board
from domain.tianxia.board.loader import BOARD
from domain.tianxia.board.reading import BoardDataError, Table, unique

__all__ = ["RIVALS", "Rivals", "RivalCard", "Line", "Top", "Level", "build", "load"]

DECKS = {"li-mu": ("basic", "advanced"), "bot": ("bot",)}
DIE_SLOTS = ("first", "second", "deck")
FACES = range(1, 7)

# The words of a card's lines (the appendix), each with the fields it may carry beside its value.
LINE_WORDS = {
    "soldier": (),                                  # L256: [sections]
    "soldiers": ("where", "priority"),              # L257-258: n
    "wall": ("priority", "with_soldier"),           # L259, L186: where
    "worker": (),                                   # L261: barge
    "workers": ("priority",),                       # L262: "fewest"
    "deliver": ("port", "from"),                    # L263: n
    "pass_late": (),                                # L264
    "advance": (),                                  # L265: track
    "advance_least": (),                            # L266
    "prestige": ("per",),                           # L267: points
}
TOP_WORDS = ("region", "fortify")                   # L255, L254
SOLDIERS_WHERE = ("strongest", "weakest", "closest")  # where the nomad's strength is highest, lowest; the chieftain closest
WALL_WHERE = ("fewest",) + SOLDIERS_WHERE
SIDES = ("left", "right")
# What a prestige line counts, at the moment it resolves (`tianxia.house.prestige-icons`).
PRESTIGE_PER = ("wall", "soldier", "governor", "figurine", "barge-worker", "delivery", "region")


@dataclass(frozen=True)
class Top:
    """The section that needs an action marker: a region's, or the Fortify/Train space's."""

    word: str  # "region" | "fortify"
    region: str | None = None
    starred: bool = False  # ignored on Li Mu's 4th turn (L255)


@dataclass(frozen=True)
class Line:
    """One section below the top: its word and what it names. Unused fields keep their default."""

    word: str
    count: int = 1  # soldiers, delivery markers, prestige points
    where: str | None = None  # strongest | weakest | closest | fewest
    priority: tuple[str, ...] = ()  # wall section or barge ids, first choice first
    sections: tuple[str, ...] = ()  # `soldier`: a soldier in each
    barge: str | None = None
    port: str | None = None
    side: str | None = None  # the side of the ships a delivery starts from
    track: str | None = None
    per: str | None = None
    with_soldier: bool = False


@dataclass(frozen=True)
class RivalCard:
    id: str
    deck: str  # "li-mu" | "bot"
    level: str  # "basic" | "advanced" | "bot"
    top: Top
    lines: tuple[Line, ...]
    replaces: str | None = None  # an Advanced card: the Basic card it replaces

    @cached_property
    def passes_late(self) -> bool:
        """Whether a line of the card makes Li Mu pass late (read once per card: asked every turn)."""
        return any(line.word == "pass_late" for line in self.lines)


@dataclass(frozen=True)
class Level:
    """A difficulty level: its stacks and how many of each make each round's deck."""

    id: str
    basic: tuple[str, ...]
    advanced: tuple[str, ...]
    advanced_drawn: int
    rounds: tuple[tuple[int, int], ...]  # (Basic, Advanced) cards a round


@dataclass(frozen=True)
class Rivals:
    die: Mapping[int, str]  # a face -> "first" | "second" | "deck"
    cards: Mapping[str, RivalCard]
    levels: Mapping[str, Level]

    def deck(self, name: str, level: str | None = None) -> tuple[RivalCard, ...]:
        """The cards of Li Mu's or the Bot's deck, of one level if given, in file order."""
        return tuple(card for card in self.cards.values() if card.deck == name and level in (None, card.level))


def _numbered(table: Table, key: str, ids: tuple[str, ...], value: Any) -> str:
    """The id of the board's `ids` a card prints as a number from 1."""
    if type(value) is not int or not 1 <= value <= len(ids):
        raise table.fail(key, f"{value!r} is not a number from 1 to {len(ids)}")
    return ids[value - 1]


def _priority(table: Table, ids: tuple[str, ...]) -> tuple[str, ...]:
    value = table.raw("priority")
    if not isinstance(value, list) or sorted(value) != list(range(1, len(ids) + 1)):
        raise table.fail("priority", f"{value!r} does not name each of 1 to {len(ids)} once")
    return tuple(ids[number - 1] for number in value)


def _top(where: str, raw: Any, board: Board) -> Top:
    table = Table(f"{where} top", raw)
    words = [word for word in TOP_WORDS if table.has(word)]
    if len(words) != 1:
        raise table.fail("top", f"one of {', '.join(TOP_WORDS)} was expected")
    if words[0] == "fortify":
        if table.raw("fortify") is not True:
            raise table.fail("fortify", "is written fortify = true")
        top = Top("fortify", starred=_flag(table, "starred"))
    else:
        top = Top("region", table.str("region", choices=tuple(board.regions)), _flag(table, "starred"))
    table.done()
    return top


def _flag(table: Table, key: str) -> bool:
    value = table.raw(key, default=False)
    if type(value) is not bool:
        raise table.fail(key, f"{value!r} is not true or false")
    return value


def _line(where: str, raw: Any, board: Board) -> Line:
    table = Table(where, raw)
    words = [word for word in LINE_WORDS if table.has(word)]
    if len(words) != 1:
        known = [key for key in (raw if isinstance(raw, dict) else {}) if key not in LINE_WORDS]
        raise table.fail(known[0] if known else "line", f"one word of {', '.join(LINE_WORDS)} was expected")
    word = words[0]
    walls, barges = tuple(board.walls), tuple(board.barges)
    if word == "soldier":
        value = table.raw("soldier")
        if not isinstance(value, list) or not value or len(set(map(str, value))) != len(value):
            raise table.fail("soldier", f"{value!r} is not a list of different wall sections")
        line = Line(word, count=len(value), sections=tuple(_numbered(table, "soldier", walls, n) for n in value))
    elif word == "soldiers":
        line = Line(word, count=table.int("soldiers", low=1), where=table.str("where", choices=SOLDIERS_WHERE),
                    priority=_priority(table, walls))
    elif word == "wall":
        line = Line(word, where=table.str("wall", choices=WALL_WHERE), priority=_priority(table, walls),
                    with_soldier=_flag(table, "with_soldier"))
    elif word == "worker":
        line = Line(word, barge=_numbered(table, "worker", barges, table.raw("worker")))
    elif word == "workers":
        line = Line(word, where=table.str("workers", choices=("fewest",)), priority=_priority(table, barges))
    elif word == "deliver":
        line = Line(word, count=table.int("deliver", low=1), port=table.str("port", choices=tuple(board.ports)),
                    side=table.str("from", choices=SIDES))
    elif word in ("pass_late", "advance_least"):
        if table.raw(word) is not True:
            raise table.fail(word, f"is written {word} = true")
        line = Line(word)
    elif word == "advance":
        line = Line(word, track=table.str("advance", choices=tuple(board.tracks)))
    else:
        line = Line(word, count=table.int("prestige", low=1), per=table.str("per", choices=PRESTIGE_PER))
    table.done()
    return line


def _card(raw: Any, board: Board) -> RivalCard:
    table = Table("card", raw)
    card_id = table.str("id")
    table.where = f"card {card_id}"
    deck = table.str("deck", choices=tuple(DECKS))
    level = table.str("level", choices=DECKS[deck])
    replaces = table.str("replaces") if level == "advanced" else None
    top = _top(table.where, table.raw("top"), board)
    lines = tuple(_line(f"{table.where} line {number}", line, board)
                  for number, line in enumerate(table.tables("lines"), start=1))
    table.done()
    card = RivalCard(card_id, deck, level, top, lines, replaces)
    _check_card(card)
    return card


def _check_card(card: RivalCard) -> None:
    """A card the rival it belongs to may play: the Bot's cards never pass, star a section or gain
    prestige (it takes 3 turns and passes, L62; it gains none, L47: `tianxia.house.bot-cards`)."""
    if card.deck == "bot":
        if card.top.starred:
            raise BoardDataError(f"card {card.id} top: starred: the Bot ignores no section on a 4th turn; it takes 3")
        for number, line in enumerate(card.lines, start=1):
            if line.word in ("pass_late", "prestige"):
                why = "passes after its 3rd turn, never by a card" if line.word == "pass_late" else "gains no prestige"
                raise BoardDataError(f"card {card.id} line {number}: {line.word}: the Bot {why}")


def _die(raw: Any) -> Mapping[int, str]:
    table = Table("die", raw)
    faces: dict[int, str] = {}
    for slot in DIE_SLOTS:
        for face in table.ints(slot, low=1):
            if face not in FACES or face in faces:
                raise table.fail(slot, f"{face} is not a face of the die, or is named twice")
            faces[face] = slot
    table.done()
    if sorted(faces) != list(FACES):
        raise BoardDataError(f"die: faces {', '.join(str(f) for f in FACES if f not in faces)} pick no card")
    return MappingProxyType(dict(sorted(faces.items())))


def _level(raw: Any, cards: Mapping[str, RivalCard], board: Board) -> Level:
    table = Table("level", raw)
    level_id = table.str("id", choices=board.solo.difficulties)
    table.where = f"level {level_id}"
    basic = table.strs("basic", choices=[card.id for card in cards.values() if card.level == "basic"])
    advanced = table.strs("advanced", choices=[card.id for card in cards.values() if card.level == "advanced"])
    drawn = table.int("advanced_drawn")
    rounds_raw = table.raw("rounds")
    if (not isinstance(rounds_raw, list) or len(rounds_raw) != board.numbers.rounds
            or any(not isinstance(r, list) or len(r) != 2 or any(type(n) is not int or n < 0 for n in r) for r in rounds_raw)):
        raise table.fail("rounds", f"{board.numbers.rounds} pairs [Basic, Advanced] of whole numbers were expected")
    table.done()
    level = Level(level_id, basic, advanced, drawn, tuple((b, a) for b, a in rounds_raw))
    _check_level(level, cards)
    return level


def _check_level(level: Level, cards: Mapping[str, RivalCard]) -> None:
    """Each round's deck fits the level's stacks once the drawn Advanced cards replace theirs."""
    replaceable = [card for card in cards.values() if card.replaces in level.basic and card.id not in level.advanced]
    if level.advanced_drawn > len(replaceable):
        raise BoardDataError(f"level {level.id}: advanced_drawn: only {len(replaceable)} Advanced cards replace one "
                             "of its Basic cards")
    basic_left, advanced = len(level.basic) - level.advanced_drawn, len(level.advanced) + level.advanced_drawn
    for number, (basic_cards, advanced_cards) in enumerate(level.rounds, start=1):
        if basic_cards > basic_left or advanced_cards > advanced:
            raise BoardDataError(f"level {level.id}: rounds: round {number} wants {basic_cards} Basic and "
                                 f"{advanced_cards} Advanced cards of stacks of {basic_left} and {advanced}")


def build(data: Mapping[str, Any], board: Board = BOARD) -> Rivals:
    """The rivals of `data` (rivals.toml read), or BoardDataError naming where and why."""
    top = Table("rivals.toml", dict(data))
    die = _die(top.raw("die"))
    card_list = [_card(raw, board) for raw in top.tables("card")]
    unique("card", [card.id for card in card_list])
    cards = MappingProxyType({card.id: card for card in card_list})
    replaced = [card.replaces for card in card_list if card.replaces is not None]
    for card in card_list:
        if card.replaces is not None and (cards.get(card.replaces) is None or cards[card.replaces].level != "basic"):
            raise BoardDataError(f"card {card.id}: replaces: {card.replaces!r} is not a Basic card of Li Mu's")
    if len(set(replaced)) != len(replaced):
        raise BoardDataError("two Advanced cards replace the same Basic card")
    levels = [_level(raw, cards, board) for raw in top.tables("level")]
    unique("level", [level.id for level in levels])
    if [level.id for level in levels] != list(board.solo.difficulties):
        raise BoardDataError(f"levels: {', '.join(board.solo.difficulties)} were expected, in that order")
    top.done()
    return Rivals(die, cards, MappingProxyType({level.id: level for level in levels}))


def load(path: Path = Path(__file__).parent / "rivals.toml") -> Rivals:
    with path.open("rb") as file:
        return build(tomllib.load(file))


RIVALS = load()
"""Li Mu's and the Bot's cards, the die and the difficulty levels every Tianxia game uses."""
