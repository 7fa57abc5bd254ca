"""The balance lab: a deck played thousands of times by bots, and the figures a designer reads.

`arena` is the simulator for every game (`deckdsl simulate`); `report` draws any game's figures as one HTML
page (`--report`: what its engine's view shows, with `charts`); `compare`, `sweep` and `tune` play variants of a
deck on it, and `evidence` tests balance findings by play.
"""
