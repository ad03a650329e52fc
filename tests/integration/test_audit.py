"""Provable games: a finished game verifies, and every kind of tampering with its export is caught."""

import json

import pytest

from domain.chain import link
from services.audit import audit_game, export_lines, import_game, verify_export
from services.bootstrap import build
from services.errors import InvalidRequest, NotFinished


@pytest.fixture
def finished(services):
    created = services.commands.create("chi", [{"bot": "greedy"}, {"bot": "random"}], seed="provable")
    return services, created.id


@pytest.fixture
def lines(finished):
    services, game_id = finished
    return list(export_lines(services.store, game_id))


def edited(lines, number, change):
    """The export with line `number` (1 = header) changed by `change(row)`."""
    out = list(lines)
    row = json.loads(out[number - 1])
    change(row)
    out[number - 1] = json.dumps(row)
    return out


def first_line_with(lines, kind):
    return next(n for n, line in enumerate(lines, start=1) if n > 1 and json.loads(line)["event"]["type"] == kind)


def test_a_finished_game_verifies_from_the_store_and_from_its_export(finished, lines):
    services, game_id = finished
    assert audit_game(services.store, game_id)["verified"]
    report = verify_export(lines)
    assert report.verified and not report.problem


def test_a_running_game_cannot_be_audited_before_its_seed_is_revealed(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="running")
    with pytest.raises(NotFinished):
        audit_game(services.store, created.id)


def test_a_changed_card_breaks_the_chain_at_its_step(lines):
    number = first_line_with(lines, "card_drawn")
    tampered = edited(lines, number, lambda row: row["event"]["data"].update(card="chi-1"))
    problem = verify_export(tampered).problem
    assert problem.check == "chain" and problem.step == json.loads(lines[number - 1])["version"]


def test_a_changed_card_with_the_chain_recomputed_is_caught_by_re_running_the_rules(lines):
    header = json.loads(lines[0])
    number = first_line_with(lines, "card_drawn")
    tampered = edited(lines, number, lambda row: row["event"]["data"].update(card="chi-1"))
    # Someone who knows the seed re-chains every hash after the change.
    from domain.chain import header_hash

    previous = header_hash(header["header"])
    rechained = [tampered[0]]
    for line in tampered[1:]:
        row = json.loads(line)
        row["chain"] = previous = link(header["seed"], previous, row["version"], row["event"], row["cause"])
        rechained.append(json.dumps(row))
    problem = verify_export(rechained).problem
    assert problem.check == "events" and problem.step == json.loads(lines[number - 1])["version"]
    assert problem.found["data"]["card"] == "chi-1" and problem.expected["data"]["card"] != "chi-1"


def test_a_dropped_event_is_caught(lines):
    tampered = lines[:10] + lines[11:]
    problem = verify_export(tampered).problem
    assert problem.check == "order" and problem.step == json.loads(lines[10])["version"]


def test_two_lines_swapped_are_caught(lines):
    tampered = list(lines)
    tampered[20], tampered[21] = tampered[21], tampered[20]
    assert verify_export(tampered).problem.check == "order"


def test_a_wrong_seed_is_caught(lines):
    tampered = edited(lines, 1, lambda row: row.update(seed="another-seed"))
    assert verify_export(tampered).problem.check == "seed"


def test_a_changed_seat_in_the_header_breaks_the_chain_from_the_first_event(lines):
    tampered = edited(lines, 1, lambda row: row["header"]["seats"][0].update(name="mallory"))
    problem = verify_export(tampered).problem
    assert problem.check == "chain" and problem.step == 2


def test_a_game_under_rules_this_code_does_not_implement_says_so_plainly(lines):
    tampered = edited(lines, 1, lambda row: row["header"].update(rules_version="0"))
    problem = verify_export(tampered).problem
    assert problem.check == "rules" and "cannot re-run" in problem.reason


def test_an_imported_game_is_the_same_game_on_another_server(finished, lines):
    services, game_id = finished
    other = build({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    assert import_game(other.store, lines) == game_id
    moved = other.store.game(game_id)
    assert moved.state == services.store.game(game_id).state and moved.head == services.store.game(game_id).head
    assert audit_game(other.store, game_id)["verified"]
    with pytest.raises(InvalidRequest):
        import_game(other.store, lines)  # already there


def test_a_tampered_export_is_not_imported(lines):
    other = build({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    with pytest.raises(InvalidRequest) as refused:
        import_game(other.store, lines[:10] + lines[11:])
    assert "does not verify" in refused.value.reason
