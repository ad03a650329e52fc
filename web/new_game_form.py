"""The new-game form of the index page: what it offers for the chosen game, and the seats it asks for.

The form offers only the chosen game's bots, a strength for a bot that has levels (the search
bot), a number of bots within the game's seat range (the person, when named, takes one seat), and a choice for each of the game's options that has a list
of values (`rules.option_choices`: Tianxia's difficulty, Xanadu's edition), sent as
`option-<name>`, the game's default when left empty. The server renders it for the game in the request
(`GET /?game=xanadu`, which is also how the form changes game without JavaScript) and checks a
submitted form against the same ranges; static/new-game.js keeps it in step as the user chooses.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain import registry
from domain.contract import Rules
from services.errors import InvalidRequest

MAX_BOTS = 8  # the API's most seats, for a game the form does not know
DEFAULT_FORM = {"game": "chi", "name": "", "bot": "greedy", "bots": "1", "strength": "", "seed": ""}


def bot_range(rules: Rules, named: bool) -> tuple[int, int]:
    """The fewest and most bots at a table of this game, with or without a person at it."""
    low, high = rules.seats
    person = 1 if named else 0
    return max(0, low - person), high - person


def games_to_start() -> list[dict[str, Any]]:
    """Every game the form offers, with its bots and seat range (read by static/new-game.js too)."""
    startable = []
    for name, rules in registry.GAMES.items():
        startable.append({"name": name, "title": rules.title, "bots": sorted(rules.bots),
                          "strengths": bot_strengths(rules), "default_bot": rules.stand_in_bot, "seats": list(rules.seats),
                          "seats_text": seats_words(rules), "options": option_choices(rules)})
    return startable


def bot_strengths(rules: Rules) -> dict[str, list[int]]:
    """The strengths each bot that has levels may be given (the search bot's)."""
    return {name: list(bot.strengths) for name, bot in rules.bots.items() if getattr(bot, "strengths", None)}


def option_choices(rules: Rules) -> dict[str, list[str]]:
    """The game's options with a list of values, each value as the form sends it."""
    return {name: [str(choice) for choice in choices] for name, choices in getattr(rules, "option_choices", {}).items()}


def requested_options(form: Mapping[str, str], rules: Rules | None) -> dict[str, Any]:
    """The game options the form chose (`option-<name>`, left empty for the game's default), as
    the API takes them; InvalidRequest naming the option for a value the game does not offer."""
    if rules is None:
        return {}
    chosen: dict[str, Any] = {}
    for name, choices in getattr(rules, "option_choices", {}).items():
        value = str(form.get(f"option-{name}", "")).strip()
        if not value:
            continue
        offered = {str(choice): choice for choice in choices}
        if value not in offered:
            raise InvalidRequest(f"{rules.title}'s {name} is one of {', '.join(offered)}", f"options.{name}")
        chosen[name] = offered[value]
    return chosen


def form_for(values: Mapping[str, str], settle: bool = True) -> dict[str, Any]:
    """The form to render for `values`: an unknown game falls back to the default one, a bot the
    game lacks to the game's own, and (if `settle`; a refused form is shown as it was sent) the
    number of bots into the range the game allows with or without a person (the page narrows it
    as the name is typed)."""
    form = {key: str(values.get(key, default)) for key, default in DEFAULT_FORM.items()}
    rules = registry.GAMES.get(form["game"]) or registry.GAMES[DEFAULT_FORM["game"]]
    form["game"] = rules.name
    if form["bot"] not in rules.bots:
        form["bot"] = rules.stand_in_bot
    fewest, most = bot_range(rules, named=True)[0], bot_range(rules, named=False)[1]
    if settle:
        try:
            form["bots"] = str(min(max(int(form["bots"]), fewest), most))
        except ValueError:
            pass  # not a number: shown as it came, for the server to name when it is sent
    form["bots_min"], form["bots_max"] = fewest, most
    form["bots_offered"] = sorted(rules.bots)
    form["strengths_offered"] = bot_strengths(rules).get(form["bot"], [])
    if settle and form["strength"] not in map(str, form["strengths_offered"]):
        form["strength"] = ""
    form["options"] = [{"name": name, "choices": choices, "value": str(values.get(f"option-{name}", ""))}
                       for name, choices in option_choices(rules).items()]
    return form


def requested_seats(form: Mapping[str, str]) -> list[dict[str, Any]]:
    """The seats the form asks for: the person (if named) first, then the bots; a person at a
    solitaire sits alone, whatever the number of bots says. InvalidRequest (naming the form's
    field) for a number of bots the game's seats do not allow."""
    try:
        bots = int(form.get("bots", "1"))
    except ValueError:
        raise InvalidRequest("the number of bots is a whole number", "bots") from None
    name = form.get("name", "").strip()
    rules = registry.GAMES.get(form.get("game", ""))
    if rules is None:
        if not 0 <= bots <= MAX_BOTS:
            raise InvalidRequest(f"a table has 0 to {MAX_BOTS} bots", "bots")
    else:
        if name and rules.seats[1] == 1:
            bots = 0
        fewest, most = bot_range(rules, named=bool(name))
        if not fewest <= bots <= most:
            who = "with you at the table" if name else "with nobody named"
            raise InvalidRequest(f"{rules.title} is for {seats_words(rules)}: {who}, {count_words(fewest, most)}", "bots")
    bot = {"bot": form.get("bot", "")}
    if strength := str(form.get("strength", "")).strip():
        if not (strength.isascii() and strength.isdigit() and len(strength) <= 3):
            raise InvalidRequest(f"a strength is a whole number, not {strength!r}", "strength")
        bot["strength"] = int(strength)
    return ([{"name": name}] if name else []) + [dict(bot) for _ in range(bots)]


def seats_words(rules: Rules) -> str:
    """How many play, in words: 2 players, 2 to 6 players."""
    low, high = rules.seats
    return f"{low} player{'s' if low > 1 else ''}" if low == high else f"{low} to {high} players"


def count_words(fewest: int, most: int) -> str:
    """How many bots, in words: 1 bot, 1 to 5 bots."""
    if fewest == most:
        return f"{fewest} bot{'' if fewest == 1 else 's'}"
    return f"{fewest} to {most} bots"


def first_message(messages: Any, path: str = "") -> tuple[str, str]:
    """The first of marshmallow's error messages, with the field it names (`seats[0].name`)."""
    if isinstance(messages, dict):
        key, inner = next(iter(messages.items()))
        where = f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}" if path else str(key)
        return first_message(inner, where)
    if isinstance(messages, list) and messages:
        return first_message(messages[0], path)
    return path, str(messages)


def form_label(field: str | None) -> str:
    """The form's label for the request field a refusal names (`seats[1].bot` is "Against")."""
    field = field or ""
    if field.endswith(".bot"):
        return "Against"
    if field.endswith("strength"):
        return "Strength"
    if field.endswith(".name") or field.startswith("seats["):
        return "Your name"
    if field.startswith("options."):
        return field.removeprefix("options.").capitalize()
    return {"game": "Game", "seed": "Seed", "seats": "Players", "bots": "Bots at the table"}.get(field, "Request")
