"""Audit and export over REST."""

import hashlib
import json

from tests.api.test_games_api import create
from tests.paging import every_page


def test_a_finished_game_is_verified_and_exported_as_json_lines(client):
    created = create(client, [{"bot": "random"}, {"bot": "greedy"}], seed="export-me")
    audit = client.get(f"/api/games/{created['id']}/audit").json
    assert audit["verified"] and audit["first_problem"] is None and "seed matches its commitment" in audit["checks"]
    export = client.get(f"/api/games/{created['id']}/export")
    assert export.status_code == 200 and export.mimetype == "application/x-ndjson"
    lines = export.get_data(as_text=True).splitlines()
    header = json.loads(lines[0])
    assert header["seed"] == "export-me"
    assert header["header"]["seed_commitment"] == hashlib.sha256(b"export-me").hexdigest()
    assert [json.loads(line)["version"] for line in lines[1:]] == list(range(2, len(lines) + 1))
    assert json.loads(lines[-1])["chain"] == audit["head"]


def test_a_finished_games_audit_is_made_once_and_then_read(client, monkeypatch):
    import services.disputes.audit

    created = create(client, [{"bot": "random"}, {"bot": "greedy"}], seed="audited-once")
    runs = []
    real = services.disputes.audit.audit
    monkeypatch.setattr(services.disputes.audit, "audit", lambda *args, **kwargs: runs.append(1) or real(*args, **kwargs))
    first, second = (client.get(f"/api/games/{created['id']}/audit").json for _ in range(2))
    assert first == second and first["verified"]
    assert len(runs) == 1, "the bot moves of a finished game are re-run once, not on every request"


def test_a_running_game_is_neither_audited_nor_exported(client):
    created = create(client)
    for path in ("audit", "export"):
        answer = client.get(f"/api/games/{created['id']}/{path}")
        assert answer.status_code == 409 and "seed" in answer.json["detail"]


def test_the_last_receipt_of_a_game_is_the_head_the_audit_reports(client):
    created = create(client, [{"name": "ana"}, {"bot": "random"}], seed="receipts")
    token = created["tokens"][0]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    receipts = []
    while (game := client.get(f"/api/games/{created['id']}").json)["status"] == "running":
        action = client.get(f"/api/games/{created['id']}/actions", headers=headers).json["actions"][0]
        answer = client.post(f"/api/games/{created['id']}/actions", headers=headers,
                             json={"action": action, "expected_version": game["version"]}).json
        receipts.append((answer["version"], answer["receipt"]))
    _, events = every_page(lambda path: client.get(path).json, f"/api/games/{created['id']}/events", "events")
    chain = {event["version"]: event["chain"] for event in events[1:]}
    assert all(chain[version] == receipt for version, receipt in receipts)


def test_a_seat_files_a_dispute_and_gets_the_engines_answer_at_once(client):
    created = create(client, seed="dispute-api")
    game = client.get(f"/api/games/{created['id']}").json
    seat = game["to_act"]["seat"]
    token = next(t["token"] for t in created["tokens"] if t["seat"] == seat)
    headers = {"Authorization": f"Bearer {token}"}
    action = client.get(f"/api/games/{created['id']}/actions", headers=headers).json["actions"][0]
    client.post(f"/api/games/{created['id']}/actions", headers=headers,
                json={"action": action, "expected_version": game["version"]})
    filed = client.post(f"/api/games/{created['id']}/disputes", headers=headers,
                        json={"step": game["version"] + 1, "claim": "the row was refilled wrongly"})
    assert filed.status_code == 201 and filed.json["answer"]["rerun"]["same_events"]
    assert client.get(f"/api/games/{created['id']}/disputes").json["disputes"][0]["claim"] == "the row was refilled wrongly"
    anonymous = client.post(f"/api/games/{created['id']}/disputes", json={"step": 2, "claim": "x"})
    assert anonymous.status_code == 401
    bad = client.post(f"/api/games/{created['id']}/disputes", headers=headers, json={"step": "two", "claim": "x"})
    assert bad.status_code == 400 and "step" in bad.json["errors"]


def test_a_scenario_game_and_a_fork_are_sandbox_games_over_rest(client):
    from tests.integration.test_audit import SCENARIO

    answer = client.post("/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}],
                                             "scenario": SCENARIO})
    assert answer.status_code == 201, answer.json
    assert client.get(f"/api/games/{answer.json['id']}").json["sandbox"] is True
    assert [g["sandbox"] for g in client.get("/api/games").json["games"]] == [True]
    bad = client.post("/api/games", json={"game": "chi", "seats": [{"name": "a"}, {"name": "b"}],
                                          "scenario": {"hands": [["no-such-card"], ["chi-1"]]}})
    assert bad.status_code == 422 and bad.json["rule"] == "chi.scenario" and "scenario.hands" in bad.json["detail"]
    finished = create(client, [{"bot": "random"}, {"bot": "random"}], seed="to-fork")
    refused = client.post(f"/api/games/{finished['id']}/fork?at=1")
    assert refused.status_code == 400 and refused.json["field"] == "at"
    spec = client.get("/openapi.json").json
    examples = spec["paths"]["/api/games"]["post"]["requestBody"]["content"]["application/json"]["examples"]
    assert "scenario" in examples["chi-scenario"]["value"]


def test_a_xanadu_scenario_game_and_a_fork_are_sandbox_games_over_rest(client, services):
    from domain.xanadu.scenario import SCENARIO_EXAMPLE

    spec = client.get("/openapi.json").json
    examples = spec["paths"]["/api/games"]["post"]["requestBody"]["content"]["application/json"]["examples"]
    body = examples["xanadu-scenario"]["value"]
    assert body["scenario"] == SCENARIO_EXAMPLE
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.json
    assert client.get(f"/api/games/{answer.json['id']}").json["sandbox"] is True
    bad = client.post("/api/games", json={"game": "xanadu", "seats": [{"name": "a"}, {"name": "b"}],
                                          "scenario": {"seats": [{"buildings": [{"card": "well-west", "covered": 3}]}, {}]}})
    assert bad.status_code == 422 and bad.json["rule"] == "xanadu.scenario"
    assert bad.json["detail"].startswith("scenario.seats[0].buildings[0].covered: ")
    finished = client.post("/api/games", json={"game": "xanadu", "seats": [{"bot": "builder"}, {"bot": "random"}],
                                               "seed": "to-fork"}).json
    stored = services.store.stored_events(finished["id"])
    ends = [e.originator_version for e, after in zip(stored[1:], stored[2:]) if e.cause != after.cause]
    tables = {step: services.store.game(finished["id"], version=step).state for step in ends}
    phases = {step: table.phase for step, table in tables.items()}
    start = next(step for step in ends[len(ends) // 2:] if phases[step] == "sell" and not tables[step].plan["sold"])
    forked = client.post(f"/api/games/{finished['id']}/fork?at={start}")
    assert forked.status_code == 201, forked.json
    assert client.get(f"/api/games/{forked.json['id']}").json["sandbox"] is True
    mid_turn = next(step for step in ends if phases[step] == "workers")
    refused = client.post(f"/api/games/{finished['id']}/fork?at={mid_turn}")
    assert refused.status_code == 422 and refused.json["rule"] == "xanadu.scenario"
    assert "a fork must start at the beginning of a turn" in refused.json["detail"]
