"""`chronicle`: the command line of the service.

    chronicle serve [--port N]         run the API with Flask's server (development; `make run` for real)
    chronicle projections rebuild      forget the read models and rebuild them from the event log
    chronicle projections catch-up     process the events the read models have not seen yet
    chronicle export GAME [-o FILE]    a finished game as JSON lines
    chronicle verify FILE              check an export offline: seed, hash chain, every rule re-run
    chronicle import FILE              load an export into this service's store
    chronicle replay GAME              print a game's steps
    chronicle simulate GAME --games N --bot NAME
                                       N games played by a bot, beside a random player: scores, titles

The store is the one the environment names (see services/bootstrap.py); `verify` needs none.
"""

from __future__ import annotations

import argparse
import os
import sys
from uuid import UUID

from services.audit import export_lines, import_game, verify_export
from services.bootstrap import build
from services.errors import ServiceError


def game_id(text: str) -> UUID:
    try:
        return UUID(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a game id") from None


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="chronicle", description="Tabletop Chronicle: play, replay and audit games.")
    commands = top.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the API with Flask's development server")
    serve.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    projections = commands.add_parser("projections", help="the read models (game list, results)")
    projections.add_argument("action", choices=["rebuild", "catch-up"])
    export = commands.add_parser("export", help="write a finished game as JSON lines")
    export.add_argument("game", type=game_id)
    export.add_argument("-o", "--output", help="the file to write (default: standard output)")
    verify = commands.add_parser("verify", help="check an exported game offline, with no server and no database")
    verify.add_argument("file")
    importing = commands.add_parser("import", help="load an exported game into this service's store")
    importing.add_argument("file")
    replay = commands.add_parser("replay", help="print a game's steps in the terminal")
    replay.add_argument("game", type=game_id)
    simulate = commands.add_parser("simulate", help="play many games with a bot (rules only, no store) and report")
    simulate.add_argument("game", help="the game's name, e.g. court")
    simulate.add_argument("--games", type=int, default=1000, help="how many games each (default 1000)")
    simulate.add_argument("--bot", required=True, help="the bot to measure, e.g. autoplayer")
    simulate.add_argument("--against", default="random", help="the bot to compare with (default random)")
    simulate.add_argument("--seed", default="sim", help="games use the seeds SEED-0, SEED-1, ...")
    simulate.add_argument("--advanced", action="store_true", help="the game's advanced option (the Court: 6 spaces)")
    return top


def verify(path: str) -> int:
    with open(path, encoding="utf-8") as lines:
        report = verify_export(lines)
    if report.verified:
        print(f"verified: {report.steps} steps; " + "; ".join(report.checks))
        return 0
    problem = report.problem
    where = f"step {problem.step}: " if problem.step is not None else ""
    print(f"NOT verified: {where}{problem.reason} [{problem.check}]", file=sys.stderr)
    if problem.expected is not None or problem.found is not None:
        print(f"  expected: {problem.expected}\n  found:    {problem.found}", file=sys.stderr)
    return 1


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        if args.command == "verify":
            return verify(args.file)
        if args.command in ("serve", "projections"):
            return serve_or_project(args)
        if args.command == "simulate":
            from web.simulate_report import run_simulation

            return run_simulation(args)
        services = build()
        if args.command == "export":
            out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
            for line in export_lines(services.store, args.game):
                out.write(line + "\n")
            if args.output:
                out.close()
        elif args.command == "import":
            with open(args.file, encoding="utf-8") as lines:
                print(f"imported game {import_game(services.store, lines)}")
        elif args.command == "replay":
            for step in services.queries.replay(args.game, None)["steps"]:
                print(f"{step['step']:>5}  {step['description']}  [{step['rule']}]")
        return 0
    except (ServiceError, OSError) as error:
        print(f"chronicle {args.command}: {getattr(error, 'reason', error)}", file=sys.stderr)
        return 2


def serve_or_project(args) -> int:
    from web.app import create_app

    app = create_app()
    if args.command == "serve":
        app.run(host="127.0.0.1", port=args.port, threaded=True)
        return 0
    game_list = app.extensions["chronicle"].game_list
    if args.action == "rebuild":
        print(f"rebuilt the game list and results from {game_list.rebuild()} events")
    else:
        print(f"caught up {game_list.catch_up()} events; position {game_list.position()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
