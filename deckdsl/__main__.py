"""`python -m deckdsl` runs the command line."""

from .cli import main

main(prog_name="deckdsl")
