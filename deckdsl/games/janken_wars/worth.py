"""What an effect is worth to the card's owner in Janken Wars: polarity, typical values, a static power
estimate — the game's effect-worth model (`Game.worth`; `deckdsl explain` shows it card by card).

This is the one place where deckdsl judges Janken Wars' effects; its guideline rules read it instead of
guessing.  Every
effect node has a `polarity_<Node>` function here (a node without one raises, and a test builds every
node kind): a number that is positive when the effect helps the owner of the card (`you`), negative when
it hurts them, zero when it is neutral or depends on the game state.  The scale is "points of value": a
star is worth +8 (its price, `star_cost`), a card of the standard deck 2 points on average.

Calibrated by play (`python bench/calibrate_polarity.py`: gift experiments on the standard deck, 6,000
paired games per row, random bots, seed 1; a point of value buys 2.3 pp of win rate).  Measured in
points against the model before calibration: gaining the top card of the deck 3.4 (model 2), the top two
5.9 (4), the opponent discarding a card you choose from their domain 1.0 (2), at random 0.9 (2),
discarding a card from the table 0.8 (0.5), `cards in your domain get +1` 3.0 (3), `get x2` 4.3 (6).  So
a gained card counts `GAINED_CARD` = 3, a card lost from a domain `REMOVED_CARD` = 1, and a multiplier
works on cards of `MULTIPLIED_CARD` = 1.5 points; the other figures stood.

Limits (documented in docs/rules/README.md): the estimate is static — it does not know the state of a
game, so `*` values use typical zone sizes (`TYPICAL_ZONE_SIZE`), a choice is assumed to be made well by
whoever chooses, and swaps are counted as neutral.  `deckdsl simulate` (the engine) measures the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ...check.memo import carried
from ...check.parts import effect_nodes
from ...lang import ast
from ...said import Said, said

CARD_VALUE = 2.0
"""What one card in a domain is typically worth (the standard deck's mean value is 2.1)."""

GAINED_CARD = 3.0
"""What gaining one card is worth: more than its value (measured 3.4 points for the top card of the deck,
5.9 for the top two: a card also brings the next exchange nearer).  Calibrated by play, see below."""

REMOVED_CARD = 1.0
"""What making a player lose one card of their domain is worth (measured 0.9 to 1.0 points: domains are
traded for stars often, so a lost card is often one that was about to be traded anyway)."""

MULTIPLIED_CARD = 1.5
"""The value of a card a multiplier works on (measured: `x2` on your domain is worth 4.3 points, not the 6
that 3 cards of 2 points would give — domains hold the small cards)."""

STAR_VALUE = 8.0
"""What a star is worth: its price in points (the GDD's `star_cost`)."""

TYPICAL_ZONE_SIZE = {"domain": 3, "discard": 4, "table": 5, "deck": 20, "stars": 1}
"""Zone sizes assumed when a value depends on them (a mid-game state: the GDD's domains rarely pass 3 to
4 cards before an exchange for stars)."""

_SIGN = {"you": 1, "opponent": -1, None: 1, "random": 0}
"""Who benefits from a choice: `you` +1, `opponent` −1, nobody when it is made `at random`."""


_HANDLERS: dict[type, Callable[[ast.Node], float]] = {}
"""`polarity_<Node>` by node class, looked up once per class."""


def polarity(node: ast.Node) -> float:
    """The polarity of an effect node for the owner of the card (see the module docstring)."""
    handler = _HANDLERS.get(type(node))
    if handler is None:
        handler = globals().get(f"polarity_{type(node).__name__}")
        if handler is None:
            raise NotImplementedError(f"deckdsl.games.janken_wars.worth has no polarity_{type(node).__name__}")
        _HANDLERS[type(node)] = handler
    return handler(node)


def card_polarity(card: ast.Card) -> float:
    """The sum of the polarities of a card's cost, action and condition."""
    return sum(polarity(node) for node in effect_nodes(card))


class Worth(NamedTuple):
    """What the model says of a card's effects, in one pass over them: `effects`, the polarity of each of
    `effect_nodes(card)`; `total`, their sum (`card_polarity`); `drawback` and `benefit`, as
    `has_drawback` and `has_benefit` say.  Rules that judge every card read it once per card per check
    (`Context.of_card(worth, card)`) instead of asking for each figure apart."""

    effects: tuple[float, ...]
    total: float
    drawback: bool
    benefit: bool


@carried
def worth(card: ast.Card) -> Worth:
    """The `Worth` of a card's effects."""
    nodes = effect_nodes(card)
    drawback = card.cost is not None or (isinstance(card.value, int) and card.value < 0)
    if not nodes:
        return Worth((), 0, drawback, False)
    effects = []
    hurts = helps = False
    for node in nodes:
        amount = polarity(node)
        effects.append(amount)
        if amount < 0:
            hurts = True
        elif amount > 0:
            helps = True
    return Worth(tuple(effects), sum(effects), drawback or hurts, helps)


def has_drawback(card: ast.Card) -> bool:
    """Whether the card costs its owner something: a `cost:`, a negative value (Rolo Compressor's "preço
    minimamente cruel"), or any step or clause that hurts them."""
    if card.cost is not None or (isinstance(card.value, int) and card.value < 0):
        return True
    return any(polarity(node) < 0 for node in effect_nodes(card))


def has_benefit(card: ast.Card) -> bool:
    """Whether any of the card's effects helps its owner."""
    return any(polarity(node) > 0 for node in effect_nodes(card))


@carried
def typical_value(card: ast.Card) -> float:
    """The card's value: its integer, or for `*` its definition evaluated at typical zone sizes."""
    if isinstance(card.value, int):
        return float(card.value)
    for clause in card.condition.clauses if card.condition else ():
        if isinstance(clause, ast.ValueDefinition):
            return float(estimate(clause.expr))
    return 0.0


def power(card: ast.Card) -> float:
    """A static power estimate: typical value plus the polarity of its effects."""
    return typical_value(card) + card_polarity(card)


# ------------------------------------------------------------------------- expressions ---


def estimate(expr: ast.Node) -> float:
    """A number expression evaluated at typical zone sizes; the count of a card set for a card set."""
    if isinstance(expr, ast.Number):
        return expr.value
    if isinstance(expr, ast.BinaryOp):
        left, right = estimate(expr.left), estimate(expr.right)
        if expr.op == "/":
            return left / right if right else 0.0
        return {"+": left + right, "-": left - right, "*": left * right}[expr.op]
    if isinstance(expr, ast.Negate):
        return -estimate(expr.operand)
    if isinstance(expr, ast.Function):
        inner = estimate(expr.argument)
        if expr.name == "ceil":
            return float(-(-inner // 1))
        if expr.name == "floor":
            return float(inner // 1)
        if expr.name == "total":
            return inner * CARD_VALUE
        return inner
    return float(cards_affected(expr))


def cards_affected(cards: ast.Node | None) -> float:
    """How many cards a card set typically holds."""
    if cards is None or isinstance(cards, (ast.ThisCard, ast.EventCard)):
        return 1.0
    if isinstance(cards, ast.DeckTop):
        return float(cards.count)
    if isinstance(cards, ast.Zone):
        return float(TYPICAL_ZONE_SIZE.get(_zone_id(cards.name), 3))
    if isinstance(cards, ast.Selection):
        if cards.count is not None:
            return float(cards.count)
        whole = float(TYPICAL_ZONE_SIZE.get(_zone_id(cards.zone.name), 3))
        return max(whole - (1 if cards.other else 0) - 0.5 * len(cards.filters), 0.5)
    return 1.0


def _zone_id(name: str) -> str:
    return "discard" if name.startswith("discard") or name == "descarte" else name


def _owner(cards: ast.Node | None) -> str | None:
    """Whose cards these are: `you`, `opponent`, or None (the table, the deck, this card …)."""
    if isinstance(cards, ast.Selection):
        cards = cards.zone
    if isinstance(cards, ast.Zone) and _zone_id(cards.name) in ("domain", "stars", "discard"):
        return cards.owner
    return None


# ---------------------------------------------------------------------------- steps ---


def polarity_Gain(node: ast.Gain) -> float:
    gained = cards_affected(node.cards) * GAINED_CARD
    taken_from = _owner(node.cards)
    loss = cards_affected(node.cards) * REMOVED_CARD if taken_from and taken_from != node.actor else 0.0
    return _SIGN[node.actor] * (gained + loss)


def polarity_GainStars(node: ast.GainStars) -> float:
    return _SIGN[node.actor] * estimate(node.amount) * STAR_VALUE


def polarity_LoseStars(node: ast.LoseStars) -> float:
    return -_SIGN[node.actor] * estimate(node.amount) * STAR_VALUE


def _removal(node: ast.Discard | ast.PutOnBottom) -> float:
    """Taking cards out of play: from a domain it hurts that domain's owner; from the table it is a small
    gain of control for whoever picks the card (Kit de Ferramentas), nothing when nobody picks."""
    owner = _owner(node.cards)
    if owner is None:
        if not isinstance(node.cards, ast.Selection) or not node.cards.is_choice:
            return 0.0
        return 0.5 * _SIGN[node.cards.chooser or node.actor]
    return -_SIGN[owner] * cards_affected(node.cards) * REMOVED_CARD


def polarity_Discard(node: ast.Discard) -> float:
    return _removal(node)


def polarity_Swap(node: ast.Swap) -> float:
    """Neutral: what a swap is worth depends on the two cards (the engine measures it)."""
    return 0.0


def polarity_PutOnBottom(node: ast.PutOnBottom) -> float:
    return _removal(node)


def polarity_CancelAction(node: ast.CancelAction) -> float:
    return 1.0


def polarity_Optional(node: ast.Optional) -> float:
    """A step its performer may skip: they take only the good side of it."""
    inner = polarity(node.step)
    return max(inner, 0.0) if node.actor == "you" else min(inner, 0.0)


def polarity_Conditional(node: ast.Conditional) -> float:
    return 0.5 * polarity(node.step)


# ------------------------------------------------------------------------- conditions ---


def polarity_ValueDefinition(node: ast.ValueDefinition) -> float:
    """The value itself is counted by `typical_value`, not as an effect."""
    return 0.0


def polarity_ValueModifier(node: ast.ValueModifier) -> float:
    owner = _owner(node.cards)
    count = cards_affected(node.cards)
    amount = estimate(node.amount)
    change = {
        "add": amount, "subtract": -amount,
        "multiply": (amount - 1) * MULTIPLIED_CARD, "set": amount - CARD_VALUE,
    }[node.op] * count
    return change * (_SIGN[owner] if owner else 1)


def polarity_DiscardPriority(node: ast.DiscardPriority) -> float:
    """`discarded first` shields the owner's other cards (Muro Alto); `last` keeps this one."""
    return 0.5


def polarity_Trigger(node: ast.Trigger) -> float:
    return sum(polarity(step) for step in node.steps)


# ------------------------------------------------------------------------ explanations ---


def why(node: ast.Node) -> Said:
    """How the model reached `polarity(node)`, in a few words (what `deckdsl explain` shows), `said`."""
    handler = globals().get(f"why_{type(node).__name__}")
    if handler is None:
        raise NotImplementedError(f"deckdsl.games.janken_wars.worth has no why_{type(node).__name__}")
    return handler(node)


def _count(count: float) -> int | float:
    """A count of cards as explain shows it: to one decimal, a whole number without one."""
    count = round(count, 1) + 0.0
    return int(count) if count.is_integer() else count


def _number(value: float) -> int | float:
    """A figure as `{value:g}` writes it, whole numbers as integers (so that a catalog's plurals read them)."""
    value = float(value)
    return int(value) if value.is_integer() else value


def why_Gain(node: ast.Gain) -> Said:
    text = said("jw-worth-gain", "{count} {count:card|cards} × {points:g} points each (a gained card, measured)",
                count=_count(cards_affected(node.cards)), points=_number(GAINED_CARD))
    owner = _owner(node.cards)
    if owner and owner != node.actor:
        text = said("jw-worth-gain-taken", "{gain}, taken from the other player's domain: their loss ({loss:g} a card) "
                    "counts too", gain=text, loss=_number(REMOVED_CARD))
    if node.actor in ("you", None):
        return text
    return said("jw-worth-for-opponent", "{reason}, for opponent", reason=text)


def why_GainStars(node: ast.GainStars) -> Said:
    return said("jw-worth-gain-stars", "{stars:g} star(s) × {points:g} points (a star's price)",
                stars=_number(estimate(node.amount)), points=_number(STAR_VALUE))


def why_LoseStars(node: ast.LoseStars) -> Said:
    return said("jw-worth-lose-stars", "{stars:g} star(s) lost × {points:g} points",
                stars=_number(estimate(node.amount)), points=_number(STAR_VALUE))


def _why_removal(node) -> Said:
    owner = _owner(node.cards)
    if owner is None:
        if not isinstance(node.cards, ast.Selection) or not node.cards.is_choice:
            return said("jw-worth-removal-nobody", "cards nobody owns leave play: neutral")
        return said("jw-worth-removal-table", "a table card its chooser picks leaves play: a little control (0.5)")
    count, points = _count(cards_affected(node.cards)), _number(REMOVED_CARD)
    if owner == "you":
        return said("jw-worth-removal-yours", "{count} {count:card|cards} of your domain × {points:g} point each (a "
                    "lost card, measured)", count=count, points=points)
    return said("jw-worth-removal-theirs", "{count} {count:card|cards} of the opponent's domain × {points:g} point "
                "each (a lost card, measured)", count=count, points=points)


def why_Discard(node: ast.Discard) -> Said:
    return _why_removal(node)


def why_PutOnBottom(node: ast.PutOnBottom) -> Said:
    return _why_removal(node)


def why_Swap(node: ast.Swap) -> Said:
    return said("jw-worth-swap", "a swap is worth what the two cards differ by: counted neutral (play measures it)")


def why_CancelAction(node: ast.CancelAction) -> Said:
    return said("jw-worth-cancel", "cancelling an action: a fixed 1 point")


def why_Optional(node: ast.Optional) -> Said:
    return said("jw-worth-optional", "optional: its performer takes only the good side of it")


def why_Conditional(node: ast.Conditional) -> Said:
    return said("jw-worth-conditional", "happens only sometimes: half of the step's worth")


def why_ValueDefinition(node: ast.ValueDefinition) -> Said:
    return said("jw-worth-value-definition", "defines the card's value (counted as its value, not as an effect)")


def why_ValueModifier(node: ast.ValueModifier) -> Said:
    count = _count(cards_affected(node.cards))
    amount = _number(estimate(node.amount))
    change = {
        "add": lambda: said("jw-worth-add", "+{amount:g}", amount=amount),
        "subtract": lambda: said("jw-worth-subtract", "-{amount:g}", amount=amount),
        "multiply": lambda: said("jw-worth-multiply", "×{amount:g} of a {points:g}-point card", amount=amount,
                                 points=_number(MULTIPLIED_CARD)),
        "set": lambda: said("jw-worth-set", "set to {amount:g} instead of {value:g}", amount=amount,
                            value=_number(CARD_VALUE)),
    }[node.op]()
    owner = _owner(node.cards)
    if owner == "you":
        return said("jw-worth-modifier-yours", "{change} on {count} {count:card|cards}, on your cards", change=change,
                    count=count)
    if owner == "opponent":
        return said("jw-worth-modifier-theirs", "{change} on {count} {count:card|cards}, on the opponent's cards "
                    "(their loss is your gain)", change=change, count=count)
    return said("jw-worth-modifier", "{change} on {count} {count:card|cards}", change=change, count=count)


def why_DiscardPriority(node: ast.DiscardPriority) -> Said:
    return said("jw-worth-discard-priority", "a discard priority shields or keeps a card: a fixed 0.5")


def why_Trigger(node: ast.Trigger) -> Said:
    return said("jw-worth-trigger", "each time its event happens: the sum of its steps, counted once")


def deck_notes(deck: ast.Deck, profile) -> list[Said]:
    """What `deckdsl explain` adds about the whole deck: the chance that a fresh table holds an advanced card
    (JW120)."""
    from ...check.figures import advanced_on_table

    return [said("jw-worth-table", "table: {figure}", figure=advanced_on_table(deck, profile).explanation)]
