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
- the `:` after a field's name, where the grammar takes nothing else (`condition discarded first`);
- a shared zone written with an owner (`your table`) written `the table`;
- an unused `# deckdsl: allow` code removed (the whole comment when none of its codes is used) — when
  the deck was read whole: an error that leaves part of it unread may hide the finding it silences;
- `copies:` of the one card whose change makes every count of the game right (DK201 deck size, DK202
  group sizes) — only when exactly one such change exists.

Unsafe — a guess the designer must confirm: a spelling too far from its suggestion, or a slip away from
two different things; a game's name (the designer may be writing that game's profile, and another game
reads the whole deck another way); an image file's name (the picture may not be drawn yet); a string's
closing quote (where the text ends); the braces of a block with an inner block open too; `value: *` on a
card that defines its value (the definition may be the slip); an unused suppression in a deck read in
part; and the addendum an ordering hazard asks for (JW113, JW117, JW118, JW119), a skeleton in the order
the engine plays the two cards by default (the deck file's, for values and discard priorities, which it
plays in no order) — the designer must choose the order the deck means.

**Applying.**  `apply(text, fixes)` applies fixes in order of their first edit; a fix whose edits overlap
an edit already taken waits for the next pass (two insertions at one point, or an insertion at the end of
a replaced range, do not overlap; identical fixes — two diagnostics with one remedy — apply once).
`fix_text(text, check)` loops like ruff: apply, check the new text again, up to 10 passes, until no fix
applies; syntax fixes (DK0xx) go first, alone in their pass, since a deck read whole may report other
things, and unused suppressions (DK130) last, since another fix may bring back what they silence. A pass
that would add syntax errors is undone and the loop stops (a bug in a fix, never the designer's text).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..diagnostics import Diagnostic, Edit, Fix

MAX_PASSES = 10
"""Passes of fix and check before `fix_text` stops (as ruff)."""


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


def apply(text: str, fixes: Iterable[Fix], *, newline: str = "\n") -> tuple[str, list[Fix]]:
    """`text` with `fixes` applied, and the fixes applied (each once, in the order taken).

    Fixes are taken in order of their first edit (then as given); one whose edits conflict with an edit
    already taken is skipped — it waits for the next pass.  A fix with an edit outside the text, or with
    edits conflicting among themselves, is never applied.  `newline`: how the text ends its lines; a `\\n`
    in an edit's text is written as it (a CRLF file stays CRLF)."""
    unique = list(dict.fromkeys(fixes))
    ordered = sorted(enumerate(unique), key=lambda item: (min(e.span.start for e in item[1].edits)
                                                          if item[1].edits else 0, item[0]))
    taken: list[Edit] = []
    applied: list[Fix] = []
    for _, fix in ordered:
        if not _valid(fix, len(text)) or any(_conflict(edit, other) for edit in fix.edits for other in taken):
            continue
        taken.extend(fix.edits)
        applied.append(fix)
    if not taken:
        return text, []
    out: list[str] = []
    position = 0
    order = {id(edit): number for number, edit in enumerate(taken)}
    for edit in sorted(taken, key=lambda e: (e.span.start, e.span.end, order[id(e)])):
        out.append(text[position : edit.span.start])
        out.append(edit.text if newline == "\n" else edit.text.replace("\n", newline))
        position = edit.span.end
    out.append(text[position:])
    return "".join(out), applied


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


@dataclass
class Outcome:
    """What `fix_text` did: the fixed `text`, the diagnostics whose fix it applied (`fixed`, in the order
    applied, over every pass), the diagnostics of the fixed text (`remaining`), the number of `passes`
    that changed the text, and `undone`: a pass was undone because it added syntax errors."""

    text: str
    fixed: list[Diagnostic] = field(default_factory=list)
    remaining: list[Diagnostic] = field(default_factory=list)
    passes: int = 0
    undone: bool = False

    @property
    def changed(self) -> bool:
        return self.passes > 0


def fix_text(
    text: str, check: Callable[[str], list[Diagnostic]], *, unsafe: bool = False, max_passes: int = MAX_PASSES,
    diagnostics: list[Diagnostic] | None = None,
) -> Outcome:
    """Fix `text` until no fix applies (at most `max_passes` passes): apply the applicable fixes of the
    diagnostics `check(text)` returns, check again, repeat (see the module docstring).  `diagnostics`: those
    of `text`, when already known (saves the first check)."""
    found = list(check(text) if diagnostics is None else diagnostics)
    outcome = Outcome(text, remaining=found)
    newline = newline_of(text)
    seen = {text}
    while outcome.passes < max_passes:
        chosen = [d for d in outcome.remaining if applicable(d, unsafe)]
        if not chosen:
            break
        first = min(map(tier, chosen))
        chosen = [d for d in chosen if tier(d) == first]
        new, applied = apply(outcome.text, [d.fix for d in chosen], newline=newline)
        if not applied or new in seen:
            break
        after = list(check(new))
        if sum(map(_syntax, after)) > sum(map(_syntax, outcome.remaining)):
            outcome.undone = True
            break
        done = set(applied)
        outcome.fixed.extend(d for d in chosen if d.fix in done)
        outcome.text, outcome.remaining = new, after
        outcome.passes += 1
        seen.add(new)
    return outcome


def describe(fix: Fix) -> str:
    """How a report names a fix that can be applied: `replace … (safe, --fix)`."""
    how = "safe, --fix" if fix.safe else "unsafe, --fix --unsafe-fixes"
    return f"{fix.message} ({how})"
