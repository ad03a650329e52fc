"""The new-game form of the index page: what it offers for the chosen game, and the seats it asks for.

The form offers only the chosen game's bots, a strength for a bot that has levels (the search
bot), a number of bots within the game's seat range (the person, when there is one, takes one
seat), and a choice for each of the game's options that has a list of values
(`rules.option_choices`: Tianxia's difficulty, Xanadu's edition), sent as `option-<name>`, the
game's default when left empty. For each number of seats it says what the table is (the game's
`seat_modes`: Tianxia alone against Li Mu), which option values it takes (the game's own
`option_refusal`) and whether a player's game there is rated (projections.ratings), so the page
offers nothing the game would then refuse. A player signed in on the page (their key sent with
the form) sits in their own seat, rated unless they untick "Rated"; a visitor plays by a name.
The server renders it for the game in the request (`GET /?game=xanadu`, which is also how the
form changes game without JavaScript) and checks a submitted form against the same ranges;
static/new-game.js keeps it in step as the user chooses.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain import registry
from domain.game import Game
from projections.ratings import unrated_because
from services.errors import InvalidRequest

MAX_BOTS = 8  # the API's most seats, for a game the form does not know
MAX_KEY_LENGTH = 200  # a player key is an id and a secret, some 70 characters
DEFAULT_FORM = {"game": "chi", "name": "", "bot": "greedy", "bots": "1", "strength": "", "seed": ""}


def bot_range(rules: Game[Any], named: bool) -> tuple[int, int]:
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
                          "seats_text": seats_words(rules), "options": option_choices(rules),
                          "option_values": option_values(rules),
                          "tables": tables(rules), "modes_words": modes_words(rules)})
    return startable


def tables(rules: Game[Any]) -> dict[int, dict[str, Any]]:
    """Each table the game can be, by its number of seats: what it is in words, the options it
    takes (the game's own refusals, `rules.option_refusal`, decide), and why a signed-in player's
    game at it with that many bots beside them would not be rated (None: it would)."""
    low, high = rules.seats
    return {seats: {"mode": table_words(rules, seats), "options": options_taken(rules, seats),
                    "unrated": unrated_for_player(rules, seats)} for seats in range(low, high + 1)}


def table_words(rules: Game[Any], seats: int) -> str:
    """The table of that many seats in words: the game's own (Tianxia alone against Li Mu), or a count."""
    mode = rules.seat_modes.get(seats)
    return f"{rules.title}, {mode}" if mode else f"{rules.title} for {seats} player{'' if seats == 1 else 's'}"


def options_taken(rules: Game[Any], seats: int) -> dict[str, list[str]]:
    """The choices of each option that a table of that many seats takes."""
    refusal = rules.option_refusal
    taken = {name: [str(choice) for choice in choices if refusal(seats, {name: choice}) is None]
             for name, choices in rules.option_choices.items()}
    return {name: choices for name, choices in taken.items() if choices}


def unrated_for_player(rules: Game[Any], seats: int, options: Mapping[str, Any] | None = None) -> str | None:
    """Why a registered player with `seats - 1` bots of one kind would play unrated, or None.
    A solo game is never rated: its score goes on the game's solo board."""
    if seats == 1:
        return f"a game alone is scored on {rules.title}'s solo board"
    table = [{"player": "you", "name": "you"}] + [{"bot": rules.stand_in_bot}] * (seats - 1)
    return unrated_because(rules, table, options or {})


def bot_strengths(rules: Game[Any]) -> dict[str, list[int]]:
    """The strengths each bot that has levels may be given (the search bot's)."""
    return {name: list(bot.strengths) for name, bot in rules.bots.items() if getattr(bot, "strengths", None)}


def option_choices(rules: Game[Any]) -> dict[str, list[str]]:
    """The game's options with a list of values, each value as the form sends it."""
    return {name: [str(choice) for choice in choices] for name, choices in rules.option_choices.items()}


def option_values(rules: Game[Any]) -> dict[str, dict[str, Any]]:
    """Each option's values as the form sends them, to the value the API takes (Xanadu's edition
    "2" is 2): a page that sends JSON (the tournament form) sends the API's."""
    return {name: {str(choice): choice for choice in choices} for name, choices in rules.option_choices.items()}


def requested_options(form: Mapping[str, str], rules: Game[Any] | None) -> dict[str, Any]:
    """The game options the form chose (`option-<name>`, left empty for the game's default), as
    the API takes them; InvalidRequest naming the option for a value the game does not offer."""
    if rules is None:
        return {}
    chosen: dict[str, Any] = {}
    for name, choices in rules.option_choices.items():
        value = str(form.get(f"option-{name}", "")).strip()
        if not value:
            continue
        offered = option_values(rules)[name]
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
    form["rated"] = str(values.get("rated", "on" if settle else ""))  # an unticked box is not sent
    form["bots_offered"] = sorted(rules.bots)
    form["strengths_offered"] = bot_strengths(rules).get(form["bot"], [])
    if settle and form["strength"] not in map(str, form["strengths_offered"]):
        form["strength"] = ""
    form["options"] = [{"name": name, "choices": choices, "value": str(values.get(f"option-{name}", ""))}
                       for name, choices in option_choices(rules).items()]
    form["modes_words"] = modes_words(rules)
    try:
        seats = int(form["bots"]) + (1 if form["name"].strip() else 0)
    except ValueError:
        seats = 0
    form["table_words"] = f"{table_words(rules, seats)}." if rules.seats[0] <= seats <= rules.seats[1] else ""
    return form


def modes_words(rules: Game[Any]) -> str:
    """The game's tables by their number of seats, in a sentence, for a game that has more than
    one kind of table (Tianxia: alone against Li Mu, two with the Bot, ...); else nothing."""
    modes = rules.seat_modes
    if len(modes) < 2:
        return ""
    return f"{rules.title}: " + "; ".join(
        f"with {seats} seat{'' if seats == 1 else 's'}, {words}" for seats, words in sorted(modes.items())) + "."


def requested_seats(form: Mapping[str, str], player: str | None = None) -> list[dict[str, Any]]:
    """The seats the form asks for: the person first (the signed-in `player`'s own seat, else the
    name typed, if any), then the bots; a person at a solitaire sits alone, whatever the number of
    bots says. InvalidRequest (naming the form's field) for a number of bots the game's seats do
    not allow."""
    try:
        bots = int(form.get("bots", "1"))
    except ValueError:
        raise InvalidRequest("the number of bots is a whole number", "bots") from None
    name = form.get("name", "").strip()
    person = [{"player": player}] if player else [{"name": name}] if name else []
    rules = registry.GAMES.get(form.get("game", ""))
    if rules is None:
        if not 0 <= bots <= MAX_BOTS:
            raise InvalidRequest(f"a table has 0 to {MAX_BOTS} bots", "bots")
    else:
        if person and rules.seats[1] == 1:
            bots = 0
        fewest, most = bot_range(rules, named=bool(person))
        if not fewest <= bots <= most:
            who = "with you at the table" if person else "with nobody named"
            raise InvalidRequest(f"{rules.title} is for {seats_words(rules)}: {who}, {count_words(fewest, most)}", "bots")
    bot = {"bot": form.get("bot", "")}
    if strength := str(form.get("strength", "")).strip():
        if not (strength.isascii() and strength.isdigit() and len(strength) <= 3):
            raise InvalidRequest(f"a strength is a whole number, not {strength!r}", "strength")
        bot["strength"] = int(strength)
    return person + [dict(bot) for _ in range(bots)]


def casual_chosen(form: Mapping[str, str], rules: Game[Any] | None, seats: list[dict[str, Any]]) -> bool:
    """Whether a signed-in player left "Rated" unticked at a table that would be rated: the game
    is then casual (`options.casual`). A table that cannot be rated offers no choice."""
    if rules is None or len(seats) < 2 or not any(seat.get("player") for seat in seats) or form.get("rated"):
        return False
    return unrated_because(rules, [{"name": "", **seat} for seat in seats], {}) is None


def seats_words(rules: Game[Any]) -> str:
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
    return {"game": "Game", "seed": "Seed", "seats": "Players", "bots": "Bots at the table",
            "key": "Signed in"}.get(field, "Request")
