"""Chi's lines read against the table: the conflict a Chi is played in, the points a conflict or
a Yang changes, and a card drawn from the deck named to its drawer only."""

from domain.chi import RULES
from domain.chi.cards import CHI, label
from tests.unit.chi.builders import act, attack, chi, play, table
from tests.unit.chi.playouts import play_out
from tests.unit.events import lines_seen, names_hidden_from

NAMES = ["ana", "bo"]
DECK = ["yang-purple-1", "yin-white-1", "yin-white-2"]


def board(attacker_hand, defender_hand, defender_area=(["yang-gold-1"],)):
    return table(hands=[attacker_hand, defender_hand], areas=[[], list(defender_area)], deck=DECK)


def test_a_conflict_says_what_was_attacked_who_answered_and_the_points_it_cost():
    state = board(["yin-gold-1", "chi-1", "chi-2", "yin-red-1"], ["chi-3", "yang-blue-1"])
    _, state = act(state, attack("yin-gold-1", "yang-gold-1"))
    answered, after = act(state, chi("chi-3"))
    assert lines_seen(RULES, state, answered, 0, NAMES)[0] == "bo plays a Chi in the conflict over bo's gold Yang (6)"
    more, _ = act(after, chi("chi-1"))
    resolved = [line for line in lines_seen(RULES, after, more, 1, NAMES) if "wins the conflict" in line]
    assert resolved == ["ana wins the conflict: bo's gold Yang (6) is destroyed (bo's points in play 6 -> 0); to the "
                        "discard pile: the gold Yin, a Chi, a Chi, the gold Yang (6)"]


def test_a_yang_played_says_where_and_the_points_it_adds():
    state = table(hands=[["yang-red-1", "yin-red-1"], ["chi-1"]], areas=[[], []], deck=DECK)
    events, _ = act(state, play("yang-red-1"))
    [line] = [line for line in lines_seen(RULES, state, events, 1, NAMES) if "plays" in line]
    assert line.startswith("ana plays the red Yang") and "starting a new stack (1 stack): ana's points in play 0 -> " in line


def test_a_card_drawn_from_the_deck_is_named_to_its_drawer_and_to_no_one_else():
    state = board(["yin-gold-1", "yin-red-1"], ["yin-red-2", "yang-blue-1"])
    events, _ = act(state, attack("yin-gold-1", "yang-gold-1"))
    assert "ana draws the purple Yang (3) from the deck" in lines_seen(RULES, state, events, 0, NAMES)
    assert "ana draws a card from the deck" in lines_seen(RULES, state, events, 1, NAMES)


def words(card):
    """A card as a line names it; every Chi alike is "a Chi", which names none of them."""
    return None if card["kind"] == CHI else label(card["id"])


def test_no_line_names_a_card_the_viewers_table_hides():
    checked = 0
    for n in range(3):
        playout = play_out(f"lines-{n}")
        state = RULES.new_state(2, {})
        for viewer in (0, 1, None):
            lines = lines_seen(RULES, state, playout.events, viewer, NAMES)
            for line, hidden in zip(lines, names_hidden_from(RULES, state, playout.events, viewer, words)):
                checked += bool(hidden)
                assert not [name for name in hidden if name in line], line
    assert checked
