"""Li Mu's and the Bot's cards as data (rivals.toml): the decks the seed names, every word of its
appendix used, S01 as the seed's worked example, the Bot's restrictions, the die and each
difficulty's round decks; and a loader that refuses a card the rules could not play."""

from domain.tianxia.board.loader import BOARD
from domain.tianxia.rival_turn import LAST_CARD_TURN
from domain.tianxia.board.rivals import LINE_WORDS, RIVALS, SOLDIERS_WHERE, TOP_WORDS, Line, build
from tests.unit.tianxia.board_data import refusal_of, written

DATA = written("rivals.toml")
WEST_TO_EAST = ("longxi", "yunzhong", "yanmen", "yuyang")


def refusal(change) -> str:
    return refusal_of(build, DATA, change)


def card(data, card_id):
    return next(entry for entry in data["card"] if entry["id"] == card_id)


def test_li_mu_has_nine_basic_and_seven_advanced_cards_and_the_bot_nine():
    assert [c.id for c in RIVALS.deck("li-mu", "basic")] == [f"S0{n}" for n in range(1, 10)]
    assert [c.id for c in RIVALS.deck("li-mu", "advanced")] == [f"S0{n}A" for n in range(1, 8)]
    assert [c.id for c in RIVALS.deck("bot")] == [f"B{n}" for n in range(1, 10)]


def test_every_action_of_the_seeds_appendix_is_on_some_card():
    cards = RIVALS.cards.values()
    assert {c.top.word for c in cards} == set(TOP_WORDS), "region (L255) and fortify (L254)"
    assert any(c.top.starred for c in cards), "a starred line, ignored on Li Mu's 4th turn (L255)"
    lines = [line for c in cards for line in c.lines]
    assert {line.word for line in lines} == set(LINE_WORDS)
    assert {line.where for line in lines if line.word == "soldiers"} == set(SOLDIERS_WHERE), (
        "soldiers where the nomad is strongest, weakest (L257) and the chieftain closest (L258)")
    assert any(line.word == "wall" and line.where == "fewest" for line in lines), "the wall of L259"
    assert any(line.word == "wall" and line.with_soldier for line in lines), "a wall and a soldier together (L186)"
    assert {line.side for line in lines if line.word == "deliver"} == {"left", "right"}, "deliveries from both sides (L263)"


def test_s01_is_the_card_of_the_seeds_worked_example():
    s01 = RIVALS.cards["S01"]
    assert s01.deck == "li-mu" and s01.level == "basic"
    assert s01.top.word == "region" and s01.top.region == "qi" and not s01.top.starred, (
        "marker in Qi, a black advance and a governor in Qi (L214)")
    assert BOARD.regions["qi"].palace == "black"
    assert s01.lines == (
        # Two soldiers where the strength is highest; the tie between the two sections on the right
        # goes to the rightmost by the card's list (L194).
        Line("soldiers", count=2, where="strongest", priority=("yuyang", "yanmen", "yunzhong", "longxi")),
        Line("deliver", count=1, port="qi", side="left"),  # a delivery to the ship in Qi from the left (L198)
        Line("advance", track="white"),  # and one advance on the white track (L198)
    )


def test_a_cards_numbers_name_wall_sections_west_to_east_and_barges_left_to_right():
    assert tuple(BOARD.walls) == WEST_TO_EAST
    assert RIVALS.cards["S06"].lines[0].sections == ("yuyang",)
    assert RIVALS.cards["S06A"].lines[0].sections == ("yanmen", "yuyang")
    assert RIVALS.cards["S08"].lines[1].barge == tuple(BOARD.barges)[0]
    assert RIVALS.cards["S04"].lines[0].barge == tuple(BOARD.barges)[2]


def test_no_bot_card_passes_stars_a_line_or_gains_prestige():
    for bot_card in RIVALS.deck("bot"):
        assert not bot_card.top.starred and not bot_card.passes_late
        assert all(line.word != "prestige" for line in bot_card.lines)
    assert refusal(lambda d: card(d, "B1")["lines"].append({"pass_late": True})) == (
        "card B1 line 3: pass_late: the Bot passes after its 3rd turn, never by a card")
    assert refusal(lambda d: card(d, "B2")["lines"].append({"prestige": 1, "per": "wall"})) == (
        "card B2 line 3: prestige: the Bot gains no prestige")
    assert refusal(lambda d: card(d, "B3")["top"].update(starred=True)) == (
        "card B3 top: starred: the Bot ignores no section on a 4th turn; it takes 3")


def test_each_advanced_card_replaces_its_own_basic_card_and_does_at_least_as_much():
    def advances(card):
        return sum(1 for line in card.lines if line.word in ("advance", "advance_least"))

    for advanced in RIVALS.deck("li-mu", "advanced"):
        basic = RIVALS.cards[advanced.replaces]
        assert advanced.id == f"{basic.id}A"
        assert len(advanced.lines) >= len(basic.lines)
        assert advanced.passes_late == basic.passes_late, "an Advanced card keeps its Basic card's timing"
        assert advances(advanced) > advances(basic), f"{advanced.id} advances Li Mu further than {basic.id}"


def test_a_roll_of_3_resolves_the_leftmost_card_and_every_face_picks_one_card():
    assert RIVALS.die[3] == "first", "the seed's example (L210)"
    assert sorted(RIVALS.die) == [1, 2, 3, 4, 5, 6]
    assert [RIVALS.die[face] for face in range(1, 7)] == ["first"] * 3 + ["second"] * 2 + ["deck"]
    assert refusal(lambda d: d["die"].update(deck=[]))  == "die: faces 6 pick no card"
    assert refusal(lambda d: d["die"].update(deck=[6, 3])) == "die: deck: 3 is not a face of the die, or is named twice"


# The seed's table of each round's deck (L158-162) as the extraction kept it: each level's column,
# rounds 1 to 4, None for a blank cell.
EXTRACTED = {
    "easy": [None, "6 Basic", None, None],
    "normal": ["5 Basic 1 Advanced", "4 Basic 2 Advanced", "3 Basic 3 Advanced", None],
    "hard": ["4 Basic 2 Advanced", None, "2 Basic 4 Advanced", None],
    "emperor": [None, "7 Advanced 2 Basic (S08 and S09)", None, None],
}


def merged(column: list[str | None]) -> list[str]:
    """A column read as merged cells (tianxia.house.round-decks): a merged cell's text, centred,
    lands on its upper middle row, so a blank cell is part of the written cell above it, and a
    blank at the top of its column part of the first written cell below."""
    first = next(cell for cell in column if cell is not None)
    read, above = [], first
    for cell in column:
        above = cell if cell is not None else above
        read.append(above)
    return read


def counts(cell: str) -> tuple[int, int]:
    """(Basic, Advanced) of a cell such as "4 Basic 2 Advanced"."""
    words = cell.split()
    return tuple(int(words[words.index(kind) - 1]) if kind in words else 0 for kind in ("Basic", "Advanced"))


def test_each_round_deck_reads_the_difficulty_table_one_way_merged_cells_throughout():
    levels = RIVALS.levels
    assert list(levels) == ["easy", "normal", "hard", "emperor"]
    for level, column in EXTRACTED.items():
        assert levels[level].rounds == tuple(counts(cell) for cell in merged(column)), level
    # So Easy and Emperor keep one deck all game, Normal's last cell and Hard's both span two rounds.
    assert levels["normal"].rounds == ((5, 1), (4, 2), (3, 3), (3, 3))
    assert levels["hard"].rounds == ((4, 2), (4, 2), (2, 4), (2, 4))


def test_each_round_deck_fits_its_stacks_and_gives_li_mu_a_card_for_every_roll():
    levels = RIVALS.levels
    # The stacks: Normal draws 4 Advanced cards and Hard 5, each replacing its Basic card (L115-116);
    # Emperor plays S08, S09 and all 7 Advanced cards (L117).
    assert (levels["normal"].advanced_drawn, levels["hard"].advanced_drawn) == (4, 5)
    assert levels["emperor"].basic == ("S08", "S09") and len(levels["emperor"].advanced) == 7
    for level in levels.values():
        basic, advanced = len(level.basic) - level.advanced_drawn, len(level.advanced) + level.advanced_drawn
        for basic_cards, advanced_cards in level.rounds:
            assert basic_cards <= basic and advanced_cards <= advanced
            # Li Mu turns up 2 cards and plays 4, any of which may be the deck's top (L164, L176-180).
            assert basic_cards + advanced_cards >= BOARD.li_mu.open_cards + LAST_CARD_TURN
    assert refusal(lambda d: d["level"][1].update(rounds=[[5, 1], [4, 2], [3, 3], [1, 5]])) == (
        "level normal: rounds: round 4 wants 1 Basic and 5 Advanced cards of stacks of 5 and 4")


def test_a_card_naming_what_the_board_does_not_have_is_refused_naming_the_card_and_line():
    assert refusal(lambda d: card(d, "S04")["top"].update(region="shu")) == (
        "card S04 top: region: 'shu' is not one of yan, zhao, qin, qi, wei, zhou, han, chu")
    assert refusal(lambda d: card(d, "S01")["lines"][1].update(port="wei")) == (
        "card S01 line 2: port: 'wei' is not one of yan, qi, chu")
    assert refusal(lambda d: card(d, "S06")["lines"][0].update(soldier=[5])) == (
        "card S06 line 1: soldier: 5 is not a number from 1 to 4")
    assert refusal(lambda d: card(d, "S01")["lines"][2].update(advance="green")) == (
        "card S01 line 3: advance: 'green' is not one of black, white, blue, red")


def test_a_priority_list_must_name_every_section_once():
    assert refusal(lambda d: card(d, "S01")["lines"][0].update(priority=[4, 3, 3, 1])) == (
        "card S01 line 1: priority: [4, 3, 3, 1] does not name each of 1 to 4 once")


def test_a_misspelt_field_or_an_unknown_word_is_refused_rather_than_ignored():
    assert refusal(lambda d: card(d, "S02")["lines"][0].update(prority=[1, 2, 3, 4])) == (
        "card S02 line 1: prority: no such field here")
    assert refusal(lambda d: card(d, "S02")["lines"].append({"recruit": 2})) == (
        "card S02 line 4: recruit: one word of soldier, soldiers, wall, worker, workers, deliver, pass_late, "
        "advance, advance_least, prestige was expected")


def test_an_advanced_card_must_replace_a_basic_card_no_other_does():
    assert refusal(lambda d: card(d, "S02A").update(replaces="S01")) == "two Advanced cards replace the same Basic card"
    assert refusal(lambda d: card(d, "S02A").update(replaces="B2")) == (
        "card S02A: replaces: 'B2' is not a Basic card of Li Mu's")
