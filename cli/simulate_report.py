"""`chronicle simulate`: a bot's games beside a random player's, as a table, with a progress bar;
for a game with named decks (Xi Cards), each deck against each with the bot in both seats, as
sold and in the game's variants (the FAQ's removals), as matrices."""

from __future__ import annotations

import sys
from typing import TextIO

from domain import registry
from services.log.game_options import checked_options
from services.offline.deck_matches import Tally, deck_matrix, named_decks, variants
from services.errors import InvalidRequest
from services.offline.simulation import Report, simulate, wilson

BAR = 30


def progress_bar(label: str, total: int, out: TextIO | None = None):
    """A callback drawing `label [#####.....] done/total` on one line of `out` (standard error)."""
    out = out or sys.stderr
    step = max(1, total // 100)
    live = out.isatty()  # a log gets one line per bot, when it is done

    def draw(done: int) -> None:
        if (done % step or not live) and done != total:
            return
        filled = BAR * done // total
        out.write(f"{chr(13) if live else ''}{label:<12} [{'#' * filled}{'.' * (BAR - filled)}] {done}/{total}")
        if done == total:
            out.write("\n")
        out.flush()

    return draw


def table(title: str, reports: list[Report], order: list[str]) -> list[str]:
    """The report as text lines: score spread, then the share of each title, for each bot."""
    width = max(len(line) for line in order + ["score 10th to 90th"]) + 2
    lines = [title, "", " " * width + "".join(f"{report.bot:>16}" for report in reports)]
    rows = [
        ("decisions a game", lambda r: f"{sum(r.lengths) / r.games:.0f}"),
        ("score median", lambda r: f"{r.median:g}"),
        ("score mean", lambda r: f"{sum(r.scores) / r.games:.1f}"),
        ("score 10th to 90th", lambda r: f"{r.percentile(0.1)} to {r.percentile(0.9)}"),
    ]
    if any(report.beaten_by for report in reports):  # a rival the rules play (Li Mu) won
        rows.append(("won by the rival", lambda r: f"{100 * sum(r.beaten_by.values()) / r.games:.1f}%"))
    rows += [(name, lambda r, name=name: f"{100 * r.title_share(name):.1f}%") for name in order]
    if order:
        rows.append(("median title", lambda r: (r.median_title(order) or "").split(" (")[0]))
    counted = list(dict.fromkeys(name for report in reports for name in report.counts))
    if counted:  # the game's own counts (rules.tallies): a game's mean, and in how many games any
        rows.append(("a game (games with any):", lambda r: ""))
        rows += [(f"  {name}", lambda r, name=name: f"{r.per_game(name):.2f} ({100 * r.game_share(name):.0f}%)")
                 for name in counted]
    width = max([width] + [len(label) + 2 for label, _ in rows])
    lines[2] = " " * width + "".join(f"{report.bot:>16}" for report in reports)
    for label, cell in rows:
        lines.append(f"{label:<{width}}" + "".join(f"{cell(report):>16}" for report in reports))
    return lines


def tallies(report: Report, names: dict[str, str], every: list[str], most: int = 8) -> list[str]:
    """How often each card was built in `report`'s games: the most and least built."""
    if not every:
        return []
    counts = sorted(((report.tally[card], names[card], card) for card in every), reverse=True)
    never = [name for count, name, _ in counts if count == 0]
    per_game = lambda count: f"{count / report.games:.2f}"  # noqa: E731
    share = lambda card: f"{100 * report.tally_games[card] / report.games:.1f}%"  # noqa: E731
    lines = [f"built per game by {report.bot} (of {len(every)} buildings):",
             "  most:  " + "; ".join(f"{name} {per_game(count)}" for count, name, _ in counts[:most]),
             "  least: " + "; ".join(f"{name} {per_game(count)}" for count, name, _ in counts[-most:][::-1]),
             "  least, share of games built in: " + "; ".join(f"{name} {share(card)}" for _, name, card in counts[-most:][::-1])]
    if never:
        lines.append(f"  never built: {', '.join(sorted(never))}")
    return lines


def verdicts(bot: Report, against: Report, order: list[str]) -> list[str]:
    """The Court's targets: two ranks above the random player, and a rare top rank."""
    if not order:
        return []
    gap = order.index(bot.median_title(order)) - order.index(against.median_title(order))
    top = bot.title_share(order[-1])
    return [
        f"median title {gap} ranks above {against.bot} (target at least 2): {'meets' if gap >= 2 else 'MISSES'}",
        f"{order[-1]} in {100 * top:.1f}% of {bot.bot} games (target under 5%): {'meets' if top < 0.05 else 'MISSES'}",
    ]


def matrix(title: str, tallies: dict[tuple[str, str], Tally], decks: list[str],
           rows: list[str] | None = None) -> list[str]:
    """The row deck's share of wins against the column deck, a draw counting as no win."""
    width = max(len(name) for name in decks + ["draws"]) + 2
    cell = max(9, *(len(name) + 2 for name in decks))
    lines = [title, "", " " * width + "".join(f"{name:>{cell}}" for name in decks)]
    for row in rows or decks:
        lines.append(f"{row:<{width}}" + "".join(f"{100 * tallies[row, column].rate:>{cell - 1}.1f}%"
                                                  for column in decks))
    draws, games = sum(t.draws for t in tallies.values()), sum(t.games for t in tallies.values())
    lines.append(f"{draws} of {games} games drawn")
    return lines


def deck_matrices(args, rules, bot: str, decks: list[str]) -> list[str]:
    """Each deck against each, `bot` in both seats: as sold, then in each of the game's variants."""
    kinds = [("as sold", {name: name for name in decks})]
    kinds += [(title, {name: varied[name] for name in decks}) for title, varied in variants(rules).items()]
    lines = []
    for kind, brought in kinds:
        total = args.games * len(decks) ** 2
        tallies = deck_matrix(rules.name, bot, brought, args.games, f"{args.seed}-decks", args.workers,
                              progress_bar("decks", total))
        lines += [""] + matrix(f"Decks, {bot} against {bot}, {kind}: the row deck's wins against the column deck, "
                               f"{args.games} games a cell, seats alternated", tallies, decks)
    return lines


def level_lines(args, rules, options: dict, bots: list[str]) -> list[str]:
    """For a game with a rival the rules play and levels of it (Tianxia's Li Mu and its
    `difficulty`): the rival's share of wins against each bot at each level, with 95% Wilson
    intervals, and whether it rises from level to level with no overlap for the first bot."""
    option = rules.options.levels
    names = (rules.rival.names if rules.rival else {})
    rows: dict[str, list[tuple[float, float, float]]] = {}
    rival = "the rival"
    for level in rules.option_choices[option]:
        rows[level] = []
        for bot in bots:
            report = simulate(args.game, bot, args.games, args.seed, {**options, option: level},
                              progress_bar(f"{bot} {level}", args.games))
            beaten = report.beaten_by.most_common(1)
            if beaten:
                rival = names.get(beaten[0][0], beaten[0][0])
            wins = sum(report.beaten_by.values())
            rows[level].append((wins / report.games, *wilson(wins, report.games)))
    width = max(len(level) for level in rows) + 2
    lines = [f"{rival}'s wins by {option}, {args.games} games a level (95% Wilson intervals)", "",
             " " * width + "".join(f"{'against ' + bot:>28}" for bot in bots)]
    for level, cells in rows.items():
        lines.append(f"{level:<{width}}" + "".join(
            f"{f'{100 * rate:.1f}% ({100 * low:.1f} to {100 * high:.1f})':>28}" for rate, low, high in cells))
    first = [cells[0] for cells in rows.values()]
    rises = all(higher[1] > lower[2] for lower, higher in zip(first, first[1:]))
    lines.append(f"rises from {' to '.join(rows)} against {bots[0]}, intervals apart: {'meets' if rises else 'MISSES'}")
    return lines


def own_bot(rules) -> str | None:
    """The game's one bot other than random and search (too slow for a thousand games), if it has
    exactly one."""
    others = [name for name in rules.bots if name not in ("random", "search")]
    return others[0] if len(others) == 1 else None


def run_simulation(args) -> int:
    if args.game not in registry.GAMES:
        print(f"chronicle simulate: there is no game {args.game!r} (known: {', '.join(sorted(registry.GAMES))})",
              file=sys.stderr)
        return 2
    rules = registry.get(args.game)
    if args.bot is None:
        args.bot = own_bot(rules)
        if args.bot is None:
            print(f"chronicle simulate: name the bot to measure with --bot (it has: {', '.join(sorted(rules.bots))})",
                  file=sys.stderr)
            return 2
    missing = [bot for bot in (args.bot, args.against) if bot not in rules.bots]
    if missing:
        print(f"chronicle simulate: {rules.title} has no bot {missing[0]!r} (it has: {', '.join(sorted(rules.bots))})",
              file=sys.stderr)
        return 2
    options = {"advanced": True} if args.advanced else {}
    for name, value in args.option or ():
        options[name] = value
    try:
        options = checked_options(options, rules)
    except InvalidRequest as refused:
        print(f"chronicle simulate: {refused}", file=sys.stderr)
        return 2
    decks = named_decks(rules)
    unknown = [name for name in args.deck or () if name not in decks]
    if unknown:
        print(f"chronicle simulate: {rules.title} has no named deck {unknown[0]!r} "
              f"(it has: {', '.join(decks) or 'none'})", file=sys.stderr)
        return 2
    reports = [simulate(args.game, bot, args.games, args.seed, options, progress_bar(bot, args.games))
               for bot in (args.bot, args.against)]
    order = list(rules.titles)
    heading = f"{rules.title}, {args.games} games each (seeds {args.seed}-0 to {args.seed}-{args.games - 1})"
    cards = (rules.catalogue or {}) if rules.tallies and rules.tallies.event else {}
    names = {card_id: card.name for card_id, card in cards.items()}
    lines = table(heading, reports, order) + [""] + verdicts(reports[0], reports[1], order)
    print("\n".join(lines + tallies(reports[0], names, list(names))))
    if decks:
        print("\n".join(deck_matrices(args, rules, args.bot, args.deck or decks)))
    levels = rules.options.levels if rules.options else None
    if levels and not any(name == levels for name, _ in args.option or ()):
        print("\n".join([""] + level_lines(args, rules, options, [args.bot, args.against])))
    return 0
