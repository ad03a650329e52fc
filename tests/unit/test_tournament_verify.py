"""Anyone re-derives every round of an exported tournament from its revealed seed; a tampered round is named."""

import json
from dataclasses import replace

import pytest

from domain.tournaments.errors import TournamentError
from domain.tournaments.events import RoundPaired, from_data, to_data
from domain.tournaments.export import FORMAT, chain_of, rounds_and_standings
from domain.tournaments.model import PAIRING_VERSION, Settings
from domain.tournaments.verify import verify_export, verify_pairings

from .tournament_builders import Play, entrants, random_places


def finished(settings: Settings, players: int) -> Play:
    play = Play(settings, entrants(players))
    for _ in range(settings.rounds):
        play.play_round(random_places("verify"))
    play.finish()
    return play


@pytest.mark.parametrize("settings, players", [
    (Settings("swiss", 5), 9), (Settings("round-robin", 5), 5), (Settings("tables", 4, 3, 4), 11)])
def test_every_round_of_a_finished_tournament_re_derives_from_the_revealed_seed(settings, players):
    verdict = verify_pairings(finished(settings, players).events)
    assert verdict.ok and verdict.rounds_checked == settings.rounds


def test_a_tampered_pairing_is_caught_and_its_round_named():
    events = finished(Settings("swiss", 5), 8).events
    third = next(i for i, e in enumerate(events) if isinstance(e, RoundPaired) and e.round == 3)
    tables = events[third].tables
    swapped = ((tables[0][0], tables[1][1]), (tables[1][0], tables[0][1])) + tables[2:]
    events[third] = replace(events[third], tables=swapped)
    verdict = verify_pairings(events)
    assert not verdict.ok and verdict.round == 3 and verdict.rounds_checked == 2
    assert verdict.recorded.tables == swapped and verdict.expected.tables == tables


@pytest.mark.parametrize("settings, players", [(Settings("round-robin", 5), 6), (Settings("tables", 3, 3, 4), 10)])
def test_players_swapped_between_tables_are_caught_in_every_format(settings, players):
    events = finished(settings, players).events
    second = next(i for i, e in enumerate(events) if isinstance(e, RoundPaired) and e.round == 2)
    tables = [list(t) for t in events[second].tables]
    tables[0][0], tables[1][0] = tables[1][0], tables[0][0]
    events[second] = replace(events[second], tables=tuple(tuple(t) for t in tables))
    verdict = verify_pairings(events)
    assert not verdict.ok and verdict.round == 2 and verdict.rounds_checked == 1


def test_a_round_paired_beyond_the_tournaments_rounds_is_named():
    events = finished(Settings("swiss", 2), 4).events
    last_round = [e for e in events if isinstance(e, RoundPaired)][-1]
    extra = replace(last_round, round=3)
    verdict = verify_pairings(events[:-1] + [extra] + events[-1:])
    assert not verdict.ok and verdict.round == 3 and "should not have been paired" in verdict.problem


def test_a_colour_swapped_on_one_table_is_a_tampered_pairing_too():
    events = finished(Settings("swiss", 3), 6).events
    first = next(i for i, e in enumerate(events) if isinstance(e, RoundPaired))
    tables = events[first].tables
    events[first] = replace(events[first], tables=(tables[0][::-1],) + tables[1:])
    assert verify_pairings(events).round == 1


def test_a_seed_that_does_not_match_the_commitment_is_refused():
    events = finished(Settings("swiss", 2), 4).events
    verdict = verify_pairings(events, seed="a seed chosen afterwards")
    assert not verdict.ok and "commitment" in verdict.problem


def test_a_running_tournament_cannot_be_verified_before_its_seed_is_revealed():
    play = Play(Settings("swiss", 3), entrants(4))
    play.play_round(random_places("verify"))
    assert "not revealed" in verify_pairings(play.events).problem


# -- a whole exported record (domain/tournaments/export.py) ---------------------------------------

def exported(settings: Settings, players: int) -> dict:
    """A finished tournament's record, as the service exports it (through JSON and back)."""
    play = finished(settings, players)
    lines = [to_data(e) for e in play.events]
    rounds, standings = rounds_and_standings(play.events, play.seed, lambda r, t: f"game-{r}-{t}")
    chains = chain_of(lines)
    record = {"format": FORMAT, "id": "t1", "game": "chi", "seed_commitment": play.events[0].seed_commitment,
              "seed": play.seed, "events": [{"event": e, "chain": c} for e, c in zip(lines, chains)],
              "rounds": rounds, "standings": standings, "head": chains[-1]}
    return json.loads(json.dumps(record))


def rechained(record: dict) -> dict:
    """The record with its hash chain made again, as a careful forger would."""
    chains = chain_of(line["event"] for line in record["events"])
    for line, chain in zip(record["events"], chains):
        line["chain"] = chain
    record["head"] = chains[-1]
    return record


@pytest.mark.parametrize("settings, players", [
    (Settings("swiss", 4), 7), (Settings("round-robin", 3), 4), (Settings("tables", 3, 3, 4), 10)])
def test_an_honest_record_verifies_every_round_and_its_chain(settings, players):
    record = exported(settings, players)
    verdict = verify_export(record)
    assert verdict.ok, verdict.problem
    assert verdict.rounds_checked == settings.rounds and verdict.events_checked == len(record["events"])
    assert verdict.head == record["head"]
    assert record["rounds"][0]["standings_in"][0]["points"] == "0", "round one is paired from level standings"


def test_two_players_swapped_in_a_recorded_pairing_are_caught_naming_the_round():
    record = exported(Settings("swiss", 4), 8)
    line = next(line for line in record["events"] if line["event"]["type"] == "round-paired"
                and line["event"]["round"] == 3)
    tables = line["event"]["tables"]
    tables[0][1], tables[1][1] = tables[1][1], tables[0][1]
    verdict = verify_export(record)
    assert not verdict.ok and verdict.round == 3
    assert verdict.problem.startswith("round 3 (event ") and "hash chain breaks" in verdict.problem
    verdict = verify_export(rechained(record))
    assert not verdict.ok and verdict.round == 3
    assert verdict.problem == "round 3 is not the pairing the procedure gives"


def test_a_changed_result_is_caught_naming_its_round_wherever_it_was_changed():
    record = exported(Settings("swiss", 4), 8)
    in_record = json.loads(json.dumps(record))
    table = in_record["rounds"][1]["tables"][0]
    table["places"] = table["places"][::-1]
    verdict = verify_export(in_record)
    assert not verdict.ok and verdict.round == 2
    assert verdict.problem == "round 2: its tables and their results in the record are not those its events give"

    line = next(line for line in record["events"] if line["event"]["type"] == "game-finished"
                and line["event"]["round"] == 2)
    line["event"]["places"] = line["event"]["places"][::-1]
    verdict = verify_export(record)
    assert not verdict.ok and verdict.round == 2
    assert verdict.problem.startswith("round 2, table 1: the game's result") and "hash chain breaks" in verdict.problem
    verdict = verify_export(rechained(record))
    assert not verdict.ok and verdict.round in (2, 3), "the forged result changes the standings round 3 was paired from"


def test_a_record_without_its_seed_or_of_another_kind_is_refused_plainly():
    record = exported(Settings("swiss", 2), 4)
    assert "no revealed seed" in verify_export({**record, "seed": None}).problem
    assert "format" in verify_export({"format": "chronicle-export/1"}).problem
    assert "commitment" in verify_export({**record, "seed": "another"}).problem
    assert not verify_export({**record, "events": [{"event": {"type": "round-paired"}}]}).ok


def test_a_tournament_is_verified_with_the_pairing_procedure_version_it_recorded():
    # Nine players, results drawn from "a": the two versions of the Swiss procedure part in round 3.
    play = Play(Settings("swiss", 5, pairing_version=1), entrants(9))
    for _ in range(5):
        play.play_round(random_places("a"))
    play.finish()
    assert play.events[0].pairing_version == 1
    assert verify_pairings(play.events).ok
    claimed = [replace(play.events[0], pairing_version=2)] + play.events[1:]
    verdict = verify_pairings(claimed)
    assert not verdict.ok and verdict.round == 3


def test_a_record_made_before_versions_were_recorded_is_verified_with_version_1():
    play = Play(Settings("swiss", 5, pairing_version=1), entrants(9))
    for _ in range(5):
        play.play_round(random_places("a"))
    play.finish()
    created = to_data(play.events[0])
    del created["pairing_version"]
    assert from_data(created).pairing_version == 1
    assert verify_pairings([from_data(created)] + play.events[1:]).ok


def test_a_tournament_created_now_records_the_current_version():
    play = Play(Settings("swiss", 3), entrants(6))
    assert play.events[0].pairing_version == PAIRING_VERSION == 2
    assert to_data(play.events[0])["pairing_version"] == 2


def test_an_unknown_pairing_version_is_refused():
    with pytest.raises(TournamentError) as refused:
        Settings("swiss", 3, pairing_version=3)
    assert refused.value.rule == "tournament.pairing-version"
