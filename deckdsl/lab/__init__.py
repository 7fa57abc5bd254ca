"""The balance lab: a deck played thousands of times by bots, and the figures a designer reads.

`arena` is the simulator for every game (`deckdsl simulate`); `arenareport` draws its figures as an HTML page
(`--report`; Janken Wars' own figures on `simreport`'s page); `compare`, `sweep` and `tune` play variants of a
deck on it, and `evidence` tests balance findings by play.
"""
