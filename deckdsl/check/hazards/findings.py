"""Hazards as diagnostics: what the rules JW113, JW117, JW118 and JW119 report, one finding per effect.

A finding points at the later effect of the pair, labels the earlier one, names both cards, counts the
other cards the effect conflicts with, tells the witness in a note and writes the missing addendum in
its help, and as an unsafe fix, an addendum in the order the engine plays the two by default.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...diagnostics import Diagnostic, Edit, Fix, Label
from ...lang import ast
from ...lang.spelling import quoted
from ...said import said
from ...span import Span
from .board import clauses
from ..rule import Context, parts_of
from .analysis import Analysis, Finding, traits_of
from .pairs import Effect
from .describe import tell


def analysis_of(context: Context) -> Analysis:
    """The deck's hazard analysis, shared by every rule of one check.  In an editor's re-check the cards'
    `Traits` and the verdicts come from the last check (`deckdsl.check.memo`)."""
    return context.shared_by("hazards", lambda: _analysis(context))


def _analysis(context: Context) -> Analysis:
    memo, profile = context.memo, context.profile

    def parts(card: ast.Card) -> tuple:
        return parts_of(context, card, _SCANNED)

    if memo is None:
        return Analysis(context.deck, profile, parts)
    traits = memo.facts(traits_of, context.deck.cards, lambda card: traits_of(card, profile, parts))
    return Analysis(context.deck, profile, parts, lambda world: memo.carried("hazards", world), traits)


_SCANNED = frozenset({ast.NameFilter, ast.Discard})
"""What `Analysis` looks for among a card's effects: the names they name, and discards."""


def diagnostics(context: Context, kind: str, code: str) -> Iterator[Diagnostic]:
    """The findings of one kind of hazard, as diagnostics with `code`."""
    analysis = analysis_of(context)
    portuguese = (context.deck.language or "pt").lower().startswith("pt")
    for finding in analysis.report():
        if finding.kind == kind:
            yield _diagnostic(finding, code, portuguese, _addendum(context, finding, portuguese))


_OP_RANK = {"set": 0, "multiply": 1, "add": 2, "subtract": 2}
"""The order the engine gives value modifiers no addendum orders: set, then multiply, then add and subtract
(docs/language.md, section 9; `deckdsl.games.janken_wars.engine.compiler`), ties in deck order."""

_PREFERRED = ("modifiers", "triggers", "values", "priorities")
"""When two cards make hazards of several kinds, the kind whose default order the addendum follows."""


def _addendum(context: Context, finding: Finding, portuguese: bool) -> Fix:
    """The unsafe fix of a hazard: an addendum at the end of the file ordering the two cards as the engine
    plays them when nothing orders them (for values and discard priorities, which it plays in no order,
    the deck file's) — a skeleton for the designer, who must choose the order the deck means."""
    pair = frozenset((finding.partner.card.name, finding.effect.card.name))
    kind = next(k for k in _PREFERRED if k in _kinds_by_pair(context)[pair])
    first, second = sorted(pair, key=_default_order(context, kind))
    title = f"{first} antes de {second}" if portuguese else f"{first} before {second}"
    engine = kind in ("modifiers", "triggers")
    if portuguese:
        note = ("a ordem em que o deckdsl os joga quando nenhum adendo a diz" if engine
                else "a ordem do arquivo (o deckdsl não escolhe uma para estes efeitos)")
        note = f"# deckdsl check --fix: {note}; confira se é a que o baralho quer"
    else:
        note = ("the order deckdsl plays them in when no addendum says one" if engine
                else "the order of the deck file (deckdsl picks none for these effects)")
        note = f"# deckdsl check --fix: {note}; check it is the one the deck means"
    block = f"addendum {quoted(title)} {{\n  {note}\n  order: {quoted(first)} then {quoted(second)}\n}}"
    end = context.deck.span
    at = Span(end.end_line, end.end_column, end.end_line, end.end_column, end.end, end.end)
    ends_a_line = end.end_column == 1
    text = ("\n" if ends_a_line else "\n\n") + block + ("\n" if ends_a_line else "")
    order = f"order: {quoted(first)} then {quoted(second)}"
    return Fix(said("check-hazard-fix-engine", "add an addendum with `{code}`, the order deckdsl plays by default",
                    code=order) if engine else
               said("check-hazard-fix-file", "add an addendum with `{code}`, the deck file's order", code=order),
               (Edit(at, text),), safe=False)


def _kinds_by_pair(context: Context) -> dict[frozenset[str], set[str]]:
    """The kinds of hazard each pair of cards makes, worked out once per check (a fix asks for its pair's)."""

    def build() -> dict[frozenset[str], set[str]]:
        kinds: dict[frozenset[str], set[str]] = {}
        for found in analysis_of(context).report():
            kinds.setdefault(frozenset((found.partner.card.name, found.effect.card.name)), set()).add(found.kind)
        return kinds

    return context.shared_by("hazard-kinds-by-pair", build)


def _default_order(context: Context, kind: str):
    """A sort key putting cards in the order the engine plays their effects of `kind` unordered."""
    analysis = analysis_of(context)
    if kind == "modifiers":
        rank = context.shared_by("hazard-modifier-order", lambda: _modifier_order(context.deck, analysis.orders))
    elif kind == "triggers":
        rank = context.shared_by("hazard-trigger-order",
                                 lambda: analysis.orders.rank([card.name for card in context.deck.cards]))
    else:
        rank = analysis.orders.index
    return lambda name: rank.get(name, len(rank))


def _modifier_order(deck: ast.Deck, orders) -> dict[str, int]:
    """Each card's place in the order the engine applies value modifiers (its first modifier's)."""
    items = [(index, number, card.name, clause.op) for index, card in enumerate(deck.cards)
             for number, clause in enumerate(clauses(card)) if isinstance(clause, ast.ValueModifier)]
    sequence = orders.sequence(items, name=lambda item: item[2],
                               default=lambda item: (_OP_RANK[item[3]], item[0], item[1]), chained=True)
    place: dict[str, int] = {}
    for item in sequence:
        place.setdefault(item[2], len(place))
    return place


def _diagnostic(finding: Finding, code: str, portuguese: bool, fix: Fix | None = None) -> Diagnostic:
    first, second = finding.partner, finding.effect
    a, b = first.card.name, second.card.name
    more = said("check-hazard-others", " (and {count} other {count:card|cards})", count=finding.others) \
        if finding.others else ""
    facts = {"first": _shown(first), "second": _shown(second), "more": more}
    if finding.kind == "priorities":
        message = said("check-hazard-priorities", "`{first}` and `{second}` are both `discarded {order}`, and no "
                       "addendum says which is discarded first{more}", first=a, second=b, order=second.node.order,
                       more=more)
    elif finding.kind == "modifiers":
        message = said("check-hazard-modifiers", "{first} and {second} can change the same card's value, and no "
                       "addendum says which applies first{more}", **facts)
    elif finding.kind == "triggers":
        message = said("check-hazard-triggers", "{first} and {second} are set off by the same event, and no addendum "
                       "says which resolves first{more}", **facts)
    else:
        message = said("check-hazard-values", "{first} and {second} have values that read each other, and no "
                       "addendum says which is worked out first{more}", **facts)
    title = f"{a} antes de {b}" if portuguese else f"{a} before {b}"
    return Diagnostic(
        code, message, second.node.span,
        labels=(Label(first.node.span, effect_name(first)),),
        notes=(tell(finding.witness, a, b),),
        help=said("check-hazard-help", "add an addendum that orders them: `{code}` (or the other way round, if that "
                  "is what the deck means)", code=f'addendum "{title}" {{ order: "{a}" then "{b}" }}'),
        fix=fix,
    )


def effect_name(effect: Effect) -> str:
    """What the effect is called in labels: `the modifier of …`, `the trigger of …`."""
    node, card = effect.node, effect.card.name
    if isinstance(node, ast.ValueModifier):
        return said("check-modifier-of", "the modifier of `{card}`", card=card)
    if isinstance(node, ast.ValueDefinition):
        return said("check-value-of", "the value of `{card}`", card=card)
    if isinstance(node, ast.Trigger):
        return said("check-trigger-of", "the trigger of `{card}`", card=card)
    return said("check-priority-of", "the discard priority of `{card}`", card=card)


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
