"""The schema of a game's public rules (web.api.rules), and the rule references replays cite."""


from marshmallow import Schema, fields


class RuleRef(Schema):
    id = fields.String()
    section = fields.String()
    text = fields.String()


class SeatRange(Schema):
    min = fields.Integer(metadata={"description": "the fewest seats a game of it has"})
    max = fields.Integer(metadata={"description": "the most"})


class NamedDeck(Schema):
    name = fields.String()
    cards = fields.List(fields.String(), metadata={"description": "its card ids, a copy an entry"})


class PublicRules(Schema):
    game = fields.String()
    title = fields.String()
    version = fields.String(metadata={"description": "the rules' version, stored with every game"})
    seats = fields.Nested(SeatRange)
    bots = fields.List(fields.String(), metadata={"description": "the names of the bots that play it"})
    bot_strengths = fields.Dict(keys=fields.String(), values=fields.List(fields.Integer()), metadata={
        "description": "for each bot a seat may give a strength (`seats[].strength`), its levels, weakest first "
                       "(only for a game that has one)", "example": {"search": [1, 2, 3, 4, 5]}})
    rules = fields.List(fields.Nested(RuleRef), metadata={"description": "the rule index every event and refusal cites"})
    cards = fields.List(fields.Dict(), metadata={
        "description": "the game's card catalogue, each card as printed, in the game's own shape (only for a game "
                       "with a catalogue)"})
    decks = fields.List(fields.Nested(NamedDeck), metadata={
        "description": "the decks a seat may bring by name (only for a game that has them)"})
