"""A move's CPU inside the server counted in instructions (valgrind's callgrind), beside a bare
Flask "hello" answering a body of the same size: a figure that holds however busy the machine is.

The API is built as `make run` builds it (web.app.create_app on SQLite, synchronous=FULL), in a
child process under callgrind, and asked through WSGI as gunicorn asks it: two people play Chi,
each move a random legal action. Only the POST /actions is counted: callgrind starts from zero
just before each (`--zero-before` on a call made there and nowhere else) and writes its count out
just after (`--dump-before` likewise), so the reads of the game and of its legal actions that
choose the move are left out, and so are the first WARM_UP moves (imports, caches). The hello
(bench/hello_wsgi.py) is counted the same way. The projection runner's thread and the metrics
sampler (web.wsgi) are not started: their work is off the request path.

    python -m bench.move_instructions            # both figures and their ratio
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TARGET = 1.5  # issue 32: a move at most 1.5x the hello's instructions
MOVES = 60  # counted
WARM_UP = 20  # moves (and hellos) left out
HELLO_BODY = {"action": {"type": "draw", "slot": 0}, "expected_version": 10}  # as bench.move_path's


def _zero() -> None:
    """Where callgrind starts counting from zero (`--zero-before` names this call)."""
    os.getpgrp()


def _dump() -> None:
    """Where callgrind writes out what it counted (`--dump-before` names this call)."""
    os.getppid()


def _environ(path: str, method: str = "GET", body: dict | None = None, headers: dict | None = None) -> dict:
    from werkzeug.test import EnvironBuilder

    builder = EnvironBuilder(path=path, method=method, json=body, headers=headers or {})
    try:
        return builder.get_environ()
    finally:
        builder.close()


def _call(app, environ: dict, counted: bool = False) -> tuple[str, bytes]:
    """Ask the WSGI app as a server does: the status and the whole body."""
    answer: dict = {}

    def start_response(status, headers, exc_info=None):
        answer["status"] = status
        return lambda data: None

    if counted:
        _zero()
    body = app(environ, start_response)
    try:
        data = b"".join(body)
    finally:
        if hasattr(body, "close"):
            body.close()
    if counted:
        _dump()
    return answer["status"], data


def _moves(count: int, warm_up: int) -> int:
    """Play Chi through the API; the moves past `warm_up` are counted. Returns the number counted."""
    import random

    from web.app import create_app, settle_heap

    with tempfile.TemporaryDirectory() as data:
        # The limits are counted as ever, under ceilings a quick machine's moves do not reach.
        app = create_app({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": data,
                          "CHRONICLE_LIMIT_MOVES_PER_KEY": "5000/second", "CHRONICLE_LIMIT_MOVES_PER_ADDRESS": "5000/second",
                          "CHRONICLE_LIMIT_GAMES_PER_KEY": "5000/second", "CHRONICLE_LIMIT_GAMES_PER_ADDRESS": "5000/second"})
        settle_heap()  # as web.wsgi does
        chooser, played, game = random.Random(1), 0, None
        while played < warm_up + count:
            if game is None:
                status, created = _call(app, _environ("/api/games", "POST", {
                    "game": "chi", "seats": [{"name": "a"}, {"name": "b"}], "seed": f"move-{played}"}))
                created = json.loads(created)
                game = f"/api/games/{created['id']}"
                tokens = {token["seat"]: token["token"] for token in created["tokens"]}
            _, read = _call(app, _environ(game))
            read = json.loads(read)
            if read["to_act"] is None:
                game = None
                continue
            auth = {"Authorization": f"Bearer {tokens[read['to_act']['seat']]}"}
            legal = json.loads(_call(app, _environ(f"{game}/actions", headers=auth))[1])["actions"]
            move = _environ(f"{game}/actions", "POST", {"action": chooser.choice(legal),
                                                         "expected_version": read["version"]}, auth)
            status, answer = _call(app, move, counted=played >= warm_up)
            if not status.startswith("200"):
                raise RuntimeError(f"a move was answered {status}: {answer[:300]!r}")
            played += 1
    return count


def _hellos(count: int, warm_up: int) -> int:
    from bench.hello_wsgi import app

    for number in range(warm_up + count):
        status, _ = _call(app, _environ("/hello", "POST", HELLO_BODY), counted=number >= warm_up)
        if not status.startswith("200"):
            raise RuntimeError(f"the hello was answered {status}")
    return count


def per_request(which: str, count: int = MOVES, warm_up: int = WARM_UP) -> float:
    """Instructions per counted request of `which` ("move" or "hello"), the mean of the dumps."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--zero-before=getpgrp",
                   "--dump-before=getppid", "--dump-instr=no", sys.executable, "-m", "bench.move_instructions",
                   "--child", json.dumps([which, count, warm_up])]
        subprocess.run(command, capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[1])
        totals = []
        for dump in Path(folder).glob("callgrind.out.*"):
            text = dump.read_text()
            if "Trigger: --dump-before=getppid" not in text:
                continue  # the dump at the process's end
            totals.append(int(re.search(r"^summary:\s*(\d+)", text, re.MULTILINE).group(1)))
    if len(totals) != count:
        raise RuntimeError(f"callgrind wrote {len(totals)} counts of {which}, not {count}")
    return sum(totals) / count


def figures(count: int = MOVES) -> dict[str, float]:
    return {"move": per_request("move", count), "hello": per_request("hello", count)}


def lines(counted: dict[str, float]) -> list[str]:
    ratio = counted["move"] / counted["hello"]
    return [f"A move's CPU inside the server (POST /actions through WSGI on SQLite, callgrind): "
            f"{counted['move'] / 1e6:.2f} M instructions, {ratio:.2f}x a bare Flask \"hello\"'s "
            f"{counted['hello'] / 1e6:.2f} M (target at most {TARGET:.1f}x: {'meets' if ratio <= TARGET else 'MISSES'})"]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=MOVES, help="requests counted of each")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        which, count, warm_up = json.loads(args.child)
        sys.stdout = io.StringIO()  # the app's logs are not the figure
        (_moves if which == "move" else _hellos)(count, warm_up)
        return 0
    if shutil.which("valgrind") is None:
        print("A move's CPU inside the server: not counted (valgrind is not installed)")
        return 0
    print("\n".join(lines(figures(args.moves))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
