"""The Xi bots: the general bot (general) and what it reads of a public table (table), the values it
gives to cards and moves (values), its look ahead at a skirmish or an attack (whatif), and the
hidden cards dealt from a seat's view for the search bot (determinize)."""
