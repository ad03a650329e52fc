"""Disputes over REST: a bounded record, read a page at a time, and replay steps that carry their own."""

from tests.api.test_games_api import bearer, create
from tests.paging import every_page


def game_with_steps(client, seed):
    created = create(client, seed=seed)
    version = client.get(f"/api/games/{created['id']}").json["version"]
    assert version >= 4, "the deal gives a few steps to dispute"
    return created, version, [bearer(token["token"]) for token in created["tokens"]]


def test_a_seat_past_its_bound_of_disputes_is_refused_naming_the_limit_and_nothing_is_recorded(client):
    created, version, (ana, bo) = game_with_steps(client, "disputes-bound")
    url = f"/api/games/{created['id']}/disputes"
    for filed in range(1, 201):
        answer = client.post(url, headers=ana, json={"step": 2 + filed % (version - 1), "claim": f"claim {filed}"})
        if answer.status_code != 201:
            break
    assert answer.status_code == 422, "a seat's disputes are bounded"
    assert answer.content_type == "application/problem+json"
    limit = answer.json["limit"]
    assert answer.json["type"] == "/problems/limit-reached" and answer.json["field"] == "claim"
    assert filed == limit + 1 and 10 <= limit <= 100 and f"at most {limit} disputes" in answer.json["detail"]
    _, kept = every_page(lambda path: client.get(path, headers=ana).json, f"{url}?limit=50", "disputes")
    assert [dispute["claim"] for dispute in kept] == [f"claim {n}" for n in range(1, limit + 1)], "nothing was added"
    assert client.post(url, headers=bo, json={"step": 2, "claim": "mine"}).status_code == 201, "each seat has its own"


def test_the_disputes_come_a_page_at_a_time_each_once_in_the_order_filed(client):
    created, version, tokens = game_with_steps(client, "disputes-pages")
    url = f"/api/games/{created['id']}/disputes"
    claims = []
    for step in range(1, version + 1):
        for seat, token in enumerate(tokens):
            claims.append(f"seat {seat} on step {step}")
            assert client.post(url, headers=token, json={"step": step, "claim": claims[-1]}).status_code == 201
    for limit in (1, 2, 5):
        last, listed = every_page(lambda path: client.get(path).json, f"{url}?limit={limit}", "disputes")
        assert [dispute["claim"] for dispute in listed] == claims
        assert [dispute["number"] for dispute in listed] == list(range(1, len(claims) + 1))
        assert last["next"] is None
    _, about = every_page(lambda path: client.get(path).json, f"{url}?step=3&kind=disputes&limit=1", "disputes")
    assert [dispute["claim"] for dispute in about] == ["seat 0 on step 3", "seat 1 on step 3"]


def test_a_cursor_of_another_list_is_refused_naming_it(client):
    created, _, (ana, _) = game_with_steps(client, "disputes-cursor")
    url = f"/api/games/{created['id']}/disputes"
    for step in (2, 3):
        client.post(url, headers=ana, json={"step": step, "claim": "why?"})
    following = client.get(f"{url}?limit=1").json["next"]
    cursor = following.split("cursor=")[1]
    for other in (f"{url}?step=2&cursor={cursor}", f"/api/games?cursor={cursor}"):
        answer = client.get(other)
        assert answer.status_code == 400 and answer.json["field"] == "cursor", other


def test_a_replay_step_carries_its_first_disputes_and_links_to_the_rest(client):
    created, _, tokens = game_with_steps(client, "disputes-replay")
    url = f"/api/games/{created['id']}/disputes"
    for number in range(14):
        client.post(url, headers=tokens[number % 2], json={"step": 3, "claim": f"claim {number}"})
    for number in range(20):  # about other steps: the step's answer does not grow with them
        client.post(url, headers=tokens[number % 2], json={"step": 2, "claim": "about step 2"})
    step = client.get(f"/api/games/{created['id']}/replay/3").json
    assert step["disputes_total"] == 14 and len(step["disputes"]) < 14 and step["disputes_next"]
    _, rest = every_page(lambda path: client.get(path).json, step["disputes_next"], "disputes")
    assert [dispute["claim"] for dispute in step["disputes"] + rest] == [f"claim {number}" for number in range(14)]
    assert step["what_ifs"] == [] and step["what_ifs_total"] == 0 and step["what_ifs_next"] is None


def test_the_openapi_document_says_how_the_disputes_are_paged_and_bounded(client):
    document = client.get("/openapi.json").json
    listing = document["paths"]["/api/games/{game_id}/disputes"]["get"]
    assert {"step", "kind", "limit", "cursor"} <= {parameter["name"] for parameter in listing["parameters"]}
    page = document["components"]["schemas"]["DisputeList"]["properties"]
    assert "next" in page
    for path, operation in (("/api/games/{game_id}/disputes", "post"), ("/api/games/{game_id}/what-if", "post")):
        refused = document["paths"][path][operation]["responses"]["422"]
        assert "limit" in refused["description"], path
        assert refused["content"]["application/problem+json"]["example"]["type"] == "/problems/limit-reached"
