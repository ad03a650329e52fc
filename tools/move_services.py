"""Rewrite every import of a services module to its place in the services subpackages.

Re-runnable: names already moved are left alone. Run from the project folder:

    python tools/move_services.py [FOLDER ...]    (default: domain services projections web workers tests bench)

It rewrites `from services.X import a, b` (splitting the line where a name moved to another
module), `from services import X`, and the module paths named in strings and comments
(monkeypatch targets, logger names, "see services.X" in docstrings), but not `STORED_AS`, the
module name the store keeps for a module's classes. Code that reaches a module
as an attribute (`import services.X` then `services.X.f`) is not rewritten: it is named in the output.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from pathlib import Path

MODULES = {
    "services.bootstrap": "services.compose",
    # the log: the game's stream, its store, seats and clocks, and reading it back
    "services.game": "services.log.game",
    "services.store": "services.log.store",
    "services.store_place": "services.log.store_place",
    "services.store_recorders": "services.log.store_recorders",
    "services.seating": "services.log.seating",
    "services.seats": "services.log.seats",
    "services.names": "services.log.names",
    "services.clocks": "services.log.clocks",
    "services.deployment": "services.log.deployment",
    "services.presenting": "services.log.presenting",
    "services.explain": "services.log.explain",
    # players, their callbacks and challenges
    "services.players": "services.players.players",
    "services.webhooks": "services.players.webhooks",
    "services.webhook_signing": "services.players.webhook_signing",
    "services.destinations": "services.players.destinations",
    "services.pinned_http": "services.players.pinned_http",
    "services.challenges": "services.players.challenges",
    "services.challenge_records": "services.players.challenge_records",
    # play: the commands and the queries
    "services.commands": "services.play.commands",
    "services.queries": "services.play.queries",
    "services.takebacks": "services.play.takebacks",
    "services.bot_choice": "services.play.bot_choice",
    "services.since": "services.play.since",
    "services.score_chart": "services.play.score_chart",
    # live: news of saved moves, and the streams that follow a game
    "services.news": "services.live.news",
    "services.feeds": "services.live.feeds",
    "services.doorbells": "services.live.doorbells",
    "services.streams": "services.live.streams",
    "services.view_patch": "services.live.view_patch",
    # disputes and audit
    "services.disputes": "services.disputes.disputes",
    "services.dispute_log": "services.disputes.dispute_log",
    "services.what_if": "services.disputes.what_if",
    "services.audit": "services.disputes.audit",
    # the reactions after a move: bot turns, clocks, webhooks, on RQ or in the process
    "services.bot_turns": "services.reactions.in_process",
    "services.bot_queue": "services.reactions.queue",
    "services.failed_turns": "services.reactions.failed_turns",
    "services.overdue": "services.reactions.overdue",
    # offline work
    "services.simulation": "services.offline.simulation",
    "services.deck_matches": "services.offline.deck_matches",
}

# Names that moved to another module than their own module's new place (old module, name).
SYMBOLS = {
    ("services.bot_turns", "bot_to_act"): "services.play.bot_choice",
    ("services.bot_turns", "play_bot_turn"): "services.reactions.bot_turns",
    ("services.commands", "checked_options"): "services.log.game_options",
    ("services.commands", "OPTIONS"): "services.log.game_options",
    ("services.commands", "decision_rng"): "services.log.game",
    ("services.bootstrap", "store_settings"): "services.log.store_settings",
    ("services.bootstrap", "store_env"): "services.log.store_settings",
    ("services.bootstrap", "schema_lock"): "services.log.store_settings",
    ("services.bootstrap", "DEFAULT_REDIS_URL"): "services.redis_link",
    ("services.bot_queue", "redis_connection"): "services.redis_link",
    ("services.bot_queue", "redis_trouble"): "services.redis_link",
    ("services.bot_queue", "redis_answers"): "services.redis_link",
}

NEW_MODULES = set(MODULES.values()) | {target + "." + name for (_, name), target in SYMBOLS.items()}
# `services.players` and `services.disputes` were modules and are now packages: a name that is a
# module of the package is the new meaning, already rewritten.
PACKAGES = {new.rsplit(".", 1)[0] for new in NEW_MODULES}


def is_new(module: str, name: str) -> bool:
    return module in PACKAGES and f"{module}.{name}" in NEW_MODULES


FOLDERS = ["domain", "services", "projections", "web", "workers", "tests", "bench"]
LINE_LENGTH = 120


def import_lines(indent: str, module: str, names: list[str]) -> list[str]:
    line = f"{indent}from {module} import {', '.join(names)}"
    if len(line) <= LINE_LENGTH:
        return [line]
    lines, current = [f"{indent}from {module} import ("], f"{indent}    "
    for name in names:
        piece = f"{name}, "
        if len(current) + len(piece) > LINE_LENGTH and current.strip():
            lines.append(current.rstrip())
            current = f"{indent}    "
        current += piece
    lines.append(current.rstrip())
    lines.append(f"{indent})")
    return lines


def alias_text(alias: ast.alias) -> str:
    return alias.name if alias.asname is None else f"{alias.name} as {alias.asname}"


def rewritten_import(node: ast.ImportFrom) -> dict[str, list[str]] | None:
    """The names of the import grouped by their new module, or None when nothing moves."""
    groups: dict[str, list[str]] = {}
    if node.level or not node.module or not node.module.startswith("services"):
        return None
    for alias in node.names:
        if node.module == "services":
            new = MODULES.get(f"services.{alias.name}")
            target = new.rsplit(".", 1)[0] if new else "services"
        elif is_new(node.module, alias.name):
            target = node.module
        else:
            target = SYMBOLS.get((node.module, alias.name)) or MODULES.get(node.module, node.module)
        groups.setdefault(target, []).append(alias_text(alias))
    if list(groups) == [node.module]:
        return None
    return groups


PROSE = re.compile(r"(?<![\w.])(services\.[a-z_]+)(\.[A-Za-z_]\w*)?\b")


def prose(text: str) -> str:
    def replace(match: re.Match) -> str:
        module, name = match.group(1), match.group(2)
        if name and is_new(module, name[1:]):
            return match.group(0)
        if name and (module, name[1:]) in SYMBOLS:
            return SYMBOLS[(module, name[1:])] + name
        if module in MODULES:
            return MODULES[module] + (name or "")
        return match.group(0)

    return PROSE.sub(replace, text)


def rewrite(source: str, path: Path) -> str:
    lines = source.splitlines(keepends=True)
    tree = ast.parse(source)
    edits: list[tuple[int, int, list[str]]] = []  # first line, last line (1-based), new lines
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES:
                    print(f"{path}:{node.lineno}: `import {alias.name}`: rewrite its uses by hand", file=sys.stderr)
        if not isinstance(node, ast.ImportFrom):
            continue
        groups = rewritten_import(node)
        if groups is None:
            continue
        first = lines[node.lineno - 1]
        indent = first[: len(first) - len(first.lstrip())]
        tail = lines[node.end_lineno - 1][node.end_col_offset:].rstrip("\n")
        new = [line for module, names in groups.items() for line in import_lines(indent, module, names)]
        new[-1] += tail
        edits.append((node.lineno, node.end_lineno, new))
    for start, end, new in sorted(edits, reverse=True):
        lines[start - 1:end] = [line + "\n" for line in new]
    source = "".join(lines)
    return rewrite_prose(source)


FIELD = re.compile(r"(\{[^{}]*\})")


def string_prose(text: str) -> str:
    """`prose` of a string or comment; in an f-string, only outside its fields (code, not prose)."""
    prefix = text[: len(text) - len(text.lstrip("rbfuRBFU"))]
    if "f" not in prefix.lower():
        return prose(text)
    return "".join(part if FIELD.fullmatch(part) else prose(part) for part in FIELD.split(text))


def rewrite_prose(source: str) -> str:
    """Module paths named in strings and comments."""
    spans = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.STRING, tokenize.COMMENT) and "services." in token.string:
            if token.line.lstrip().startswith("STORED_AS ="):
                continue  # the name the store keeps for the module's classes: it must never change
            spans.append((token.start, token.end, token.string))
    if not spans:
        return source
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    for (srow, scol), (erow, ecol), text in reversed(spans):
        start, end = offsets[srow - 1] + scol, offsets[erow - 1] + ecol
        source = source[:start] + string_prose(text) + source[end:]
    return source


def main(folders: list[str]) -> None:
    me = Path(__file__).resolve()
    for folder in folders:
        for path in sorted(Path(folder).rglob("*.py")):
            if path.resolve() == me:
                continue
            source = path.read_text()
            new = rewrite(source, path)
            if new != source:
                path.write_text(new)
                print(f"rewrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:] or FOLDERS)
