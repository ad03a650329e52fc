"""The audit of a Court game: a game the autoplayer played verifies, offline too, and a card
changed in its export is caught even with the hash chain recomputed."""

import json

from domain.chain import header_hash, link
from services.disputes.audit import audit_game, export_lines, verify_export


def test_a_court_game_verifies_and_a_changed_card_is_caught_by_re_running_the_rules(services):
    created = services.commands.create("court", [{"bot": "autoplayer"}], seed="court-audit")
    assert audit_game(services.store, created.id)["verified"]
    lines = list(export_lines(services.store, created.id))
    assert verify_export(lines).verified
    header = json.loads(lines[0])
    forged, previous, changed = [lines[0]], header_hash(header["header"]), None
    for line in lines[1:]:
        row = json.loads(line)
        if changed is None and row["event"]["type"] == "card_bought":
            row["event"]["data"]["price"] += 5  # "it cost me more than that"
            changed = row["version"]
        row["chain"] = previous = link(header["seed"], previous, row["version"], row["event"], row["cause"])
        forged.append(json.dumps(row))
    problem = verify_export(forged).problem
    assert problem.check == "events" and problem.step == changed
