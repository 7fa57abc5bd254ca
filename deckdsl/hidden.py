"""Raw control characters and bidirectional overrides in a deck's or a profile's source (DK018).

rustc refuses a bidirectional override in a literal or a comment, and Python warns of one (CVE-2021-42574,
"Trojan Source"): the line a reviewer reads is not the line the parser reads.  A raw ESC or BEL in a card's
name does nothing in an editor and everything in a terminal.  So the reading of a file flags every
character of `deckdsl.escapes.HIDDEN` but the line ends and tabs — one finding a text, comment or line,
its span the characters themselves — with a safe fix: inside a text or a comment, the characters written as
escapes (`\\x1b`, `\\u202e`: the text means the same); between the words, where they mean nothing, spaces.

`scan` also gives the text the parser reads: the characters between the words replaced by spaces (the same
length, so every position holds), so a stray one is reported once, here, and not again as a syntax error.
"""

from __future__ import annotations

import bisect
import re

from .diagnostics import Diagnostic, Edit, Fix
from .escapes import describe, escape, hidden_but
from .said import said
from .span import Span

RAW = hidden_but("\t\n\r")
"""The characters flagged: `HIDDEN` but for tabs and line ends, which a file may hold as they are."""

_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")

_BETWEEN_WORDS = "\x0c"
"""A form feed between the words is white space to both grammars (a page break in an old source file);
it is flagged only inside a text."""


def scan(text: str, literals: re.Pattern) -> tuple[str, list[Diagnostic]]:
    """The text for the parser and the DK018 findings of `text`, whose texts and comments `literals` finds
    (a match with a `string` group is a text, any other a comment).  Costs one search of the text when it
    holds none of the characters, as nearly every file does."""
    if RAW.search(text) is None:
        return text, []
    regions = [(match.start(), match.end(), "text" if match.lastgroup == "string" else "comment")
               for match in literals.finditer(text)]
    starts = [start for start, _, _ in regions]
    found: dict[tuple[int, str], list[int]] = {}
    for match in RAW.finditer(text):
        at = match.start()
        index = bisect.bisect_right(starts, at) - 1
        if index >= 0 and at < regions[index][1]:
            kind = regions[index][2]
            if kind == "comment" and match.group() == _BETWEEN_WORDS:
                continue
            key = (regions[index][0], kind)
        else:
            if match.group() == _BETWEEN_WORDS:
                continue
            key = (text.rfind("\n", 0, at) + 1, "code")
        found.setdefault(key, []).append(at)
    if not found:
        return text, []
    between = sorted(at for (_, kind), places in found.items() if kind == "code" for at in places)
    if between:
        pieces, last = [], 0
        for at in between:
            pieces += [text[last:at], " "]
            last = at + 1
        text_for_parser = "".join(pieces) + text[last:]
    else:
        text_for_parser = text
    return text_for_parser, [_finding(text, kind, places) for (_, kind), places in found.items()]


def _finding(text: str, kind: str, places: list[int]) -> Diagnostic:
    first, last = places[0], places[-1] + 1
    chars = [text[at] for at in places]
    counted = {char: chars.count(char) for char in dict.fromkeys(chars)}
    listed = ", ".join(describe(char) + (f" ×{count}" if count > 1 else "") for char, count in counted.items())
    if kind == "code":
        spaced = set(places)
        written = "".join(" " if at in spaced else text[at] for at in range(first, last))
        fix = Fix(said("hidden-fix-spaces", "replace them by spaces"),
                  (Edit(Span.of_range(text, first, last), written),))
    else:
        written = RAW.sub(lambda match: escape(match.group()), text[first:last])
        fix = Fix(said("hidden-fix-escapes", "write them as escapes: `{written}`", written=written),
                  (Edit(Span.of_range(text, first, last), written),))
    count = len(places)
    message = {
        "text": said("hidden-in-text", "this text holds {count} raw {count:character|characters} that "
                     "{count:does|do} not show: {chars}", count=count, chars=listed),
        "comment": said("hidden-in-comment", "this comment holds {count} raw {count:character|characters} that "
                        "{count:does|do} not show: {chars}", count=count, chars=listed),
        "code": said("hidden-in-code", "{count} raw {count:character|characters} that {count:does|do} not show, "
                     "between the words: {chars}", count=count, chars=listed),
    }[kind]
    bidi = any(_BIDI.match(char) for char in chars)
    if kind == "code":
        help_text = said("hidden-help-code", "they mean nothing here: delete them")
    elif bidi:
        help_text = said("hidden-help-bidi", "a bidirectional control makes the line read in another order than "
                         "deckdsl reads it (\"Trojan Source\"); if the text needs one, write it as an escape, "
                         "like `\\u202e`")
    else:
        help_text = said("hidden-help-control", "a terminal or a log acts on a raw control character (clears the "
                         "screen, sets its title, starts a line); if the text needs one, write it as an escape, "
                         "like `\\x1b`")
    return Diagnostic("DK018", message, Span.of_range(text, first, last), help=help_text, fix=fix)
