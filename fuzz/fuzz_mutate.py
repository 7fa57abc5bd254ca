"""The fuzzer's mutations (fuzz/fuzz.py): the word lists every target draws from, `Mutator` (line and byte
mutations of a seed), and two gentler kinds for the targets that need a text that still reads — `Layout`
(whitespace, line breaks and comments only: `fmt`) and `slips` (a letter added, dropped, doubled or
swapped in a word outside strings and comments: `--fix`).

Every choice is drawn from the `random.Random` the caller gives, so a run is reproducible input by input.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PUNCT = ["{", "}", "(", ")", "[", "]", ":", ",", ";", '"', "'", '"""', "#", "*", "+", "-", "/", "=", "…", "\\",
         "\n", "\t", " ", "{{", "}}", "{0}", "{n:s}", "{x!r}", "%s", "$"]
NUMBERS = ["0", "-0", "1", "-1", "9" * 9, "9" * 10, "999999999", "1000000000", "9" * 310, "9" * 4302, "1e308",
           "1.5", "-99999999", "2147483648", "18446744073709551616", "0x10", "1_000", "+5", "--3", "nan", "inf"]
UNICODE_DIGITS = ["²", "٣", "３", "۵", "߃", "९", "๓", "①", "Ⅻ", "𝟘", "¼", "᧑", "߀"]
STRANGE = ["\x00", "\ufeff", "\u200b", "\u202e", "\r", "\r\n", "\x0b", "\x0c", "\x85", "\u2028", "\ud7ff", "é",
           "e\u0301", "ﬁ", "İ", "ß", "😀", "\U0010ffff", "\x7f"]
BAD_BYTES = [b"\xff", b"\xfe", b"\xc3", b"\xc3\x28", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80", b"\xe2\x82",
             b"\xef\xbb\xbf", b"\xff\xfe"]
LINE_BREAKS = ["\n", "\r\n", "\r", "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e"]
"""Every character or pair `str.splitlines` ends a line at (the deck grammar ends lines at the first three)."""


def grammar_words(name: str) -> list[str]:
    text = (ROOT / "grammars" / name).read_text(encoding="utf-8")
    code = "\n".join(line.split("//")[0] for line in text.splitlines())
    words = set(re.findall(r'"([^"\\]{1,20})"', code)) | set(re.findall(r"[A-Za-zÀ-ÿ_][\wÀ-ÿ'’]{1,20}", code))
    return sorted(w for w in words if w.strip())


def seed_words(seeds: list[bytes], limit: int = 400) -> list[str]:
    words: set[str] = set()
    for data in seeds:
        words |= set(re.findall(r"[^\W\d][\w'’-]*", data.decode("utf-8", "replace")))
    return sorted(words)[:limit] if len(words) <= limit else sorted(random.Random(0).sample(sorted(words), limit))


class Mutator:
    """1-4 random mutations of a seed, by line and by byte or token; `words` are half the tokens inserted."""

    def __init__(self, rng: random.Random, seeds: list[bytes], words: list[str]):
        self.rng, self.seeds, self.words = rng, seeds, words

    def token(self) -> str:
        r = self.rng.random()
        if r < 0.5:
            return self.rng.choice(self.words)
        if r < 0.65:
            return self.rng.choice(NUMBERS)
        if r < 0.75:
            return self.rng.choice(UNICODE_DIGITS)
        if r < 0.9:
            return self.rng.choice(PUNCT)
        return self.rng.choice(STRANGE)

    def mutate(self, data: bytes) -> bytes:
        for _ in range(self.rng.choice((1, 1, 1, 2, 2, 3, 4))):
            data = self.rng.choice(self.OPS)(self, data)
        return data

    # -- line level
    def _lines(self, data: bytes) -> list[bytes]:
        return data.splitlines(keepends=True) or [b""]

    def delete_lines(self, data):
        lines = self._lines(data)
        i = self.rng.randrange(len(lines))
        del lines[i:i + self.rng.choice((1, 1, 2, 5))]
        return b"".join(lines)

    def duplicate_lines(self, data):
        lines = self._lines(data)
        i = self.rng.randrange(len(lines))
        chunk = lines[i:i + self.rng.choice((1, 3, 8))]
        times = self.rng.choice((1, 2, 10, 100))
        lines[i:i] = chunk * times
        return b"".join(lines)

    def swap_lines(self, data):
        lines = self._lines(data)
        i, j = self.rng.randrange(len(lines)), self.rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return b"".join(lines)

    def splice(self, data):
        lines, other = self._lines(data), self._lines(self.rng.choice(self.seeds))
        i, j = self.rng.randrange(len(lines) + 1), self.rng.randrange(len(other))
        lines[i:i] = other[j:j + self.rng.choice((1, 4, 12, 40))]
        return b"".join(lines)

    def truncate(self, data):
        return data[:self.rng.randrange(len(data) + 1)]

    # -- token / byte level
    def _at(self, data: bytes) -> int:
        return self.rng.randrange(len(data) + 1)

    def insert_token(self, data):
        i = self._at(data)
        sep = self.rng.choice(("", " ", " ", "\n"))
        return data[:i] + (sep + self.token() + sep).encode("utf-8", "surrogatepass") + data[i:]

    def replace_word(self, data):
        spans = [m.span() for m in re.finditer(rb"[\w\x80-\xff]+", data)]
        if not spans:
            return self.insert_token(data)
        a, b = self.rng.choice(spans)
        return data[:a] + self.token().encode("utf-8", "surrogatepass") + data[b:]

    def replace_number(self, data):
        spans = [m.span() for m in re.finditer(rb"\d+", data)]
        if not spans:
            return self.insert_token(data)
        a, b = self.rng.choice(spans)
        new = self.rng.choice(NUMBERS + UNICODE_DIGITS + ["".join(self.rng.choices(UNICODE_DIGITS, k=3))])
        return data[:a] + new.encode() + data[b:]

    def nesting(self, data):
        i, depth = self._at(data), self.rng.choice((10, 100, 1000, 5000))
        opener, closer = self.rng.choice((("(", ")"), ("{", "}"), ("[", "]"), ("not ", ""), ("-", ""),
                                          ("if x then ", ""), ("(1 + ", ")")))
        body = opener * depth + self.rng.choice(("1", "x", "")) + closer * (depth if self.rng.random() < .7 else 0)
        return data[:i] + body.encode() + data[i:]

    def long_string(self, data):
        i, n = self._at(data), self.rng.choice((100, 1000, 10_000, 100_000))
        unit = self.rng.choice(("x", "é", "a b ", "😀", "\\", "\t", "_"))
        text = unit * (n // len(unit))
        if self.rng.random() < 0.5:
            text = '"' + text + ('"' if self.rng.random() < .8 else "")
        return data[:i] + text.encode() + data[i:]

    def quotes(self, data):
        i = self._at(data)
        return data[:i] + self.rng.choice((b'"', b"'", b'"""', b"{", b"}", b"\\\"", b"#")) + data[i:]

    def nul(self, data):
        i = self._at(data)
        return data[:i] + b"\x00" * self.rng.choice((1, 1, 5)) + data[i:]

    def bad_utf8(self, data):
        i = self._at(data)
        return data[:i] + self.rng.choice(BAD_BYTES) + data[i:]

    def crlf(self, data):
        return self.rng.choice((data.replace(b"\n", b"\r\n"), data.replace(b"\n", b"\r"),
                                data.replace(b"\n", b"\r\n", 1)))

    def bom(self, data):
        return self.rng.choice((b"\xef\xbb\xbf", b"\xff\xfe", b"\xef\xbb\xbf\xef\xbb\xbf")) + data

    def flip_byte(self, data):
        if not data:
            return bytes([self.rng.randrange(256)])
        i = self.rng.randrange(len(data))
        return data[:i] + bytes([data[i] ^ (1 << self.rng.randrange(8))]) + data[i + 1:]

    def random_bytes(self, data):
        i = self._at(data)
        return data[:i] + bytes(self.rng.randrange(256) for _ in range(self.rng.randrange(1, 9))) + data[i:]

    OPS = [delete_lines, duplicate_lines, swap_lines, splice, truncate, insert_token, insert_token, replace_word,
           replace_word, replace_word, replace_number, replace_number, nesting, long_string, quotes, nul, bad_utf8,
           crlf, bom, flip_byte, random_bytes]


class Layout:
    """1-4 changes of layout only — spaces, tabs, line breaks of every kind, blank lines, comments,
    indentation — which leave a text's meaning as it was, so that most texts still read and reach the
    formatter."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def mutate(self, text: str) -> str:
        for _ in range(self.rng.choice((1, 1, 2, 3, 4))):
            text = self.rng.choice(self.OPS)(self, text)
        return text

    def _gap(self, text: str) -> int:
        """A place between two tokens: next to a space or a line break (the start or end of the text if
        there is none)."""
        places = [m.start() for m in re.finditer(r"[ \n]", text)] or [len(text)]
        return self.rng.choice(places)

    def spaces(self, text):
        i = self._gap(text)
        return text[:i] + self.rng.choice((" ", "  ", "\t", " \t ", "\u00a0", "\u3000", " " * 40)) + text[i:]

    def line_break(self, text):
        i = self._gap(text)
        return text[:i] + self.rng.choice(LINE_BREAKS) * self.rng.choice((1, 1, 2, 3)) + text[i:]

    def join_lines(self, text):
        breaks = [m.start() for m in re.finditer(r"\n", text)]
        if not breaks:
            return text
        i = self.rng.choice(breaks)
        return text[:i] + self.rng.choice((" ", "", "  ")) + text[i + 1:]

    def comment(self, text):
        lines = text.split("\n")
        i = self.rng.randrange(len(lines))
        words = self.rng.choice(("# x", "#", "# deckdsl: allow JW110", "#\u2028x", "# {", '# "', "# é 😀 \x0b"))
        lines[i] = lines[i] + " " + words if self.rng.random() < 0.5 else words + "\n" + lines[i]
        return "\n".join(lines)

    def indent(self, text):
        lines = text.split("\n")
        i = self.rng.randrange(len(lines))
        lines[i] = self.rng.choice(("", " ", "\t", "        ")) + lines[i].lstrip(" \t")
        return "\n".join(lines)

    def trailing(self, text):
        lines = text.split("\n")
        i = self.rng.randrange(len(lines))
        lines[i] += self.rng.choice((" ", "\t", " \t", "\u2028", "\x0c"))
        return "\n".join(lines)

    def ends(self, text):
        return self.rng.choice(("", "\n", "\n\n", " ")) + text.rstrip("\n") + self.rng.choice(
            ("", "\n", "\n\n\n", " ", *LINE_BREAKS))

    def newlines(self, text):
        return text.replace("\n", self.rng.choice(("\r\n", "\r", "\n\n")))

    OPS = [spaces, spaces, line_break, line_break, join_lines, comment, indent, trailing, ends, newlines]


_WORD = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|([^\W\d_]\w{3,})')
"""A string, a comment, or a word of at least 4 letters outside them (as tests/test_surface_fixes.py's
`slipped` finds the words a designer may misspell)."""


def slip(rng: random.Random, text: str) -> str:
    """`text` with one slip in one word outside strings and comments (a field's name, a keyword, a zone, an
    attribute's value): a letter added, dropped, doubled or changed, or two swapped; or a block's `}`, a
    field's `:` or a zone's owner written wrong."""
    kind = rng.random()
    if kind < 0.1:
        closers = [m.start() for m in re.finditer(r"^\}", text, re.M)]
        if closers:
            i = rng.choice(closers)
            return text[:i] + text[i + 1:]
    elif kind < 0.2:
        colons = [m.end(1) for m in re.finditer(r"^\s+(\w+):", text, re.M)]
        if colons:
            i = rng.choice(colons)
            return text[:i] + text[i + 1:]
    elif kind < 0.25:
        return text.replace(" the table", rng.choice((" your table", " opponent's table")), 1)
    words = [m for m in _WORD.finditer(text) if m.group(1)]
    if not words:
        return text
    word = rng.choice(words)
    written = word.group(1)
    at = rng.randrange(len(written) - 1)
    letter = rng.choice("abcdeilmnorstuvz")
    wrong = rng.choice((
        written[:at] + letter + written[at:], written[:at] + written[at + 1:],
        written[:at] + written[at] + written[at:], written[:at] + letter + written[at + 1:],
        written[:at] + written[at + 1] + written[at] + written[at + 2:],
    ))
    return text[: word.start(1)] + wrong + text[word.end(1):]
