"""Hazards as diagnostics: what the rules JW113, JW117, JW118 and JW119 report, one finding per effect.

A finding points at the later effect of the pair, labels the earlier one, names both cards, counts the
other cards the effect conflicts with, tells the witness in a note and writes the missing addendum in
its help.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...diagnostics import Diagnostic, Label
from ...lang import ast
from ..rule import Context
from .analysis import Analysis, Finding
from .pairs import Effect
from .describe import tell


def analysis_of(context: Context) -> Analysis:
    """The deck's hazard analysis, shared by every rule of one check."""
    return context.shared_by("hazards", lambda: Analysis(context.deck, context.profile))


_WHAT = {
    "modifiers": ("can change the same card's value", "applies first"),
    "triggers": ("are set off by the same event", "resolves first"),
    "values": ("have values that read each other", "is worked out first"),
    "priorities": ("", "is discarded first"),
}


def diagnostics(context: Context, kind: str, code: str) -> Iterator[Diagnostic]:
    """The findings of one kind of hazard, as diagnostics with `code`."""
    analysis = analysis_of(context)
    portuguese = (context.deck.language or "pt").lower().startswith("pt")
    for finding in analysis.report():
        if finding.kind == kind:
            yield _diagnostic(finding, code, portuguese)


def _diagnostic(finding: Finding, code: str, portuguese: bool) -> Diagnostic:
    first, second = finding.partner, finding.effect
    a, b = first.card.name, second.card.name
    more = f" (and {finding.others} other card{'s' if finding.others != 1 else ''})" if finding.others else ""
    if finding.kind == "priorities":
        both = f"are both `discarded {second.node.order}`"
        message = f"`{a}` and `{b}` {both}, and no addendum says which is discarded first{more}"
    else:
        change, settled = _WHAT[finding.kind]
        message = f"{_shown(first)} and {_shown(second)} {change}, and no addendum says which {settled}{more}"
    title = f"{a} antes de {b}" if portuguese else f"{a} before {b}"
    return Diagnostic(
        code, message, second.node.span,
        labels=(Label(first.node.span, f"{effect_name(first)} of `{a}`"),),
        notes=(tell(finding.witness, a, b),),
        help=f'add an addendum that orders them: `addendum "{title}" {{ order: "{a}" then "{b}" }}` '
        "(or the other way round, if that is what the deck means)",
    )


def effect_name(effect: Effect) -> str:
    """What the effect is called in labels: `the modifier`, `the trigger` …"""
    node = effect.node
    if isinstance(node, ast.ValueModifier):
        return "the modifier"
    if isinstance(node, ast.ValueDefinition):
        return "the value"
    if isinstance(node, ast.Trigger):
        return "the trigger"
    return "the discard priority"


def _shown(effect: Effect) -> str:
    """`Moldura Dourada` (`+1`) for a modifier, else the card's name."""
    node = effect.node
    if isinstance(node, ast.ValueModifier):
        return f"`{effect.card.name}` ({operation(node)})"
    return f"`{effect.card.name}`"


def operation(modifier: ast.ValueModifier) -> str:
    """The modifier as written: `+1`, `-1`, `x2`, `= 0` (an expression shows as `…`)."""
    amount = modifier.amount
    if isinstance(amount, ast.Negate) and isinstance(amount.operand, ast.Number):
        shown = str(-amount.operand.value)
    else:
        shown = str(amount.value) if isinstance(amount, ast.Number) else "…"
    return "`" + {"add": f"+{shown}", "subtract": f"-{shown}", "multiply": f"x{shown}", "set": f"= {shown}"}[
        modifier.op
    ] + "`"
