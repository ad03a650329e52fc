"""The API (web.wsgi) with every POST /actions profiled by cProfile, for `python -m bench.move_path
--profile`: the profiles add up in one file, CHRONICLE_PROFILE, written as the server stops.
No part of the service: nothing imports it but the benchmark."""

import atexit
import cProfile
import os

from bench.timed_wsgi import app

profile = cProfile.Profile()
served = app.wsgi_app


def profiled(environ, start_response):
    if environ["REQUEST_METHOD"] != "POST" or not environ["PATH_INFO"].endswith("/actions"):
        return served(environ, start_response)
    profile.enable()
    try:
        # The whole answer is built here (the API streams nothing on this route).
        return list(served(environ, start_response))
    finally:
        profile.disable()


app.wsgi_app = profiled
atexit.register(lambda: profile.dump_stats(os.environ["CHRONICLE_PROFILE"]))
