"""`chronicle verify` and `chronicle import` meet files that are not exports, or exports bent out
of shape: each is refused in one line naming the line of the file and why (exit 2, as for bad
JSON), never with a traceback; and nothing is imported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.chain import header_hash, link
from domain.rng import commitment
from services.disputes.audit import export_lines
from services.compose import build
from tests.integration.test_cli import chronicle
from cli import chronicle as cli


@pytest.fixture(scope="module")
def honest() -> list[str]:
    """The lines of a finished game's export."""
    services = build({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    game_id = services.commands.create("chi", [{"bot": "random"}, {"bot": "greedy"}], seed="bad-exports").id
    return list(export_lines(services.store, game_id))


def rechained(rows: list[dict]) -> list[str]:
    """The rows as lines, every hash recomputed, as someone who knows the seed would forge them."""
    head = rows[0]
    previous = header_hash(head["header"])
    for row in rows[1:]:
        row["chain"] = previous = link(head["seed"], previous, row["version"], row["event"], row["cause"])
    return [json.dumps(row) for row in rows]


def with_header(honest: list[str], change, rechain: bool = False) -> list[str]:
    rows = [json.loads(line) for line in honest]
    change(rows[0])
    return rechained(rows) if rechain else [json.dumps(row) for row in rows]


def write(path: Path, lines: list[str] | bytes) -> Path:
    path.write_bytes(lines if isinstance(lines, bytes) else ("\n".join(lines) + "\n").encode())
    return path


def refused_in_one_line(done, command: str, line: int, why: str) -> None:
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"chronicle {command}: line {line}"), done.stderr
    assert why in done.stderr, done.stderr


def malformed(honest: list[str]) -> dict[str, tuple[list[str] | bytes, int, str]]:
    """Each bad file a user may hand the command: its lines, the line at fault, and a word of why."""
    deep = "[" * 100_000 + "]" * 100_000
    return {
        "the header line is a list": ([json.dumps([json.loads(honest[0])])] + honest[1:], 1, "not a JSON object"),
        "the header is a list": (with_header(honest, lambda head: head.update(header=[head["header"]])), 1,
                                 "'header' is not an object"),
        "nested 100,000 deep": ([honest[0], deep] + honest[1:], 2, "nests arrays and objects"),
        "nested 100,000 deep in the header": (['{"format": "chronicle-export/1", "x": ' + deep + "}"], 1,
                                              "nests arrays and objects"),
        "a 10,000-digit integer": ([honest[0], honest[1].replace('"version": 2', '"version": ' + "9" * 10_000)]
                                   + honest[2:], 2, "beyond a 64-bit integer"),
        "not UTF-8": ("\n".join(honest[:3]).encode() + b"\n{\"version\": \"\xff\xfe\"}\n", 4, "not UTF-8"),
        "an id that is no UUID": (with_header(honest, lambda head: head.update(id="game-one")), 1, "not a game id"),
        "an id that is a number": (with_header(honest, lambda head: head.update(id=7)), 1, "'id' is not text"),
        "a seed that is a list": (with_header(honest, lambda head: head.update(seed=["bad-exports"])), 1,
                                  "'seed' is not text"),
        "seats that are an object": (with_header(honest, lambda head: head["header"].update(seats={"0": "ana"})), 1,
                                     "'seats' is not a list"),
        "a seat without a name": (with_header(honest, lambda head: head["header"]["seats"][0].pop("name")), 1,
                                  "has no 'name'"),
        "three seats at a table of two": (with_header(honest, lambda head: head["header"]["seats"].append(
            {"name": "cy", "bot": None})), 1, "3 seats"),
        "an event line without its cause": ([honest[0], json.dumps({**json.loads(honest[1]), "cause": None})]
                                            + honest[2:], 2, "'cause' is not an object"),
        "a lone surrogate": ([honest[0], honest[1][:-1] + ', "x": "\\udc00"}'] + honest[2:], 2, "lone surrogate"),
        "NaN": ([honest[0], honest[1][:-1] + ', "x": NaN}'] + honest[2:], 2, "not a JSON number"),
    }


CASES = ["the header line is a list", "the header is a list", "nested 100,000 deep",
         "nested 100,000 deep in the header", "a 10,000-digit integer", "not UTF-8", "an id that is no UUID",
         "an id that is a number", "a seed that is a list", "seats that are an object", "a seat without a name",
         "three seats at a table of two", "an event line without its cause", "a lone surrogate", "NaN"]


class Done:
    """What a command run in this process answered, as `subprocess.run` would give it."""

    def __init__(self, returncode: int, stderr: str):
        self.returncode, self.stderr = returncode, stderr


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("command", ["verify", "import"])
def test_a_malformed_export_is_refused_naming_its_line_and_why(honest, tmp_path, command, case, capsys, store_here):
    lines, line, why = malformed(honest)[case]
    capsys.readouterr()
    status = cli.main([command, str(write(tmp_path / "bad.jsonl", lines))])
    refused_in_one_line(Done(status, capsys.readouterr().err), command, line, why)
    assert not (tmp_path / "store").exists(), "an export refused leaves no store behind"


@pytest.mark.parametrize("command", ["verify", "import"])
def test_the_command_itself_refuses_a_malformed_export_in_one_line(honest, tmp_path, command):
    lines, line, why = malformed(honest)["not UTF-8"]
    done = chronicle(command, str(write(tmp_path / "bad.jsonl", lines)), data=tmp_path / "store")
    refused_in_one_line(done, command, line, why)
    assert not (tmp_path / "store").exists()


def test_an_export_of_a_header_and_no_events_is_not_verified_nor_imported(honest, tmp_path):
    path = write(tmp_path / "header-only.jsonl", honest[:1])
    checked = chronicle("verify", str(path), data=tmp_path / "store")
    assert checked.returncode == 1 and "NOT verified: step 2: the log holds no event" in checked.stderr
    imported = chronicle("import", str(path), data=tmp_path / "store")
    assert imported.returncode == 2 and "the log holds no event" in imported.stderr
    assert "Traceback" not in checked.stderr + imported.stderr
    assert not (tmp_path / "store").exists()


def test_an_export_naming_a_seat_as_the_service_never_would_is_not_imported(honest, tmp_path):
    def turned(head):
        head["header"]["seats"][0]["name"] = "\u202eana"  # a right-to-left override
        head["header"]["seed_commitment"] = commitment(head["seed"])
    path = write(tmp_path / "turned.jsonl", with_header(honest, turned, rechain=True))
    done = chronicle("import", str(path), data=tmp_path / "store")
    refused_in_one_line(done, "import", 1, "U+202E")


# A JSON value of any shape, for a field of an export to hold in place of its own.
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8)


def places(value, at=()):
    """Every place in a JSON value, as the keys leading to it."""
    yield at
    entries = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in entries:
        yield from places(inner, (*at, key))


def put(value, at, new):
    """`value` with `new` in place of what is `at` (in place, unless `at` is the whole)."""
    if not at:
        return new
    inner = value
    for key in at[:-1]:
        inner = inner[key]
    inner[at[-1]] = new
    return value


@pytest.fixture
def store_here(tmp_path, monkeypatch):
    """The store `chronicle import` makes, in this test's folder."""
    for name in ("PERSISTENCE_MODULE", "SQLITE_DBNAME", "POSTGRES_DBNAME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("CHRONICLE_DATA", str(tmp_path / "store"))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_export_bent_out_of_shape_is_refused_in_one_line_or_judged_never_a_traceback(honest, tmp_path, data,
                                                                                           capsys, store_here):
    rows = [json.loads(line) for line in honest]
    number = data.draw(st.sampled_from([0, 1, 2, len(rows) // 2, len(rows) - 1]), label="line changed")
    where = data.draw(st.sampled_from(list(places(rows[number]))), label="place changed")
    new = data.draw(json_values, label="value put there")
    rows[number] = put(rows[number], where, new)
    if data.draw(st.booleans(), label="cut short"):
        rows = rows[:data.draw(st.integers(1, len(rows)))]
    try:
        if data.draw(st.booleans(), label="re-chained by one who knows the seed"):
            rows[0]["header"]["seed_commitment"] = commitment(rows[0]["seed"])
            lines = rechained(rows)
        else:
            lines = [json.dumps(row) for row in rows]
    except (KeyError, TypeError, AttributeError, IndexError, ValueError):  # too bent to re-chain: as it is
        lines = [json.dumps(row) for row in rows]
    path = write(tmp_path / "bent.jsonl", lines)
    command = data.draw(st.sampled_from(["verify", "import"]), label="command")
    capsys.readouterr()
    status = cli.main([command, str(path)])  # an exception it lets out fails the test
    err = capsys.readouterr().err
    if status == 0:  # a change the chain does not bind (an event's time), or a value put back as it was
        assert not err
    elif status == 1:
        assert command == "verify" and err.startswith("NOT verified"), err
    else:
        assert status == 2 and err.startswith(f"chronicle {command}: ") and err.count("\n") == 1, err


@pytest.mark.parametrize("command", ["verify", "import"])
def test_a_refusal_quoting_a_key_that_holds_a_line_break_is_still_one_line(honest, tmp_path, command, capsys,
                                                                           store_here):
    """What the export itself wrote into a refusal (here the key of an Infinity) is shown escaped,
    so the refusal stays one line."""
    rows = [json.loads(line) for line in honest]
    lines = [json.dumps(row) for row in rows]
    lines[0] = lines[0][:-1] + ', "odd\\nkey": Infinity}'
    capsys.readouterr()
    assert cli.main([command, str(write(tmp_path / "bent.jsonl", lines))]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"chronicle {command}: line 1: ") and err.count("\n") == 1, err
    assert "odd\\nkey" in err, err
