"""Without RQ workers, the process that made the move sends the "your turn" webhook itself."""

from services.webhooks import SIGNATURE
from tests.receiver import Receiver


def test_after_the_bots_reply_the_player_is_told_it_is_their_turn(services):
    with Receiver() as receiver:
        ana = services.commands.players.register("ana", receiver.url)
        created = services.commands.create("chi", [{"player": ana["id"]}, {"bot": "random"}], seed="in-process-hook",
                                           host_key=ana["key"])
        game = services.store.game(created.id)
        assert game.to_act() == 0, "the bot has played, if it was first"
        [call] = receiver.wait_for(1)
    assert call["json"]["game"] == str(created.id) and call["json"]["version"] == game.version
    assert call["headers"][SIGNATURE].startswith("sha256=")
