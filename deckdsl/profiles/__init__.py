"""Game profiles: what a game fixes for every deck, written in the game profile language (`*.game`).

`gamefile` reads a profile's syntax, `profile` checks what it means and builds the `Profile`, `fields` holds
the fields every card and deck header has whatever the game, and `scaffold` writes a new profile to start
from.  The shipped profiles are the `*.game` files of this folder.
"""
