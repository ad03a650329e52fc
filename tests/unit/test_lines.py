"""domain.lines: the one place that chooses an event's line, the table's (describe_on) or the
event's alone (describe)."""

from domain import lines
from domain.chi import RULES as CHI
from domain.clock import ran_out
from domain.contract import Event
from domain.rng import Rng
from tests.fixtures.dealer import RULES as DEALER

NAMES = ["ana", "bo"]


# Dealer, the test-only game: its lines read the event alone and it declares no bookkeeping.
PLAIN = DEALER


def test_a_game_that_reads_the_table_gets_the_viewers_table_and_one_that_does_not_keeps_describe():
    dealt = CHI.setup(2, {}, Rng("lines", "setup"))
    state = CHI.new_state(2, {})
    hand = next(event for event in dealt.events if event.type == "hand_dealt" and event.private_to == 1)
    seen = lines.seen_event(hand, 0, False)
    assert seen.data == hand.data and not seen.private, "ana sees bo's deal without its cards"
    assert lines.seen_event(hand, 1, False).data["cards"] == hand.private["cards"], "bo sees his own"
    assert lines.line(CHI, CHI.view(state, 0), seen, NAMES) == CHI.describe(hand, NAMES)
    assert lines.reads_table(CHI) and not lines.reads_table(PLAIN)
    stood = Event("stood", "dealer.turn", {"seat": 1, "total": 17})
    assert lines.line(PLAIN, {"any": "table"}, stood, NAMES) == DEALER.describe(stood, NAMES)
    played = Event("chi_played", "chi.conflict.chi", {"seat": 1, "card": "chi-1"})
    assert lines.line(CHI, None, played, NAMES) == "bo plays a Chi", "no table at hand: describe's line"


def test_the_services_own_events_keep_their_lines_whatever_the_game():
    event = ran_out(1, {"policy": "forfeit", "deadline": "2026-11-26T10:00:00+00:00"})
    line = lines.line(CHI, CHI.view(CHI.new_state(2, {}), 0), event, NAMES)
    assert line.startswith("bo's time ran out") and not lines.is_bookkeeping(CHI, event.type)


def test_only_a_games_declared_bookkeeping_folds():
    assert lines.is_bookkeeping(CHI, "row_refilled") and lines.is_bookkeeping(CHI, "turn_started")
    assert not lines.is_bookkeeping(CHI, "card_drawn") and not lines.is_bookkeeping(CHI, "conflict_resolved")
    assert not lines.is_bookkeeping(PLAIN, "turn_started"), "a game that declares none folds nothing"
