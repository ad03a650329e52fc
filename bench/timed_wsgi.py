"""The API (web.wsgi) with each POST /actions timed in phases, for bench/move_path.py: the whole
request inside the server, the command (`Commands.act`) and its durable save (`save_game`).
The timings are written as JSON lines to CHRONICLE_TIMINGS as the server stops.
No part of the service: nothing imports it but the benchmark."""

import atexit
import json
import os
import time
from functools import wraps

from services.play.commands import Commands
from services.log.store import GameStore
from web.wsgi import app

timings: list[dict] = []
current: dict = {}


def timed(name, function):
    @wraps(function)
    def timing(*args, **kwargs):
        started = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            current[name] = time.perf_counter() - started
    return timing


# One request at a time is timed: the benchmark's clients wait for each answer.
Commands.act = timed("command", Commands.act)
GameStore.save_game = timed("save", GameStore.save_game)
served = app.wsgi_app


def timed_request(environ, start_response):
    if environ["REQUEST_METHOD"] != "POST" or not environ["PATH_INFO"].endswith("/actions"):
        return served(environ, start_response)
    current.clear()
    started = time.perf_counter()
    answer = list(served(environ, start_response))  # the whole answer is built here (nothing streams)
    current["request"] = time.perf_counter() - started
    timings.append(dict(current))
    return answer


def write_timings():
    with open(os.environ["CHRONICLE_TIMINGS"], "w") as out:
        out.writelines(json.dumps(row) + "\n" for row in timings)


app.wsgi_app = timed_request
atexit.register(write_timings)
