"""The links in emails: confirming an address (`/email/confirm/<token>`) and unsubscribing
(`/email/unsubscribe/<token>`: a page with one button on GET; on POST, at once, as RFC 8058's
one-click asks of a mail client). Pages in the game's words, without the address or any id."""

from __future__ import annotations

from flask import Blueprint, render_template

from services.email import book as outcomes
from web.blueprint import chronicle

blp = Blueprint("email_pages", __name__)

MAX_TOKEN = 200  # longer than any token the service makes

CONFIRM_WORDS = {
    outcomes.CONFIRMED: ("Your email is confirmed", "You will get the emails you chose: when it is your move, "
                         "and about challenges, as your settings say. Every email has a link to stop them."),
    outcomes.ALREADY: ("Your email is confirmed", "This link was followed already: your address is confirmed."),
    outcomes.EXPIRED: ("This link has expired", "Links to confirm an address work for two days. Sign in and "
                       "give your address again: a new link is sent."),
    outcomes.UNKNOWN: ("This link does not work", "It was replaced by a newer one, or the address was changed or "
                       "removed. Sign in to see your email settings."),
}
KIND_WORDS = {"your_turn": "emails telling you it is your move", "challenges": "emails about challenges",
              "all": "every email to this address (it is forgotten)"}


def known(token: str) -> bool:
    return 0 < len(token) <= MAX_TOKEN


@blp.get("/email/confirm/<string:token>")
def confirm(token: str):
    outcome = chronicle().services.mail.book.confirm(token) if known(token) else outcomes.UNKNOWN
    title, text = CONFIRM_WORDS[outcome]
    return render_template("email.html", title=title, text=text), 200 if outcome != outcomes.UNKNOWN else 404


@blp.get("/email/unsubscribe/<string:token>")
def unsubscribe_page(token: str):
    found = chronicle().services.mail.book.unsubscribe_kind(token) if known(token) else None
    if found is None:
        return render_template("email.html", title="This link does not work",
                               text="The address was changed or removed since this email was sent: nothing more "
                                    "goes to it from here."), 404
    return render_template("email.html", title="Stop these emails?", text=f"This stops {KIND_WORDS[found[1]]}.",
                           button="Stop these emails")


@blp.post("/email/unsubscribe/<string:token>")
def unsubscribe(token: str):
    """One click: a mail client POSTs `List-Unsubscribe=One-Click`; the page's button posts the same."""
    found = chronicle().services.mail.book.unsubscribe_kind(token) if known(token) else None
    if found is None:
        return render_template("email.html", title="This link does not work",
                               text="Nothing more goes to this address from here."), 404
    chronicle().services.mail.book.unsubscribe(token)
    return render_template("email.html", title="You will get no more of these emails",
                           text=f"We stopped {KIND_WORDS[found[1]]}. Sign in to choose your emails again.")
