"""Xanadu in the viewer: every player's buildings, values and scores as the API gives them, and a
person putting a starting building in play and going through a turn by clicking."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


def xanadu_table(page) -> dict:
    return page.evaluate("""() => ({
        players: [...document.querySelectorAll('.xplayer')].map(p => ({
            buildings: [...p.querySelectorAll('.xbuildings .building')].map(b => b.dataset.card),
            values: [...p.querySelectorAll('.xbuildings .building .value')].map(v => Number(v.textContent.match(/worth (\\d+)/)[1])),
            score: Number(p.querySelector("[data-path^='scores']").textContent.match(/\\d+/)[0]),
        })),
        hand: [...document.querySelectorAll('.xhand .building')].map(b => b.dataset.card),
    })""")


def from_api(table: dict) -> dict:
    return {
        "players": [{"buildings": [b["card"]["id"] for b in owned], "values": [b["value"] for b in owned],
                     "score": table["scores"][seat]} for seat, owned in enumerate(table["buildings"])],
        "hand": [card["id"] for card in table["hand"] or []],
    }


def settled_past(page, version):
    page.wait_for_function("v => Number(document.getElementById('viewer').dataset.settled) > v", arg=version)


def test_a_person_starts_a_building_and_plays_a_turn_by_clicking_and_the_table_matches_the_api(page, server, api):
    created = api.http.post(f"{server}/api/games", json={"game": "xanadu", "seed": "browser-xanadu",
                                                         "seats": [{"name": "ana"}, {"bot": "builder"}]}).json()
    token = created["tokens"][0]["token"]
    page.goto(f"{server}/games/{created['id']}#token={token}")
    page.wait_for_selector("#actions button.action")
    start = api.get(created["id"], "/actions", token=token)["actions"][0]
    version = api.get(created["id"])["version"]
    page.locator(f"#table [data-key='hand:{start['card']}'].playable").click()
    settled_past(page, version)
    table = api.get(created["id"], token=token)["table"]
    assert table["buildings"][0][0]["card"]["id"] == start["card"], "ana's starting building is in play"
    assert xanadu_table(page) == from_api(table)
    version = api.get(created["id"])["version"]
    page.locator("#actions button.action", has_text="Skip the turn").click()
    settled_past(page, version)
    table = api.get(created["id"], token=token)["table"]
    assert len(table["hand"]) == 7 and xanadu_table(page) == from_api(table)
