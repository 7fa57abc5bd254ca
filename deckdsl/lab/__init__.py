"""The balance lab: a deck played thousands of times by bots, and the figures a designer reads.

`sim` runs the games and tallies the figures (`deckdsl simulate`); `simreport` draws them as an HTML page
(`--report`).
"""
