"""The emails, in the game's words: the confirmation, "your move", the daily digest and a challenge.

Each has a one-click unsubscribe (RFC 8058): `List-Unsubscribe` names the link, which a POST follows
at once (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`), and the body carries it too.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid, parseaddr
from typing import Sequence

from services.email.settings import EmailSettings
from services.email.setup import MailSetup

# Headers are not folded below SMTP's own limit: a long List-Unsubscribe would otherwise be written
# as RFC 2047 encoded words, which mail clients do not read as a link.
UNFOLDED = policy.SMTP.clone(max_line_length=998)

MAX_DIGEST_GAMES = 50  # listed in one digest; the rest are counted

UNSUBSCRIBE_WORDS = {"your_turn": "emails about your moves", "challenges": "emails about challenges",
                     "all": "every email to this address"}


@dataclass(frozen=True)
class Awaiting:
    """A game that awaits the player, as an email tells it."""

    game_id: str
    title: str
    opponents: Sequence[str]
    last_move: str | None
    due: datetime | None


def when(moment: datetime) -> str:
    return moment.strftime("%A %d %B %Y, %H:%M UTC")


def against(names: Sequence[str]) -> str:
    if not names:
        return "alone"
    return "against " + (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1])


def letter(setup: MailSetup, settings: EmailSettings, kind: str, subject: str, lines: list[str]) -> EmailMessage:
    """An email to the player's address, with the unsubscribe link of `kind`."""
    unsubscribe = setup.link(f"/email/unsubscribe/{settings.unsubscribe_token(kind)}")
    message = EmailMessage(policy=UNFOLDED)
    message["From"] = setup.sender
    message["To"] = settings.address
    message["Subject"] = subject
    message["Date"] = format_datetime(datetime.now().astimezone())
    message["Message-ID"] = make_msgid(domain=parseaddr(setup.sender)[1].partition("@")[2] or None)
    message["List-Unsubscribe"] = f"<{unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    footer = ["", "--", f"To stop {UNSUBSCRIBE_WORDS[kind]}: {unsubscribe}",
              f"To change your email settings, sign in at {setup.link('/')}"]
    message.set_content("\n".join(lines + footer) + "\n")
    return message


def confirmation(setup: MailSetup, settings: EmailSettings, token: str, name: str) -> EmailMessage:
    return letter(setup, settings, "all", "Confirm your email for Tabletop Chronicle", [
        f"Hello {name},",
        "",
        "You asked Tabletop Chronicle to write to this address when it is your move.",
        "Follow this link to confirm it (it works once, for two days):",
        "",
        setup.link(f"/email/confirm/{token}"),
        "",
        "If you did not ask for this, ignore this email: nothing more is sent until the link is followed.",
    ])


def game_lines(setup: MailSetup, game: Awaiting) -> list[str]:
    lines = [f"{game.title}, {against(game.opponents)}"]
    if game.last_move:
        lines.append(f"  Last move: {game.last_move}")
    lines.append(f"  Your move by {when(game.due)}" if game.due else "  No clock: take your time")
    lines.append(f"  {setup.link(f'/games/{game.game_id}')}")
    return lines


def your_move(setup: MailSetup, settings: EmailSettings, name: str, game: Awaiting) -> EmailMessage:
    return letter(setup, settings, "your_turn", f"Your move in {game.title} {against(game.opponents)}",
                  [f"Hello {name},", "", "It is your move.", "", *game_lines(setup, game)])


def digest(setup: MailSetup, settings: EmailSettings, name: str, games: Sequence[Awaiting]) -> EmailMessage:
    count = f"{len(games)} game{'s' if len(games) != 1 else ''}"
    lines = [f"Hello {name},", "", f"{count} await{'s' if len(games) == 1 else ''} your move, "
             "the nearest deadline first:"]
    for game in games[:MAX_DIGEST_GAMES]:
        lines += ["", *game_lines(setup, game)]
    if len(games) > MAX_DIGEST_GAMES:
        lines += ["", f"and {len(games) - MAX_DIGEST_GAMES} more, on your games: {setup.link('/')}"]
    return letter(setup, settings, "your_turn", f"Your move in {count} (Tabletop Chronicle)", lines)


def challenged(setup: MailSetup, settings: EmailSettings, name: str, challenger: str, title: str,
               expires: str) -> EmailMessage:
    return letter(setup, settings, "challenges", f"{challenger} challenges you to {title}", [
        f"Hello {name},",
        "",
        f"{challenger} challenges you to a game of {title}.",
        f"Accept or decline it on the game list, signed in as yourself, before {expires}:",
        setup.link("/"),
    ])
