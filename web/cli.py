"""`chronicle`: the command line of the service.

    chronicle serve [--port N]        run the API with Flask's server (development)
    chronicle projections rebuild     forget the read models and rebuild them from the event log
    chronicle projections catch-up    process the events the read models have not seen yet
"""

from __future__ import annotations

import argparse
import os
import sys

from web.app import create_app


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="chronicle", description="Tabletop Chronicle")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the API (development server)")
    serve.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    projections = commands.add_parser("projections", help="the read models")
    projections.add_argument("action", choices=["rebuild", "catch-up"])
    args = parser.parse_args(argv)

    app = create_app()
    if args.command == "serve":
        app.run(host="127.0.0.1", port=args.port, threaded=True)
        return 0
    game_list = app.extensions["chronicle"].game_list
    if args.action == "rebuild":
        count = game_list.rebuild()
        print(f"rebuilt the game list and results from {count} events")
    else:
        count = game_list.catch_up()
        print(f"caught up {count} events; position {game_list.position()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
