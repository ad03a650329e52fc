"""Names of seats and players: what a person is called at the table, in lists and in replays.

A name has at most MAX_NAME characters as sent. It is kept in Unicode's composed form (NFC), so
"Zoë" typed with a combining diaeresis is the very name typed with "ë", and trimmed of surrounding
white space. Then it must show: at least one of its characters is visible (a letter, digit,
punctuation mark or symbol that Unicode does not list as ignorable, such as the Hangul filler),
and none is a control or format character (NUL, a tab, a line break, an escape, a zero-width
space, a byte order mark, a right-to-left override or any other bidirectional control), a line
or paragraph separator, a lone surrogate, or a code point Unicode has not assigned. The
zero-width joiner and non-joiner are kept: some scripts' spelling and some emoji need them.

A name is shown wherever the person appears, so a name of white space or of invisible
characters alone would show nothing, and a bidirectional control would turn the line around it.

Players are told apart by their ids: two players may bear one name. At one table, though, names
tell the seats apart in every replay line, so names alike (`likeness`: the same once case, width
and compatibility forms are set aside, "Ana" and "ana", "Ｚoë" and "Zoë") count as one name.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import regex

from services.errors import InvalidRequest

MAX_NAME = 40
# Cc: control characters; Cf: format characters (bidirectional controls among them) but for the
# joiners; Cs: lone surrogates; Cn: unassigned; Zl, Zp: line and paragraph separators.
REFUSED = regex.compile(r"(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Cs}\p{Cn}\p{Zl}\p{Zp}]")
# U+2800 (a blank braille pattern) is a symbol that shows nothing.
VISIBLE = regex.compile(r"(?![\p{Default_Ignorable_Code_Point}\u2800])[\p{L}\p{N}\p{P}\p{S}]")
IGNORED = regex.compile(r"\p{Default_Ignorable_Code_Point}")
RULE = (f"a name has at most {MAX_NAME} characters, at least one of them visible, and no control or format "
        "character (a line break, a zero-width space, a right-to-left override...)")


def checked_name(raw: Any, field: str) -> str:
    """The name to store, composed (NFC) and trimmed; InvalidRequest naming `field` and why otherwise."""
    if not isinstance(raw, str):
        raise InvalidRequest(f"{RULE}; this is not text", field)
    if len(raw) > MAX_NAME:
        raise InvalidRequest(f"{RULE}; this one has {len(raw)}", field)
    name = unicodedata.normalize("NFC", raw).strip()
    if len(name) > MAX_NAME:  # composing lengthens a few characters
        raise InvalidRequest(f"{RULE}; this one has {len(name)} once composed", field)
    if (refused := REFUSED.search(name)) is not None:
        character = refused.group()
        what = unicodedata.name(character, "unnamed")
        raise InvalidRequest(f"{RULE}; U+{ord(character):04X} ({what}, at position {refused.start()}) is one", field)
    if not VISIBLE.search(name):
        raise InvalidRequest(f"{RULE}; this one shows nothing" if name else f"{RULE}; this one is empty once trimmed",
                             field)
    return name


def likeness(name: str) -> str:
    """What two names alike have in common (Unicode's NFKC case folding, white space runs as one)."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(IGNORED.sub("", folded).split())


def bot_name(bot: str) -> str:
    """A bot as it is named everywhere: at the table, in replays, on the leaderboards ("greedy-bot")."""
    return f"{bot}-bot"


def numbered(name: str, taken: set[str]) -> str:
    """`name`, or the first "name (2)", "name (3)"... not alike any of `taken` (their likenesses):
    two things that share a name are numbered, as "Cinder Hound (2)"."""
    number = 1
    shown = name
    while likeness(shown) in taken:
        number += 1
        shown = f"{name} ({number})"
    return shown
