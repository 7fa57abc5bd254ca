"""Fixes: applying the changes diagnostics carry (`Diagnostic.fix`) to a text — `deckdsl check --fix`, and
the editor's code actions.

A `Fix` is a message and `Edit`s, each replacing the characters `span.start`..`span.end` of the text (an
empty span inserts).  Offsets count characters — Python's `str` indices, as `Span` defines them — never
bytes, so a Portuguese or Russian deck is edited where it was checked.

**Safe and unsafe.**  A fix is *safe* only when it certainly keeps what the designer meant; `check --fix`
applies safe fixes, `--unsafe-fixes` the others too, and the editor offers both.  Safe:

- a misspelt word replaced by the spelling suggested (a field `conditon:`, an attribute value `pedrra`, a
  keyword `whenevr`, a zone `domian`, a card name in an effect or an addendum, a header field, a rule
  parameter or one of its choices), when the word is not itself valid where it stands and is a typo of
  the suggestion — one slip (a letter added, dropped or changed, or two swapped) in a word of up to 5
  letters, two in a longer one — and of nothing that means something else (`papel` and `paper` are one
  type): `deckdsl.lang.spelling`;
- the `}` of a block left open, written where the block ends (before the next block): where deckdsl
  already closed it when it read the deck;
- the `:` after a field's name, where the grammar takes nothing else (`condition discarded first`) — in
  the header's `game`, only when it names the game the deck is read with already;
- a shared zone written with an owner (`your table`) written `the table`;
- an unused `# deckdsl: allow` code removed (the whole comment when none of its codes is used) — when
  the deck was read whole: an error that leaves part of it unread may hide the finding it silences;
- `copies:` of the one card whose change makes every count of the game right (DK201 deck size, DK202
  group sizes) — only when exactly one such change exists.

Unsafe — a guess the designer must confirm: a spelling too far from its suggestion, or a slip away from
two different things; a field's name when what follows it does not read as that field's value; a game's
name (the designer may be writing that game's profile, and another game reads the whole deck another
way); an image file's name (the picture may not be drawn yet); a string's closing quote (where the text
ends); the braces of a block with an inner block open too; `value: *` on a card that defines its value
(the definition may be the slip); an unused suppression in a deck read in part; and the addendum an
ordering hazard asks for (JW113, JW117, JW118, JW119), a skeleton in the order the engine plays the two
cards by default (the deck file's, for values and discard priorities, which it plays in no order) — the
designer must choose the order the deck means.

**Safe means it adds no error.**  Besides keeping the meaning, a safe fix must leave the text reading, and
where a fix is made it is offered as safe only when what it makes reads: a misspelt field's name only when
what follows it reads as that field's value (`valeu:` with nothing after it, or `acton:` before an effect
that does not parse, gets an unsafe fix, and the finding says what follows does not read either:
`deckdsl.lang.syntax`, `deckdsl.check.semantics`); a header field renamed `game` only when the deck is read
with that game already (else every card would read otherwise).  Then every safe fix is *tried* when the
findings are made (`offered`, called by `deckdsl.loads`, and by the editor's code action — its analysis at
each keystroke does not re-check the whole text): the safe fixes applied together and the text checked again (one check when none adds an error, a halving search when some do), and a fix that adds an
error is offered as unsafe, a note naming the error (`from opponents domain` fixed to `from opponent
domain` would not read).  And `fix_text` checks every pass (below), so a fix that would add an error
anyway is never written.

A fix **adds an error** when the fixed text has an error (severity error) the text before did not have —
the same code at the same place, the new error's position mapped back through the fix's edits (a position
inside an edit's new text maps to the edit's start), counted (a second error of a code where there was one
is new) — that is either a reading error (DK0xx: text that no longer reads), wherever it is, or any error
in a block the fix edits (the header, a card, an addendum; a profile is one block) that had no error
before.  The other errors that show after a fix were in the designer's text all along, hidden by the error
fixed: a block with an error is not judged whole (a zone misspelt after a misspelt `conditon:` shows once
the field reads, and is fixed on the next pass), and the deck's counts and the rules that compare cards
change as soon as a card reads as it was meant to.  Nothing is new where the text before was not read at
all (past a DK014: too many blocks did not read, and the rest of the file was not read), nor of a code the
text before had `MAX_LISTED` findings of (past that number they are counted, not listed — DK016 — so the
others' places are unknown).

**Applying.**  `apply(text, fixes)` applies fixes in order of their first edit; a fix whose edits overlap
an edit already taken waits for the next pass (two insertions at one point, or an insertion at the end of
a replaced range, do not overlap; identical fixes — two diagnostics with one remedy — apply once).  The
edits taken are kept sorted, so each new edit is tested against its neighbours only (a binary search), not
against every edit taken: thousands of fixes (a file of unclosed blocks) apply at once.
`fix_text(text, check)` loops like ruff: apply, check the new text again, up to 10 passes, until no fix
applies; syntax fixes (DK0xx) go first, alone in their pass, since a deck read whole may report other
things, and unused suppressions (DK130) last, since another fix may bring back what they silence.

**A pass that adds errors** keeps the fixes that add none: the fixes on the lines of the new errors are
set apart, the others tried without them, and any group that still adds an error halved until the fixes
that add errors are found (one check per step: a few bad fixes among thousands take a few dozen checks,
never one per fix; `SEARCH_CHECKS` beyond one per pass in all).  Those are *held back* (`Outcome.held`,
with the errors each would add) and the others applied; fixes not reached when the checks run out are
held back untried.
"""

from __future__ import annotations

import bisect
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from ..diagnostics import MAX_LISTED, Diagnostic, Edit, Fix, Severity
from ..said import said

MAX_PASSES = 10
"""Passes of fix and check before `fix_text` stops (as ruff)."""

GAVE_UP = "DK014"
"""The code that says where reading stopped: the rest of the file was not read."""

SEARCH_CHECKS = 40
"""Checks `fix_text` may spend, beyond one per pass, finding the fixes that add errors: a halving search
finds one among 6,000 in 13, a few in a few dozen."""


def _conflict(a: Edit, b: Edit) -> bool:
    """Whether two edits touch the same characters: ranges that overlap, or an insertion strictly inside a
    replaced range.  Two insertions at one point, or edits that only meet, do not."""
    (s1, e1), (s2, e2) = (a.span.start, a.span.end), (b.span.start, b.span.end)
    if s1 == e1 and s2 == e2:
        return False
    if s1 == e1:
        return s2 < s1 < e2
    if s2 == e2:
        return s1 < s2 < e1
    return max(s1, s2) < min(e1, e2)


def _valid(fix: Fix, length: int) -> bool:
    edits = fix.edits
    if not edits or not all(0 <= e.span.start <= e.span.end <= length for e in edits):
        return False
    return not any(_conflict(a, b) or (a.span.start == b.span.start and a.span.end == b.span.end)
                   for i, a in enumerate(edits) for b in edits[i + 1 :])


class _Taken:
    """The edits taken so far, sorted, to test a new edit against its neighbours only.  Taken ranges never
    overlap, so sorted by start they are sorted by end too: a range conflicts with some taken range when it
    does with the last one that starts before it ends."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.points: list[int] = []  # insertions

    def conflicts(self, edit: Edit) -> bool:
        start, end = edit.span.start, edit.span.end
        before = bisect.bisect_left(self.starts, end if start < end else start) - 1
        if before >= 0 and self.ends[before] > start:
            return True
        if start == end:
            return False
        inside = bisect.bisect_right(self.points, start)
        return inside < len(self.points) and self.points[inside] < end

    def add(self, edit: Edit) -> None:
        start, end = edit.span.start, edit.span.end
        if start == end:
            bisect.insort(self.points, start)
        else:
            at = bisect.bisect_left(self.starts, start)
            self.starts.insert(at, start)
            self.ends.insert(at, end)


def _take(text: str, fixes: Iterable[Fix]) -> tuple[list[Edit], list[Fix]]:
    """The edits to make, in the text's order, and the fixes they come from, in the order taken."""
    unique = list(dict.fromkeys(fixes))
    ordered = sorted(enumerate(unique), key=lambda item: (min(e.span.start for e in item[1].edits)
                                                          if item[1].edits else 0, item[0]))
    taken = _Taken()
    edits: list[Edit] = []
    applied: list[Fix] = []
    for _, fix in ordered:
        if not _valid(fix, len(text)) or any(taken.conflicts(edit) for edit in fix.edits):
            continue
        for edit in fix.edits:
            taken.add(edit)
        edits.extend(fix.edits)
        applied.append(fix)
    order = {id(edit): number for number, edit in enumerate(edits)}
    return sorted(edits, key=lambda e: (e.span.start, e.span.end, order[id(e)])), applied


def _written(edit: Edit, newline: str) -> str:
    return edit.text if newline == "\n" else edit.text.replace("\n", newline)


def _splice(text: str, edits: Sequence[Edit], newline: str) -> str:
    out: list[str] = []
    position = 0
    for edit in edits:
        out.append(text[position : edit.span.start])
        out.append(_written(edit, newline))
        position = edit.span.end
    out.append(text[position:])
    return "".join(out)


def apply(text: str, fixes: Iterable[Fix], *, newline: str = "\n") -> tuple[str, list[Fix]]:
    """`text` with `fixes` applied, and the fixes applied (each once, in the order taken).

    Fixes are taken in order of their first edit (then as given); one whose edits conflict with an edit
    already taken is skipped — it waits for the next pass.  A fix with an edit outside the text, or with
    edits conflicting among themselves, is never applied.  `newline`: how the text ends its lines; a `\\n`
    in an edit's text is written as it (a CRLF file stays CRLF)."""
    edits, applied = _take(text, fixes)
    return (_splice(text, edits, newline), applied) if edits else (text, [])


def newline_of(text: str) -> str:
    """How `text` ends its lines: `\\r\\n` when every line break is CRLF, else `\\n`."""
    breaks = text.count("\n")
    return "\r\n" if breaks and text.count("\r\n") == breaks else "\n"


def applicable(diagnostic: Diagnostic, unsafe: bool = False) -> bool:
    """Whether `check --fix` (with `--unsafe-fixes` when `unsafe`) applies the diagnostic's fix."""
    return diagnostic.fix is not None and (diagnostic.fix.safe or unsafe)


def _syntax(diagnostic: Diagnostic) -> bool:
    return diagnostic.code.startswith("DK0")


def tier(diagnostic: Diagnostic) -> int:
    """When a diagnostic's fix is applied: syntax fixes first (0), then the others (1), and unused
    suppressions (DK130) last (2) — a fix of the others may bring back the finding a suppression is for."""
    return 0 if _syntax(diagnostic) else 2 if diagnostic.code == "DK130" else 1


class _Back:
    """Positions of a fixed text mapped back to the text before its edits (a position inside an edit's new
    text maps to the edit's start)."""

    def __init__(self, edits: Sequence[Edit], newline: str) -> None:
        self.starts: list[int] = []  # where each edit's new text starts in the fixed text
        self.ends: list[int] = []
        self.origins: list[int] = []
        self.shifts: list[int] = []  # how far the text after each edit moved
        shift = 0
        for edit in edits:
            start = edit.span.start + shift
            shift += len(_written(edit, newline)) - (edit.span.end - edit.span.start)
            self.starts.append(start)
            self.ends.append(edit.span.end + shift)
            self.origins.append(edit.span.start)
            self.shifts.append(shift)

    def __call__(self, position: int) -> int:
        at = bisect.bisect_right(self.starts, position) - 1
        if at < 0:
            return position
        return self.origins[at] if position < self.ends[at] else position - self.shifts[at]


def _errors(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.severity is Severity.ERROR]


class _Ranges:
    """Ranges of a text (offsets, ends included), to tell whether a position is in one of them."""

    def __init__(self, ranges: Iterable[tuple[int, int]]) -> None:
        found = sorted(set(ranges))
        self.starts = [start for start, _ in found]
        self.ends = list(itertools.accumulate((end for _, end in found), max))

    def __contains__(self, position: int) -> bool:
        at = bisect.bisect_right(self.starts, position) - 1
        return at >= 0 and position <= self.ends[at]


def _line(text: str, position: int) -> tuple[int, int]:
    end = text.find("\n", position)
    return text.rfind("\n", 0, position) + 1, len(text) if end < 0 else end


def _region(text: str, blocks: Sequence[tuple[int, int]] | None, position: int) -> tuple[int, int]:
    """The block holding `position` (the whole text when its blocks are not known), else its line."""
    if blocks is None:
        return 0, len(text)
    at = bisect.bisect_right(blocks, (position, len(text) + 1)) - 1
    return blocks[at] if at >= 0 and position <= blocks[at][1] else _line(text, position)


def added_errors(text: str, before: Sequence[Diagnostic], after: Sequence[Diagnostic], edits: Sequence[Edit],
                 newline: str = "\n", blocks: Sequence[tuple[int, int]] | None = None) -> list[Diagnostic]:
    """The errors of `after` (the diagnostics of `text` with `edits` made) that `before` (those of `text`)
    did not have and that count as added — as the module docstring defines it.  `blocks`: where the
    top-level blocks of `text` start and end, sorted (None: the text is one block)."""
    back = _Back(edits, newline)
    errors = _errors(before)
    crowded = {code for code, count in Counter(d.code for d in before).items() if count >= MAX_LISTED}
    unread = min((d.span.start for d in before if d.code == GAVE_UP), default=len(text) + 1)
    had = Counter((d.code, d.span.start) for d in errors)
    faulty = {_region(text, blocks, d.span.start) for d in errors}
    judged = _Ranges({_region(text, blocks, e.span.start) for e in edits} - faulty)
    added = []
    for diagnostic in _errors(after):
        key = (diagnostic.code, back(diagnostic.span.start))
        if had[key] > 0:
            had[key] -= 1
        elif diagnostic.code not in crowded and key[1] < unread and (_syntax(diagnostic) or key[1] in judged):
            added.append(diagnostic)
    return added


@dataclass(frozen=True)
class Held:
    """A fix held back: `diagnostic` is the finding it resolves, `added` the errors applying it would add
    (empty when it was not tried: the pass ran out of `SEARCH_CHECKS`)."""

    diagnostic: Diagnostic
    added: tuple[Diagnostic, ...]


@dataclass
class Outcome:
    """What `fix_text` did: the fixed `text`, the diagnostics whose fix it applied (`fixed`, in the order
    applied, over every pass), the diagnostics of the fixed text (`remaining`), the number of `passes`
    that changed the text, and the fixes `held` back because they would add errors."""

    text: str
    fixed: list[Diagnostic] = field(default_factory=list)
    remaining: list[Diagnostic] = field(default_factory=list)
    passes: int = 0
    held: list[Held] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.passes > 0


class _Pass:
    """One pass of `fix_text`: the fixes of one tier applied to `text` together, or, when that adds errors,
    the largest part of them found that adds none (the module docstring says how), in at most `checks`
    checks (those left are counted down)."""

    def __init__(self, text: str, before: list[Diagnostic], check: Callable[[str], list[Diagnostic]],
                 newline: str, blocks: Sequence[tuple[int, int]] | None, checks: int) -> None:
        self.text, self.before, self.check, self.newline, self.blocks = text, before, check, newline, blocks
        self.checks = checks
        self.kept: list[Fix] = []
        self.result: tuple[str, list[Diagnostic]] = (text, before)
        self.held: list[tuple[Fix, tuple[Diagnostic, ...]]] = []

    def run(self, fixes: list[Fix]) -> None:
        added = self.trial(fixes)
        if not added:
            return
        back = _Back(_take(self.text, fixes)[0], self.newline)
        lines = _Ranges(_line(self.text, back(d.span.start)) for d in added)
        suspects = {f for f in fixes if any(e.span.start in lines or e.span.end in lines for e in f.edits)}
        others = [f for f in fixes if f not in suspects]
        if not others or not suspects:
            self.search(fixes, added)
            return
        self.search([f for f in fixes if f in suspects], added if self.search(others, None) else None)

    def trial(self, fixes: list[Fix]) -> tuple[Diagnostic, ...]:
        """The errors `fixes`, with those kept, add (none: they are kept too)."""
        self.checks -= 1
        edits, applied = _take(self.text, [*self.kept, *fixes])
        new = _splice(self.text, edits, self.newline)
        after = list(self.check(new))
        added = tuple(added_errors(self.text, self.before, after, edits, self.newline, self.blocks))
        if not added:
            self.kept, self.result = applied, (new, after)
        return added

    def search(self, group: list[Fix], added: tuple[Diagnostic, ...] | None) -> bool:
        """Keep what of `group` adds no error (`added`: what the whole group adds, when known); whether all
        of it was kept."""
        if added is None:
            if self.checks <= 0:
                self.held.extend((fix, ()) for fix in group)
                return False
            added = self.trial(group)
            if not added:
                return True
        if len(group) == 1:
            self.held.append((group[0], added))
            return False
        half = len(group) // 2
        self.search(group[half:], added if self.search(group[:half], None) else None)
        return False


def fix_text(
    text: str, check: Callable[[str], list[Diagnostic]], *, unsafe: bool = False, max_passes: int = MAX_PASSES,
    diagnostics: list[Diagnostic] | None = None, blocks: Callable[[str], Sequence[tuple[int, int]]] | None = None,
) -> Outcome:
    """Fix `text` until no fix applies (at most `max_passes` passes): apply the applicable fixes of the
    diagnostics `check(text)` returns, check again, repeat; a fix that would add an error is held back
    (see the module docstring).  `check` is called at most 1 + `max_passes` + `SEARCH_CHECKS` times.
    `diagnostics`: those of `text`, when already known (saves the first check).  `blocks(text)`: where
    its top-level blocks start and end, sorted (`deckdsl.lang.parse.blocks`; default: it is one block)."""
    found = list(check(text) if diagnostics is None else diagnostics)
    outcome = Outcome(text, remaining=found)
    newline = newline_of(text)
    seen = {text}
    refused: set[Fix] = set()
    checks = max_passes + SEARCH_CHECKS
    while outcome.passes < max_passes and checks > 0:
        chosen = [d for d in outcome.remaining if applicable(d, unsafe) and d.fix not in refused]
        if not chosen:
            break
        first = min(map(tier, chosen))
        resolves: dict[Fix, list[Diagnostic]] = {}
        for diagnostic in chosen:
            if tier(diagnostic) == first:
                resolves.setdefault(diagnostic.fix, []).append(diagnostic)
        _, fixes = _take(outcome.text, resolves)
        if not fixes:
            break
        step = _Pass(outcome.text, outcome.remaining, check, newline,
                     None if blocks is None else blocks(outcome.text), checks)
        step.run(fixes)
        checks = step.checks
        for fix, added in step.held:
            refused.add(fix)
            outcome.held.append(Held(resolves[fix][0], added))
        if not step.kept:
            continue
        new, after = step.result
        if new in seen:
            break
        done = set(step.kept)
        outcome.fixed.extend(d for d in chosen if d.fix in done)
        outcome.text, outcome.remaining = new, after
        outcome.passes += 1
        seen.add(new)
    return outcome


def offered(text: str, diagnostics: list[Diagnostic], check: Callable[[str], list[Diagnostic]], *,
            blocks: Sequence[tuple[int, int]] | None = None, checks: int = SEARCH_CHECKS) -> list[Diagnostic]:
    """`diagnostics` (those of `text`) with every safe fix that would add an error made unsafe, a note
    saying which error: a fix is offered as safe only when applying it leaves the text reading.  The safe
    fixes are tried together on `text` (one check when none adds an error), the ones that add errors found
    as `fix_text` finds them, in at most `checks` checks; a safe fix not tried when they run out is offered
    as unsafe too ("not verified").  `check` must not verify fixes itself (it is called on fixed texts)."""
    safe = list(dict.fromkeys(d.fix for d in diagnostics if d.fix is not None and d.fix.safe))
    if not safe:
        return diagnostics
    held: dict[Fix, tuple[Diagnostic, ...]] = {}
    newline = newline_of(text)
    left = safe
    while left and checks > 0:
        edits, taken = _take(text, left)
        step = _Pass(text, diagnostics, check, newline, blocks, checks)
        if edits:
            step.run(taken)
        checks = step.checks
        held.update(step.held)
        tried = set(taken)
        left = [fix for fix in left if fix not in tried]
    held.update((fix, ()) for fix in left)
    if not held:
        return diagnostics
    return [_unsafe(d, held[d.fix]) if d.fix is not None and d.fix in held else d for d in diagnostics]


def _unsafe(diagnostic: Diagnostic, added: tuple[Diagnostic, ...]) -> Diagnostic:
    assert diagnostic.fix is not None
    if added:
        why = said("check-fix-adds-error", "applying the fix would add an error ({code}: {finding})",
                   code=added[0].code, finding=added[0].message)
    else:
        why = said("check-fix-not-verified", "the fix could not be verified (too many fixes to try)")
    return replace(diagnostic, fix=replace(diagnostic.fix, safe=False), notes=(*diagnostic.notes, why))


def describe(fix: Fix) -> str:
    """How a report names a fix that can be applied: `replace … (safe, --fix)`."""
    how = "safe, --fix" if fix.safe else "unsafe, --fix --unsafe-fixes"
    return f"{fix.message} ({how})"
