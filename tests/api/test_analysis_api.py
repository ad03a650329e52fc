"""The analysis over REST: started by POST, read by GET as it advances, the same when asked again;
refused (409, naming the rule) for a game still running with people in it, accepted for its sandbox
fork; the replay step carries its decision's entry, the export the marks."""

import json
import time
from uuid import UUID

from services.analysis import analyses
from tests.playing import play_to_end

WAIT_SECONDS = 120  # a generous bound: the analysis runs in a thread of the app's process


def finished_chi(services, seed="analysis-api"):
    created = services.commands.create("chi", [{"name": "ana"}, {"bot": "greedy"}], seed=seed)
    play_to_end(services, created.id, seed=seed)
    return created.id


def analysed(client, game_id, strength=1):
    """The analysis once it is done (started by the caller)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        answer = client.get(f"/api/games/{game_id}/analysis?strength={strength}")
        assert answer.status_code == 200, answer.json
        if answer.json["status"] == "done":
            return answer.json
        time.sleep(0.05)
    raise AssertionError(f"the analysis of {game_id} was not done within {WAIT_SECONDS} s")


def test_a_finished_games_analysis_judges_every_decision_with_a_choice_and_is_the_same_when_asked_again(client, services):
    game_id = finished_chi(services)
    assert client.get(f"/api/games/{game_id}/analysis?strength=1").status_code == 404
    started = client.post(f"/api/games/{game_id}/analysis", json={"strength": 1})
    assert started.status_code == 202, started.json
    assert started.json["bot"]["name"] == "search" and started.json["bot"]["strength"] == 1
    done = analysed(client, game_id)
    assert done["progress"] == 1.0 and done["measure"] == "win_chance"
    decisions = done["decisions"]
    assert decisions and [entry["step"] for entry in decisions] == sorted(entry["step"] for entry in decisions)
    game = services.store.game(game_id)
    for entry in decisions:
        assert entry["seat_name"] == ["ana", game.seats[1]["name"]][entry["seat"]]
        assert entry["loss"] == round(entry["best_expected"] - entry["played_expected"], 4) >= 0
        assert entry["expected_before"] == entry["best_expected"]
        assert entry["played_words"] and entry["best_words"]
        with_choice = game.rules.legal_actions(services.store.game(game_id, version=entry["step"]).state, entry["seat"])
        assert len(with_choice) > 1 and entry["played"] in with_choice and entry["best"] in with_choice
    assert [point["step"] for point in done["chart"]] == [entry["step"] for entry in decisions]
    assert {seat["name"] for seat in done["seats"]} == {"ana", game.seats[1]["name"]}
    assert all(0 <= seat["accuracy"] <= 100 for seat in done["seats"])
    again = client.post(f"/api/games/{game_id}/analysis", json={"strength": 1})
    assert again.status_code == 202 and again.json == done


def test_an_entry_re_run_gives_the_same_numbers_and_a_tampered_entry_is_caught(client, services):
    game_id = finished_chi(services, "analysis-rerun")
    client.post(f"/api/games/{game_id}/analysis", json={"strength": 1})
    done = analysed(client, game_id)
    step = done["decisions"][len(done["decisions"]) // 2]["step"]
    assert analyses.rerun_entry(services.store, game_id, step, 1)["matches"] is True
    analysis = analyses.load(services.store, game_id, 1)
    analysis.entries[str(step)] = {**analysis.entries[str(step)], "loss": 0.5, "mark": "blunder"}
    services.store.repository.cache.put(analysis.id, analysis) if services.store.repository.cache else None
    checked = analyses.rerun_entry(services.store, game_id, step, 1)
    assert checked["matches"] is False and checked["stored"]["loss"] == 0.5


def test_a_game_running_with_a_person_is_refused_and_its_sandbox_fork_is_accepted(client, services):
    created = services.commands.create("chi", [{"name": "ana"}, {"bot": "greedy"}], seed="analysis-running")
    game = services.store.game(created.id)
    for _ in range(4):
        game = services.store.game(created.id)
        seat = game.to_act()
        services.commands.act(created.id, seat, game.rules.legal_actions(game.state, seat)[0], game.version)
    refused = client.post(f"/api/games/{created.id}/analysis")
    assert refused.status_code == 409
    assert refused.json["rule"] == "analysis.no-help-mid-game" and "mid-game" in refused.json["detail"]
    assert client.get(f"/api/games/{created.id}/analysis").status_code == 404  # nothing was started
    game_id = finished_chi(services, "analysis-fork")
    finished = services.store.game(game_id)
    step = analyses.decisions(services.store, finished, finished.version)[5].step  # the table before a decision
    forked = client.post(f"/api/games/{game_id}/fork?at={step}")
    assert forked.status_code == 201, forked.json
    fork_id = UUID(forked.json["id"])
    fork = services.store.game(fork_id)
    assert not fork.finished and fork.options["sandbox"] is True
    for _ in range(2):  # a decision or two in the fork, so it has something to analyse
        fork = services.store.game(fork_id)
        seat = fork.to_act()
        services.commands.act(fork_id, seat, fork.rules.legal_actions(fork.state, seat)[-1], fork.version)
    accepted = client.post(f"/api/games/{fork_id}/analysis", json={"strength": 1})
    assert accepted.status_code == 202, accepted.json
    assert analysed(client, fork_id)["decisions"]


def test_bad_strengths_are_refused_naming_the_field(client, services):
    game_id = finished_chi(services, "analysis-bad")
    for bad in (0, 6, "3", True, None):
        answer = client.post(f"/api/games/{game_id}/analysis", json={"strength": bad})
        assert answer.status_code == 400, (bad, answer.json)
        assert "strength" in json.dumps(answer.json)
    assert client.get(f"/api/games/{game_id}/analysis?strength=9").status_code == 400
    assert client.get(f"/api/games/{game_id}/analysis").status_code == 404
