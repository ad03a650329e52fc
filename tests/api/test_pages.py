"""The HTML pages: the game list, the new-game form, and the viewer's page of one game."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FORM = {"game": "chi", "name": "ana", "bot": "random", "bots": "1", "seed": "pages"}


def start(client, **changes):
    return client.post("/games", data={**FORM, **changes})


def test_the_form_starts_a_game_and_opens_it_with_the_seat_token_in_the_fragment(client):
    answer = start(client)
    assert answer.status_code == 303
    match = re.fullmatch(r"/games/([0-9a-f-]{36})#token=([\w-]+)", answer.headers["Location"])
    assert match, answer.headers["Location"]
    game_id, token = match.groups()
    game = client.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).json
    assert game["you"] == 0
    assert [seat["name"] for seat in game["seats"]] == ["ana", "random-bot"]


def test_with_no_name_the_form_starts_a_game_between_bots_to_watch(client):
    answer = start(client, name="", bots="2", bot="greedy")
    assert answer.status_code == 303
    assert "#token" not in answer.headers["Location"]
    game_id = answer.headers["Location"].rsplit("/", 1)[1]
    game = client.get(f"/api/games/{game_id}").json
    assert game["status"] == "finished"
    assert [seat["bot"] for seat in game["seats"]] == ["greedy", "greedy"]


def test_a_refused_form_says_which_field_and_why_and_starts_nothing(client):
    for changes, message in (
        ({"bot": "clever"}, "Against: Chi has no bot &#39;clever&#39;"),
        ({"bots": "3"}, "Bots at the table: Chi is for 2 players: with you at the table, 1 bot"),
        ({"name": "", "bots": "1"}, "Bots at the table: Chi is for 2 players: with nobody named, 2 bots"),
        ({"bot": "autoplayer"}, "Against: Chi has no bot &#39;autoplayer&#39;"),
        ({"bots": "many"}, "Bots at the table: the number of bots is a whole number"),
        ({"name": "x" * 41}, "Your name: a name has at most 40 characters"),
        ({"game": "go"}, "Game: there is no game &#39;go&#39;"),
    ):
        answer = start(client, **changes)
        assert answer.status_code == 400, changes
        assert message in answer.text, (changes, answer.text)
    assert client.get("/api/games").json["games"] == []


def test_the_list_links_each_game_and_shows_who_won(client, caught_up):
    start(client, name="", bots="2")
    playing = start(client).headers["Location"].split("#")[0]
    caught_up()  # the bots' whole game is more than a read brings up to date itself
    page = client.get("/").text
    assert f'href="{playing}"' in page
    assert "ana to play" in page or "random-bot to play" in page
    headline = client.get("/api/results").json["results"][0]["headline"]
    assert re.fullmatch(r"\S+ won|A draw between .+", headline)
    assert re.search(rf'<td class="status">\s*{re.escape(headline)}\s*</td>', page), "the list says who won"
    running_only = client.get("/?status=running").text
    assert f'href="{playing}"' in running_only and headline not in running_only


def test_the_page_of_a_game_loads_its_games_table_script(client):
    game = start(client).headers["Location"].split("#")[0]
    page = client.get(game)
    assert page.status_code == 200
    assert "/static/tables/chi.js" in page.text and "/static/viewer.js" in page.text
    assert client.get("/static/tables/chi.js").status_code == 200


def test_the_page_of_a_tianxia_game_loads_its_tables_parts_then_its_script(client):
    created = client.post("/api/games", json={"game": "tianxia", "seats": [{"name": "ana"}],
                                              "options": {"difficulty": "normal"}}).json
    page = client.get(f"/games/{created['id']}").text
    scripts = re.findall(r'src="(/static/tables/[^"]+)"', page)
    assert scripts == ["/static/tables/registry.js", "/static/tables/generic.js", "/static/tables/tianxia/map.js",
                       "/static/tables/tianxia/words.js", "/static/tables/tianxia/zoom.js",
                       "/static/tables/tianxia.js"]
    assert all(client.get(script).status_code == 200 for script in scripts)


def test_an_unknown_game_has_a_page_saying_so(client):
    answer = client.get("/games/00000000-0000-0000-0000-000000000000")
    assert answer.status_code == 404
    assert "No such game" in answer.text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=st.dictionaries(st.sampled_from(sorted(FORM) + ["option-difficulty", "option-edition"]),
                            st.text(max_size=50) | st.sampled_from(["tianxia", "xanadu", "easy", "2", "0"]), max_size=6))
def test_any_form_is_answered_without_a_server_error(client, form):
    """Game options included: a value a game does not offer, or one its table cannot take, is a
    400 naming it."""
    answer = client.post("/games", data=form)
    assert answer.status_code in (303, 400)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=st.dictionaries(st.sampled_from(sorted(FORM)), st.text(max_size=20), max_size=5))
def test_any_query_shows_the_form_without_a_server_error(client, query):
    answer = client.get("/", query_string=query)
    assert answer.status_code == 200
    assert NewGameForm(answer.text).chosen["game"] in ("chi", "court", "xanadu")


def test_a_person_starting_a_solitaire_from_the_form_sits_alone(client):
    answer = start(client, game="court", bots="1", bot="greedy")
    assert answer.status_code == 303, answer.text
    game_id = answer.headers["Location"].split("#")[0].rsplit("/", 1)[1]
    game = client.get(f"/api/games/{game_id}").json
    assert game["title"] == "The Court of Xiang Chi" and [seat["name"] for seat in game["seats"]] == ["ana"]
    watched = start(client, game="court", name="", bots="1", bot="autoplayer")
    assert client.get(watched.headers["Location"].replace("/games/", "/api/games/")).json["status"] == "finished"


class NewGameForm(HTMLParser):
    """What the page's new-game form offers: each select's options (and the chosen one), each
    input's attributes, and the buttons."""

    def __init__(self, page: str):
        super().__init__()
        self.options: dict[str, list[str]] = {}
        self.chosen: dict[str, str] = {}
        self.inputs: dict[str, dict[str, str]] = {}
        self.buttons: dict[str, dict[str, str]] = {}
        self.selects: dict[str, dict[str, str]] = {}
        self._select: str | None = None
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        attrs = {key: value or "" for key, value in attrs}
        if tag == "select":
            self._select = attrs["name"]
            self.options[self._select] = []
            self.selects[self._select] = attrs
        elif tag == "option" and self._select:
            self.options[self._select].append(attrs["value"])
            if "selected" in attrs:
                self.chosen[self._select] = attrs["value"]
        elif tag == "input":
            self.inputs[attrs["name"]] = attrs
        elif tag == "button":
            self.buttons[attrs.get("id", "")] = attrs

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


def test_the_form_offers_only_the_chosen_games_bots_and_a_number_its_seats_allow(client):
    default = NewGameForm(client.get("/").text)
    assert default.options["game"] == ["chi", "court", "xanadu", "xi", "tianxia"] and default.chosen["game"] == "chi"
    assert default.options["bot"] == ["greedy", "random", "search"] and default.chosen["bot"] == "greedy"
    assert (default.inputs["bots"]["min"], default.inputs["bots"]["max"], default.inputs["bots"]["value"]) == ("1", "2", "1")

    xanadu = NewGameForm(client.get("/?game=xanadu").text)
    assert xanadu.chosen["game"] == "xanadu"
    assert xanadu.options["bot"] == ["builder", "random", "search"] and xanadu.chosen["bot"] == "builder"
    assert (xanadu.inputs["bots"]["min"], xanadu.inputs["bots"]["max"]) == ("1", "6")

    court = NewGameForm(client.get("/?game=court&bots=5").text)
    assert court.options["bot"] == ["autoplayer", "random", "search"]
    assert (court.inputs["bots"]["min"], court.inputs["bots"]["max"], court.inputs["bots"]["value"]) == ("0", "1", "1")


def test_without_javascript_the_form_changes_game_through_the_server_keeping_what_was_typed(client):
    form = NewGameForm(client.get("/").text)
    button = form.buttons["choose-game"]
    assert (button["formmethod"], button["formaction"]) == ("get", "/")
    # What the browser sends for that button: the form's fields, as a query.
    switched = NewGameForm(client.get("/", query_string={**FORM, "game": "xanadu", "bot": "greedy"}).text)
    assert switched.chosen["game"] == "xanadu" and switched.options["bot"] == ["builder", "random", "search"]
    assert switched.chosen["bot"] == "builder"  # greedy is Chi's: Xanadu's own bot instead
    assert switched.inputs["name"]["value"] == "ana" and switched.inputs["seed"]["value"] == "pages"
    kept = NewGameForm(client.get("/", query_string={**FORM, "game": "xanadu", "bot": "random"}).text)
    assert kept.chosen["bot"] == "random"


def test_a_refused_form_is_shown_again_with_its_games_bots(client):
    answer = start(client, game="xanadu", bot="builder", bots="6")
    assert answer.status_code == 400
    assert "Bots at the table: Xanadu is for 2 to 6 players: with you at the table, 1 to 5 bots" in answer.text
    shown = NewGameForm(answer.text)
    assert shown.chosen["game"] == "xanadu" and shown.options["bot"] == ["builder", "random", "search"]
    assert shown.inputs["bots"]["value"] == "6"  # as sent, beside the refusal
    assert client.get("/api/games").json["games"] == []


def test_a_game_of_xanadu_starts_from_the_form_with_the_bots_asked_for(client):
    answer = start(client, game="xanadu", bot="builder", bots="3")
    assert answer.status_code == 303, answer.text
    game_id = answer.headers["Location"].split("#")[0].rsplit("/", 1)[1]
    game = client.get(f"/api/games/{game_id}").json
    assert [seat["bot"] for seat in game["seats"]] == [None, "builder", "builder", "builder"]


def test_a_solo_game_of_tianxia_starts_from_the_form_at_the_difficulty_chosen(client):
    form = NewGameForm(client.get("/?game=tianxia").text)
    assert form.options["option-difficulty"] == ["", "easy", "normal", "hard", "emperor"]
    assert form.chosen["option-difficulty"] == "", "the game's default unless chosen"
    assert "option-difficulty" not in NewGameForm(client.get("/").text).options, "Chi has no such option"
    answer = start(client, game="tianxia", bot="steward", bots="0", **{"option-difficulty": "emperor"})
    assert answer.status_code == 303, answer.text
    game_id, token = re.fullmatch(r"/games/([0-9a-f-]{36})#token=([\w-]+)", answer.headers["Location"]).groups()
    game = client.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).json
    assert [seat["name"] for seat in game["seats"]] == ["ana"] and game["options"] == {"difficulty": "emperor"}
    assert game["table"]["rival"]["kind"] == "li-mu"


def test_a_difficulty_the_table_cannot_take_is_refused_naming_it_and_kept_in_the_form(client):
    answer = start(client, game="tianxia", bot="steward", bots="1", **{"option-difficulty": "hard"})
    assert answer.status_code == 400
    assert "Difficulty: the difficulty sets Li Mu, the solo rival: a game of 2 seats has none" in answer.text
    assert NewGameForm(answer.text).chosen["option-difficulty"] == "hard"
    unknown = start(client, game="tianxia", bots="0", **{"option-difficulty": "godlike"})
    assert unknown.status_code == 400 and "Difficulty: Tianxia&#39;s difficulty is one of easy, normal" in unknown.text
    assert client.get("/api/games").json["games"] == []


def test_the_search_bot_is_offered_a_strength_and_the_game_starts_with_the_one_chosen(client):
    greedy = NewGameForm(client.get("/?game=chi&bot=greedy").text)
    assert "disabled" in greedy.selects["strength"], "the greedy bot has no strength to choose"
    searching = NewGameForm(client.get("/?game=chi&bot=search").text)
    assert "disabled" not in searching.selects["strength"]
    assert searching.options["strength"] == ["", "1", "2", "3", "4", "5"] and searching.chosen["strength"] == ""
    answer = start(client, bot="search", strength="4")
    assert answer.status_code == 303, answer.text
    game_id, token = re.fullmatch(r"/games/([0-9a-f-]{36})#token=([\w-]+)", answer.headers["Location"]).groups()
    seats = client.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).json["seats"]
    assert [(seat["name"], seat.get("strength")) for seat in seats] == [("ana", None), ("search-bot", 4)]


def test_a_strength_for_a_bot_without_one_is_refused_naming_the_field(client):
    answer = start(client, bot="greedy", strength="4")
    assert answer.status_code == 400
    assert "Strength: the greedy bot has no strength to choose" in answer.text
    assert start(client, bot="search", strength="max").status_code == 400
    assert client.get("/api/games").json["games"] == []


def test_a_strength_of_other_digits_or_too_many_is_refused_naming_it(client):
    for strength in ("²", "9" * 5000, "٣"):
        answer = start(client, bot="search", strength=strength)
        assert answer.status_code == 400 and "Strength: a strength is a whole number" in answer.text
