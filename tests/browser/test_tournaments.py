"""Tournaments in the browser, on a phone, as a newcomer clicks them: from the header to the list,
into an open tournament, Join; once it runs, their game of the round is linked and opens in their
seat; a finished tournament's crosstable gives names and results; a signed-in player organises
one from the list's form (its game's options, bots with their strengths, a size limit and a start
time in the phone's own time), and a refusal is said in words by the field it names. No page
scrolls sideways."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from domain.english import ordinal
from tests.browser.accessibility import serious_violations

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

PHONE = {"width": 390, "height": 844}
DAY = {"per_decision": "P1D", "on_timeout": "forfeit"}


def bearer(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


def organise(api, server, name: str, **body) -> tuple[dict, dict]:
    organiser = api.http.post(f"{server}/api/players", json={"name": name}).json()
    body = {"game": "chi", "format": "swiss", "rounds": 2, "clock": DAY, **body}
    answer = api.http.post(f"{server}/api/tournaments", json=body, headers=bearer(organiser["key"]))
    assert answer.status_code == 201, answer.text
    return organiser, answer.json()


def fits_the_phone(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "no sideways scroll on a phone"


def register_on_the_page(page, server, name):
    page.goto(server + "/")
    page.locator("#my-games").get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Become a player").click()
    expect(page.locator("header.site")).to_contain_text(f"Signed in as {name}")


def test_a_newcomer_joins_from_the_list_and_once_it_runs_finds_their_game_linked(page, server, api):
    page.set_viewport_size(PHONE)
    oli, tournament = organise(api, server, "oli", bots=[{"bot": "greedy", "name": "Gus"}])
    register_on_the_page(page, server, "ana")

    page.locator("header.site").get_by_role("link", name="Tournaments").click()
    expect(page.locator("#yours")).to_have_attribute("data-ready", "true")  # the signed-in page settled
    open_ones = page.locator("#tournaments-open")
    expect(open_ones).to_contain_text("Chi, a Swiss by oli")
    fits_the_phone(page)
    assert serious_violations(page) == []
    open_ones.get_by_role("link", name="Chi, a Swiss by oli").click()

    expect(page.locator("#tournament h1")).to_have_text("Chi, a Swiss by oli")
    expect(page.locator("dl.terms")).to_contain_text("1 day per move")
    page.get_by_role("button", name="Join").click()
    expect(page.locator("#entrants ul")).to_contain_text("ana")
    expect(page.get_by_role("button", name="Withdraw")).to_be_visible()
    expect(page.get_by_role("button", name="Join")).to_be_hidden()
    fits_the_phone(page)
    assert serious_violations(page) == []

    started = api.http.post(f"{server}/api/tournaments/{tournament['id']}/start", headers=bearer(oli["key"]))
    assert started.status_code == 200, started.text
    [table] = started.json()["rounds"][0]["tables"]
    assert sorted(table["players"]) == ["Gus", "ana"]

    page.reload()
    mine = page.locator("#current-round li", has_text="your game")
    expect(mine).to_have_count(1)
    expect(mine.get_by_role("link")).to_have_text(" – ".join(table["players"]))
    expect(page.locator("#standings")).to_contain_text("Sonneborn-Berger")
    fits_the_phone(page)
    assert serious_violations(page) == []

    mine.get_by_role("link").click()
    page.wait_for_selector("#viewer[data-ready='true']")
    assert f"/games/{table['game_id']}" in page.url
    expect(page.locator("#seat")).to_contain_text("You hold ana's seat, as yourself")
    page.get_by_role("link", name="Round 1 of Chi, a Swiss by oli").click()
    expect(page.locator("#tournament h1")).to_have_text("Chi, a Swiss by oli")


def test_a_player_finds_the_tournament_they_joined_under_your_tournaments_with_where_they_stand(page, server, api):
    page.set_viewport_size(PHONE)
    oli, tournament = organise(api, server, "oli", bots=[{"bot": "greedy", "name": "Gus"}])
    page.goto(f"{server}/tournaments")
    expect(page.locator("#organise-form")).to_have_attribute("data-ready", "true")
    expect(page.locator("#yours")).to_be_hidden()
    register_on_the_page(page, server, "bea")
    page.locator("header.site").get_by_role("link", name="Tournaments").click()
    # Signed in, the page fills in what is hers above the list: the link is clicked once it stays put.
    expect(page.locator("#yours")).to_have_attribute("data-ready", "true")
    page.locator("#tournaments-open").get_by_role("link", name="Chi, a Swiss by oli").click()
    page.get_by_role("button", name="Join").click()
    expect(page.locator("#entrants ul")).to_contain_text("bea")

    page.locator("header.site").get_by_role("link", name="Tournaments").click()
    yours = page.locator("#yours")
    expect(yours).to_be_visible()
    expect(yours.get_by_role("heading")).to_have_text("Your tournaments")
    row = yours.locator("li")
    expect(row).to_have_count(1)
    expect(row.get_by_role("link")).to_have_text("Chi, a Swiss by oli")
    expect(row.locator(".standing")).to_have_text("you entered")
    listed = page.locator(f"#tournaments-open li[data-tournament='{tournament['id']}'] small")
    expect(row.locator("small")).to_have_text(listed.inner_text())
    expect(row.locator("small")).to_contain_text("open to join: 2 entrants")
    fits_the_phone(page)
    assert serious_violations(page) == []

    started = api.http.post(f"{server}/api/tournaments/{tournament['id']}/start", headers=bearer(oli["key"])).json()
    place = next(s["place"] for s in started["standings"] if s["player"] == "bea")
    page.goto(server + "/")
    news = page.locator("#my-games-tournaments")
    expect(news).to_contain_text("Round 1 of Chi, a Swiss by oli: your game against Gus")
    news.get_by_role("link", name="all your tournaments").click()
    expect(page).to_have_url(re.compile(r"/tournaments#yours$"))  # the click's navigation may land after it returns
    expect(yours.locator(".standing")).to_have_text(f"you are {ordinal(place)} of 2 before any result")
    expect(yours.locator("small")).to_contain_text("running: round 1 of 2")
    fits_the_phone(page)

    row.get_by_role("link").click()
    expect(page.locator("#tournament h1")).to_have_text("Chi, a Swiss by oli")
    page.go_back()
    expect(yours).to_be_visible()
    page.locator("header.site").get_by_role("button", name="Sign out").click()
    expect(yours).to_be_hidden()
    page.reload()
    expect(page.locator("header.site").get_by_role("link", name="Sign in")).to_be_visible()
    expect(yours).to_be_hidden()
    expect(yours.locator("li")).to_have_count(0)


def test_a_finished_tournaments_crosstable_shows_names_and_results(page, server, api):
    page.set_viewport_size(PHONE)
    bots = [{"bot": "random", "name": "Rae"}, {"bot": "greedy", "name": "Gus"}, {"bot": "random", "name": "Ivy"}]
    oli, tournament = organise(api, server, "oli", rounds=2, bots=bots)
    finished = api.http.post(f"{server}/api/tournaments/{tournament['id']}/start", headers=bearer(oli["key"])).json()
    assert finished["status"] == "finished"

    page.goto(f"{server}/tournaments")
    page.locator("#tournaments-finished").get_by_role("link", name="Chi, a Swiss by oli").click()
    expect(page.locator("#tournament-progress")).to_contain_text(f"{finished['standings'][0]['player']} won")
    crosstable = page.locator("#crosstable table")
    order = [row["player"] for row in finished["standings"]]
    expect(crosstable.locator("tbody th")).to_have_text([f"{n}. {name}" for n, name in enumerate(order, 1)])
    expect(crosstable.locator("thead th")).to_have_text(["Player", *[f"{n}. {name}" for n, name in enumerate(order, 1)],
                                                         "Byes"])
    [played, *_] = finished["rounds"]
    first, second = played["tables"][0]["players"]
    score = {(1, 2): "1", (2, 1): "0", (1, 1): "½"}[tuple(played["tables"][0]["places"])]
    cell = crosstable.locator(f"tr[data-player='{first}'] td").nth(order.index(second))
    expect(cell).to_have_text(re.compile(rf"^{score}"))
    expect(crosstable.locator(f"tr[data-player='{played['byes'][0]}'] td.byes")).to_contain_text("bye in round 1")
    fits_the_phone(page)
    assert serious_violations(page) == []
    page.emulate_media(color_scheme="dark")
    assert serious_violations(page) == [], "in the dark scheme too"

    cell.get_by_role("link").first.click()
    page.wait_for_selector("#viewer[data-ready='true']")
    assert f"/games/{played['tables'][0]['game_id']}" in page.url


def test_a_signed_in_player_organises_a_tournament_from_the_list(page, server):
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/tournaments")
    expect(page.locator("#organise")).to_contain_text("Sign in to organise a tournament")
    register_on_the_page(page, server, "cy")
    page.goto(f"{server}/tournaments")
    form = page.locator("#organise-form")
    form.get_by_label("Game").select_option(label="Chi")
    form.get_by_label("Format").select_option(label="tables")
    form.get_by_role("button", name="Open the tournament").click()
    expect(form.locator("label[data-field='format'] + .field-problem")).to_contain_text("Chi is not played at tables")
    assert page.url.endswith("/tournaments"), "a refusal opens nothing"
    fits_the_phone(page)

    form.get_by_label("Format").select_option(label="round robin")
    form.get_by_label("Rounds").fill("2")
    form.get_by_label("Time per move").select_option(label="an hour")
    form.get_by_label("Rated").uncheck()
    form.get_by_role("button", name="Open the tournament").click()
    expect(page.locator("#tournament h1")).to_have_text("Chi, a round robin by cy")
    terms = page.locator("dl.terms")
    expect(terms).to_contain_text("1 hour per move")
    expect(terms).to_contain_text("no, casual games")
    expect(page.get_by_role("button", name="Start the tournament")).to_be_visible()
    expect(page.get_by_role("button", name="Join")).to_be_visible()
    fits_the_phone(page)
    assert serious_violations(page) == []


@pytest.fixture
def page_in_kolkata(browser):
    """A phone whose clock is India's (UTC+5:30): the start time typed is its local time."""
    context = browser.new_context(viewport=PHONE, timezone_id="Asia/Kolkata", locale="en-US")
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, f"the page raised: {errors}"


def organise_form(page, server, name):
    register_on_the_page(page, server, name)
    page.goto(f"{server}/tournaments")
    form = page.locator("#organise-form")
    expect(form).to_have_attribute("data-ready", "true")
    return form


def seat_a_bot(form, bot: str, name: str, strength: str | None = None):
    form.get_by_role("button", name="Seat a bot").click()
    row = form.locator("#organise-bot-seats li").last
    row.get_by_label("Bot").select_option(label=f"the {bot} bot")
    if strength is None:
        expect(row.get_by_label("Strength")).to_be_hidden()
    else:
        row.get_by_label("Strength").select_option(strength)
    row.get_by_label("Name").fill(name)


def xanadu_tournaments(api, server) -> int:
    return api.http.get(f"{server}/api/tournaments", params={"game": "xanadu"}).json()["total"]


def test_a_newcomer_organises_a_xanadu_tables_tournament_with_bots_a_size_limit_and_a_start_time(page_in_kolkata, server):
    page = page_in_kolkata
    form = organise_form(page, server, "dee")
    form.get_by_label("Game").select_option(label="Xanadu")
    form.get_by_label("Format").select_option(label="tables")
    expect(form.get_by_label("Fewest at a table")).to_have_value("3")
    expect(form.get_by_label("Most at a table")).to_have_value("6")
    form.get_by_label("Edition").select_option("2")
    seat_a_bot(form, "search", "Sage", strength="2")
    seat_a_bot(form, "builder", "Bob")
    form.get_by_label("Players at most").fill("5")
    tomorrow = datetime.now(ZoneInfo("Asia/Kolkata")).replace(hour=18, minute=30, second=0, microsecond=0) + timedelta(days=1)
    form.get_by_label("Starts at").fill(tomorrow.strftime("%Y-%m-%dT%H:%M"))
    form.get_by_label("Withdrawal rule").select_option(label="withdraw a player after 2 losses on time")
    fits_the_phone(page)
    assert serious_violations(page) == []

    with page.expect_request(lambda sent: sent.url.endswith("/api/tournaments") and sent.method == "POST") as sent:
        form.get_by_role("button", name="Open the tournament").click()
    assert sent.value.post_data_json["bots"] == [{"bot": "search", "strength": 2, "name": "Sage"},
                                                 {"bot": "builder", "name": "Bob"}]

    expect(page.locator("#tournament h1")).to_have_text("Xanadu, a tables tournament by dee")
    terms = page.locator("dl.terms")
    expect(terms).to_contain_text("Xanadu, edition: 2")
    expect(terms).to_contain_text("tables of 3 to 6")
    in_utc = tomorrow.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M")  # 18:30 in Kolkata is 13:00 UTC
    expect(terms).to_contain_text(f"{in_utc} UTC")
    expect(terms).to_contain_text(re.compile(r"UTC, .*6:30\sPM your time"))  # the phone's en-US time
    expect(page.locator("#withdrawal-rule")).to_contain_text("A player who loses 2 games on time is withdrawn")
    expect(page.locator("#entrants h2")).to_have_text("Who joined (2 of at most 5)")
    expect(page.locator("#entrants ul li")).to_have_text(["Sage (bot)", "Bob (bot)"])
    fits_the_phone(page)


def test_a_value_the_server_refuses_is_said_by_its_field_and_creates_nothing(page, server, api):
    page.set_viewport_size(PHONE)
    form = organise_form(page, server, "eli")
    before = xanadu_tournaments(api, server)
    form.get_by_label("Game").select_option(label="Xanadu")
    form.get_by_label("Format").select_option(label="tables")
    form.get_by_label("Players at most").fill("2")
    form.get_by_role("button", name="Open the tournament").click()
    said = form.locator("label[data-field='size_limit'] + .field-problem")
    expect(said).to_have_text("Xanadu's tables seat at least 3: the size limit is at least 3 players")
    expect(form.get_by_label("Players at most")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#organise-error")).to_be_hidden()
    assert page.url.endswith("/tournaments"), "a refusal opens nothing"
    assert xanadu_tournaments(api, server) == before
    fits_the_phone(page)
    assert serious_violations(page) == []

    form.get_by_label("Players at most").fill("8")
    seat_a_bot(form, "random", "Rae")
    seat_a_bot(form, "builder", "rae")
    form.get_by_role("button", name="Open the tournament").click()
    second = form.locator("#organise-bot-seats li").nth(1)
    expect(second.locator("+ .field-problem")).to_contain_text("two bots are named 'rae' or alike")
    expect(form.locator(".field-problem")).to_have_count(1)
    assert xanadu_tournaments(api, server) == before

    second.get_by_label("Name").fill("Ivy")
    form.get_by_role("button", name="Open the tournament").click()
    expect(page.locator("#tournament h1")).to_have_text("Xanadu, a tables tournament by eli")
    expect(page.locator("#entrants h2")).to_have_text("Who joined (2 of at most 8)")
    assert xanadu_tournaments(api, server) == before + 1
