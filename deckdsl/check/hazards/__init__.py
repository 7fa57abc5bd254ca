"""Ordering hazards: effects of different cards whose order changes the game, and the addenda that order
them.  `analysis` finds them (`Analysis`), playing both orders of each pair (`search`) on situations of the
reference rules (`board`: the cards and their values; `world`: choices, steps and events) once `prune` has
ruled out the pairs that cannot differ; `pairs` holds what a pair and its witness are; `order` reads the
deck's `order:` lines; `describe` tells a witness in words; `findings` turns hazards into diagnostics.
"""
