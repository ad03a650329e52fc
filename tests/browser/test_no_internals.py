"""Words, never internals, on every page: each game's table mid-game and finished (with its
result), the home page, a player page, the leaderboards and the tournaments, at 1280x800 and on a
390 px phone, and each game's replay step by step. The visible text (closed details opened), labels and tooltips are
scanned for ids, keys and internal values, and the page for sideways scrolling. Only the rule
panel (a step's rule ids) and the JSON links may show ids; the replay lines are held alike."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import Api

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

SCREENS = {"wide": {"viewport": {"width": 1280, "height": 800}},
           "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}}

# Where ids are legitimate: the step's rule id beside its paraphrase, and the links to the JSON.
EXCUSED = "#step-info .rule, footer.links, a[href^='/api/']"

INTERNALS = {
    "a unit id": r"\bu\d+\b",
    "a space id": r"\bs\d+\b",
    "a seat number": r"(?i)\bseat \d",
    "a building number": r"(?i)\bbuilding \d",
    "a snake_case key": r"\b[a-z]+_[a-z_]+\b",
    "an id with a number": r"\b[a-z]+(?:-[a-z]+)*-\d+\b",
    "a change to or from none": r"(?:->|→) ?none\b|\bnone ?(?:->|→)",
    "a rule id": r"\b(?:chi|court|xanadu|xi|tianxia)\.[a-z-]+\.[a-z.-]+\b",
    "a seat by its number": r"(?i)\bwhose (?:turn|decision) it is: (?:\d+ → |.* → \d+$)",
    "a bare boolean": r"\b(?:True|False|true|false)\b",
    "a programmer's nothing": r"\b(?:None|null|undefined|NaN)\b|\[object Object\]",
}

# Mid-game: ana (seat 0) against the game's bots, after a few of her decisions.
PLAYING = {
    "chi": ([{"name": "ana"}, {"bot": "greedy"}], None),
    "court": ([{"name": "ana"}], None),
    "xanadu": ([{"name": "ana"}, {"bot": "builder"}], None),
    "xi": ([{"name": "ana"}, {"bot": "random"}], None),
    "tianxia": ([{"name": "ana"}], {"difficulty": "normal"}),
}
# Finished: bots only, played to the end by the server as the game is created.
FINISHED = {
    "chi": ([{"bot": "greedy"}, {"bot": "random"}], None),
    "court": ([{"bot": "autoplayer"}], None),
    "xanadu": ([{"bot": "builder"}, {"bot": "random"}], None),
    "xi": ([{"bot": "random"}, {"bot": "random"}], None),
    "tianxia": ([{"bot": "random"}], {"difficulty": "easy"}),
}
DECISIONS = 6


def create(api: Api, game: str, seats: list[dict], options: dict | None, seed: str) -> dict:
    body = {"game": game, "seats": seats, "seed": seed, **({"options": options} if options else {})}
    answer = api.http.post(f"{api.base}/api/games", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def play_a_few(api: Api, created: dict) -> None:
    """ana takes her first legal decisions (never resigning), the bots answering in the server."""
    url, token = f"{api.base}/api/games/{created['id']}", created["tokens"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(DECISIONS):
        game = api.get(created["id"], token=token)
        if game["status"] != "running" or (game.get("to_act") or {}).get("seat") != 0:
            return
        actions = [a for a in api.http.get(f"{url}/actions", headers=auth).json()["actions"] if a.get("type") != "resign"]
        api.act(created["id"], token, actions[0], game["version"])


@pytest.fixture(scope="module")
def pages(server) -> dict[str, str]:
    """Every page to scan, by name: its path, and for a table the seat's token in the fragment."""
    api = Api(server)
    found = {"home": "/"}
    for game, (seats, options) in PLAYING.items():
        created = create(api, game, seats, options, f"scan-playing-{game}")
        play_a_few(api, created)
        found[f"{game}, mid-game"] = f"/games/{created['id']}#token={created['tokens'][0]['token']}"
    for game, (seats, options) in FINISHED.items():
        created = create(api, game, seats, options, f"scan-finished-{game}")
        assert api.get(created["id"])["status"] == "finished"
        found[f"{game}, finished"] = f"/games/{created['id']}"
    player = api.rated_player("scan-rated")
    found["a player page"] = f"/players/{player}"
    found["the Chi leaderboard"] = "/leaderboards/chi"
    found["the Tianxia leaderboard"] = "/leaderboards/tianxia"
    found.update(tournament_pages(api))
    return found


def tournament_pages(api: Api) -> dict[str, str]:
    """A tournament open to join, one running, a finished Swiss of Chi and a finished tables
    tournament of Xi Cards (bots, played to the end as they start), and the list of them."""
    oli = api.http.post(f"{api.base}/api/players", json={"name": "oli"}).json()
    auth = {"Authorization": f"Bearer {oli['key']}"}
    day = {"per_decision": "P1D", "on_timeout": "forfeit"}
    found = {"the tournaments": "/tournaments"}
    for name, body, start in (
            ("an open tournament", {"game": "chi", "rounds": 3, "bots": [{"bot": "greedy"}]}, False),
            ("a running tournament", {"game": "chi", "rounds": 2, "bots": [{"bot": "greedy"}]}, "join"),
            ("a finished Swiss", {"game": "chi", "rounds": 2, "bots": [{"bot": "random"}, {"bot": "greedy"},
                                                                       {"bot": "random"}]}, True),
            ("a finished tables tournament", {"game": "xi", "format": "tables", "rounds": 1,
                                              "bots": [{"bot": "random"}] * 3}, True)):
        created = api.http.post(f"{api.base}/api/tournaments", json={"clock": day, **body}, headers=auth).json()
        if start == "join":
            api.http.post(f"{api.base}/api/tournaments/{created['id']}/join", headers=auth).raise_for_status()
        if start:
            api.http.post(f"{api.base}/api/tournaments/{created['id']}/start", headers=auth).raise_for_status()
        found[name] = f"/tournaments/{created['id']}"
    return found


PAGES = ["home", "a player page", "the Chi leaderboard", "the Tianxia leaderboard", "the tournaments",
         "an open tournament", "a running tournament", "a finished Swiss", "a finished tables tournament",
         *(f"{game}, {state}" for game in PLAYING for state in ("mid-game", "finished"))]


def shown_text(page) -> list[str]:
    """The page's visible text, with every <details> opened, and its labels and tooltips
    (aria-label, title), less the excused parts: a line per element."""
    return page.evaluate("""(excused) => {
        document.querySelectorAll('details').forEach(d => { d.open = true; });
        const shown = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement;
            if (!node.textContent.trim() || parent.closest(excused) || parent.closest('script, style, template')) continue;
            if (!parent.checkVisibility({visibilityProperty: true})) continue;
            shown.push(node.textContent.trim());
        }
        for (const element of document.querySelectorAll('[aria-label], [title]')) {
            if (element.closest(excused)) continue;
            for (const name of ['aria-label', 'title']) {
                if (element.getAttribute(name)) shown.push(`${name}: ${element.getAttribute(name)}`);
            }
        }
        return shown;
    }""", EXCUSED)


def internals(shown: list[str]) -> list[str]:
    """Each internal the text shows: what it is, and the line it is in."""
    found = []
    for text in shown:
        for line in text.splitlines():
            for what, pattern in INTERNALS.items():
                for match in re.finditer(pattern, line):
                    around = line[max(0, match.start() - 80):match.end() + 40]
                    found.append(f"{what} {match.group()!r} in: …{around}…")
    return found


def settle(page) -> None:
    """Wait until a page is drawn: a table with its step, a result with its chart."""
    if page.locator("#viewer").count():
        page.wait_for_selector("#viewer[data-ready='true']")
        page.wait_for_function("() => document.getElementById('viewer').dataset.settled")
        page.wait_for_selector("#decision[data-worded='true']", state="attached")  # the table's words for its actions
        if page.locator("#result:not([hidden])").count():
            page.wait_for_selector("#result[data-chart='drawn']")
    else:
        page.wait_for_load_state("load")


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("name", PAGES)
def test_a_page_shows_words_never_internals_and_fits_the_screen(browser, server, pages, name, screen):
    context = browser.new_context(**SCREENS[screen])
    page = context.new_page()
    try:
        page.goto(server + pages[name])
        settle(page)
        wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        found = internals(shown_text(page))
        wide_after = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")  # details open
    finally:
        context.close()
    wider = max(wide, wide_after)
    problems = found + ([f"the page scrolls sideways by {wider} px"] if wider > 0 else [])
    assert not problems, f"{name} at {screen}:\n" + "\n".join(problems)


@pytest.mark.parametrize("state", ["finished", "mid-game"])
@pytest.mark.parametrize("game", sorted(FINISHED))
def test_each_step_of_a_replay_tells_what_changed_in_words(page, server, pages, game, state):
    """A game replayed step by step, finished (a dozen steps spread over it, the deal's first ones
    among them) or mid-game in ana's seat (every step so far): the table, the step's line, its
    decision and what changed, in words."""
    path, _, token = pages[f"{game}, {state}"].partition("#")
    last = Api(server).get(path.removeprefix("/games/"))["version"]
    steps = range(2, last + 1) if state == "mid-game" else {2, 3, 4, *range(5, last + 1, max(1, last // 9))}
    found, shown = [], None
    for step in sorted(steps)[:40]:
        if shown == step - 1:  # the next step: stepped to with the viewer's own button, as a reader does
            page.click("#forward")
        else:
            page.goto(f"{server}{path}?step={step}" + (f"#{token}" if token else ""))
        page.wait_for_selector(f"#viewer[data-settled='{step}']")
        page.wait_for_selector("#decision[data-worded='true']", state="attached")
        found += [f"step {step}: {line}" for line in internals(shown_text(page))]
        shown = step
    assert not found, f"{game}'s replay ({state}):\n" + "\n".join(found)
