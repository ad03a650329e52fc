"""Each line of a rival's card, played as the seed's appendix says (L251-267): as much of it as he
can, skipping what cannot be done and saying why (L178, `tianxia.house.no-room`).

Every event names the rival, the card and what decided where the piece went (`why`): the measure
compared, the tie and the card's priority list that broke it, so that the replay explains every
move the rival made. A line's choices are scans of 4 sections or 4 barges: no search.
"""

from __future__ import annotations

from typing import Any

from domain.contract import NO_FACTS, Event
from domain.tianxia.board.loader import BOARD
from domain.tianxia.evolve import FOLDS, TianxiaEmitter
from domain.tianxia.rewards import merchants, pushed_off
from domain.tianxia.board.rivals import RIVALS, Line, RivalCard
from domain.tianxia.state import LI_MU, TianxiaState

# The Palace tie-break of both rivals, whose pictures are lost (L56, L144): `tianxia.house.palace-priority`.
PALACE_PRIORITY = ("blue", "black", "white", "red")
PRESTIGE_TRACK = "blue"  # the one track whose printed reward, its prestige, a rival takes (L182)
NOMAD_OF = {nomad.attacks: nomad.id for nomad in BOARD.nomads.values()}  # wall section -> its nomad
SECTION_NAMES = {wall.id: wall.name for wall in BOARD.walls.values()}
_new_tuple = tuple.__new__  # an Event made at once, as the emitter makes it
SECTION_NUMBERS = {wall: str(number) for number, wall in enumerate(BOARD.walls, start=1)}  # as a card's list shows them
# A card's list of wall sections as a tie's words give it ("2, 1, 3, 4"), by list: made once, at import (`list_words`).
LIST_WORDS = {line.priority: ", ".join([SECTION_NUMBERS[s] for s in line.priority])
              for card in RIVALS.cards.values() for line in card.lines if line.word in ("soldiers", "wall")}

class RivalTurn:
    """One rival turn being played, on a decision's emitter; `card` None for a pass with no card."""

    def __init__(self, em: TianxiaEmitter, card: RivalCard | None):
        self.em, self.card = em, card
        self.state = em.state  # the decision's table, changed in place as each event is emitted
        self.rival, self.owner = self.state.rival.kind, len(self.state.seats)  # `rival_owner`, without its call
        self.card_id = card.id if card else None
        self.events = em.events

    def emit(self, kind: str, rule: str, facts: dict[str, Any]) -> None:
        """One event of the turn, its facts naming the rival and the card first (`"rival": turn.rival,
        "card": turn.card_id`, written at each call: one dict made, not two merged, for each of the
        ten-odd events of a turn): `TianxiaEmitter.emit` for facts that are all public, written out
        here (a call fewer an event)."""
        FOLDS[kind](self.state, facts)
        self.events.append(_new_tuple(Event, (kind, rule, facts, NO_FACTS, None, NO_FACTS)))

    def skip(self, line: int, rule: str, why: str) -> None:
        self.emit("rival_line_skipped", rule, {"rival": self.rival, "card": self.card_id, "line": line, "why": why})


def defence(state: TianxiaState, section: str) -> int:
    """A wall section's defence: 1 a wall, 2 a tower, 1 a soldier, whoever owns them."""
    pieces = state.sections[section]
    return len(pieces.walls) + 2 * len(pieces.towers) + len(pieces.soldiers)


def measures(state: TianxiaState, line: Line) -> dict[str, int]:
    """What the line compares between the sections on its list, as numbers to sort by, lowest first:
    each section measured once per line (`ranked` and `why_section` read them), in one call."""
    where, found = line.where, {}
    if where == "fewest":
        sections = state.sections
        for section in line.priority:
            found[section] = len(sections[section].walls)
        return found
    nomads = state.nomads
    for section in line.priority:
        nomad = nomads[NOMAD_OF[section]]
        if where == "strongest":
            found[section] = -nomad.strength
        elif where == "weakest":
            found[section] = nomad.strength
        elif where == "closest":
            found[section] = nomad.distance
        else:
            raise KeyError(where)
    return found


MEASURE_WORDS = {"strongest": "the nomad's strength is highest", "weakest": "the nomad's strength is lowest",
                 "closest": "the chieftain is closest", "fewest": "the fewest walls stand"}


def ranked(line: Line, measured: dict[str, int]) -> list[str]:
    """The sections in the order the line tries them: by its measure (`measures`, made in the order of
    the card's list, whose sections are distinct), ties by that list: a stable sort keyed by the
    dict's own `get`, called in C rather than a key function in Python."""
    return sorted(measured, key=measured.get)


def why_section(line: Line, section: str, tried: list[str], measured: dict[str, int]) -> str:
    """Why the line went to `section`: its measure (`measures`), the tie its list broke, the sections
    it passed."""
    mine = measured[section]
    value, tied = abs(mine), []
    for other in line.priority:
        if other != section and measured[other] == mine:
            tied.append(other)
    words = f"{SECTION_NAMES[section]}: {MEASURE_WORDS[line.where]} ({value})"
    if tied:
        words += f", tied with {names(tied)}; the card's list {list_words(line.priority)} puts it first"
    if tried:
        words += f"; {names(tried)} had no room"
    return words


def list_words(priority: tuple[str, ...]) -> str:
    """A card's list of wall sections numbered as the card shows them: the one made at import for
    the rivals' cards, else made now."""
    words = LIST_WORDS.get(priority)
    return words if words is not None else ", ".join([SECTION_NUMBERS[s] for s in priority])


def names(sections: list[str]) -> str:
    """The sections' names, listed (a loop, not a generator: a tie is common, every wall empty)."""
    found = []
    for section in sections:
        found.append(SECTION_NAMES[section])
    return ", ".join(found)


def soldiers(turn: RivalTurn, number: int, line: Line) -> None:
    """`soldier` (L256): one in each section shown; `soldiers` (L257-258): n where the measure points,
    ties by the card's list, each where there is room, down the list."""
    rule = "tianxia.card.soldier" if line.word == "soldier" else (
        "tianxia.card.soldier-chieftain" if line.where == "closest" else "tianxia.card.soldier-strength")
    if line.word == "soldier":
        targets = []
        for section in line.sections:  # a loop, not a comprehension
            targets.append((section, 1, f"{SECTION_NAMES[section]}, shown on the card"))
    else:
        targets, left, tried, measured = [], line.count, [], measures(turn.state, line)
        for section in ranked(line, measured):
            room = BOARD.walls[section].soldiers - len(turn.state.sections[section].soldiers)
            if room <= 0:
                tried.append(section)
                continue
            placed = min(room, left)
            targets.append((section, placed, why_section(line, section, tried, measured)))
            left -= placed
            if not left:
                break
    for section, count, why in targets:
        room = BOARD.walls[section].soldiers - len(turn.state.sections[section].soldiers)
        count = min(count, room, turn.state.rival.soldiers)
        if count <= 0:
            reason = "he has no soldier left" if not turn.state.rival.soldiers else f"{SECTION_NAMES[section]} has no room"
            turn.skip(number, "tianxia.house.no-room", f"no soldier in {SECTION_NAMES[section]}: {reason}")
            continue
        before = defence(turn.state, section)
        turn.emit("rival_soldiers_placed", rule, {
            "rival": turn.rival, "card": turn.card_id, "line": number, "section": section, "count": count,
            "defence": [before, before + count], "why": why})
    if line.word == "soldiers" and not targets:
        turn.skip(number, "tianxia.house.no-room", "no wall section has room for a soldier")


def wall(turn: RivalTurn, number: int, line: Line) -> None:
    """`wall` (L259): a wall where the measure points, ties by the card's list; with a soldier, both
    in one section, or the next section on the list (L186)."""
    rule = "tianxia.limu.wall-and-soldier" if line.with_soldier else "tianxia.card.wall"
    if not turn.state.rival.walls or (line.with_soldier and not turn.state.rival.soldiers):
        turn.skip(number, "tianxia.house.no-room", "he has no wall left" if not turn.state.rival.walls
                  else "he has no soldier left to go with the wall")
        return
    tried, measured = [], measures(turn.state, line)
    for section in ranked(line, measured):
        pieces = turn.state.sections[section]
        fits = len(pieces.walls) < BOARD.walls[section].walls and (
            not line.with_soldier or len(pieces.soldiers) < BOARD.walls[section].soldiers)
        if fits:
            before = defence(turn.state, section)
            turn.emit("rival_wall_placed", rule, {
                "rival": turn.rival, "card": turn.card_id, "line": number, "section": section,
                "with_soldier": line.with_soldier, "defence": [before, before + 1 + line.with_soldier],
                "why": why_section(line, section, tried, measured)})
            return
        tried.append(section)
    turn.skip(number, "tianxia.house.no-room", "no wall section has room" + (" for a wall and a soldier" if line.with_soldier else ""))


def worker(turn: RivalTurn, number: int, line: Line) -> None:
    """`worker` (L261): on the barge shown; `workers` (L262): on the barge with fewest of his, ties by
    the card's list. Li Mu uses his second colour (L188); the worker goes leftmost, pushing off a third."""
    state = turn.state
    supply = state.rival.barge_meeples if state.rival.kind == LI_MU else state.rival.meeples
    if not supply:
        turn.skip(number, "tianxia.house.no-room", "he has no worker left for the barges")
        return
    if line.word == "worker":
        barge, rule, why = line.barge, "tianxia.card.worker", "the barge shown on the card"
    else:
        barge, mine = None, 0  # the first on the card's list with fewest of his workers (no key function)
        for other in line.priority:
            count = state.barges[other].count(turn.owner)
            if barge is None or count < mine:
                barge, mine = other, count
        tied = []
        for other in line.priority:  # a loop, not a comprehension
            if other != barge and state.barges[other].count(turn.owner) == mine:
                tied.append(other)
        why = f"fewest of his workers ({mine})" + (f", tied with {', '.join(tied)}; the card's list puts it first" if tied else "")
        rule = "tianxia.card.worker-fewest"
    pushed = pushed_off(state, barge)
    turn.emit("rival_worker_placed", rule, {
        "rival": turn.rival, "card": turn.card_id, "line": number, "barge": barge, "pushed": pushed, "why": why})
    merchants(turn.em, pushed)
    if pushed == turn.owner and turn.rival == LI_MU:
        turn.emit("rival_prestige_gained", "tianxia.limu.pushed-off", {
            "rival": turn.rival, "card": turn.card_id, "points": 3, "why": f"his worker was pushed off the {barge}"})


def deliver(turn: RivalTurn, number: int, line: Line) -> None:
    """`deliver` (L263): n delivery markers on the port's top ship from the side shown, then on its
    next ship; then a shipping marker in that port, even when no space was free (`tianxia.house.deliver-full`)."""
    placed = 0
    for index, ship in enumerate(turn.state.ports[line.port]):
        spaces = range(len(ship["crates"])) if line.side == "left" else reversed(range(len(ship["crates"])))
        for space in spaces:
            if placed == line.count or not turn.state.rival.crates:
                break
            if turn.state.ports[line.port][index]["crates"][space] is None:
                turn.emit("rival_delivered", "tianxia.card.deliver", {
                    "rival": turn.rival, "card": turn.card_id, "line": number, "port": line.port, "ship": index,
                    "space": space, "why": f"the first free space from the {line.side} of the "
                    + ("top ship" if index == 0 else "next ship")})
                placed += 1
    if placed < line.count:
        turn.skip(number, "tianxia.house.deliver-full", f"{line.count - placed} delivery marker(s) found no free "
                  f"space on the ships of {line.port}" + ("" if turn.state.rival.crates else ": he has none left"))
    if turn.state.rival.shipping:
        turn.emit("rival_shipping_marker_placed", "tianxia.card.deliver", {
            "rival": turn.rival, "card": turn.card_id, "line": number, "port": line.port})
    else:
        turn.skip(number, "tianxia.house.no-room", "he has no shipping marker left")


def least_advanced(state: TianxiaState, owner: int, lowest: int = 0) -> tuple[str, str, int]:
    """The track `owner` stands lowest on, ties by the Palace priority; why; and the step. The four
    tracks are read a step at a time from `lowest` up, side by side, so the scan stops at the lowest
    step he stands on; `lowest`, a step below which he stands on no track (known to a caller that
    advances him again: the bottom, else the step he last left)."""
    palace, step = state.palace, lowest
    # PALACE_PRIORITY's tracks written out: loops, not comprehensions (Li Mu asks this in most of his turns)
    blues, blacks, whites, reds = palace["blue"], palace["black"], palace["white"], palace["red"]
    while not (owner in blues[step] or owner in blacks[step] or owner in whites[step] or owner in reds[step]):
        step += 1
    blue, black, white, red = blues[step], blacks[step], whites[step], reds[step]
    tied = []
    if owner in blue:
        tied.append("blue")
    if owner in black:
        tied.append("black")
    if owner in white:
        tied.append("white")
    if owner in red:
        tied.append("red")
    why = f"his lowest track (step {step})"
    if len(tied) > 1:
        why += f", tied with {', '.join(tied[1:])}; the priority blue, black, white, red puts it first"
    return tied[0], why, step


def advance(turn: RivalTurn, number: int | None, track: str, rule: str, why: str, before: int | None = None) -> None:
    """One step up `track` (L265): the blue track's printed prestige for Li Mu (L182), and a tile of the
    step taken if its figurine is new to him, else the leftmost removed (L182, L265; the Bot: L54).
    `before`, the step he stands on, when the caller has found it already."""
    state = turn.state
    if before is None:
        before = state.step_of(turn.owner, track)
    if before == BOARD.palace.steps:
        turn.skip(number or 0, "tianxia.house.palace-top", f"he stands at the top of the {track} track")
        return
    after = before + 1
    turn.emit("rival_advanced", rule, {
        "rival": turn.rival, "card": turn.card_id, "line": number, "track": track, "steps": [before, after],
        "why": why})
    if track == PRESTIGE_TRACK and turn.rival == LI_MU:  # the printed prestige read only where he takes it
        printed = BOARD.tracks[track].steps[after].reward.get("prestige", 0)
        if printed:
            turn.emit("rival_prestige_gained", "tianxia.limu.blue-prestige", {
                "rival": turn.rival, "card": turn.card_id, "points": printed, "why": f"step {after} of the blue track"})
    tiles = state.step_tiles[track][after]
    if tiles:
        where = {"track": track, "step": after}
        take_tile(turn, tiles, where, "tianxia.limu.palace-tiles" if turn.rival == LI_MU else "tianxia.bot.palace-tile")


def take_tile(turn: RivalTurn, tiles: list[str], where: dict, rule: str) -> None:
    """Li Mu takes a tile whose jade figurine he lacks, else removes the leftmost; the Bot removes
    the leftmost (L53-54, L182, L184, L190)."""
    if turn.rival == LI_MU:
        owned = set(turn.state.rival.figurines)
        for index, tile in enumerate(tiles):
            figurine = BOARD.tiles[tile].figurine
            if figurine is not None and figurine not in owned:
                turn.emit("rival_tile_claimed", rule, {
                    "rival": turn.rival, "card": turn.card_id, "tile": tile, "index": index, "where": where,
                    "why": f"a jade {figurine} he does not have"})
                return
    turn.emit("rival_tile_removed", rule, {
        "rival": turn.rival, "card": turn.card_id, "tile": tiles[0], "index": 0, "where": where,
        "why": "the Bot keeps no tile" if turn.rival != LI_MU else "no tile there has a jade figurine he lacks"})


def prestige(turn: RivalTurn, number: int, line: Line) -> None:
    """`prestige` (L267): points for each thing counted now (`tianxia.house.prestige-icons`)."""
    count = counted(turn.state, turn.owner, line.per)
    if count:
        turn.emit("rival_prestige_gained", "tianxia.card.prestige", {
            "rival": turn.rival, "card": turn.card_id, "line": number, "points": line.count * count,
            "why": f"{line.count} for each {line.per} ({count})"})
    else:
        turn.skip(number, "tianxia.card.prestige", f"he has no {line.per} to count")


def counted(state: TianxiaState, owner: int, per: str) -> int:
    """How many of `per` the rival has on the board now."""
    if per == "figurine":
        return len(state.rival.figurines)
    found = 0  # loops, not generators
    if per == "wall":
        for section in state.sections.values():
            found += section.walls.count(owner)
    elif per == "soldier":
        for section in state.sections.values():
            found += section.soldiers.count(owner)
    elif per == "governor":
        for site in state.sites.values():
            found += site.governors.count(owner)
    elif per == "barge-worker":
        for workers in state.barges.values():
            found += workers.count(owner)
    elif per == "delivery":
        for ships in state.ports.values():
            for ship in ships:
                found += ship["crates"].count(owner)
    else:
        for region in BOARD.regions.values():
            for site in region.sites:
                if owner in state.sites[site].governors:
                    found += 1
                    break
    return found


def advance_shown(turn: RivalTurn, number: int, card_line: Line) -> None:
    """`advance` (L265): a step on the track shown on the card."""
    advance(turn, number, card_line.track, "tianxia.card.advance", f"the {card_line.track} track shown on the card")


def advance_lowest(turn: RivalTurn, number: int, card_line: Line) -> None:
    """`advance_least`: a step on his lowest track (`least_advanced`)."""
    track, why, step = least_advanced(turn.state, turn.owner)
    advance(turn, number, track, "tianxia.card.advance-least", why, step)


def prestige_line(turn: RivalTurn, number: int, card_line: Line) -> None:
    """`prestige`: Li Mu's alone (the Bot scores nothing, L47)."""
    if turn.rival == LI_MU:
        prestige(turn, number, card_line)


def pass_late(turn: RivalTurn, number: int, card_line: Line) -> None:
    """`pass_late` acts once the card is resolved (rival_turn.py)."""


# Each line's word -> how it is played, found in one look rather than by comparing the word in turn.
LINES = {"soldier": soldiers, "soldiers": soldiers, "wall": wall, "worker": worker, "workers": worker,
         "deliver": deliver, "advance": advance_shown, "advance_least": advance_lowest, "prestige": prestige_line,
         "pass_late": pass_late}


def line(turn: RivalTurn, number: int, card_line: Line) -> None:
    """Play one line of the card below its top section."""
    LINES[card_line.word](turn, number, card_line)
