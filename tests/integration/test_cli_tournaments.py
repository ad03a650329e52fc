"""`chronicle verify FILE` on a tournament's exported record: every round's pairing re-derived from
the standings and the revealed seed, offline; a tampered pairing or result named by its round."""

import json

import pytest

from domain.tournaments.export import chain_of
from services.compose import build
from tests.integration.test_cli import chronicle

DAY = {"per_decision": "P1D", "on_timeout": "forfeit"}
BOTS = [{"bot": "random"}, {"bot": "greedy"}, {"bot": "random"}, {"bot": "greedy"}, {"bot": "random"}]


@pytest.fixture
def record(services):
    players = services.commands.players
    organiser = players.get(players.register("ana")["id"])
    tournaments = services.commands.tournaments
    opened = tournaments.organise(organiser, {"game": "chi", "format": "swiss", "rounds": 3, "clock": DAY,
                                              "bots": BOTS, "rated": False})
    assert tournaments.start(opened["id"], organiser)["status"] == "finished"
    return tournaments.export(opened["id"])


def rechained(record):
    """The record with its hash chain made again, as a careful forger would."""
    chains = chain_of(line["event"] for line in record["events"])
    for line, chain in zip(record["events"], chains):
        line["chain"] = chain
    record["head"] = chains[-1]
    return record


def verify(tmp_path, record, indent=None):
    path = tmp_path / "tournament.json"
    path.write_text(json.dumps(record, indent=indent) + "\n")
    return chronicle("verify", str(path), data=tmp_path / "nowhere")


def test_an_exported_tournament_verifies_offline_as_exported_or_laid_out(record, tmp_path):
    for indent in (None, 2):
        done = verify(tmp_path, record, indent)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith(f"verified: tournament {record['id']}: 3 rounds paired as the procedure gives")
        assert record["head"] in done.stdout
    assert not (tmp_path / "nowhere").exists(), "no store was opened"


def test_two_players_swapped_in_a_pairing_fail_naming_the_round(record, tmp_path):
    paired = [line["event"] for line in record["events"] if line["event"]["type"] == "round-paired"]
    tables = paired[1]["tables"]
    tables[0][0], tables[1][0] = tables[1][0], tables[0][0]
    done = verify(tmp_path, record)
    assert done.returncode == 1
    assert done.stderr.startswith("NOT verified: round 2 (event ") and "hash chain breaks" in done.stderr

    done = verify(tmp_path, rechained(record))
    assert done.returncode == 1
    assert done.stderr.startswith("NOT verified: round 2 is not the pairing the procedure gives [tournament]")
    assert "expected: RoundPaired(round=2" in done.stderr


def test_a_changed_result_fails_naming_its_round(record, tmp_path):
    table = record["rounds"][0]["tables"][0]
    table["places"] = [2, 1] if table["places"] == [1, 2] else [1, 2]
    done = verify(tmp_path, record)
    assert done.returncode == 1
    assert done.stderr.startswith("NOT verified: round 1: its tables and their results in the record are not those "
                                  "its events give")


def test_chronicle_tournament_export_writes_the_record_that_verifies_and_refuses_one_still_open(tmp_path):
    data = tmp_path / "data"
    services = build({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": str(data)})
    players, tournaments = services.commands.players, services.commands.tournaments
    organiser = players.get(players.register("ana")["id"])
    finished = tournaments.organise(organiser, {"game": "chi", "format": "swiss", "rounds": 2, "clock": DAY,
                                                "bots": BOTS[:3], "rated": False})
    tournaments.start(finished["id"], organiser)
    still_open = tournaments.organise(organiser, {"game": "chi", "format": "swiss", "rounds": 2, "clock": DAY})
    services.store.close()

    path = tmp_path / "tournament.json"
    done = chronicle("tournament", "export", finished["id"], "-o", str(path), data=data)
    assert done.returncode == 0, done.stderr
    checked = chronicle("verify", str(path), data=tmp_path / "nowhere")
    assert checked.returncode == 0 and checked.stdout.startswith(f"verified: tournament {finished['id']}: 2 rounds")

    refused = chronicle("tournament", "export", still_open["id"], "-o", str(tmp_path / "open.json"), data=data)
    assert refused.returncode == 2 and "revealed" in refused.stderr, refused.stderr
    assert not (tmp_path / "open.json").exists(), "a refusal writes no file"
