"""Characters that do not show, written as escapes: one notation for deck files, profiles, terminals and logs.

Deck files are untrusted: they arrive in pull requests, `deckdsl check` reads them in CI and a reviewer runs
`show` or `simulate` on them.  A name that holds ESC or BEL could clear the reviewer's screen, set the window
title or write the clipboard (OSC 52); a newline inside a name could start a log line of its own, and a line
starting `::` is a GitHub Actions workflow command; a bidirectional override (U+202E) reorders how a line
reads (CVE-2021-42574, "Trojan Source").  So:

- `visible(text)` is the one rule for output: every such character (`HIDDEN`) written as an escape, `\\x1b`,
  `\\n`, `\\u202e`.  Every text that comes from a deck, a profile or a file name passes it before it is put
  into a line of output, so a newline inside a value never starts a new line.
- `guarded()` puts `Guard` in front of `sys.stdout` and `sys.stderr` for a command's run: whatever a command
  writes, no hidden character but the newlines and tabs of deckdsl's own layout leaves the process.  It is
  the second line of defence, not the first (it cannot tell a value's newline from deckdsl's).
- `json_text(value)` is JSON with the same characters as `\\u` escapes, which JSON readers decode back:
  machines get the text exactly, terminals never see it raw.
- `decoded(body)` reads the escapes of a quoted text in a deck or profile, the same notation `visible`
  writes: `\\n`, `\\t`, `\\r`, `\\xHH`, `\\uHHHH`, `\\UHHHHHHHH`, `\\"` and `\\\\` (any other character after
  a backslash stands for itself), so what a terminal shows can be pasted back into the deck.
- `revealed(text)` writes also the characters that take no room (a zero-width space, a joiner, a soft
  hyphen): for the message that says two names differ only by them.
"""

from __future__ import annotations

import contextlib
import re
import sys
import unicodedata
from collections.abc import Iterable, Iterator

_BEYOND_C0 = "\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"


def hidden_but(kept: str) -> re.Pattern:
    """`HIDDEN` but the characters `kept` (C0 controls: the newline and tab of a layout, say)."""
    controls = "".join(chr(point) for point in range(0x20) if chr(point) not in kept)
    return re.compile(f"[{controls}{_BEYOND_C0}]")


HIDDEN = hidden_but("")
"""The characters a terminal or a log acts on, or that change how a line reads: the C0 controls (ESC starts a
terminal's escape sequences, BEL ends some, a newline starts a log line, a carriage return writes over one),
DEL, the C1 controls (U+009B is an escape sequence by itself on some terminals), the line and paragraph
separators, and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069)."""

_HIDDEN_BUT_LAYOUT = hidden_but("\t\n")
_HIDDEN_BUT_TAB = hidden_but("\t")
_JSON_HIDDEN = re.compile(f"[{_BEYOND_C0}]")
"""What `json.dumps` leaves raw of `HIDDEN` (it escapes the C0 controls itself)."""

_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def escape(char: str) -> str:
    """One character as the deck language and `visible` write it: `\\n`, `\\t`, `\\r`, `\\x1b` below U+0100,
    `\\u202e` in the rest of the first plane, `\\U0001f600` beyond."""
    named = _NAMED.get(char)
    if named is not None:
        return named
    point = ord(char)
    return f"\\x{point:02x}" if point < 0x100 else f"\\u{point:04x}" if point < 0x10000 else f"\\U{point:08x}"


def _escaped(match: re.Match) -> str:
    return escape(match.group())


def visible(text: str, keep: str = "") -> str:
    """`text` with every `HIDDEN` character written as its escape, for a line of output; `keep="\\t"` keeps
    tabs (a source line shown under a finding keeps its indentation)."""
    pattern = _HIDDEN_BUT_TAB if keep == "\t" else HIDDEN
    if keep not in ("", "\t"):
        raise ValueError(f"visible() keeps a tab or nothing, not {keep!r}")
    return text if pattern.search(text) is None else pattern.sub(_escaped, text)


def visible_lines(lines: Iterable[str]) -> str:
    """Lines as a text for a terminal, each made `visible` and ended by a newline: a report's lines quote
    the deck's names, and a name's newline must not start a line of its own."""
    return "".join(visible(line) + "\n" for line in lines)


def _unseen(char: str) -> bool:
    """Whether a character takes no room where it is printed: a control, a format character (zero-width
    space and joiners, bidirectional marks, the soft hyphen, tags), or one of `_DRAWN_AS_NOTHING`."""
    return unicodedata.category(char) in ("Cc", "Cf") or _DRAWN_AS_NOTHING.match(char) is not None


_DRAWN_AS_NOTHING = re.compile("[\u034f\u115f\u1160\u17b4\u17b5\u180e\u3164\uffa0\ufe00-\ufe0f\U000e0100-\U000e01ef]")
"""Characters drawn as nothing that are not format characters: the combining grapheme joiner, the Hangul
fillers, the Khmer inherent vowels, the Mongolian vowel separator, the variation selectors."""


def revealed(text: str) -> str:
    """`visible(text)` with every character that takes no room written as its escape too (`\\u200b`): two
    names that print the same are told apart."""
    return "".join(escape(char) if _unseen(char) or HIDDEN.match(char) else char for char in text)


def skeleton(text: str) -> str:
    """`text` as a reader sees it printed: in one Unicode normal form (NFC), without the characters that take
    no room, its runs of white space one space, trimmed.  Two names with one skeleton look the same."""
    if text.isprintable() and unicodedata.is_normalized("NFC", text) and _DRAWN_AS_NOTHING.search(text) is None:
        return " ".join(text.split())
    shown = "".join(char for char in unicodedata.normalize("NFC", text) if not _unseen(char))
    return " ".join(shown.split())


def difference(one: str, other: str) -> list[str]:
    """The characters by which two texts of one `skeleton` differ, in the order they come: those that take no
    room, white space other than one space between words (a space itself when the runs differ), and the
    accents written apart from their letters (`e` + U+0301 for `é`)."""
    both = one + other
    found = [char for char in both if _unseen(char) or char.isspace() and char != " "]
    if any(" ".join(text.split()) != text.replace("\u00a0", " ") for text in (one, other)):
        found.append(" ")
    composed = unicodedata.normalize("NFC", both)
    found += [char for char in both if unicodedata.combining(char) and char not in composed]
    return list(dict.fromkeys(found))


def describe(char: str) -> str:
    """A character for a message: `U+202E RIGHT-TO-LEFT OVERRIDE`; a control, which has no name in Unicode's
    table, by its abbreviation (`U+001B ESC`)."""
    point = ord(char)
    name = unicodedata.name(char, "") or (_CONTROLS[point] if point < 0x20 else "DEL" if point == 0x7F else
                                          _CONTROLS[point - 0x60] if 0x80 <= point <= 0x9F else "")
    return f"U+{point:04X} {name}" if name else f"U+{point:04X}"


_CONTROLS = ("NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB "
             "ESC FS GS RS US PAD HOP BPH NBH IND NEL SSA ESA HTS HTJ VTS PLD PLU RI SS2 SS3 DCS PU1 PU2 STS CCH MW "
             "SPA EPA SOS SGCI SCI CSI ST OSC PM APC").split()
"""The abbreviations of the C0 controls (U+0000–U+001F), then of the C1 controls (U+0080–U+009F)."""


# --------------------------------------------------------------------------- quoted texts ---

_QUOTED = re.compile('[\\\\"]|' + HIDDEN.pattern)
"""What a quoted text writes as an escape: the backslash, the quote and `HIDDEN`."""


def _quoted_escape(match: re.Match) -> str:
    char = match.group()
    return "\\" + char if char in '\\"' else escape(char)


def quoted(text: str) -> str:
    """`text` as a quoted text of the deck and profile languages (`"…"`: `\\`, `"` and every `HIDDEN`
    character escaped), which `decoded` reads back as `text`: what deckdsl writes into a deck (a fix, a
    scaffold, an imported sheet, a tuned variant) never holds a raw control character."""
    return '"' + _QUOTED.sub(_quoted_escape, text) + '"'


def plainly_quoted(text: str) -> bool:
    """Whether `text` was most likely written as `quoted(text)`, `text` between quotes, so that its length in a
    file is known: it holds nothing `quoted` escapes, nor a character that takes no room (which a deck writes
    as an escape, `\\u200b`).  A fix placed by it is checked before it is applied (`deckdsl.check.fixes`)."""
    return _QUOTED.search(text) is None and (text.isprintable() or not any(map(_unseen, text)))


# --------------------------------------------------------------------------- reading escapes ---

_ESCAPE = re.compile(
    r"\\(?:u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})"
    r"|x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|(.))", re.S)
_LETTERS = {"n": "\n", "t": "\t", "r": "\r"}


def _decode(match: re.Match) -> str:
    high, low, byte, unit, wide, other = match.groups()
    if high is not None:
        return chr(0x10000 + ((int(high, 16) - 0xD800) << 10) + int(low, 16) - 0xDC00)
    if other is not None:
        return _LETTERS.get(other, other)
    point = int(byte or unit or wide, 16)
    return match.group() if point > 0x10FFFF or 0xD800 <= point <= 0xDFFF else chr(point)


def decoded(body: str) -> str:
    """The text a quoted string's `body` (between its quotes) stands for: its escapes read (see the module
    docstring).  A `\\u` pair of surrogates is one character, as JSON writes one; an escape that is no
    character (a lone surrogate, past U+10FFFF) stays as written, so no text deckdsl reads can fail to be
    written as UTF-8."""
    return body if "\\" not in body else _ESCAPE.sub(_decode, body)


# ---------------------------------------------------------------------------- JSON output ---


def json_text(value: object, **options) -> str:
    """`json.dumps(value, ensure_ascii=False, **options)` with every `HIDDEN` character a `\\u` escape: the
    same JSON for a reader, nothing raw for a terminal."""
    import json  # not at import: `deckdsl check`'s own formats need no JSON

    text = json.dumps(value, ensure_ascii=False, **options)
    return text if _JSON_HIDDEN.search(text) is None else _JSON_HIDDEN.sub(
        lambda match: f"\\u{ord(match.group()):04x}", text)


# ----------------------------------------------------------------------------- the streams ---


class Guard:
    """A text stream in front of `stream` (sys.stdout, sys.stderr) that writes every `HIDDEN` character but
    newlines and tabs as its escape.  It has no `buffer`, so nothing (click's `echo` among others) writes
    past it; the stream it guards is `raw` (a progress bar draws with its own escapes there, and the
    language server's protocol is bytes)."""

    def __init__(self, stream) -> None:
        self.raw = stream

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if _HIDDEN_BUT_LAYOUT.search(text) is not None:
            text = _HIDDEN_BUT_LAYOUT.sub(_escaped, text)
        return self.raw.write(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str):
        if name == "buffer":
            raise AttributeError("a guarded stream has no buffer: write text to it, or bytes to its `raw`")
        return getattr(self.raw, name)


def unguarded(stream):
    """The stream a `Guard` stands in front of (the stream itself when it is not guarded)."""
    return stream.raw if isinstance(stream, Guard) else stream


@contextlib.contextmanager
def guarded() -> Iterator[None]:
    """`sys.stdout` and `sys.stderr` behind a `Guard` while the block runs (once: guarding twice is once)."""
    before = sys.stdout, sys.stderr
    sys.stdout = before[0] if isinstance(before[0], Guard) or before[0] is None else Guard(before[0])
    sys.stderr = before[1] if isinstance(before[1], Guard) or before[1] is None else Guard(before[1])
    try:
        yield
    finally:
        sys.stdout, sys.stderr = before
