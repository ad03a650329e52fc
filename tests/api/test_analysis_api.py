"""The analysis over REST: started by POST, read by GET as it advances, the same when asked again;
refused (409, naming the rule) for a game still running with people in it, accepted for its sandbox
fork; the replay step carries its decision's entry, the export the marks."""

import json
import threading
import time
from contextlib import contextmanager
from uuid import UUID

from eventsourcing.utils import get_topic

from domain.analysis import ANALYSIS_VERSION
from services.analysis import analyses
from services.analysis import runs
from services.analysis.runs import IN_THIS_PROCESS, ring
from services.analysis.stored import Analysis
from services.disputes.audit import verify_export
from tests.api.test_streams import Script, read
from tests.playing import play_to_end

WAIT_SECONDS = 120  # a generous bound: the analysis runs in a thread of the app's process


def finished_chi(services, seed="analysis-api"):
    created = services.commands.create("chi", [{"name": "ana"}, {"bot": "greedy"}], seed=seed)
    play_to_end(services, created.id, seed=seed)
    return created.id


def analysed(client, game_id, strength=1, headers=None):
    """The analysis once it is done (started by the caller)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        answer = client.get(f"/api/games/{game_id}/analysis?strength={strength}", headers=headers or {})
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
    ana = next(token["token"] for token in forked.json["tokens"] if token["seat"] == 0)
    while len(analyses.decisions(services.store, fork := services.store.game(fork_id), fork.version)) < 3:
        seat = fork.to_act()  # ana's decisions (the bot answers at once), so the fork has some to analyse
        services.commands.act(fork_id, seat, fork.rules.legal_actions(fork.state, seat)[-1], fork.version)
    assert not services.store.game(fork_id).finished
    accepted = client.post(f"/api/games/{fork_id}/analysis", json={"strength": 1})
    assert accepted.status_code == 202, accepted.json
    own = analysed(client, fork_id, headers={"Authorization": f"Bearer {ana}"})
    assert own["decisions"] and {entry["seat"] for entry in own["decisions"]} == {0}
    # While the fork runs, the entries name actions and judge from a hand: each seat sees its own only.
    spectator = client.get(f"/api/games/{fork_id}/analysis?strength=1").json
    assert spectator["decisions"] == [] and spectator["withheld"] == len(own["decisions"]) + own["withheld"]


def test_bad_strengths_are_refused_naming_the_field(client, services):
    game_id = finished_chi(services, "analysis-bad")
    for bad in (0, 6, "3", True, None):
        answer = client.post(f"/api/games/{game_id}/analysis", json={"strength": bad})
        assert answer.status_code == 400, (bad, answer.json)
        assert "strength" in json.dumps(answer.json)
    assert client.get(f"/api/games/{game_id}/analysis?strength=9").status_code == 400
    assert client.get(f"/api/games/{game_id}/analysis").status_code == 404


def test_the_games_stream_carries_the_analysis_as_it_advances_and_ends_once_it_is_done(client, app, services):
    game_id = finished_chi(services, "analysis-stream")
    analysis, _ = analyses.request(services.store, game_id, 1)  # computed below, by the script, a half at a time
    half = len(analysis.steps) // 2

    def judge(steps):
        return lambda: analyses.analyse(services.store, game_id, 1, steps, lambda saved: ring(services, saved))

    script = Script([judge(analysis.steps[:half]), judge(analysis.steps[half:])], lifetime=30.0)
    answer, messages = read(client, app, f"/api/games/{game_id}/stream", script)
    assert answer.status_code == 200
    told = [data for event, _, data in messages if event == "analysis"]
    assert told[0] == {"status": "queued", "progress": 0.0, "strength": 1, "analysis_version": ANALYSIS_VERSION}
    assert told[1]["status"] == "running" and 0 < told[1]["progress"] < 1
    assert told[-1] == {"status": "done", "progress": 1.0, "strength": 1, "analysis_version": ANALYSIS_VERSION}
    assert script.now < 30.0, "the finished game's stream ended once its analysis was done"


def test_the_replay_step_and_the_export_carry_a_done_analysis(client, services):
    game_id = finished_chi(services, "analysis-replay")
    assert client.get(f"/api/games/{game_id}/replay/5").json["analysis"] is None
    client.post(f"/api/games/{game_id}/analysis", json={"strength": 1})
    done = analysed(client, game_id)
    entry = done["decisions"][0]
    step = client.get(f"/api/games/{game_id}/replay/{entry['step']}")
    assert step.status_code == 200 and step.json["analysis"] == {**entry, "strength": 1}
    assert client.get(f"/api/games/{game_id}/replay/1").json["analysis"] is None  # the creation: no decision
    header = json.loads(client.get(f"/api/games/{game_id}/export").get_data(as_text=True).splitlines()[0])
    marked = [(entry["step"], entry["mark"]) for entry in done["decisions"] if entry["mark"]]
    assert [(mark["step"], mark["mark"]) for mark in header["analysis"]["marks"]] == marked
    assert header["analysis"]["seats"] == done["seats"]
    lines = client.get(f"/api/games/{game_id}/export").get_data(as_text=True).splitlines()
    assert verify_export(lines).verified, "the marks are beside the chain: the export still verifies"


# Chi, seat 1's last turn: seat 0 has made its sixth stack, so the game ends after this turn. bob
# leads 33 to 30 only while his gold Yang (6 points) stays in hand: played, it wins by 35 to 33;
# drawing a card (+1) loses by 31 to 33.
CHI_LAST_TURN = {
    "hands": [["yin-blue-1", "chi-1", "yin-pink-2"], ["yang-gold-1", "yin-red-1", "chi-2"]],
    "row": ["yin-white-1", "yang-orange-2", "chi-3", "yin-purple-1", "yin-black-2", "yang-pink-2"],
    "areas": [
        [["yang-red-1", "yang-red-2"], ["yang-orange-1"], ["yang-yellow-1"], ["yang-green-1", "yang-green-2"],
         ["yang-pink-1"], ["yang-brown-1"]],
        [["yang-blue-1", "yang-blue-2"], ["yang-purple-1"], ["yang-black-1"], ["yang-white-1"], ["yang-grey-1"]],
    ],
    "discard": ["yin-grey-1", "yin-orange-1"], "deck": ["yin-pink-1", "chi-4"],
    "to_play": 1, "starter": 0, "turn": 22,
}


def test_drawing_instead_of_playing_the_winning_yang_is_marked_a_blunder(client, services):
    created = client.post("/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"name": "bob"}],
                                              "scenario": CHI_LAST_TURN})
    assert created.status_code == 201, created.json
    game_id = UUID(created.json["id"])
    nothing_yet = client.post(f"/api/games/{game_id}/analysis", json={"strength": 1})
    assert nothing_yet.status_code == 409 and nothing_yet.json["rule"] == "analysis.no-decisions"
    game = services.store.game(game_id)
    step = game.version
    services.commands.act(game_id, 1, {"type": "draw", "slot": 0}, step)
    game = services.store.game(game_id)
    assert game.finished and game.rules.outcome(game.state).winners == [0]
    client.post(f"/api/games/{game_id}/analysis", json={"strength": 1})
    [entry] = analysed(client, game_id)["decisions"]
    assert entry["step"] == step and entry["seat_name"] == "bob" and entry["played"] == {"type": "draw", "slot": 0}
    assert entry["best"] == {"type": "play_yang", "card": "yang-gold-1"} and "gold Yang" in entry["best_words"]
    assert entry["mark"] == "blunder" and entry["loss"] >= 0.9


def test_without_a_strength_the_deepest_analysis_answers_done_first_else_the_one_running(client, services):
    created = client.post("/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"name": "bob"}],
                                              "scenario": CHI_LAST_TURN})
    game_id = UUID(created.json["id"])
    services.commands.act(game_id, 1, {"type": "draw", "slot": 0}, services.store.game(game_id).version)
    missing = client.get(f"/api/games/{game_id}/analysis")
    assert missing.status_code == 404 and "POST" in missing.json["detail"]
    analyses.request(services.store, game_id, 2)  # asked for, and not computed: queued
    analyses.request(services.store, game_id, 4)
    assert client.get(f"/api/games/{game_id}/analysis").json["bot"]["strength"] == 4
    client.post(f"/api/games/{game_id}/analysis", json={"strength": 1})
    done = analysed(client, game_id, strength=1)
    deepest = client.get(f"/api/games/{game_id}/analysis")
    assert deepest.status_code == 200 and deepest.json == done, "a done analysis comes before deeper ones running"
    assert client.get(f"/api/games/{game_id}/analysis?strength=4").json["status"] == "queued"


@contextmanager
def computing_held(services):
    """The analyses of this process wait while inside: what a POST answers is read before any
    entry is computed (the computing thread takes this lock for each analysis)."""
    lock = IN_THIS_PROCESS._one_at_a_time.setdefault(id(services.store), threading.Lock())
    with lock:
        yield


def stored_topics(services, analysis_id):
    return [get_topic(type(event)).rsplit(".", 1)[-1] for event in services.store.events.get(analysis_id)]


def test_asking_again_after_a_sandbox_game_played_on_extends_its_analysis_with_the_new_decisions(client, services):
    game_id = finished_chi(services, "analysis-extended")
    finished = services.store.game(game_id)
    forked = client.post(f"/api/games/{game_id}/fork?at={analyses.decisions(services.store, finished, finished.version)[5].step}")
    fork_id = UUID(forked.json["id"])
    ana = {"Authorization": f"Bearer {next(token['token'] for token in forked.json['tokens'] if token['seat'] == 0)}"}

    def play_on(decisions):  # ana's (the bot answers at once); the fork stays running
        while len(analyses.decisions(services.store, fork := services.store.game(fork_id), fork.version)) < decisions:
            seat = fork.to_act()
            services.commands.act(fork_id, seat, fork.rules.legal_actions(fork.state, seat)[-1], fork.version)
        assert not services.store.game(fork_id).finished

    play_on(3)
    client.post(f"/api/games/{fork_id}/analysis", json={"strength": 1})
    first = analysed(client, fork_id, headers=ana)
    judged = len(first["decisions"]) + first["withheld"]
    stored_before = analyses.load(services.store, fork_id, 1)
    assert stored_before.done and len(stored_before.steps) == judged
    play_on(judged + 2)
    with computing_held(services):
        again = client.post(f"/api/games/{fork_id}/analysis", json={"strength": 1}, headers=ana)
        assert again.status_code == 202, again.json
        steps = analyses.load(services.store, fork_id, 1).steps
        assert steps[:judged] == stored_before.steps and len(steps) > judged, "the new decisions are appended"
        assert again.json["status"] == "running" and again.json["progress"] == round(judged / len(steps), 4)
        assert again.json["decisions"] == first["decisions"], "what was judged stands"
    done = analysed(client, fork_id, headers=ana)
    assert done["decisions"][:len(first["decisions"])] == first["decisions"]
    assert len(done["decisions"]) + done["withheld"] == len(steps) and done["progress"] == 1.0
    assert {entry["step"] for entry in done["decisions"]} - set(stored_before.steps), "ana's new decisions judged"
    # The stream was appended to, never rewritten: its first events are those it had.
    topics = stored_topics(services, stored_before.id)
    assert topics[:judged + 2] == ["Requested", *["DecisionAnalysed"] * judged, "Finished"]
    assert topics[judged + 2:] == ["Extended", *["DecisionAnalysed"] * (len(steps) - judged), "Finished"]
    assert client.post(f"/api/games/{fork_id}/analysis", json={"strength": 1}, headers=ana).json == done, \
        "nothing new: the same analysis answers"


def test_an_analysis_no_longer_stored_when_its_thread_looks_again_ends_the_thread_cleanly(client, services,
                                                                                         monkeypatch):
    created = client.post("/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"name": "bob"}],
                                              "scenario": CHI_LAST_TURN})
    game_id = UUID(created.json["id"])
    services.commands.act(game_id, 1, {"type": "draw", "slot": 0}, services.store.game(game_id).version)
    asked, _ = analyses.request(services.store, game_id, 1)
    failures = []
    monkeypatch.setattr(threading, "excepthook", failures.append)
    # As when its stream is gone (a store restored from an older backup): the thread's look again finds nothing.
    monkeypatch.setattr(runs, "load", lambda *args, **kwargs: None)
    assert IN_THIS_PROCESS.resume(services.store, asked)
    for thread in list(IN_THIS_PROCESS._threads):
        thread.join(WAIT_SECONDS)
    assert failures == [], "the thread ended without an error"
    monkeypatch.undo()
    assert IN_THIS_PROCESS.resume(services.store, analyses.load(services.store, game_id, 1)) is False, \
        "done: nothing left to compute"
    vanished = Analysis(game_id=str(game_id), analysis_version=ANALYSIS_VERSION, strength=2, bot={}, seed="s",
                        measure="win_chance", steps=asked.steps)  # never stored
    assert IN_THIS_PROCESS.resume(services.store, vanished)
    for thread in list(IN_THIS_PROCESS._threads):
        thread.join(WAIT_SECONDS)
    assert IN_THIS_PROCESS.resume(services.store, vanished), "not held as running: asked again, it starts again"
