"""Rules every game shares: the ids cited by the service for what is not a game's own rule."""

from domain.contract import Rule

COMMON_RULES: dict[str, Rule] = {
    rule.id: rule
    for rule in (
        Rule("game.created", "Service", "A game is created with its seats and a committed seed."),
        Rule("game.turn-order", "Service", "Only the seat whose decision it is may act."),
        Rule("game.over", "Service", "Once the game has ended no decision is left to take."),
        Rule("game.rules", "Service", "The action must be one the game's rules allow."),
        Rule("game.takeback", "Service", "A seat may take back its own last decision while nobody else has decided "
             "since and it drew nothing nor showed the seat anything new."),
        Rule("game.clock", "Service", "A game with a clock gives each decision a time; when it runs out, the seat "
             "forfeits or a bot plays that decision, as the clock was set."),
    )
}
