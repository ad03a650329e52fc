"""`chronicle`: the command line of the service (`make install` puts it in .venv/bin/chronicle).

    chronicle serve [--port N]         run the API with Flask's server (development; `make run` for real)
    chronicle projections rebuild      forget the read models and rebuild them from the event log
    chronicle projections catch-up     process the events the read models have not seen yet
    chronicle export GAME [-o FILE]    a finished game as JSON lines
    chronicle verify FILE              check an export offline: seed, hash chain, every rule re-run;
                                       a tournament's: every round's pairing re-derived
    chronicle import FILE              load an export into this service's store
    chronicle backup PATH [--force]    back up the SQLite event store to PATH, while the service runs
    chronicle restore PATH [--force]   restore a backup as the event store, and rebuild the read models
    chronicle replay GAME              print a game's steps
    chronicle simulate GAME --games N --bot NAME
                                       N games played by a bot, beside a random player: scores, titles;
                                       for a game with named decks (xi), each deck against each
    chronicle cards GAME               a game's card list as a Markdown table (Xi Cards: docs/xi-cards.md)
    chronicle tournament bots GAME --bots random,greedy,search:1 [--format F] [--rounds N]
                                       a whole tournament of the game's built-in bots, run (on the workers
                                       where CHRONICLE_BOTS=rq) to its end: crosstable, rating changes
    chronicle tournament export ID [-o FILE]
                                       a finished tournament's record as JSON, for `chronicle verify`

The store is the one the environment names (see services/log/store_settings.py and services/log/store_place.py);
`verify` and `simulate` need none. Export, replay and projections only read a store that is
there; `import` creates one if need be. A closed output pipe (`chronicle replay GAME | head`)
ends the command quietly.
"""

from __future__ import annotations

import argparse
import os
import json
import signal
import sys
from pathlib import Path
from typing import Any
from uuid import UUID

import psycopg
from eventsourcing.persistence import PersistenceError

from services.disputes.audit import export_lines, file_lines, importable, store_import, verify_export
from services.compose import build
from services.errors import ServiceError
from services.play.queries import MAX_PAGE, Queries
from services.log.backup import BackupRefused, back_up, restore
from services.log.store_place import SQLITE, StoreMissing, StorePlace, store_place
from services.log.store_settings import store_settings
from services.tournaments.exports import tournament_record
from cli.bot_tournament import BotTournamentFailed, bot_list, table_seats

# How a Unix tool ends when its reader goes away: as if killed by SIGPIPE.
CLOSED_PIPE_STATUS = 128 + signal.SIGPIPE
STORELESS = ("verify", "simulate", "cards")


def game_id(text: str) -> UUID:
    try:
        return UUID(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a game id") from None


def game_option(text: str) -> tuple[str, Any]:
    name, equals, value = text.partition("=")
    if not equals or not name:
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE")
    try:
        return name, json.loads(value)
    except ValueError:
        return name, value


def positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return number


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="chronicle", description="Tabletop Chronicle: play, replay and audit games.")
    commands = top.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the API with Flask's development server")
    serve.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    projections = commands.add_parser("projections", help="the read models (game list, results, ratings)")
    projections.add_argument("action", choices=["rebuild", "catch-up"])
    export = commands.add_parser("export", help="write a finished game as JSON lines")
    export.add_argument("game", type=game_id)
    export.add_argument("-o", "--output", help="the file to write (default: standard output)")
    verify = commands.add_parser("verify", help="check an exported game or tournament offline, with no server and no "
                                 "database")
    verify.add_argument("file")
    importing = commands.add_parser("import", help="load an exported game into this service's store")
    importing.add_argument("file")
    backup = commands.add_parser("backup", help="back up the SQLite event store (online: the service may run)")
    backup.add_argument("path", help="the backup file to write")
    backup.add_argument("--force", action="store_true", help="replace the file if it exists")
    restore = commands.add_parser("restore", help="restore a backup as the event store; the read models are rebuilt")
    restore.add_argument("path", help="the backup file to restore")
    restore.add_argument("--force", action="store_true", help="replace an event store that holds events")
    replay = commands.add_parser("replay", help="print a game's steps in the terminal")
    replay.add_argument("game", type=game_id)
    simulate = commands.add_parser("simulate", help="play many games with a bot (rules only, no store) and report")
    simulate.add_argument("game", help="the game's name, e.g. court")
    simulate.add_argument("--games", type=positive, default=1000, help="how many games each (default 1000)")
    simulate.add_argument("--bot", help="the bot to measure, e.g. autoplayer (default: the game's one bot "
                          "other than random, if it has one)")
    simulate.add_argument("--against", default="random", help="the bot to compare with (default random)")
    simulate.add_argument("--seed", default="sim", help="games use the seeds SEED-0, SEED-1, ...")
    simulate.add_argument("--advanced", action="store_true", help="the game's advanced option (the Court: 6 spaces)")
    simulate.add_argument("--option", action="append", type=game_option, metavar="NAME=VALUE",
                          help="a game option, the value as JSON (e.g. edition=1: Xanadu's first deck); repeatable")
    simulate.add_argument("--deck", action="append", metavar="NAME",
                          help="a named deck for the deck matrix (default: every one the game names); repeatable")
    simulate.add_argument("--workers", type=positive, default=2,
                          help="processes playing the deck matrix (default 2); the figures do not depend on it")
    cards = commands.add_parser("cards", help="print a game's card list as a Markdown table")
    cards.add_argument("game", help="the game's name, e.g. xi")
    tournament = commands.add_parser("tournament", help="run tournaments from the command line")
    kinds = tournament.add_subparsers(dest="kind", required=True)
    bots = kinds.add_parser("bots", help="a whole tournament of a game's built-in bots, played to its end (on the "
                            "workers where CHRONICLE_BOTS=rq): its crosstable and each bot's rating change")
    bots.add_argument("game", help="the game's name, e.g. chi")
    bots.add_argument("--bots", type=bot_list, required=True, metavar="BOT[:STRENGTH],...",
                      help="the field, each bot once: e.g. random,greedy,search:1,search:2")
    bots.add_argument("--format", choices=["swiss", "round-robin", "tables"],
                      help="default: swiss for a game of two, tables for a game of more")
    bots.add_argument("--rounds", type=positive, default=3, help="how many rounds (default 3)")
    bots.add_argument("--table-seats", type=table_seats, metavar="MIN-MAX",
                      help="a tables tournament's seats at a table, e.g. 3-4 (default: 3 to 6, as the game allows)")
    bots.add_argument("--option", action="append", type=game_option, metavar="NAME=VALUE",
                      help="a game option of every game, the value as JSON; repeatable")
    bots.add_argument("--casual", action="store_true", help="the games move no rating (the changes shown are the "
                      "ones the games imply)")
    bots.add_argument("--timeout", type=positive, metavar="SECONDS",
                      help="give up waiting for the workers after this long (default: wait for the end)")
    exported = kinds.add_parser("export", help="write a finished tournament's record as JSON, for chronicle verify")
    exported.add_argument("tournament", type=game_id, help="the tournament's id")
    exported.add_argument("-o", "--output", help="the file to write (default: standard output)")
    return top


def card_table(game: str) -> int:
    from domain import registry

    rules = registry.GAMES.get(game)
    if rules is None or rules.card_table is None:
        having = sorted(name for name, known in registry.GAMES.items() if known.card_table is not None)
        print(f"chronicle cards: {game!r} has no card table (games with one: {', '.join(having)})", file=sys.stderr)
        return 2
    print(rules.card_table(), end="")
    return 0


def verify(path: str) -> int:
    with open(path, "rb") as binary:
        record = tournament_record(binary)
        if record is not None:
            return verify_tournament(record)
        report = verify_export(file_lines(binary))
    if report.verified:
        print(f"verified: {report.steps} steps; " + "; ".join(report.checks))
        return 0
    problem = report.problem
    where = f"step {problem.step}: " if problem.step is not None else ""
    print(f"NOT verified: {where}{problem.reason} [{problem.check}]", file=sys.stderr)
    if problem.expected is not None or problem.found is not None:
        print(f"  expected: {problem.expected}\n  found:    {problem.found}", file=sys.stderr)
    return 1


def verify_tournament(record: dict[str, Any]) -> int:
    """A tournament's exported record: its chain, its seed, every round's pairing re-derived."""
    from domain.tournaments.verify import verify_export as verify_record

    verdict = verify_record(record)
    if verdict.ok:
        print(f"verified: tournament {record.get('id')}: {verdict.rounds_checked} rounds paired as the procedure "
              f"gives from the standings and the revealed seed; seed matches its commitment; hash chain of "
              f"{verdict.events_checked} events (head {verdict.head}); results and standings as the events give")
        return 0
    print(f"NOT verified: {verdict.problem} [tournament]", file=sys.stderr)
    if verdict.expected is not None or verdict.recorded is not None:
        print(f"  expected: {shown(verdict.expected)}\n  found:    {shown(verdict.recorded)}", file=sys.stderr)
    return 1


def shown(value: Any, longest: int = 400) -> str:
    text = repr(value)
    return text if len(text) <= longest else text[:longest] + " ..."


def main(argv: list[str] | None = None) -> int:
    try:
        status = run(parser().parse_args(argv))
        sys.stdout.flush()  # a reader that has gone shows here when the output fitted in the buffer
        return status
    except BrokenPipeError:
        # The reader (`| head`) has what it wanted. Output still buffered must not raise again at
        # exit, so standard output now goes nowhere.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return CLOSED_PIPE_STATUS


def run(args: argparse.Namespace) -> int:
    place = store_place(os.environ)
    uses_store = args.command not in STORELESS
    try:
        if args.command == "verify":
            return verify(args.file)
        if args.command == "cards":
            return card_table(args.game)
        if args.command == "simulate":
            from cli.simulate_report import run_simulation

            return run_simulation(args)
        if args.command in ("serve", "projections"):
            return serve_or_project(args, place)
        if args.command == "import":
            return import_file(args.file, place)
        if args.command in ("backup", "restore"):
            return back_up_or_restore(args, place)
        if args.command == "tournament":
            return bot_tournament(args) if args.kind == "bots" else export_tournament(args)
        store = place.open_to_read()
        if args.command == "export":
            export(store, args.game, args.output)
        elif args.command == "replay":
            print_replay(Queries(store), args.game)
        return 0
    except BrokenPipeError:
        raise  # not a failure: see main()
    except (StoreMissing, BackupRefused, BotTournamentFailed) as refused:
        return fail(args, str(refused))
    except ServiceError as error:
        return fail(args, f"{error.reason} (event store: {place.describe()})" if uses_store else error.reason)
    except (PersistenceError, psycopg.Error) as error:
        return fail(args, f"cannot use the event store in {place.describe()}: {error}")
    except OSError as error:
        return fail(args, str(error))


def bot_tournament(args: argparse.Namespace) -> int:
    """`tournament bots`: organise, run and wait for a tournament of built-in bots; print its report."""
    from cli.bot_tournament import leaderboards_of, report, run_bot_tournament, tournament_body

    services = build()
    body = tournament_body(args.game, args.bots, args.rounds, args.format, args.table_seats, not args.casual,
                           dict(args.option or []))
    try:
        result = run_bot_tournament(services, leaderboards_of(services), body, timeout=args.timeout,
                                    progress=lambda where: print(where, file=sys.stderr, flush=True))
    except ServiceError as refused:  # a bad field: nothing was saved
        where = f" ({refused.field})" if refused.field else ""
        return fail(args, f"{refused.reason}{where}")
    print("\n".join(report(result)))
    return 0


def export_tournament(args: argparse.Namespace) -> int:
    """`tournament export`: a finished tournament's record, as GET /api/tournaments/{id}/export gives it."""
    record = json.dumps(build().commands.tournaments.export(args.tournament))  # refused before any file is written
    if args.output:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(record + "\n")
    else:
        print(record)
    return 0


def fail(args: argparse.Namespace, reason: str) -> int:
    print(f"chronicle {args.command}: {reason}", file=sys.stderr)
    return 2


def print_replay(queries: Queries, game: UUID) -> None:
    """Every step of the game, a page of the replay at a time."""
    after = 0
    while after is not None:
        page = queries.replay(game, None, after=after, limit=MAX_PAGE)
        for step in page["steps"]:
            print(f"{step['step']:>5}  {step['description']}  [{step['rule']}]")
        after = page["next_after"]


def export(store, game: UUID, output: str | None) -> None:
    lines = list(export_lines(store, game))  # a refusal comes before any file is written
    out = open(output, "w", encoding="utf-8") if output else sys.stdout
    try:
        for line in lines:
            out.write(line + "\n")
    finally:
        if output:
            out.close()


def import_file(path: str, place: StorePlace) -> int:
    """Load an export; the store (and its data folder) is created if it is not there yet."""
    with open(path, "rb") as binary:
        head, records = importable(file_lines(binary))  # an export refused leaves no store behind
    services = build()
    print(f"imported game {store_import(services.store, head, records)} into {place.describe()}")
    return 0


def back_up_or_restore(args, place: StorePlace) -> int:
    """`backup`: SQLite's online backup of the event store. `restore`: a backup as the event store
    (refused over one holding events unless --force), then the read models rebuilt from it."""
    if place.persistence != SQLITE:
        raise BackupRefused(f"{args.command} copies a SQLite event store; {place.describe()} is not one. For "
                            "PostgreSQL use pg_dump and pg_restore (docs/operating.md, Backup and restore)")
    if args.command == "backup":
        place.check_exists()
        copied = back_up(place.sqlite_path, Path(args.path), args.force)
        print(f"backed up {copied} from {place.describe()} to {args.path}")
        return 0
    from web.app import PROJECTIONS_FILE, create_app

    _, data_dir, _ = store_settings(os.environ)
    copied = restore(Path(args.path), place.sqlite_path, [data_dir / PROJECTIONS_FILE], args.force)
    chronicle = create_app().extensions["chronicle"]
    print(f"restored {copied} from {args.path} into {place.describe()}; "
          f"rebuilt the game list, results and ratings from {chronicle.game_list.rebuild()} events, "
          f"the tournament list from {chronicle.tournament_list.rebuild()} tournament events")
    return 0


def serve_or_project(args, place: StorePlace) -> int:
    from web.app import create_app

    if args.command == "projections":
        place.check_exists()  # rebuilding from no store would only make an empty one
    app = create_app()
    if args.command == "serve":
        app.run(host="127.0.0.1", port=args.port, threaded=True)
        return 0
    game_list, tournament_list = app.extensions["chronicle"].game_list, app.extensions["chronicle"].tournament_list
    if args.action == "rebuild":
        print(f"rebuilt the game list, results and ratings from {game_list.rebuild()} events, "
              f"the tournament list from {tournament_list.rebuild()} tournament events")
    else:
        print(f"caught up {game_list.catch_up()} events; position {game_list.position()}; "
              f"{tournament_list.catch_up()} tournament events into the tournament list")
    return 0


if __name__ == "__main__":
    sys.exit(main())
