"""Playing: the rules engine that plays a checked deck, and the players it seats.

`janken` plays a deck by the rules of Janken Wars, `bots` are the computer players, and `play` seats a person
against a bot in the terminal (`deckdsl play`).
"""
