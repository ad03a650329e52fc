"""How an Xi game ends: players at 0 life, a player out of a game of 3-4, "neither can win", and
the turn limit.

After the state checks, every player at 0 life has fallen (xi.end.zero-life). While two or more
players are left standing the fallen are out (`player_out`, xi.house.free-for-all): the cards
they own leave play for their discard pile, and the units they took control of go back. Once
one player or none is left, the game ends: the last one wins, and players fallen together with
nobody left standing draw (xi.house.together-at-zero).

"Neither can win" (L385-386, xi.house.no-win) is judged on public facts. Once every deck of the
players still in is empty, a turn is quiet unless it ends with less life on the table (players
and units) than every turn before it since then (evolve.py keeps the mark); three quiet turns in
a row for each player still in end the game as a draw. So does, at once, a
table on which every deck and every hand is empty, no unit has damage to deal, and no card in
play can change life. Turn 400 is the last in any case (xi.house.turn-limit).
"""

from __future__ import annotations


from domain.xi.cards.catalogue import CARDS
from domain.xi.emitter import Emitter
from domain.xi.language.layers import derive_all
from domain.xi.language.special import odd_numbers
from domain.xi.state import OVER, PLAY, QUIET_TURNS_EACH, TURN_LIMIT, XiState

# Words of the vocabulary that change a unit's or a player's life.
LIFE_WORDS = frozenset({"damage", "heal", "gain_life", "lose_life", "move_life", "destroy"})
CHANGES_LIFE = frozenset(card.id for card in CARDS.values()
                         if any(dict(entry)["do"] in LIFE_WORDS for entry in (*card.trigger, *card.ability)))
PICKS_DAMAGE = frozenset(card.id for card in CARDS.values()
                         if any(dict(entry).get("code") for entry in card.static))


def in_game(state: XiState) -> list[int]:
    """The seats still in the game, in seat order."""
    return [seat for seat, player in enumerate(state.players) if not player.out]


def fallen(em: Emitter) -> bool:
    """Players at 0 are out, or the game ends; True when cards left play (the checks run again)."""
    state = em.state
    down = [seat for seat in in_game(state) if state.players[seat].life <= 0]
    if not down or state.phase == OVER:
        return False
    standing = [seat for seat in in_game(state) if seat not in down]
    if len(standing) >= 2:
        for seat in down:
            put_out(em, seat)
        return True
    em.emit("game_ended", "xi.end.zero-life" if standing else "xi.house.together-at-zero",
            {"reason": "zero-life", "winners": standing, "fallen": down})
    return False


def put_out(em: Emitter, seat: int) -> None:
    """`seat` is out: the units it took control of go back, and the cards it owns leave play."""
    state = em.state
    for effect in state.effects:
        if effect.where == "1" and effect.value == seat:
            em.emit("effect_ended", "xi.house.free-for-all", {"since": effect.since, "source": effect.source,
                                                              "to": list(effect.to)})
    leaving = [unit.uid for unit in em.state.units if unit.owner == seat]
    leaving += [card.iid for card in em.state.in_play if card.owner == seat]
    em.emit("player_out", "xi.house.free-for-all", {"seat": seat, "cards": leaving})


def end_of_turn(em: Emitter) -> bool:
    """After a turn has ended: True if the game ends here, as a draw (quiet turns, turn 400)."""
    state = em.state
    standing = 0  # len(in_game(state)), counted in a loop without the list
    for player in state.players:
        if not player.out:
            standing += 1
    if state.quiet_turns >= QUIET_TURNS_EACH * standing:
        em.emit("game_ended", "xi.house.no-win", {"reason": "no-win", "winners": [], "quiet_turns": state.quiet_turns})
        return True
    if state.turn >= TURN_LIMIT:
        em.emit("game_ended", "xi.house.turn-limit", {"reason": "turn-limit", "winners": []})
        return True
    return False


def judge_no_win(em: Emitter) -> None:
    """Between decisions: a table on which nobody can ever change life again is a draw at once."""
    state = em.state
    if state.phase != PLAY or state.pending:
        return
    for player in state.players:  # a loop, as this runs after every decision: a generator costs more
        if (player.deck or player.hand) and not player.out:
            return  # the usual case, and the cheapest to tell: a player still in holds a card
    if any(card.card in CHANGES_LIFE for card in (*state.units, *state.in_play)):
        return
    odd = None
    for unit in derive_all(state).values():
        if unit.damage > 0:
            return
        if unit.card in PICKS_DAMAGE:
            odd = odd_numbers(state) if odd is None else odd
            if odd:
                return
    em.emit("game_ended", "xi.house.no-win", {"reason": "no-win", "winners": [], "quiet_turns": state.quiet_turns})
