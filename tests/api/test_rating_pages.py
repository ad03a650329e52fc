"""The leaderboard and player pages, rendered by the server: who stands where, each player's
rating chart game after game, the solo boards, and no server error for any query."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.test_ratings_api import players_game, register, solo_game
from tests.playing import play_to_end


def test_the_leaderboard_page_lists_players_by_rating_with_links_to_their_pages(client, services, caught_up):
    ana, bo = register(client, "ana"), register(client, "bo")
    for number in range(3):
        players_game(client, services, ana, bo, f"page-{number}")
    client.post("/api/games", json={"game": "chi", "seed": "page-bots", "seats": [{"bot": "greedy"}, {"bot": "random"}]})
    caught_up()
    page = client.get("/leaderboards/chi")
    assert page.status_code == 200
    order = re.findall(r'data-rater="([^"]+)"', page.text)
    api = [row["rater"] for row in client.get("/api/leaderboards/chi").json["ratings"]]
    assert order == api and len(order) == 4
    assert f'href="/players/{ana["id"]}"' in page.text and "greedy-bot, version 1 <small>(bot)</small>" in page.text
    assert page.text.count("provisional</span>") == 4, "three games each: every rating is provisional"
    assert 'href="/leaderboards"' in client.get("/").text, "the header links the leaderboards"


def test_a_players_page_charts_each_rated_game(client, services, caught_up):
    ana, bo = register(client, "ana"), register(client, "bo")
    for number in range(3):
        players_game(client, services, ana, bo, f"chart-{number}")
    caught_up()
    page = client.get(f"/players/{ana['id']}")
    assert page.status_code == 200 and "<h1>ana</h1>" in page.text
    chart = page.text[page.text.index('<svg class="rating-chart"'):page.text.index("</svg>")]
    assert chart.count("<circle") == 3, "a point for each rated game"
    now = client.get(f"/api/players/{ana['id']}").json["ratings"]["chi"]["rating"]
    assert f'<span class="rating-now">{now:.1f}</span>' in page.text
    assert client.get("/players/00000000-0000-4000-8000-000000000000").status_code == 404


def test_the_courts_leaderboard_page_shows_its_standard_board_first(client, services, caught_up):
    ana = register(client, "ana")
    play_to_end(services, solo_game(client, services, ana, "court", "court-page"))
    caught_up()
    page = client.get("/leaderboards/court")
    assert page.status_code == 200 and "Court of Xiang Chi: solo, standard" in page.text
    [best] = client.get("/api/leaderboards/court/solo/standard").json["entries"]
    assert f'>{best["best_score"]}</a> <small>{best["best_title"]}</small>' in page.text
    assert "Nobody" not in page.text and client.get("/leaderboards/court?board=advanced").status_code == 200
    assert client.get("/leaderboards/go").status_code == 404


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(["chi", "court", "tianxia", "xi", "go", ""]), board=st.text(max_size=12),
       cursor=st.text(max_size=40))
def test_any_leaderboard_query_is_answered_without_a_server_error(client, game, board, cursor):
    answer = client.get(f"/leaderboards/{game}", query_string={"board": board, "cursor": cursor})
    assert answer.status_code in (200, 400, 404)
