"""Why the rules refuse a decision: each error names the rule and says why in plain words."""


class RulesError(Exception):
    """A decision the rules refuse; `rule` is the id of the rule in the game's rulebook."""

    rule = "game.rules"

    def __init__(self, reason: str, rule: str | None = None):
        super().__init__(reason)
        self.reason = reason
        if rule is not None:
            self.rule = rule


class IllegalAction(RulesError):
    """The action breaks a rule of the game."""


class NotYourTurn(RulesError):
    """The seat asked to act while the decision belongs to another seat."""

    rule = "game.turn-order"


class GameOver(RulesError):
    """The game has ended; no decision is left to take."""

    rule = "game.over"
