"""Guideline rules, one per module (see `deckdsl.check.rule`)."""
