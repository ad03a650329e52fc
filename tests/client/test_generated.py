"""The client's operations are what the server's OpenAPI document says, and every kind of problem
the server answers has its exception."""

import importlib.util
from pathlib import Path

from chronicle_client import BY_SLUG, Client, ChronicleError, IllegalAction, StaleVersion, error_for
from web import problem_types
from web.problem_types import KINDS, Kind

PACKAGE = Path(__file__).resolve().parents[2] / "clients" / "python"


def generator():
    spec = importlib.util.spec_from_file_location("client_generator", PACKAGE / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_operations_are_what_the_generator_writes_from_the_servers_document():
    generate = generator()
    written = generate.render(generate.document())
    committed = (PACKAGE / "chronicle_client" / "operations.py").read_text()
    assert written == committed, "the API changed: run .venv/bin/python clients/python/generate.py and commit"


def test_every_operation_of_the_document_is_a_method_of_the_client():
    generate = generator()
    document = generate.document()
    ids = [op["operationId"] for item in document["paths"].values() for verb, op in item.items()
           if verb in generate.METHODS]
    assert ids and all(callable(getattr(Client, generate.snake(name), None)) for name in ids)
    assert Client.take_action.__doc__ == document["paths"]["/api/games/{game_id}/actions"]["post"]["summary"]


def test_every_kind_of_problem_the_server_defines_is_listed_so_its_page_and_class_exist():
    defined = {value.slug for value in vars(problem_types).values() if isinstance(value, Kind)}
    assert defined == set(KINDS), f"defined but not listed in KINDS: {sorted(defined - set(KINDS))}"


def test_every_kind_of_problem_the_server_defines_has_its_class():
    missing = sorted(set(KINDS) - set(BY_SLUG))
    assert not missing, f"no exception class for {missing}"
    for slug, kind in KINDS.items():
        error = error_for(kind.status, {"type": kind.type, "title": kind.title, "status": kind.status})
        assert type(error) is BY_SLUG[slug] and error.title == kind.title and error.status == kind.status


def test_a_problem_keeps_its_fields_and_an_answer_that_is_no_problem_is_still_an_error():
    stale = error_for(409, {"type": "/problems/stale-version", "title": "Stale version", "detail": "moved on",
                            "current_version": 12})
    assert isinstance(stale, StaleVersion) and stale.current_version == 12 and stale.detail == "moved on"
    illegal = error_for(422, {"type": "/problems/illegal-action", "rule": "chi.draw", "field": "action"})
    assert isinstance(illegal, IllegalAction) and illegal.rule == "chi.draw" and illegal.field == "action"
    gateway = error_for(502, None, "<html>Bad Gateway</html>")
    assert type(gateway) is ChronicleError and gateway.status == 502 and "Bad Gateway" in gateway.detail
