"""A Xanadu table dealt from a seat's view, for the search bot: the turn under way is the seat's
own, so the dealt table takes back the same steps, in the same order, as the real one."""

from domain import registry
from domain.rng import Rng

RULES = registry.get("xanadu")


def test_a_dealt_table_holds_the_turns_undo_steps_as_the_real_one_does():
    checked = 0
    for game in range(8):
        state = RULES.setup(2 + game % 3, RULES.new_game_options({}), Rng(f"undo-{game}", "setup")).state
        for decision in range(3000):
            seat = RULES.to_act(state)
            if seat is None:
                break
            if state.plan is not None and state.plan["steps"]:
                dealt = RULES.search.determinize(RULES.view(state, seat), Rng(f"undo-{game}", f"deal-{decision}"))
                assert dealt.plan["steps"] == state.plan["steps"]
                checked += 1
            legal = RULES.legal_actions(state, seat)
            state = RULES.decide(state, seat, Rng(f"undo-{game}", f"c{decision}").choice(legal),
                                 Rng(f"undo-{game}", f"d{decision}")).state
    assert checked > 100
