"""The analysis of a game in the viewer: a newcomer asks for it on a finished game, follows its
progress, reads the chart of each player's win chance and jumps the replay from it, finds the
marks on the move list and "Best was …" at the step where another action was preferred, with that
action outlined on the table, and each player's accuracy on the result; on a phone as well."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from cli.server_process import running_server
from tests.browser.accessibility import serious_violations
from tests.browser.table_page import wait_for_step

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

ANALYSED = 600_000  # bounds a failure only: the analysis of a whole game at the quickest strength
ROOT = Path(__file__).resolve().parents[2]
MARKS = {"inaccuracy": ("?!", "an inaccuracy"), "mistake": ("?", "a mistake"), "blunder": ("??", "a blunder")}


@pytest.fixture(scope="module")
def finished(server):
    """A whole game of Chi between the search bot at its lowest strength and the random bot, over
    before anyone opens it, and its steps as the replay lists them."""
    from tests.browser.conftest import Api

    api = Api(server)
    created = api.create([{"bot": "search", "strength": 1}, {"bot": "random"}], seed="analysis-view")
    assert api.get(created["id"])["status"] == "finished"
    steps = api.get(created["id"], "/replay?limit=500")["steps"]
    return {"id": created["id"], "api": api, "steps": steps}


@pytest.fixture(scope="module")
def analysed(server):
    """Another such game, analysed through the API at the quickest strength before the page opens."""
    from tests.browser.conftest import Api

    api = Api(server)
    created = api.create([{"bot": "search", "strength": 1}, {"bot": "random"}], seed="analysis-view-done")
    asked = api.http.post(f"{server}/api/games/{created['id']}/analysis", json={"strength": 1})
    assert asked.status_code == 202, asked.text
    deadline = time.monotonic() + ANALYSED / 1000  # bounds a failure only
    while api.get(created["id"], "/analysis?strength=1")["status"] != "done":
        assert time.monotonic() < deadline, "the analysis never finished"
        time.sleep(0.2)
    return {"id": created["id"], "api": api, "analysis": api.get(created["id"], "/analysis?strength=1")}


def percent(value: float) -> str:
    return f"{round(value * 100)}%"


def analyse(page, server, game_id: str) -> None:
    """Open the game, ask for its quickest analysis and wait until it is drawn."""
    page.goto(f"{server}/games/{game_id}")
    page.wait_for_selector("#viewer[data-ready='true']")
    page.get_by_label("Depth").select_option("1")
    page.get_by_role("button", name="Analyse this game").click()
    page.wait_for_selector("#analysis[data-status='done']", timeout=ANALYSED)
    page.wait_for_selector("#analysis-chart[data-drawn='done']")


def test_a_newcomer_analyses_a_finished_game_and_reads_it_on_the_chart_the_moves_and_the_result(page, server, finished):
    game_id, api = finished["id"], finished["api"]
    analyse(page, server, game_id)
    analysis = api.get(game_id, "/analysis?strength=1")
    assert analysis["status"] == "done" and analysis["measure"] == "win_chance"
    names = [seat["name"] for seat in api.get(game_id)["seats"]]

    # The chart: a point per analysed decision, a line and a name per seat, the axis in words.
    assert page.locator("#analysis-chart .point").count() == len(analysis["chart"])
    assert page.locator("#analysis-chart polyline.seat-line").count() == len({point["seat"] for point in analysis["chart"]})
    assert page.locator("#analysis-chart .chart-legend li").all_inner_texts() == names
    assert "win chance" in page.locator("#analysis-chart svg").text_content()

    # A decision where the analysis preferred another action, and marked the one played.
    marked = [entry for entry in analysis["decisions"] if entry["mark"] and entry["best"] != entry["played"]]
    assert marked, "the random bot's game has marked decisions"
    entry = max(marked, key=lambda one: one["loss"])
    point = page.locator(f"#analysis-chart .point[data-step='{entry['step']}'][data-seat='{entry['seat']}']")
    point.click()
    wait_for_step(page, entry["step"])
    here = page.locator("#step-analysis .analysed.here")
    assert f"Best was “{entry['best_words']}”" in here.inner_text()
    said = f"{percent(entry['expected_before'])} to win → {percent(entry['played_expected'])}"
    assert said in here.inner_text() and MARKS[entry["mark"]][1] in here.inner_text()
    assert f"“{entry['played_words']}”" in here.inner_text()
    if entry["best"]["type"] != "pass":  # every other action of Chi is a card (or a slot) on the table
        assert page.locator("#table .best-action").count() >= 1
        assert "outlined on the table" in here.inner_text()

    # The move list: the decision's entry carries its mark, and says it in words.
    mark = page.locator(f"#moves .judgement[data-mark='{entry['mark']}']").filter(has_text=entry["best_words"]).first
    sign, words = MARKS[entry["mark"]]
    assert mark.locator("[aria-hidden='true']").inner_text().strip() == sign
    assert mark.locator(".visually-hidden").text_content().strip() == f"({words}: best was “{entry['best_words']}”)"
    assert page.locator("#moves button.move[data-mark]").count() == sum(1 for one in analysis["decisions"] if one["mark"])

    # Stepping on to the decision's own steps says it too, with the way back to its table.
    decided = [step["step"] for step in finished["steps"] if step["decision"] and step["decision"]["decided_on"] == entry["step"]]
    page.locator(f"#moves button.move[data-first='{decided[0]}']").click()
    wait_for_step(page, decided[-1])
    behind = page.locator("#step-analysis .analysed.behind")
    assert f"Best was “{entry['best_words']}”" in behind.inner_text()
    page.get_by_role("button", name=f"see it on the table of step {entry['step']}").click()
    wait_for_step(page, entry["step"])

    # The result: each player's accuracy and count of marks.
    for seat in analysis["seats"]:
        line = page.locator(f"#result-analysis li[data-seat='{seat['seat']}']").inner_text()
        assert line.startswith(f"{seat['name']}: accuracy {seat['accuracy']:.1f}%")
        assert re.search(rf"\b{seat['blunders']} blunders?\b", line) and re.search(rf"\b{seat['mistakes']} mistakes?\b", line)
    assert serious_violations(page) == []
    page.emulate_media(color_scheme="dark")
    assert serious_violations(page) == [], "in the dark scheme too"


def test_a_game_analysed_before_opens_with_its_analysis_and_no_button(page, server, analysed):
    asked = []
    page.on("response", lambda answer: asked.append((answer.url, answer.status)) if "/api/" in answer.url
            and "/analysis" in answer.url else None)
    page.goto(f"{server}/games/{analysed['id']}")
    page.wait_for_selector("#analysis-chart[data-drawn='done']")
    assert [status for _, status in asked if status == 404] == [], "the page reads the deepest analysis, probing none"
    assert asked and asked[0][0].endswith(f"/api/games/{analysed['id']}/analysis"), "no strength: the deepest"
    assert page.get_by_role("button", name="Analyse this game").count() == 0
    assert "by the search bot at strength 1" in page.locator("#analysis-status").inner_text()
    assert page.locator("#result-analysis li").count() == 2


def test_the_chart_is_one_stop_for_the_keyboard_and_enter_jumps_to_a_point(page, server, analysed):
    chart = sorted(analysed["analysis"]["chart"], key=lambda point: (point["step"], point["seat"]))
    page.goto(f"{server}/games/{analysed['id']}?step=1")
    page.wait_for_selector("#analysis-chart[data-drawn='done']")
    assert page.locator("#analysis-chart .point[tabindex='0']").count() == 1
    page.locator("#analysis-chart .point[tabindex='0']").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_for_step(page, chart[2]["step"])
    focused = page.evaluate("document.activeElement.dataset.step")
    assert focused == str(chart[2]["step"]), "the arrows moved along the points, not the replay"


def test_a_phone_shows_the_analysis_without_scrolling_sideways(browser, server, analysed):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{server}/games/{analysed['id']}")
        page.wait_for_selector("#analysis-chart[data-drawn='done']")
        spot = clear_spot_on_the_plot(page)
        page.touchscreen.tap(spot["x"], spot["y"])  # a finger on the plot, between points: the nearest
        wait_for_step(page, spot["nearest"])
        page.wait_for_selector("#step-analysis .analysed.here")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, "it fits a phone's width"
        box = page.locator("#analysis-chart svg").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390

        # A marked decision, reached from its point: the best action outlined on the table, the
        # mark on the move list, each player's accuracy on the result; all within the phone's width.
        analysis = analysed["analysis"]
        marked = [entry for entry in analysis["decisions"] if entry["mark"] and entry["best"] != entry["played"]
                  and entry["best"]["type"] != "pass"]  # every other action of Chi is a card or a slot on the table
        assert marked, "the random bot's game has marked decisions"
        entry = max(marked, key=lambda one: one["loss"])
        page.locator(f"#analysis-chart .point[data-step='{entry['step']}'][data-seat='{entry['seat']}']").tap()
        wait_for_step(page, entry["step"])
        here = page.locator("#step-analysis .analysed.here")
        expect(here).to_contain_text(f"Best was “{entry['best_words']}”")
        expect(here).to_contain_text("outlined on the table")
        outlined = page.locator("#table .best-action").first
        outlined.scroll_into_view_if_needed()
        expect(outlined).to_be_visible()
        mark = page.locator(f"#moves .judgement[data-mark='{entry['mark']}']").filter(has_text=entry["best_words"]).first
        mark.scroll_into_view_if_needed()
        expect(mark).to_be_visible()
        assert mark.locator("[aria-hidden='true']").inner_text().strip() == MARKS[entry["mark"]][0]
        for seat in analysis["seats"]:
            line = page.locator(f"#result-analysis li[data-seat='{seat['seat']}']")
            line.scroll_into_view_if_needed()
            expect(line).to_be_visible()
            assert line.inner_text().startswith(f"{seat['name']}: accuracy {seat['accuracy']:.1f}%")
        for shown in (outlined, mark, page.locator("#result-analysis")):
            box = shown.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, "within the phone's width"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


def clear_spot_on_the_plot(page) -> dict:
    """A spot on the chart's plot that neither a point nor the sticky step controls cover, with the
    step of the point nearest it (nearest by a clear margin, so that the tap has one right answer).
    The chart scales evenly, so nearest on the screen is nearest on the chart."""
    page.locator("#analysis-chart svg").evaluate("chart => chart.scrollIntoView({block: 'center'})")
    spot = page.evaluate("""() => {
        const plot = document.querySelector('#analysis-chart .plot').getBoundingClientRect();
        const centres = [...document.querySelectorAll('#analysis-chart .point')].map((point) => {
            const dot = point.querySelector('circle').getBoundingClientRect();
            return { step: Number(point.dataset.step), x: dot.left + dot.width / 2, y: dot.top + dot.height / 2 };
        });
        for (let down = 0.15; down < 0.9; down += 0.05) for (let across = 0.05; across < 0.96; across += 0.03) {
            const x = plot.left + plot.width * across, y = plot.top + plot.height * down;
            if (!document.elementFromPoint(x, y)?.classList.contains('plot')) continue;
            const near = centres.map((c) => ({ step: c.step, far: Math.hypot(c.x - x, c.y - y) }))
                .sort((one, other) => one.far - other.far);
            if (near.length === 1 || near[1].step === near[0].step || near[1].far - near[0].far > 3)
                return { x, y, nearest: near[0].step };
        }
        return null;
    }""")
    assert spot, "some of the plot lies clear of the points and of the step controls"
    return spot


def test_a_running_game_with_people_offers_no_analysis(page, server, api):
    created = api.create([{"name": "ana"}, {"bot": "random"}], seed="analysis-running")
    page.goto(f"{server}/games/{created['id']}#token={created['tokens'][0]['token']}")
    page.wait_for_selector("#viewer[data-ready='true']")
    assert page.locator("#analysis").is_hidden()
    assert page.get_by_role("button", name="Analyse this game").count() == 0


def play_first_actions(api, game_id: str, token: str, moves: int) -> None:
    """The seat of `token` takes its first legal action on each of its next `moves` decisions."""
    for _ in range(moves):
        game = api.get(game_id, token=token)
        assert game["status"] == "running" and game["to_act"]["seat"] == game["you"], "the bot answers in the same request"
        api.act(game_id, token, api.get(game_id, "/actions", token=token)["actions"][0], game["version"])


def test_a_sandbox_fork_still_running_is_analysed_on_its_page(page, server, api):
    created = api.create([{"name": "ana"}, {"bot": "greedy"}], seed="analysis-fork")
    game_id, token = created["id"], created["tokens"][0]["token"]
    play_first_actions(api, game_id, token, 1)
    at = api.get(game_id)["version"]  # the last step of the bot's answer
    api.act(game_id, token, {"type": "resign"}, at)
    fork = api.http.post(f"{server}/api/games/{game_id}/fork?at={at}")
    assert fork.status_code == 201, fork.text
    fork_id, fork_token = fork.json()["id"], fork.json()["tokens"][0]["token"]
    play_first_actions(api, fork_id, fork_token, 3)

    page.goto(f"{server}/games/{fork_id}#token={fork_token}")
    page.wait_for_selector("#viewer[data-ready='true']")
    assert not page.locator("#sandbox").is_hidden() and api.get(fork_id)["status"] == "running"
    page.get_by_label("Depth").select_option("1")
    page.get_by_role("button", name="Analyse this game").click()
    page.wait_for_selector("#analysis-chart[data-drawn='done']", timeout=ANALYSED)
    analysis = api.get(fork_id, "/analysis?strength=1", token=fork_token)  # ana's own decisions, while it runs
    assert page.locator("#analysis-chart .point").count() == len(analysis["chart"]) >= 1
    assert {point["seat"] for point in analysis["chart"]} == {0}
    assert analysis["withheld"] >= 1, "the bot's decisions, judged from its hand"
    assert "withheld until the game is over" in page.locator("#analysis-status").inner_text()
    assert serious_violations(page) == []

    # The fork plays on: asking again judges the moves made since, beside those judged before.
    play_first_actions(api, fork_id, fork_token, 2)
    page.get_by_role("button", name="Analyse the moves since").click()
    deadline = time.monotonic() + ANALYSED / 1000  # bounds a failure only
    while not ((more := api.get(fork_id, "/analysis?strength=1", token=fork_token))["status"] == "done"
               and len(more["chart"]) > len(analysis["chart"])):
        assert time.monotonic() < deadline, f"the analysis was not extended: {more['status']}, {len(more['chart'])}"
        time.sleep(0.2)
    assert more["decisions"][:len(analysis["decisions"])] == analysis["decisions"]
    expect(page.locator("#analysis-chart .point")).to_have_count(len(more["chart"]))


def test_the_analysis_waits_for_a_worker_then_shows_once_the_worker_has_judged_it(page, tmp_path):
    """Bots and the analysis on RQ workers, as `make run` has them: the page says the analysis is
    about to start while no worker runs, and draws it once one has judged every decision, the API's
    process answering all along (its stream tells of the progress)."""
    from tests.browser.conftest import Api
    from tests.e2e.cluster import WorkerProcess
    from tests.infra import redis_server

    with redis_server() as redis:
        on_rq = {"CHRONICLE_BOTS": "rq", "REDIS_URL": redis.url}
        with running_server(tmp_path, env=on_rq) as server:
            environment = {**os.environ, **on_rq, "CHRONICLE_DATA": str(tmp_path), "PYTHONPATH": str(ROOT)}
            worker = WorkerProcess(environment, tmp_path / "worker.log").start().wait_up()
            api = Api(server)
            try:
                created = api.create([{"bot": "search", "strength": 1}, {"bot": "random"}], seed="analysis-on-rq")
                deadline = time.monotonic() + ANALYSED / 1000  # bounds a failure only
                while api.get(created["id"])["status"] != "finished":
                    assert time.monotonic() < deadline, "the bots never finished their game"
                    time.sleep(0.2)
            finally:
                worker.stop()

            page.goto(f"{server}/games/{created['id']}")
            page.get_by_label("Depth").select_option("1")
            page.get_by_role("button", name="Analyse this game").click()
            page.wait_for_selector("#analysis[data-status='queued']")
            assert page.locator("#analysis-status").inner_text() == "The analysis is about to start…"
            assert page.locator("#analysis-progress").is_visible()
            worker = WorkerProcess(environment, tmp_path / "worker.log").start().wait_up()
            try:
                page.wait_for_selector("#analysis-chart[data-drawn='done']", timeout=ANALYSED)
            finally:
                worker.stop()
            analysis = api.get(created["id"], "/analysis?strength=1")
            assert page.locator("#analysis-chart .point").count() == len(analysis["chart"])
            assert page.locator("#analysis-progress").is_hidden()
