"""The Xi catalogue as data: the words a card may use (vocabulary), every card (catalogue, from
cards.toml), the starter decks (decks, from decks.toml), the cards the FAQ removes, the names a
replay line gives them (labels) and the catalogue printed as a table (card_table)."""
