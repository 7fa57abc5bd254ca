"""Did-you-mean as data: the closest spelling to a word the deck does not define, and the fix that writes it.

`suggest(word, candidates)` finds the same suggestion as `deckdsl.diagnostics.did_you_mean` (so the help
text does not change) and says whether replacing the word by it is **safe** — certain to keep what the
designer meant (`deckdsl.check.fixes` documents the policy):

- the word is not itself a valid word where it stands (the caller knows: it is reporting it);
- the word is a typo of the suggestion: at most one slip (a letter added, dropped, changed, or two
  letters swapped) in a word of up to 5 letters, two in a longer one, ignoring case;
- every candidate that close to the word means the same thing — one field, one zone, one type, one
  keyword, however many spellings it has (`domain` and `domínio`, `paper` and `papel`, `discard` and
  `discards`); a typo away from two different things is a guess.

Otherwise the fix is still offered, as unsafe.  The helpers `head`, `tail` and `quoted` place an edit on
the word inside a node's span (the checker works on the AST, which keeps only its nodes' spans).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..diagnostics import Edit, Fix
from ..escapes import plainly_quoted, quoted  # noqa: F401 — the deck language's quoting, for the fixes
from ..said import said
from ..span import Span

CUTOFF = 0.6
"""The similarity (difflib's ratio, on case-folded words) of a close candidate, as in `did_you_mean`."""


@dataclass(frozen=True)
class Suggestion:
    """The spelling to write instead of a word (`word`, as the candidates spell it) and whether writing
    it is a safe fix."""

    word: str
    safe: bool

    @property
    def help(self) -> str:
        """The help text `did_you_mean` gives."""
        return said("did-you-mean", "did you mean `{word}`?", word=self.word)

    def fix(self, written: str, span: Span, replacement: str | None = None) -> Fix:
        """The fix that replaces `written`, at `span`, by the suggestion (or by `replacement`, the
        suggestion as it must be written there: quoted …)."""
        return replace(written, span, self.word, replacement, safe=self.safe)


def replace(written: str, span: Span, word: str, replacement: str | None = None, *, safe: bool = True) -> Fix:
    """A fix replacing `written` at `span` by `word` (written as `replacement` when given)."""
    return Fix(said("read-replace", "replace `{written}` by `{word}`", written=written, word=word),
               (Edit(span, word if replacement is None else replacement),), safe)


def suggest(
    word: str, candidates: Iterable[str], meaning: Callable[[str], object] | None = None
) -> Suggestion | None:
    """The closest of `candidates` to `word` (None when none is close), and whether replacing `word` by it
    is safe.  `meaning(spelling)` says what a candidate stands for, so that several spellings of one
    thing count as one candidate (default: each spelling is its own thing)."""
    folded = word.casefold()
    # difflib's ratio is at most 2·min(a, b)/(a + b) for lengths a and b: a candidate too short or too long
    # to reach CUTOFF is left out before difflib indexes the word (a 600 KB word once cost 24 MB here).
    lowered = {c.casefold(): c for c in candidates
               if 2 * min(len(c), len(folded)) >= CUTOFF * (len(c) + len(folded))}
    if not lowered:
        return None
    import difflib  # only when there is a word to correct

    close = difflib.get_close_matches(folded, list(lowered), n=max(1, len(lowered)), cutoff=CUTOFF)
    if not close:
        return None
    best = lowered[close[0]]
    limit = 1 if len(word) <= 5 else 2
    near = [c for c in lowered if abs(len(c) - len(folded)) <= limit and typos(folded, c) <= limit]
    meanings = {meaning(lowered[c]) if meaning else c for c in near}
    safe = close[0] in near and len(meanings) == 1
    return Suggestion(best, safe)


def typos(a: str, b: str) -> int:
    """The slips between `a` and `b`: letters added, dropped or changed, and adjacent letters swapped — the
    optimal string alignment distance, worked out with Hyyrö's bit-parallel algorithm (2003): one pass over
    `b` with `a` as the bits of an integer, fast enough to compare a misspelt name with a deck's thousands."""
    if not a:
        return len(b)
    full = (1 << len(a)) - 1
    where: dict[str, int] = {}
    for bit, char in enumerate(a):
        where[char] = where.get(char, 0) | (1 << bit)
    vp, vn, d0, previous = full, 0, 0, 0
    score, top = len(a), 1 << (len(a) - 1)
    for char in b:
        pm = where.get(char, 0)
        swapped = ((~d0 & pm) << 1) & previous
        d0 = ((((pm & vp) + vp) ^ vp) | pm | vn | swapped) & full
        hp = (vn | ~(d0 | vp)) & full
        hn = d0 & vp
        if hp & top:
            score += 1
        elif hn & top:
            score -= 1
        hp = ((hp << 1) | 1) & full
        hn = (hn << 1) & full
        vp = (hn | ~(d0 | hp)) & full
        vn = d0 & hp
        previous = pm
    return score


def head(span: Span, length: int) -> Span:
    """The first `length` characters of `span` (on its first line): a name that starts a node."""
    return Span(span.line, span.column, span.line, span.column + length, span.start, span.start + length)


def tail(span: Span, length: int) -> Span:
    """The last `length` characters of `span` (on its last line): a word that ends a node."""
    return Span(span.end_line, span.end_column - length, span.end_line, span.end_column, span.end - length, span.end)
