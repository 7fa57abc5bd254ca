"""Other card games' wording, steered to deckdsl: `draw 2 cards` → `gain top 2 cards of the deck`.

A designer who knows other card games writes their phrases (draw, destroy, each turn …).  When a syntax
error falls on one, `slip` gives the deckdsl phrase as the diagnostic's help (`deckdsl.lang.syntax`).
The table is data: add a row, and tests/test_syntax_messages.py checks its suggestion parses.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..said import said

_ = r"[ \t]+"  # the space between two words
_N = r"(?P<n>\d+|an?|one|two|three|four|five)"
_REST = r"[ \t]*(?P<rest>(?:(?!\bthen\b)[^,;:{}])*?)[ \t]*(?=,|;|\bthen\b|\}|$)"  # to the end of the step
_NUMBERS = {"a": "1", "an": "1", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5"}


def _more(**groups: str) -> str:
    return said("read-slip-more", "cards are worth points and players gain stars: write `condition: this card gets "
                "+{n}` for a card worth more, or `gain{s} 1 star`", **groups)


def _less(**groups: str) -> str:
    return said("read-slip-less", "cards are worth points and players lose stars: write `condition: this card gets "
                "-{n}` for a card worth less, or `lose{s} 1 star`", **groups)


SLIPS: tuple[tuple[str, Callable[..., str]], ...] = (
    # drawing is taking the top of the deck
    (rf"\bdraw(?P<s>s?){_}(?:a|an|one|1|the{_}top){_}card\b",
     lambda **g: said("read-slip-draw-one", "to draw a card, write `gain{s} top card of the deck`", **g)),
    (rf"\bdraw(?P<s>s?){_}{_N}{_}cards?\b",
     lambda **g: said("read-slip-draw-n", "to draw cards, write `gain{s} top {n} cards of the deck`", **g)),
    (r"\bdraw(?P<s>s?)\b", lambda **g: said("read-slip-draw", "to draw, write `gain{s} top card of the deck` (or "
                                            "`gain{s} top 2 cards of the deck`)", **g)),
    # removing a card is discarding it, taking one is gaining it
    (rf"\b(?:destroy|kill|remove|exile|trash|sacrifice)(?P<s>s?)\b{_REST}",
     lambda **g: said("read-slip-destroy", "write `discard{s} {rest}`: a removed card goes to a discard pile", **g)),
    (rf"\b(?:steal|take)(?P<s>s?)\b{_REST}",
     lambda **g: said("read-slip-steal", "to take cards into a domain, write `gain{s} {rest}`", **g)),
    # points are the cards' values, players score stars
    (rf"\b(?:get|win|earn|receive|add|score)(?P<s>s?){_}{_N}{_}(?P<star>stars?)\b",
     lambda **g: said("read-slip-stars", "write `gain{s} {n} {star}`", **g)),
    (rf"\b(?:gain|get|earn|win)(?P<s>s?){_}{_N}{_}points?\b", _more),
    (rf"\bscore(?P<s>s?){_}{_N}(?:{_}points?)?\b", _more),
    (rf"\blose(?P<s>s?){_}{_N}{_}points?\b", _less),
    (r"(?:^|:)[ \t]*(?P<sign>[+-])[ \t]*(?P<n>\d+)(?:[ \t]+(?:points?|value))?",
     lambda **g: said("read-slip-sign", "to change this card's value, write `condition: this card gets {sign}{n}`",
                      **g)),
    # back to the deck (only under it) or to a domain (there are no hands)
    (rf"\breturn(?P<s>s?){_}(?P<what>.+?){_}to{_}(?:the{_})?(?:(?:top|bottom){_}of{_}(?:the{_})?)?deck\b",
     lambda **g: said("read-slip-return-deck", "write `put{s} {what} on the bottom of the deck`", **g)),
    (rf"\breturn(?P<s>s?){_}(?P<what>.+?){_}to{_}(?:your{_}|its{_}owner['’]s{_}|the{_})?(?:hand|domain|play)\b",
     lambda **g: said("read-slip-return-hand", "there are no hands: to take the cards into your domain, write "
                      "`gain{s} {what}`", **g)),
    (rf"\breturn(?P<s>s?)\b{_REST}",
     lambda **g: said("read-slip-return", "to take cards back, write `gain{s} {rest}`; to put them back in the deck, "
                      "`put{s} {rest} on the bottom of the deck`", **g)),
    (rf"\bshuffle(?P<s>s?){_}(?P<what>.+?){_}(?:in)?to{_}(?:the{_})?deck\b",
     lambda **g: said("read-slip-shuffle-into", "deckdsl does not shuffle; to put cards back in the deck, write "
                      "`put{s} {what} on the bottom of the deck`", **g)),
    (r"\bshuffle(?P<s>s?)\b",
     lambda **g: said("read-slip-shuffle", "deckdsl does not shuffle; to put cards back in the deck, write `put{s} … "
                      "on the bottom of the deck`", **g)),
    (rf"\bon{_}(?:the{_})?top{_}of\b",
     lambda **g: said("read-slip-on-top", "cards go under the deck: write `on the bottom of the deck`")),
    # there are no turns: effects happen once (an action) or on events (a trigger)
    (rf"\b(?:at{_}the{_}(?:start|beginning|end){_}of{_})?(?:each|every|your|the|a|per|this){_}(?:turn|round)\b",
     lambda **g: said("read-slip-turn", "there are no turns: a condition holds all the time, and a trigger acts on an "
                      "event, like `condition: whenever you win a dispute: gain 1 star`")),
    (rf"\bwhen(?:ever)?{_}(?:this{_}card{_}|it{_})?(?:is{_})?(?:played|enters{_}(?:the{_})?play|comes{_}into{_}play)\b"
     r"[ \t]*:?[ \t]*(?P<rest>[^{}]*?)[ \t]*$",
     lambda **g: said("read-slip-played", "an action happens when the card is won in a dispute: write `action: {rest}`",
                      **g)),
    (rf"\b(?:counter|negate|nullify)(?P<s>s?)(?={_}(?:its|the){_}action\b){_REST}",
     lambda **g: said("read-slip-counter", "write `cancel {rest}`", **g)),
    # who acts is `opponent`, not `the opponent`; who chooses follows the cards
    (rf"\b(?:the|your){_}(?P<who>opponent(?:['’]s)?)\b",
     lambda **g: said("read-slip-the-opponent", "write `{who}`, without `the` or `your`", **g)),
    (rf"\bof{_}(?:your|their|his|her){_}choice\b",
     lambda **g: said("read-slip-choice", "say who chooses after the cards: `chosen by you` or `chosen by opponent`")),
    (rf"\ba{_}random{_}card\b", lambda **g: said("read-slip-random", "write `a card from … at random`")),
    (rf"\band\b(?={_}(?:opponent{_}|you{_})?(?:gains?|loses?|discards?|swaps?|puts?|may|if|cancel|draws?)\b)",
     lambda **g: said("read-slip-and", "join steps with `, then` or `;`, not `and`")),
    # the words of effects are English, in a Portuguese deck too
    (r"\bvalor[ \t]*=", lambda **g: said("read-slip-valor", "the words of an effect are English: write `value = …`")),
)
"""Phrases from other card games' wording (regular expressions) and what to write in deckdsl instead (said with
the expression's named groups as facts: `{s}` keeps a verb's `s`, `{n}` the number, `{rest}` the rest of the
step).  The first whose match covers the place of a syntax error gives the diagnostic's help."""

_SLIPS = tuple((re.compile(pattern, re.IGNORECASE), help) for pattern, help in SLIPS)


SLIP_WINDOW = 160
"""How far around an error `slip` reads its line: a phrase is a few words, and a line of megabytes, read
once per error, made the check of one fuzzed file take minutes (fuzz/findings, slips_87)."""


def blank_strings(line: str) -> str:
    """`line` with its quoted texts blanked (same length): words inside a name are not phrases."""
    return re.sub(r'"(?:[^"\\\n\r]|\\.)*+"?', lambda m: " " * len(m.group()), line)


def slip(text: str, offset: int) -> str | None:
    """The help for a phrase of `SLIPS` written where the error at `offset` of `text` is, or None."""
    line_start = max(text.rfind("\n", 0, offset) + 1, offset - SLIP_WINDOW)
    line_end = text.find("\n", offset, offset + SLIP_WINDOW)
    line = blank_strings(text[line_start : min(len(text), offset + SLIP_WINDOW) if line_end < 0 else line_end]
                         .rstrip("\r"))
    column = offset - line_start
    for pattern, says in _SLIPS:
        for match in pattern.finditer(line):
            # the error is inside the phrase, or right after it (`of your choice` read, then `from` fails)
            if match.start() <= column and not line[match.end() : column].strip():
                groups = {k: v or "" for k, v in match.groupdict().items()}
                groups["n"] = _NUMBERS.get(groups.get("n", "").casefold(), groups.get("n", ""))
                groups["rest"] = " ".join(groups.get("rest", "").split()) or "…"
                groups["s"] = "s" if groups.get("s") else ""
                return says(**groups)
    return None
