"""One line per event for the replay and the move list.

`describe(event, names)` reads the event's public data only: it is shown to everyone, so it never
names a hidden card (a deck list, a drawn card, a shuffled order), and it names a card in play by
its id beside its name. `describe_on(view_before, event, names)` reads the event as one viewer sees
it against the table as that viewer saw it just before: units and spells by their labels on the
table ("Cinder Hound (2)", never "u6") and who lost how much life. A seat's own hidden cards (the
card it drew) are not named even to it: every seat reads the same line, so no line tells anyone
more than the public log, and the seat's own table names them.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from domain.contract import Event, seat_name
from domain.xi.cards.catalogue import NAME
from domain.xi.cards.labels import labels

Data = Mapping[str, Any]
Names = Sequence[str]

Line = Callable[[Data, "Say"], str]


class Say:
    """How a line names seats, and the units and spells in play: by the table's labels when it has
    them (`describe_on`), else by card and id (`describe`)."""

    def __init__(self, names: Names, rule: str, table: Mapping[str, Any] | None = None, data: Data | None = None):
        self.names, self.rule, self.table = names, rule, table
        self.labels = labels(table, _entering(data or {})) if table is not None else None

    def who(self, seat: int) -> str:
        return seat_name(self.names, seat)

    def it(self, thing: str, data: Data, card: str | None = None) -> str:
        """A unit or spell in play by its label; a card the event names by its card."""
        if self.labels is not None and thing in self.labels:
            return self.labels[thing]
        card = card or data.get("cards", {}).get(thing)
        if self.labels is not None:  # gone from the table before the event: its card, if the event names it
            return NAME[card] if card in NAME else f"a {'unit' if thing.startswith('u') else 'spell'} gone from play"
        return f"{NAME[card]} ({thing})" if card else thing

    def life(self, seat_or_unit: str | int) -> int | None:
        """Life on the table before the event, where the line has a table."""
        if self.table is None:
            return None
        if isinstance(seat_or_unit, str):
            unit = next((each for each in self.table.get("units") or [] if each["uid"] == seat_or_unit), None)
            return unit["life"] if unit else None
        players = self.table.get("players") or []
        return players[seat_or_unit]["life"] if 0 <= seat_or_unit < len(players) else None


def _entering(data: Data) -> list[tuple[str, str]]:
    """The card an event brings into play, which the table before it does not hold yet."""
    for key in ("uid", "iid"):
        if isinstance(data.get(key), str) and "card" in data:
            return [(data[key], data["card"])]
    return []


def say(line: Line, event: Event, names: Names) -> str:
    """The event as one sentence from its public data, naming seats by `names` (`describe`)."""
    return line(event.data, Say(names, event.rule))


def say_on(line: Line, view_before: Mapping[str, Any], event: Event, names: Names) -> str:
    """The event as the viewer of `view_before` sees it, against that table (`describe_on`): `event`
    holds only what that viewer may see; its lines read its public facts only."""
    data = event.data
    if event.rule.startswith(_CARD_RULE) and isinstance(data.get("source"), str) and data["source"] not in NAME:
        # A card's own effect, its source maybe gone already (a unit's last words): the rule names the card.
        data = {**data, "cards": {data["source"]: event.rule[len(_CARD_RULE):], **data.get("cards", {})}}
    return line(data, Say(names, event.rule, view_before, data))


_CARD_RULE = "xi.card."  # the rule id of a card's own effects


def _target(target: str | int, say: Say, data: Data) -> str:
    """A seat by its name; a unit or spell in play as `say` names it."""
    return say.who(target) if not isinstance(target, str) else say.it(target, data)


def _units(ids: Sequence[str], data: Data, say: Say) -> str:
    return ", ".join(say.it(uid, data) for uid in ids)


def _cost(cost: Data) -> str:
    parts = [f"{cost['t']}T"] if cost["t"] or not cost["pt"] else []
    return " and ".join(parts + ([f"{cost['pt']}pT"] if cost["pt"] else []))


def drawn(data: Data, say: Say) -> str:
    if say.rule.startswith(_CARD_RULE):  # a card's free draw, not the opening one
        return f"{say.who(data['seat'])} draws a card ({NAME[say.rule[len(_CARD_RULE):]]})"
    if not data["cost"]["t"] and not data["cost"]["pt"]:
        return f"{say.who(data['seat'])} draws an opening card"
    return f"{say.who(data['seat'])} pays {_cost(data['cost'])} and draws a card"


def order(data: Data, say: Say) -> str:
    choice = "first" if data["first"] else "second"
    order = ", then ".join(say.who(seat) for seat in data["order"])
    return f"{say.who(data['seat'])} chooses to go {choice}: {order}"


def ended(data: Data, say: Say) -> str:
    if data["reason"] == "zero-life":
        fallen = " and ".join(say.who(seat) for seat in data["fallen"])
        if not data["winners"]:
            return f"{fallen} reach 0 life together: the game is a draw"
        have = "has" if len(data["fallen"]) == 1 else "have"
        return f"{fallen} {have} 0 life; {_winners(data['winners'], say)}"
    if data["reason"] == "no-win":
        if data["quiet_turns"]:
            return f"{data['quiet_turns']} quiet turns with every deck empty: nobody can win, the game is a draw"
        return "Every deck and hand is empty and nothing in play can change life: the game is a draw"
    return "Turn 400 has ended: the game is a draw" if data["reason"] == "turn-limit" else "The game ends"


def _winners(winners: Sequence[int], say: Say) -> str:
    return " and ".join(say.who(seat) for seat in winners) + (" wins" if len(winners) == 1 else " win")


def _source(source: str, data: Data, say: Say) -> str:
    """A unit or spell in play as `say` names it; a point spell, which has none, by its name."""
    return NAME[source] if source in NAME else say.it(source, data)


def _aimed(data: Data, say: Say) -> str:
    return f" on {_target(data['target'], say, data)}" if "target" in data else ""


def declared(data: Data, say: Say) -> str:
    verb = "answers with" if "answering" in data else "plays"
    return f"{say.who(data['seat'])} pays {_cost(data['paid'])} and {verb} {NAME[data['card']]}{_aimed(data, say)}"


def window(data: Data, say: Say) -> str:
    declarer, kind = say.who(data["declarer"]), data["kind"]
    what = {"spell": lambda: f"{declarer}'s {NAME.get(data.get('card'), 'card')}",
            "ability": lambda: f"{declarer}'s use of {NAME.get(data.get('card'), 'an ability')}",
            "skirmish": lambda: f"the skirmish of {_attacker(data, say)} on {_target(data.get('target'), say, {})}",
            "draw": lambda: f"{declarer}'s draw", "end_turn": lambda: f"{declarer} ending the turn"}[kind]()
    return f"{say.who(data['seat'])} may answer {what}"


def _attacker(facts: Data, say: Say) -> str:
    """A window's attacker: its facts name its card."""
    if facts.get("card") in NAME:
        return say.it(str(facts.get("attacker")), {}, card=facts["card"])
    return str(facts.get("attacker"))


def cancelled(data: Data, say: Say) -> str:
    why = f" by {NAME[data['by']]}" if "by" in data else ": one of its units is gone"
    return (f"The skirmish of {_target(data['attacker'], say, data)} on {_target(data['target'], say, data)} "
            f"is cancelled{why}")


def ability(data: Data, say: Say) -> str:
    chosen = f", choosing {data['choice']}" if "choice" in data else ""
    return (f"{say.who(data['seat'])} pays {_cost(data['paid'])} and uses {_target(data['source'], say, data)}"
            f"{_aimed(data, say)}{chosen}")


def life(data: Data, say: Say) -> str:
    who, by = _target(data["target"], say, data), data["by"]
    if by > 0:
        return f"{who} {'heals' if isinstance(data['target'], str) else 'gains'} {by} (to {data['to']})"
    return f"{who} loses {-by} life (to {data['to']})"


def damage(data: Data, say: Say) -> str:
    target = data["target"]
    line = (f"{_source(data['source'], data, say)} deals {data['amount']} {data['type']} damage to "
            f"{_target(target, say, data)}")
    if not data["amount"] and any(step.get("step") == "immune" for step in data.get("steps") or []):
        return f"{line}: it is immune"
    before = say.life(target)
    if before is None:
        return line
    after = max(0, before - data["amount"])  # a unit below 0 is destroyed; a player stays at 0 (xi.house.life-floor)
    return f"{line}: life {before} to {after}"


def effect(data: Data, say: Say) -> str:
    units = _units(data["to"], data, say)
    if data["where"] == "1":
        return f"{say.who(data['value'])} takes control of {units} until the end of the turn"
    if data["where"] == "2":
        return f"{units} become{'s' if len(data['to']) == 1 else ''} {data['value']} until the end of the turn"
    if data["op"] == "cannot_skirmish":
        return f"{units} cannot skirmish this turn"
    return f"{NAME[data['source']]} affects {units} until the end of the turn"


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def out(data: Data, say: Say) -> str:
    left = f"; {len(data['cards'])} of their cards leave play" if data["cards"] else ""
    return f"{say.who(data['seat'])} has 0 life and is out of the game{left}"


def resigned(data: Data, say: Say) -> str:
    return f"{say.who(data['seat'])} resigns; {_winners(data['winners'], say)}"


def choice(data: Data, say: Say) -> str:
    if data["resume"] == "strike":
        return f"{say.who(data['seat'])} chooses {data['choice']} damage"
    return f"{say.who(data['seat'])} chooses {_target(data['choice'], say, data)}"


def game_prepared(d: Data, s: Say) -> str:
    return f"{d['seats']} players sit down with {d['life']} life each"


def deck_brought(d: Data, s: Say) -> str:
    return f"{s.who(d['seat'])} brings a deck of {d['count']} cards"


def deck_shuffled(d: Data, s: Say) -> str:
    return f"{s.who(d['seat'])}'s deck of {d['count']} cards is shuffled"


def draw_missed(d: Data, s: Say) -> str:
    return f"{s.who(d['seat'])} pays {_cost(d['cost'])} to draw, but the deck is empty"


def coin_tossed(d: Data, s: Say) -> str:
    return f"The coin falls for {s.who(d['winner'])}, who chooses to go first or second"


def turn_started(d: Data, s: Say) -> str:
    return f"Turn {d['turn']}: {s.who(d['seat'])} has {d['t']}T"


def time_banked(d: Data, s: Say) -> str:
    return f"{s.who(d['seat'])} banks {d['t']}T as {d['pt']}pT"


def pt_gained(d: Data, s: Say) -> str:
    return f"{s.who(d['seat'])} gains {d['by']}pT ({d['to']}pT)"


def turn_ended(d: Data, s: Say) -> str:
    return f"{s.who(d['seat'])} ends the turn" + (f"; {d['t']}T is lost" if d["t"] else "")


def card_in_play(d: Data, s: Say) -> str:
    return (f"{s.it(d['iid'], d, d['card'])} is in play for {s.who(d['controller'])}"
                                 + (f" on {_target(d['on'], s, d)}" if d["on"] else ""))


def card_discarded(d: Data, s: Say) -> str:
    return f"{NAME[d['card']]} goes to {s.who(d['owner'])}'s discard pile"


def card_returned(d: Data, s: Say) -> str:
    return f"{s.it(d['uid'], d, d['card'])} returns to {s.who(d['owner'])}'s hand"


def effect_ended(d: Data, s: Say) -> str:
    return f"{NAME[d['source']]}'s effect on {_units(d['to'], d, s)} ends"


def choice_asked(d: Data, s: Say) -> str:
    return f"{s.who(d['seat'])} chooses for {s.it(d['source'], d, d['card'])}"


def unit_entered(d: Data, s: Say) -> str:
    return f"{s.it(d['uid'], d, d['card'])} enters play for {s.who(d['controller'])}"


def skirmish_declared(d: Data, s: Say) -> str:
    return f"{_target(d['attacker'], s, d)} skirmishes {_target(d['target'], s, d)}"


def unit_destroyed(d: Data, s: Say) -> str:
    return f"{s.it(d['uid'], d, d['card'])} is destroyed"


def window_passed(d: Data, s: Say) -> str:
    return f"{s.who(d['seat'])} does not answer"


def struck(d: Data, s: Say) -> str:
    return (f"{_target(d['attacker'], s, d)} strikes {_target(d['target'], s, d)}"
                           + (f", picking {d['damage']} damage" if "damage" in d else ""))


def card_prevented(d: Data, s: Say) -> str:
    return f"{NAME[d['by']]} prevents {s.who(d['seat'])}'s {NAME[d['card']]}"


def standing_set(d: Data, s: Say) -> str:
    return f"{s.who(d['seat'])} sets standing rules"


def seat_laid_out(d: Data, s: Say) -> str:
    return (f"{s.who(d['seat'])} sits down with {d['life']} life, {d['t']}T and {d['pt']}pT, "
                                  f"{_cards(d['hand_count'])} in hand and {_cards(d['deck_count'])} in the deck"
                                  + (" (out of the game)" if d["out"] else ""))


def table_laid_out(d: Data, s: Say) -> str:
    return (f"The table is laid out: turn {d['turn']}, {s.who(d['active'])}'s, with "
                                   f"{len(d['units'])} units and {len(d['in_play'])} spells in play")
