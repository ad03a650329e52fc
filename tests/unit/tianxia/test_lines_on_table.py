"""The move list's lines read against the table the viewer saw: Li Mu's and the Bot's turns, the
battles and every change of prestige in words, each with its reason; never a key, a rule id or
"seat 1"; and a line names only what its viewer may see."""

import dataclasses
import re

from domain import lines
from domain.rng import Rng
from domain.tianxia import RULES
from domain.tianxia.describe import BUILDING, OBJECTIVE
from domain.tianxia.evolve import TianxiaEmitter
from domain.tianxia.rewards import reward
from domain.tianxia.state import Section
from tests.unit.tianxia.tables import attack_table, attacked, clear_board, nomads, of_type, opened, played, rivals_turn

INTERNALS = re.compile(r"\bseat \d|tianxia\.|\b[a-z]+-\d\b|\b[a-z]+-barge\b|_")


def said(state, events, viewer, names):
    """Each event's line for `viewer`, read against the table that viewer saw just before it."""
    shown = []
    for event in events:
        shown.append(lines.line(RULES, RULES.view(state, viewer), lines.seen_event(event, viewer, False), names))
        state = RULES.evolve(state, event)
    return shown


def li_mu_to_play(*open_cards, deck=("S03", "S05", "S06", "S07"), rolls=(1,)):
    state = rivals_turn(opened(1, "lines", difficulty="easy"), open_cards=list(open_cards), deck=list(deck), rolls=rolls)
    clear_board(state)
    nomads(state, [4, 4, 4, 4])
    return state


def test_li_mus_turn_reads_in_words_the_region_the_track_the_building_and_the_barge():
    state = li_mu_to_play("S01", "S04")
    turn = played(state)
    site = of_type(turn.events, "rival_governor_placed")[0].data["site"]
    building = BUILDING[RULES.view(state, 0)["sites"][site]["building"]]
    shown = said(state, turn.events, 0, ["ana"])
    assert shown[:4] == ["Li Mu rolls 1 and resolves card S01: a roll of 1 resolves the first open card",
                         "Li Mu places an action marker in Qi: the region shown on the card",
                         "Li Mu advances on the black track to step 1: the black track of Qi",
                         f"Li Mu places a governor in the {building} in Qi: the cheapest building of Qi (1 wood)"]
    assert "Li Mu places a shipping marker in Qi" in shown
    assert shown[-3:] == ["Li Mu discards card S01", "Li Mu turns up card S03", "ana's turn"]
    assert not [line for line in shown if INTERNALS.search(line)], shown


def test_whose_turn_it_is_names_li_mu_never_a_seat_number():
    state = opened(1, "turns", difficulty="easy")
    rng, shown = Rng("turns", "play"), []
    for _decision in range(40):
        seat = RULES.to_act(state)
        decision = RULES.play_rules_turn(state, rng) if seat is None else RULES.decide(
            state, seat, rng.choice(RULES.legal_actions(state, seat)), rng)
        shown += said(state, decision.events, 0, ["ana"])
        state = decision.state
    assert "Li Mu's turn" in shown and "ana's turn" in shown
    assert not [line for line in shown if INTERNALS.search(line)], [line for line in shown if INTERNALS.search(line)]


def test_a_battle_says_who_defended_in_what_place_and_what_each_gained():
    state = attack_table(seats=3, strengths=(6, 4, 4, 4), distances=(0, 3, 3, 3), seed="lines")
    state.sections["longxi"] = Section(walls=[0, 1, 0], towers=[2], soldiers=[1])
    before = [seat.prestige for seat in state.seats]
    events, _after = attacked(state)
    shown = said(state, events, 2, ["ana", "bo", "cy"])
    assert shown[0] == (f"Yuezhi attacks Longxi with strength 6: bo defends first with 2 and gains 7 prestige "
                        f"(prestige {before[1]} to {before[1] + 7}); ana defends second with 2 and gains 4 prestige "
                        f"(prestige {before[0]} to {before[0] + 4}); cy defends third with 2 and gains 2 prestige "
                        f"(prestige {before[2]} to {before[2] + 2})")
    assert f"bo's soldier falls in Longxi; bo gains 1 prestige (prestige {before[1] + 7} to {before[1] + 8}); " \
           "strength 0 left" in shown


def test_prestige_lost_to_a_raid_of_li_mus_building_says_why_and_from_what_to_what():
    state = attack_table(strengths=(9, 4, 4, 4), distances=(0, 3, 3, 3), seed="lines")
    state.sites["qin-1"] = dataclasses.replace(state.sites["qin-1"], governors=[state.rival_owner, None])
    before = state.seats[0].prestige
    events, _after = attacked(state)
    shown = said(state, events, 0, ["ana"])
    raided = [line for line in shown if line.startswith("The nomads raid ")]
    assert raided[0].endswith("Li Mu's governor goes home; strength " + str(of_type(events, "building_raided")[0]
                                                                           .data["strength"]) + " left")
    lost = [line for line in shown if line.startswith("ana loses 3 prestige")]
    assert lost and lost[0].startswith(f"ana loses 3 prestige (prestige {before} to {before - 3}): "
                                       "Li Mu's governor was raided in the ")
    assert not [line for line in shown if INTERNALS.search(line)], shown


def test_the_strength_left_past_the_last_building_costs_coins_then_prestige_each_said():
    state = attack_table(strengths=(12, 4, 4, 4), distances=(0, 3, 3, 3), seed="lines")
    state.seats[0] = dataclasses.replace(state.seats[0], goods={**state.seats[0].goods, "coins": 0})
    events, _after = attacked(state)
    shown = said(state, events, 0, ["ana"])
    left = of_type(events, "excess_paid")[0].data["strength"]
    assert f"ana has no coins to pay for the {left} strength left" in shown
    assert [line for line in shown if line.startswith("ana loses ") and line.endswith("strength left past the last building")]


def test_the_bots_hidden_cards_are_never_named_to_a_seat_but_its_shown_card_is():
    state = opened(2, "bot-lines")
    rng = Rng("bot-lines", "play")
    for _decision in range(60):
        seat = RULES.to_act(state)
        decision = RULES.play_rules_turn(state, rng) if seat is None else RULES.decide(
            state, seat, rng.choice(RULES.legal_actions(state, seat)), rng)
        for event in decision.events:
            hidden = [card for key in ("cards", "deck") for card in event.secret.get(key, []) or []
                      if isinstance(card, str)]
            shown_to = [card for card in event.data.get("open") or [] if card]
            for viewer in (0, 1, None):
                line = said(state, [event], viewer, ["ana", "bo"])[0]
                assert not [card for card in hidden if card not in shown_to and re.search(rf"\b{card}\b", line)], line
            state = RULES.evolve(state, event)
        state = decision.state


def test_an_objective_drawn_is_named_to_nobody_in_the_lines_not_even_the_seat_that_drew_it():
    state = opened(2, "objectives")
    em = TianxiaEmitter(state, None)
    reward(em, 0, {"objective": 1}, {"track": "white", "step": 3}, "tianxia.house.palace")
    events = em.events
    drawn = of_type(events, "objective_drawn")[0]
    assert OBJECTIVE[drawn.private["objective"]]
    for viewer in (0, 1, None):
        assert said(state, [drawn], viewer, ["ana", "bo"]) == ["ana draws an objective card from step 3 of the white track"]


def test_the_final_scoring_gives_each_total_its_sources_and_the_prestige_it_leads_to():
    state, rng, told = opened(1, "final", difficulty="easy"), Rng("final", "play"), 0
    while RULES.outcome(state) is None:
        seat = RULES.to_act(state)
        decision = RULES.play_rules_turn(state, rng) if seat is None else RULES.decide(
            state, seat, rng.choice(RULES.legal_actions(state, seat)), rng)
        scored = of_type(decision.events, "game_scored")
        if scored:
            at = decision.events.index(scored[0])
            folded = state
            for event in decision.events[:at]:
                folded = RULES.evolve(folded, event)
            part, line = scored[0].data["seats"][0], said(folded, scored[:1], 0, ["ana"])[0]
            before = folded.seats[0].prestige
            assert line.startswith(f"Final scoring: ana +{part['total']} (prestige {before} to {before + part['total']}): "
                                   f"{part['figurines']} for jade figurines, {part['palace']} for the Palace")
            assert "; Li Mu +" in line
            told += 1
        state = decision.state
    assert told == 1, "the game was scored at its end"


def test_li_mus_cleanup_names_only_the_cards_he_turned_up_and_counts_the_rest():
    state, rng, named, cleanups = opened(1, "cleanup", difficulty="hard"), Rng("cleanup", "play"), set(), 0
    while RULES.outcome(state) is None and cleanups < 2:
        seat = RULES.to_act(state)
        decision = RULES.play_rules_turn(state, rng) if seat is None else RULES.decide(
            state, seat, rng.choice(RULES.legal_actions(state, seat)), rng)
        for event, line in zip(decision.events, said(state, decision.events, 0, ["ana"])):
            cards = set(re.findall(r"\bS\d+A?\b", line))
            if event.type == "rival_cleaned_up":
                cleanups += 1
                assert cards and cards <= named, f"{line}: {cards - named} never shown"
                assert re.fullmatch(r"Li Mu takes back cards [\w, ]+( and \d+ face-down cards?)? to shuffle for the "
                                    r"next round", line), line
                named = set()
            else:
                named |= cards
        state = decision.state
    assert cleanups == 2
