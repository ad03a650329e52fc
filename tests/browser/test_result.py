"""A finished game's page: the result with its score breakdown, the chart of each seat's score
over the turns, and a rematch that opens the same game on a new deal."""

from __future__ import annotations

import pytest

from tests.browser.accessibility import serious_violations

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


def test_a_finished_game_shows_who_won_the_breakdown_and_the_chart(page, server, api):
    created = api.create([{"bot": "greedy"}, {"bot": "random"}], seed="result-chart")
    game = api.get(created["id"])
    chart = api.get(created["id"], "/scores")
    page.goto(f"{server}/games/{created['id']}")
    page.wait_for_selector("#result[data-chart='drawn']")
    outcome = game["outcome"]
    winner = game["seats"][outcome["winners"][0]]["name"]
    assert page.locator("#result-headline").inner_text().startswith(f"{winner} won: {outcome['reason']}")
    heads = page.locator("#result-breakdown table.breakdown thead th").all_inner_texts()
    assert heads[:3] == ["Place", "Name", "Score"] and {"points in play", "cards in hand"} <= set(heads)
    rows = page.locator("#result-breakdown table.breakdown tbody tr")
    assert rows.count() == 2
    ranked = sorted(range(2), key=lambda seat: (seat not in outcome["winners"], -outcome["scores"][seat]))
    for place, (seat, row) in enumerate(zip(ranked, rows.all()), start=1):
        cells = dict(zip(heads, row.locator("th, td").all_inner_texts()))
        assert cells["Place"] == str(place) and cells["Name"].startswith(game["seats"][seat]["name"])
        assert cells["Score"] == str(outcome["scores"][seat])
        assert cells["points in play"] == str(outcome["detail"]["points_in_play"][seat]), "Chi's breakdown, seat by seat"
        assert cells["cards in hand"] == str(outcome["detail"]["cards_in_hand"][seat])
    assert page.locator("svg.score-chart polyline.seat-line").count() == 2
    label = page.locator("svg.score-chart").get_attribute("aria-label")
    assert label.endswith(", ".join(f"{seat['name']} {score}" for seat, score in zip(game["seats"], outcome["scores"])))
    page.click("#score-chart details summary")
    numbers = page.locator("#score-chart details tbody tr")
    assert numbers.count() == len(chart["turns"])
    assert numbers.last.locator("td").all_inner_texts() == [str(score) for score in outcome["scores"]]
    assert serious_violations(page) == []


def test_a_finished_rated_game_shows_each_seats_rating_before_and_after(page, server, api):
    created = api.create([{"bot": "greedy"}, {"bot": "random"}], seed="result-ratings")
    page.goto(f"{server}/games/{created['id']}")
    # The ratings catch up a moment after the end, longer on a busy machine (the page keeps asking).
    page.wait_for_selector("#result-ratings li[data-seat='1']", timeout=180_000)
    rated = api.http.get(f"{server}/api/games/{created['id']}/ratings").json()
    assert rated["rated"] and len(rated["seats"]) == 2
    shown = page.locator("#result-ratings li").all_inner_texts()
    for seat, line in zip(rated["seats"], shown):
        name = api.get(created["id"])["seats"][seat["seat"]]["name"]
        assert line.startswith(f"{name}: {seat['before']:.1f} → {seat['after']:.1f}")
    assert serious_violations(page) == []


def test_a_running_game_shows_no_result(page, server, api):
    created = api.create([{"name": "ana"}, {"bot": "random"}], seed="result-running")
    page.goto(f"{server}/games/{created['id']}")
    page.wait_for_selector("#viewer[data-ready='true']")
    assert page.locator("#result").is_hidden()


def open_resigned(page, server, api, game_id: str, token: str) -> None:
    """The seat of `token` resigns, and its page is opened on the result."""
    game = api.get(game_id, token=token)
    api.http.post(f"{server}/api/games/{game_id}/actions", json={"action": {"type": "resign"},
                  "expected_version": game["version"]}, headers={"Authorization": f"Bearer {token}"}).raise_for_status()
    page.goto(f"{server}/games/{game_id}#token={token}")
    page.wait_for_selector("#result:not([hidden])")


def test_a_rematch_against_the_bot_opens_the_same_game_with_the_same_bot_on_a_new_deal_in_your_seat(page, server, api):
    created = api.create([{"name": "ana"}, {"bot": "search", "strength": 2}], seed="result-rematch")
    token = created["tokens"][0]["token"]
    open_resigned(page, server, api, created["id"], token)
    page.click("#rematch")
    page.wait_for_function("id => !location.pathname.endsWith(id)", arg=created["id"])
    page.wait_for_selector("#viewer[data-ready='true']")
    again = page.locator("#viewer").get_attribute("data-game-id")
    rematch = api.get(again)
    assert rematch["game"] == "chi" and rematch["status"] == "running"
    assert [(seat["name"], seat.get("bot"), seat.get("strength")) for seat in rematch["seats"]] == [
        ("ana", None, None), ("search-bot", "search", 2)], "the same bot at the same strength"
    assert "You hold ana's seat" in page.locator("#seat").inner_text()


def test_a_rematch_between_people_gives_the_other_players_links(page, server, api):
    created = api.create([{"name": "ana"}, {"name": "bo"}], seed="result-people")
    token = created["tokens"][0]["token"]
    open_resigned(page, server, api, created["id"], token)
    page.click("#rematch")
    page.wait_for_selector("#rematch-open")
    links = page.locator(".rematch-links a")
    assert links.count() == 1 and page.locator(".rematch-links li").inner_text().startswith("bo: ")
    bo = links.get_attribute("href")
    new_id = bo.split("/games/")[1].split("#")[0]
    seat = api.get(new_id, token=bo.split("#token=")[1])
    assert seat["you"] == 1 and [s["name"] for s in seat["seats"]] == ["ana", "bo"]
    page.click("#rematch-open")
    page.wait_for_selector("#viewer[data-ready='true']")
    assert "You hold ana's seat" in page.locator("#seat").inner_text()


def test_a_solo_game_lost_to_li_mu_says_he_won_with_the_breakdown(page, server, api):
    created = api.create([{"name": "ana"}], seed="result-li-mu", game="tianxia", options={"difficulty": "easy"})
    open_resigned(page, server, api, created["id"], created["tokens"][0]["token"])
    outcome = api.get(created["id"])["outcome"]
    assert outcome["beaten_by"] == "li-mu"
    assert page.locator("#result-headline").inner_text() == f"Li Mu won: {outcome['reason']}."
    rows = page.locator("#result-breakdown table.breakdown tbody tr")
    assert rows.all_inner_texts() == [f"1\tLi Mu ★ (played by the rules)\t{outcome['detail']['rival']['prestige']}",
                                      f"2\tana\t{outcome['scores'][0]}"], "Li Mu ranked first, with his prestige"
