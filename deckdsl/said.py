"""Words deckdsl says to a designer, ready to be said in another language: `said(key, template, **facts)`.

A diagnostic's message, help, notes and labels are English text written where the finding is made — the
source language, as a gettext message is — and each carries the `key` of its message in the catalogs of the
other languages (`deckdsl/check/locales/<tag>.ftl`, Project Fluent) and the `facts` it was written with.
`Said` is a `str` (the English), so everything that reads a message reads it as before; a view that speaks
another language asks the catalog for `key` with the facts (`deckdsl.text.diagnostics`), and falls back to
the English where a catalog lacks it.  Codes, spans and the JSON and SARIF fields stay English: they are
for machines.

English templates are `str.format` fields by name, and a plural by the number it counts:
`{count} {count:card|cards}`.  tests/test_said.py reads every `said(...)` of the package and checks that
each key has one template and that every catalog has each key with the same facts.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_PLURAL = re.compile(r"\{(\w+):([^{}|]*)\|([^{}|]*)\}")

Fact = str | int


class Said(str):
    """English text (the `str` itself), with the `key` of its message in the catalogs and its `facts`."""

    key: str
    facts: tuple[tuple[str, Fact], ...]

    def __new__(cls, text: str, key: str, facts: tuple[tuple[str, Fact], ...] = ()) -> Said:
        made = super().__new__(cls, text)
        made.key, made.facts = key, facts
        return made

    def __reduce__(self):
        return Said, (str(self), self.key, self.facts)

    def map(self, change: Callable[[str], str], fact: Callable[[str], str]) -> Said:
        """The same words with `change` made to the text and `fact` to every text fact (shortened, escaped)."""
        return Said(change(str(self)), self.key,
                    tuple((name, fact(value) if isinstance(value, str) else value) for name, value in self.facts))


def said(key: str, template: str, /, **facts: Fact) -> Said:
    """`template` written with `facts` (English), carrying `key` and the facts for the other languages."""
    text = _PLURAL.sub(lambda m: m.group(2) if facts[m.group(1)] == 1 else m.group(3), template)
    return Said(text.format(**facts), key, tuple(facts.items()))
