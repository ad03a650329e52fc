"""Without RQ workers, the process that made the move sends the "your turn" webhook itself."""

import pytest

from services.compose import build
from services.errors import InvalidRequest
from tests.conftest import MEMORY
from tests.receiver import Receiver


@pytest.fixture
def services():
    """The receiver listens on 127.0.0.1, which the operator allows here."""
    return build({**MEMORY, "CHRONICLE_WEBHOOK_ALLOW_HOSTS": "127.0.0.1"})


def test_after_the_bots_reply_the_player_is_told_it_is_their_turn(services):
    with Receiver() as receiver:
        ana = services.commands.players.register("ana", receiver.url)
        receiver.secret = ana["webhook_secret"]
        created = services.commands.create("chi", [{"player": ana["id"]}, {"bot": "random"}], seed="in-process-hook",
                                           host_key=ana["key"])
        game = services.store.game(created.id)
        assert game.to_act() == 0, "the bot has played, if it was first"
        [call] = receiver.wait_for(1)
    assert call["json"]["game"] == str(created.id) and call["json"]["version"] == game.version
    assert call["refusal"] is None, "signed so that the standardwebhooks library verifies it"


def test_without_the_allowance_a_local_callback_is_refused_when_set():
    strict = build(MEMORY)
    with Receiver() as receiver:
        with pytest.raises(InvalidRequest, match="127.0.0.1: a loopback address") as refused:
            strict.commands.players.register("ana", receiver.url)
    assert refused.value.field == "callback_url" and receiver.received == []
