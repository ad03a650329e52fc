"""/problems/<kind>: the page each problem's `type` points at, saying what went wrong and what to do.

HTML by default (a person following the link), JSON when the client asks for it in `Accept`.
`/problems` lists every kind.
"""

from __future__ import annotations

import re

from flask import Blueprint, jsonify, render_template, request
from markupsafe import Markup, escape
from werkzeug.exceptions import NotFound

from web.problem_types import KINDS, Kind

blp = Blueprint("problems", __name__, url_prefix="/problems")

CODE = re.compile(r"`([^`]+)`")


def as_html(text: str) -> Markup:
    """A kind's text, its `code` spans as <code>."""
    return Markup(CODE.sub(lambda match: f"<code>{match.group(1)}</code>", str(escape(text))))


def wants_json() -> bool:
    best = request.accept_mimetypes.best_match(["text/html", "application/json", "application/problem+json"])
    return best is not None and best != "text/html"


def described(kind: Kind) -> dict:
    return {"type": kind.type, "title": kind.title, "status": kind.status, "text": kind.text}


@blp.get("")
def index():
    if wants_json():
        return jsonify({"problems": [described(kind) for kind in KINDS.values()]})
    return render_template("problems.html", kinds=KINDS.values(), current=None, as_html=as_html)


@blp.get("/<slug>")
def kind_page(slug: str):
    kind = KINDS.get(slug)
    if kind is None:
        raise NotFound(f"there is no kind of problem '{slug}' (see /problems)")
    if wants_json():
        return jsonify(described(kind))
    return render_template("problems.html", kinds=KINDS.values(), current=kind, as_html=as_html)
