"""A bare Flask app with one "hello" route: the framework's floor for bench/move_path.py.

It is served by gunicorn exactly as the API is (cli.server_process), and is no part of the
service: nothing imports it but the benchmark.
"""

from flask import Flask

app = Flask(__name__)


@app.route("/hello", methods=["GET", "POST"])
def hello():
    return "hello"
