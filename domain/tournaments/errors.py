"""Why a tournament refuses a request: each error names the rule and says why in plain words."""

from domain.errors import RulesError


class TournamentError(RulesError):
    """A request the tournament's rules refuse (a full field, a round still running, a bad setting)."""

    rule = "tournament.rules"
