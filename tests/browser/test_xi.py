"""Xi Cards in the viewer: a seat brings a deck (a named one by its control, or a pasted list) and
chooses the order; plays a unit by clicking its card and skirmishes by clicking its unit, then the
unit or the player it skirmishes; answers a window with Pass from the window's panel; sets its
standing rules in the editor and sees them answer a window for it. The table fits a phone and axe
finds nothing serious in either scheme (a finished game's steps in words: test_words.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from domain.xi.cards.catalogue import CARDS
from domain.xi.cards.decks import NAMED
from domain.xi.scenario import SCENARIO_EXAMPLE
from tests.browser.accessibility import serious_violations
from tests.browser.test_screens import phone_page, sideways
from tests.browser.xi_page import (
    ANAS_TURN, BOS_TURN, EVERY_CARD, OPEN_FIELD, acted, create, highlighted, key, open_seat, settled, unit_card,
)

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


def units_on_page(page) -> list[dict]:
    return page.locator("#table .xi-unit").evaluate_all("""cards => cards.map(c => ({
        uid: c.dataset.card, name: c.querySelector('.xi-band').textContent,
        life: c.querySelector('.xi-life').textContent}))""")


def units_from_api(table: dict) -> list[dict]:
    """Each unit as its card shows it, in the order of the sides on the page (the viewer's last)."""
    viewer, seats = table["viewer"], len(table["players"])
    order = [(viewer + 1 + i) % seats for i in range(seats)] if viewer is not None else list(range(seats))
    shown = []
    for seat in order:
        for unit in (u for u in table["units"] if u["controller"] == seat):
            printed = unit["printed"]["life"]
            most = f"{unit['max_life']} (printed {printed})" if unit["max_life"] != printed else str(printed)
            alike = sorted((u["uid"] for u in table["units"] if u["name"] == unit["name"]), key=lambda uid: int(uid[1:]))
            number = f"({alike.index(unit['uid']) + 1})" if len(alike) > 1 else ""  # names shared in play are numbered
            shown.append({"uid": unit["uid"], "name": f"{unit['name']}{number}", "life": f"♥ {unit['life']}/{most}"})
    return shown


def test_a_seat_brings_a_named_deck_by_its_control_and_the_coins_winner_chooses_first(page, server, api):
    game_id, tokens = create(api, "browser-xi-decks")
    open_seat(page, server, game_id, tokens[0])
    deck = next(iter(NAMED))  # a starter where there are some, else the sampler
    assert page.get_by_role("region", name="Bring your deck").is_visible()
    assert highlighted(page) == {f"deck:{name}" for name in NAMED}, "every named deck, and nothing else, to click"
    acted(page, api, game_id, key(page, f"deck:{deck}").click)
    assert page.locator("#table .xi-plate").filter(has_text="ana").filter(has_text="deck brought").count() == 1
    assert "bo is bringing a deck" in page.locator("#table .xi-step").inner_text()
    game = api.get(game_id)
    api.act(game_id, tokens[1], {"type": "bring_deck", "deck": deck}, game["version"])
    game = api.get(game_id)
    settled(page, game["version"])
    winner = game["to_act"]["seat"]
    if winner == 1:  # bo won the coin: he goes second, so ana plays first all the same
        api.act(game_id, tokens[1], {"type": "choose_order", "first": False}, game["version"])
        settled(page, api.get(game_id)["version"])
    else:
        assert page.get_by_role("region", name="The coin fell for you").is_visible()
        acted(page, api, game_id, key(page, "order:first").click)
    table = api.get(game_id, token=tokens[0])["table"]
    assert table["active"] == 0 and table["phase"] == "play"
    assert page.locator("#table .xi-status").inner_text().startswith(f"Turn {table['turn']}: your turn")
    hand = page.locator("#table .xi-hand .xi-card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert hand == table["hand"] and len(hand) == 1, "ana holds her opening card, drawn on the table"
    assert page.locator("#table .xi-hand .xi-band").first.inner_text().startswith(CARDS[hand[0]].name)


def test_a_pasted_deck_list_is_checked_against_the_catalogue_then_brought(page, server, api):
    game_id, tokens = create(api, "browser-xi-paste")
    open_seat(page, server, game_id, tokens[0])
    box = page.locator("#xi-deck-list")
    box.fill("flood, rainfall, no-such-card")
    page.click("#xi-deck-bring")
    assert page.locator("#xi-deck-note").inner_text() == "Not Xi cards: no-such-card"
    box.fill("flood, 2 rainfall")  # known cards, too few: the rules refuse it, naming the field and rule
    with page.expect_response(lambda answer: answer.request.method == "POST" and answer.url.endswith("/actions")):
        page.click("#xi-deck-bring")
    page.wait_for_selector("#play-error:not([hidden])")
    refusal = page.locator("#play-error").inner_text()
    assert "cards: a deck holds 30 or more cards, not 3" in refusal and "xi.deck.size" in refusal
    box = page.locator("#xi-deck-list")
    assert box.input_value() == "flood, 2 rainfall", "what was typed stays to be corrected"
    box.fill("\n".join(EVERY_CARD))
    acted(page, api, game_id, lambda: page.click("#xi-deck-bring"))
    assert api.get(game_id, token=tokens[0])["table"]["deck_list"] == EVERY_CARD
    assert page.locator("#play-error").is_hidden()


def test_a_unit_is_played_by_clicking_its_card_and_skirmishes_by_clicking_the_unit_it_attacks(page, server, api):
    game_id, tokens = create(api, "browser-xi-skirmish", ANAS_TURN)
    open_seat(page, server, game_id, tokens[0])
    assert units_on_page(page) == units_from_api(api.get(game_id, token=tokens[0])["table"])
    assert {"hand:earth-soldier", "hand:flame-lick", "unit:u2"} == highlighted(page)
    assert page.locator("#actions button.action").all_text_contents()[0] == "Draw a card", "buttons for what has no card"
    acted(page, api, game_id, key(page, "hand:earth-soldier").click)
    table = api.get(game_id, token=tokens[0])["table"]
    assert [u["name"] for u in table["units"] if u["controller"] == 0] == ["Mini Air Mystic", "Earth Soldier"]
    assert units_on_page(page) == units_from_api(table)
    soldier = next(u["uid"] for u in table["units"] if u["name"] == "Earth Soldier")
    assert page.locator(f"#table .xi-unit.changed[data-card='{soldier}']").count() == 1, "the unit that came is marked"
    assert "the units in play: + Earth Soldier" in page.locator("#changes").inner_text()

    page.click("#table [data-key='unit:u2'].playable")  # ana's Mini Air Mystic, then bo's Snow Beast
    assert "unit:u1" in highlighted(page) and "unit:u2" not in highlighted(page)
    acted(page, api, game_id, key(page, "unit:u1").click)
    step = page.get_by_role("region", name="Your skirmish")
    assert "Your Mini Air Mystic skirmishes bo's Snow Beast" in step.inner_text()
    usable = step.locator(".xi-control:visible").all_text_contents()
    assert usable == ["Strike", "Play Flame Lick (2T)"], "what ana may do before she strikes"
    acted(page, api, game_id, key(page, "skirmish:strike").click)
    table = api.get(game_id, token=tokens[0])["table"]
    assert "u2" not in [u["uid"] for u in table["units"]], "the Mystic (1 life) fell to the Snow Beast's 4 damage"
    assert units_on_page(page) == units_from_api(table)
    beast = table["units"][0]  # hurt to 16 or less, it lost its Flames of Preservation (+10 max life)
    assert beast["life"] < 14 and unit_card(page, "u1").locator(".xi-life").inner_text() == f"♥ {beast['life']}/16"


def test_a_unit_skirmishes_a_player_with_no_unit_by_clicking_the_players_plate(page, server, api):
    game_id, tokens = create(api, "browser-xi-player", OPEN_FIELD)
    open_seat(page, server, game_id, tokens[0])
    page.click("#table [data-key='unit:u1'].playable")
    assert highlighted(page) == {"player:1"}, "bo has no unit: the Earth Soldier skirmishes bo"
    acted(page, api, game_id, key(page, "player:1").click)
    life = api.get(game_id)["table"]["players"][1]["life"]
    assert life < 40 and page.locator("#table [data-path='players[1].life']").inner_text() == f"{life}/40 life"


def test_a_window_is_told_in_words_and_passed_from_its_panel(page, server, api):
    game_id, tokens = create(api, "browser-xi-window", SCENARIO_EXAMPLE)
    open_seat(page, server, game_id, tokens[1])
    window = page.get_by_role("region", name="Your window")
    assert "ana's Snow Beast skirmishes your Beast of Pain." in window.inner_text()
    assert highlighted(page) == {"window:pass", "hand:heat-stroke"}, "Pass, or Heat Stroke (2pT, and bo has 2pT)"
    assert window.get_by_role("button", name="Answer with Heat Stroke (2pT)").is_visible()
    acted(page, api, game_id, window.get_by_role("button", name="Pass").click)
    game = api.get(game_id, token=tokens[1])
    assert game["to_act"]["seat"] == 0 and game["table"]["pending"][-1]["kind"] == "skirmish"
    assert page.locator("#description").inner_text() == "bo does not answer"
    assert page.get_by_role("region", name="A skirmish").inner_text().endswith("ana to strike.")
    assert page.get_by_role("region", name="Your window").count() == 0


def test_standing_rules_are_set_in_the_editor_shown_and_answer_the_next_window(page, server, api):
    game_id, tokens = create(api, "browser-xi-standing", BOS_TURN)
    open_seat(page, server, game_id, tokens[0])
    page.click("#xi-standing summary")
    editor = page.locator("#xi-standing")
    assert "(inert: it names a unit no longer in play)" in editor.locator(".xi-rules li").first.inner_text()
    page.select_option("#xi-kind-draw", "pass")
    page.select_option("#xi-rule-on", "skirmish")
    page.select_option("#xi-rule-target", "me")
    page.select_option("#xi-rule-play", "sidestep")
    page.check("#xi-rule-once")
    page.click("#xi-rule-add")
    assert "(unsaved changes)" in editor.locator("summary").inner_text()
    acted(page, api, game_id, lambda: page.click("#xi-standing-save"))
    standing = api.get(game_id, token=tokens[0])["table"]["standing"]
    assert standing["kinds"]["draw"] == "pass"
    assert standing["when"][-1] == {"on": "skirmish", "target": "me", "play": "sidestep", "once": True, "inert": False}
    editor = page.locator("#xi-standing")
    assert "(unsaved changes)" not in editor.locator("summary").inner_text()
    assert editor.locator("#xi-kind-draw").input_value() == "pass"
    assert editor.locator(".xi-rules li").last.inner_text().startswith("When a unit skirmishes you: play Sidestep, once")
    changes = page.locator("#changes").inner_text()
    assert "your standing answer when a card is drawn: ask → pass" in changes and not re.search(r"[{}\[\]]", changes)

    game = api.get(game_id)  # bo's Earth Soldier skirmishes ana: her rule answers with Sidestep
    api.act(game_id, tokens[1], {"type": "skirmish", "unit": "u1", "target": 0}, game["version"])
    game = api.get(game_id, token=tokens[0])
    settled(page, game["version"])
    assert game["table"]["hand"] == [] and game["table"]["players"][0]["life"] == 40, "Sidestep cancelled the skirmish"
    expect(page.locator("#moves")).to_contain_text("ana pays 1pT and answers with Sidestep")  # drawn after the table
    assert page.locator("#table .xi-hand").inner_text().endswith("No card in hand.")
    assert len(page.locator("#xi-standing .xi-rules li").all()) == 1, "the once rule is spent"


def test_a_seats_standing_rules_are_drawn_for_it_alone(page, server, api):
    game_id, tokens = create(api, "browser-xi-secret", BOS_TURN)
    open_seat(page, server, game_id, tokens[0])
    assert page.locator("#xi-standing .xi-rules li").count() == 1, "ana's rule"
    open_seat(page, server, game_id, tokens[1])
    page.click("#xi-standing summary")
    assert page.locator("#xi-standing").inner_text().count("No conditional answers.") == 1, "bo's own rules: none"
    assert "u9" not in page.locator("#table").inner_text(), "nothing of ana's rules shows to bo"
    open_seat(page, server, game_id, None)
    assert page.locator("#table .xi-standing").count() == 0, "a spectator has no rules to edit"


@pytest.mark.parametrize("seat", [0, 1, None])
def test_on_a_phone_the_xi_table_fits_without_sideways_scrolling(browser, server, api, seat):
    game_id, tokens = create(api, f"browser-xi-phone-{seat}", ANAS_TURN if seat != 1 else SCENARIO_EXAMPLE)
    with phone_page(browser) as phone:
        open_seat(phone, server, game_id, None if seat is None else tokens[seat])
        assert sideways(phone) == 0
        if seat is not None:
            phone.click("#xi-standing summary")
            assert sideways(phone) == 0, "with the standing rules' editor open"
        if seat == 0:
            phone.locator("#table [data-key='hand:flame-lick'].playable").tap()  # then its targets are highlighted
            phone.wait_for_selector("#table .xi-unit.playable")
            assert sideways(phone) == 0


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_the_xi_table_in_either_scheme(page, server, api, scheme):
    page.emulate_media(color_scheme=scheme)
    found = {}
    deck_step, tokens = create(api, f"browser-xi-axe-decks-{scheme}")
    open_seat(page, server, deck_step, tokens[0])
    page.click("#table .xi-catalogue summary")
    found["the deck step"] = serious_violations(page)
    window, tokens = create(api, f"browser-xi-axe-window-{scheme}", SCENARIO_EXAMPLE)
    open_seat(page, server, window, tokens[1])
    page.click("#xi-standing summary")
    found["a window, the editor open"] = serious_violations(page)
    turn, tokens = create(api, f"browser-xi-axe-turn-{scheme}", ANAS_TURN)
    open_seat(page, server, turn, tokens[0])
    page.click("#table [data-key='hand:flame-lick'].playable")
    page.click("#table .xi-piles summary")
    found["a turn, a card chosen"] = serious_violations(page)
    open_seat(page, server, turn, None)
    found["a spectator"] = serious_violations(page)
    assert found == {where: [] for where in found}
