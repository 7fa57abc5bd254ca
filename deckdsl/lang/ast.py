"""The typed syntax tree of a deck file.

Every node is a small frozen object with a `span` (where it was written) and a `kind` tag equal to its class
name, so effect unions are discriminated unions and JSON consumers can dispatch on `kind`.  Class names match
the grammar's rule names (`grammars/deck.lark`: rule `gain` builds `Gain`).

The classes are plain Python, not pydantic models: a check builds a tree and reads it, and pydantic's
machinery (its model classes cost more to create than the whole check of a deck, issue 46) buys nothing
there.  They keep pydantic's API (`model_dump`, `model_copy`, `model_fields`, `model_validate`,
`model_json_schema`); validation and the JSON Schema come from pydantic models of the same classes built on
first use (`deckdsl.lang.models`; the machinery is `deckdsl.lang.nodes`), which the test suite validates every parsed tree against.

The tree is syntactic: card sets and numbers share one expression union (`Expr`), and the checker
(`deckdsl.check.semantics`) types it — `count(3)` parses, and is reported as a type error.

What each effect is worth to a card's owner (its polarity) is each game's own model (`Game.worth`: Janken
Wars' `deckdsl.games.janken_wars.worth`, one `polarity_<Node>` per effect node); its rules read it there.
"""

from __future__ import annotations

from typing import Literal, Union

from ..profiles.fields import CARD_FIELDS, META_FIELDS  # noqa: F401 — re-exported
from ..span import Span
from .nodes import Factory, FieldInfo, Node, NodeT, computed, construct  # noqa: F401 — re-exported

Player = Literal["you", "opponent"]
"""`you` is the card's owner (for an action: the player who won it); `opponent` is the other player."""

# ------------------------------------------------------------------ values and card sets ---


class Number(Node):
    """An integer literal.  `value`: the integer."""

    kind: Literal["Number"] = "Number"
    value: int


class BinaryOp(Node):
    """Arithmetic on two numbers.

    `op`: `+`, `-`, `*` or `/` (`/` is exact division: wrap it in `ceil` or `floor` to get an integer).
    `left`, `right`: the operands.
    """

    kind: Literal["BinaryOp"] = "BinaryOp"
    op: Literal["+", "-", "*", "/"]
    left: Expr
    right: Expr


class Negate(Node):
    """`-operand`."""

    kind: Literal["Negate"] = "Negate"
    operand: Expr


class Function(Node):
    """A built-in function applied to one argument.

    `name`: `count` (how many cards are in a card set), `total` (the sum of the values of a card set),
    `ceil` / `floor` (round a number up / down).  `argument`: the card set or number it applies to.
    """

    kind: Literal["Function"] = "Function"
    name: Literal["count", "total", "ceil", "floor"]
    argument: Expr


class ThisCard(Node):
    """`this`: the card that carries the effect."""

    kind: Literal["ThisCard"] = "ThisCard"


class EventCard(Node):
    """`it`: inside a trigger, the card of the event that fired it (the card the opponent gained)."""

    kind: Literal["EventCard"] = "EventCard"


class Zone(Node):
    """All the cards of a zone.

    `name`: the zone as written, one of the game profile's zones or their aliases (`deck`, `table`,
    `domain`, `discard pile`, `stars` in Janken Wars).  `owner`: whose zone (`you` / `opponent`), or None
    for a shared zone or when the owner is implied (`the table`).
    """

    kind: Literal["Zone"] = "Zone"
    name: str
    owner: Player | None = None


class TypeFilter(Node):
    """`of type X`: only cards whose type is `value` (the profile's canonical type: `pedra` is read as
    `rock`; the text as written when the profile does not know it, which the checker reports)."""

    kind: Literal["TypeFilter"] = "TypeFilter"
    value: str


class NameFilter(Node):
    """`named "X"`: only copies of the card called `name` (must be a card of the deck)."""

    kind: Literal["NameFilter"] = "NameFilter"
    name: str


class ValueFilter(Node):
    """`with value >= N`: only cards whose current value compares true.  `comparator`, `amount`."""

    kind: Literal["ValueFilter"] = "ValueFilter"
    comparator: Literal[">=", "<=", "==", "!=", ">", "<"]
    amount: Expr


Filter = Union[TypeFilter, NameFilter, ValueFilter]


class Selection(Node):
    """Some cards of a zone: `a card from the table`, `all other cards in your domain`.

    `count`: how many cards (None means all of them).  `up_to`: whether fewer may be picked.
    `other`: excludes the card that carries the effect.  `filters`: conditions every picked card meets.
    `zone`: where the cards are.  `chooser`: who picks when `count` is set — `you`, `opponent`,
    `random`, or None for the player performing the step.
    """

    kind: Literal["Selection"] = "Selection"
    count: int | None = None
    up_to: bool = False
    other: bool = False
    filters: tuple[Filter, ...] = ()
    zone: Zone
    chooser: Player | Literal["random"] | None = None

    @property
    def is_choice(self) -> bool:
        """Whether somebody has to pick among the cards (rather than all of them being taken)."""
        return self.count is not None


class DeckTop(Node):
    """`top N cards of the deck`: the first `count` cards of the deck, no choice involved."""

    kind: Literal["DeckTop"] = "DeckTop"
    count: int = 1


Expr = Union[Number, BinaryOp, Negate, Function, ThisCard, EventCard, Zone, Selection, DeckTop]
"""A number-valued or card-set-valued expression (typed by the checker)."""


class Comparison(Node):
    """`left comparator right`, both numbers."""

    kind: Literal["Comparison"] = "Comparison"
    left: Expr
    comparator: Literal[">=", "<=", "==", "!=", ">", "<"]
    right: Expr


# ----------------------------------------------------------------------------------- steps ---


class Step(Node):
    """Base of action steps.  `player`: who performs the step (None: the card's owner, `you`)."""

    player: Player | None = None

    @property
    def actor(self) -> Player:
        return self.player or "you"


class Gain(Step):
    """The player puts `cards` into their domain (`gain top 2 cards of the deck`)."""

    kind: Literal["Gain"] = "Gain"
    cards: Expr


class GainStars(Step):
    """The player gains `amount` stars."""

    kind: Literal["GainStars"] = "GainStars"
    amount: Expr


class LoseStars(Step):
    """The player loses `amount` stars (returned to the supply)."""

    kind: Literal["LoseStars"] = "LoseStars"
    amount: Expr


class Discard(Step):
    """The player discards `cards`: they go to *that player's* discard pile, whoever owned them."""

    kind: Literal["Discard"] = "Discard"
    cards: Expr


class Swap(Step):
    """`first` and `second` trade places (`swap this with a card from opponent's domain`)."""

    kind: Literal["Swap"] = "Swap"
    first: Expr
    second: Expr


class PutOnBottom(Step):
    """The player puts `cards` on the bottom of the deck."""

    kind: Literal["PutOnBottom"] = "PutOnBottom"
    cards: Expr


class CancelAction(Step):
    """The action of `cards` (default: `it`, the event's card) does not happen."""

    kind: Literal["CancelAction"] = "CancelAction"
    cards: Expr | None = None


class Optional(Step):
    """`may step`: the player decides whether `step` happens."""

    kind: Literal["Optional"] = "Optional"
    step: StepNode


class Conditional(Step):
    """`if test: step`: `step` happens only when `test` holds."""

    kind: Literal["Conditional"] = "Conditional"
    test: Comparison
    step: StepNode


StepNode = Union[Gain, GainStars, LoseStars, Discard, Swap, PutOnBottom, CancelAction, Optional, Conditional]


class Action(Node):
    """What happens once, when the card is won through a dispute.  `steps`: run in order."""

    kind: Literal["Action"] = "Action"
    steps: tuple[StepNode, ...]


# ------------------------------------------------------------------------------ conditions ---


class GainEvent(Node):
    """Fires when `player` gains a card matching `cards` (`opponent gains a card from the table`)."""

    kind: Literal["GainEvent"] = "GainEvent"
    player: Player
    cards: Expr


class DiscardEvent(Node):
    """Fires when `player` discards a card matching `cards`."""

    kind: Literal["DiscardEvent"] = "DiscardEvent"
    player: Player
    cards: Expr


class DisputeEvent(Node):
    """Fires when `player` wins (`outcome` `win`) or loses (`lose`) a rock-paper-scissors dispute;
    `throw`, when set, limits it to disputes won (or lost) with that type (`rock` …)."""

    kind: Literal["DisputeEvent"] = "DisputeEvent"
    player: Player
    outcome: Literal["win", "lose"]
    throw: str | None = None


Event = Union[GainEvent, DiscardEvent, DisputeEvent]


class ValueDefinition(Node):
    """`value = expr`: the value of a card whose value is `*`."""

    kind: Literal["ValueDefinition"] = "ValueDefinition"
    expr: Expr


class ValueModifier(Node):
    """`cards get +1`: a continuous change to the value of other cards.

    `cards`: the affected cards: every card that matches, re-evaluated continuously — or, when
    `chosen_on_entry`, the cards a selection picks once, when this card enters a domain (`another card in
    your domain, chosen by you when this card enters it, gets +1`): the modifier then applies to them
    while they and this card stay where they were.  `op`: `add`, `subtract`, `multiply` or `set`.
    `amount`: the number applied.  The order in which several modifiers apply is the deck's addenda's
    (docs/language.md, section 9); the checker reports modifiers whose order matters and no addendum
    settles (JW113).
    """

    kind: Literal["ValueModifier"] = "ValueModifier"
    cards: Expr
    op: Literal["add", "subtract", "multiply", "set"]
    amount: Expr
    chosen_on_entry: bool = False


class DiscardPriority(Node):
    """`discarded first`: whenever some of the cards of its owner's domain are discarded (by either
    player), this card must go `first` (before the owner's other cards) or `last`."""

    kind: Literal["DiscardPriority"] = "DiscardPriority"
    order: Literal["first", "last"]


class Trigger(Node):
    """`whenever event: steps`: `steps` happen each time `event` occurs while the card is in a domain."""

    kind: Literal["Trigger"] = "Trigger"
    event: Event
    steps: tuple[StepNode, ...]


Clause = Union[ValueDefinition, ValueModifier, DiscardPriority, Trigger]


class Condition(Node):
    """What applies continuously while the card is in a domain.  `clauses`: all of them apply."""

    kind: Literal["Condition"] = "Condition"
    clauses: tuple[Clause, ...]


# ------------------------------------------------------------------- cards, addenda, deck ---


class Attribute(Node):
    """A profile attribute of a card (`type: pedra`).

    `name`: the attribute's canonical name (`type`), `value`: its canonical value (`rock`) — or the text
    as written when the profile does not know it (the checker reports that).  `value_span`: where the
    value was written.
    """

    kind: Literal["Attribute"] = "Attribute"
    name: str
    value: str | int
    value_span: Span


class Card(Node):
    """One card of the deck.

    `name`: any text.  `name_span`: where it was written.  `attributes`: the profile's attributes
    (type and rarity in Janken Wars).  `copies`: how many copies the deck holds.  `value`: the points
    it is worth, or `*` when its condition defines the value.  `action`, `condition`: its effects.
    `cost`: the card's drawback, steps that happen when it is won through a dispute, before `action`.
    `flavor`: flavor text.  `art`: a path to an image, relative to the deck file.  `text`: rules text
    written by hand, printed instead of the text generated from the effects (which are still checked).
    `field_spans`: where each field was written (by canonical field name), for diagnostics.
    """

    kind: Literal["Card"] = "Card"
    name: str
    name_span: Span
    attributes: tuple[Attribute, ...] = ()
    copies: int = 1
    value: int | Literal["*"] | None = None
    cost: Action | None = None
    action: Action | None = None
    condition: Condition | None = None
    flavor: str | None = None
    art: str | None = None
    text: str | None = None
    field_spans: dict[str, Span] = Factory(dict)

    def attribute(self, name: str) -> str | int | None:
        """The canonical value of attribute `name`, or None."""
        for attribute in self.attributes:
            if attribute.name == name:
                return attribute.value
        return None

    @computed
    def type(self) -> str | None:
        """The card's type (`rock`, `paper`, `scissors` in Janken Wars)."""
        value = self.attribute("type")
        return None if value is None else str(value)

    @computed
    def rarity(self) -> str | None:
        """The card's rarity (`simple`, `advanced`, `special` in Janken Wars)."""
        value = self.attribute("rarity")
        return None if value is None else str(value)


class CardRef(Node):
    """A card named in an addendum.  `name`: the card's name."""

    kind: Literal["CardRef"] = "CardRef"
    name: str


class ModifierOrder(Node):
    """`order: "A" then "B"`: the value modifiers of these cards apply in this order."""

    kind: Literal["ModifierOrder"] = "ModifierOrder"
    cards: tuple[CardRef, ...]


class Addendum(Node):
    """A deck-level addendum to the rules.  `title`, free `text`, and `orders` of value modifiers."""

    kind: Literal["Addendum"] = "Addendum"
    title: str
    title_span: Span
    text: str | None = None
    orders: tuple[ModifierOrder, ...] = ()


class Meta(Node):
    """A metadata field of the deck header as written.  `name`, `value` (a text, number or list)."""

    kind: Literal["Meta"] = "Meta"
    name: str
    value: str | int | tuple[str | int, ...]


class Setting(Node):
    """A rule parameter or rule option the deck changes (`star_cost: 8`, `chooser: owner`).
    `name`, `value` (a number, or one of the option's named choices)."""

    kind: Literal["Setting"] = "Setting"
    name: str
    value: int | str


class PrintEntry(Node):
    """One entry of a table in a `print` setting (`rock: "#7a5230"`): `key` (as written), `value`."""

    kind: Literal["PrintEntry"] = "PrintEntry"
    key: str
    value: str | int


class PrintSetting(Node):
    """A setting of the deck's `print` block: how its printed cards look (docs/print.md, "The print
    block").  `name`; `value`: a text, number or list — or None when the setting is a table of
    `entries` (`colours: { rock: "#7a5230", paper: "#2d5f8f" }`)."""

    kind: Literal["PrintSetting"] = "PrintSetting"
    name: str
    value: str | int | tuple[str | int, ...] | None = None
    entries: tuple[PrintEntry, ...] = ()


class Deck(Node):
    """A whole deck file.

    `title`: the name of the deck.  `game`: the id of its game profile.  `version`, `authors`,
    `license`, `language`: metadata (language is a BCP 47 tag like `pt-BR`, the language of the card
    text).  `rules`: rule parameters the deck changes.  `printing`: the settings of its `print` block, how its
    cards look.  `meta`: every header field as written.
    `cards`, `addenda`: in file order.  `header_span`, `title_span`: where the `deck` block and its title
    are (None when the header is missing).
    """

    kind: Literal["Deck"] = "Deck"
    title: str | None = None
    game: str | None = None
    version: str | None = None
    authors: tuple[str, ...] = ()
    license: str | None = None
    language: str | None = None
    rules: tuple[Setting, ...] = ()
    printing: tuple[PrintSetting, ...] = ()
    meta: tuple[Meta, ...] = ()
    cards: tuple[Card, ...] = ()
    addenda: tuple[Addendum, ...] = ()
    header_span: Span | None = None
    title_span: Span | None = None

    def card(self, name: str) -> Card | None:
        """The card called `name`, or None."""
        for card in self.cards:
            if card.name == name:
                return card
        return None


NODE_CLASSES: dict[str, type[Node]] = {
    cls.__name__: cls
    for cls in list(globals().values())
    if isinstance(cls, type) and issubclass(cls, Node) and "kind" in cls.model_fields
}
"""Every concrete node class by name (the `kind` tag)."""

def without_spans(value):
    """A node's JSON (`model_dump(mode="json")`) without its positions — `span`, `*_span` and
    `field_spans` — so that two texts that mean the same compare equal (`deckdsl ast --no-spans`, the
    formatter's meaning check)."""
    if isinstance(value, dict):
        return {k: without_spans(v) for k, v in value.items() if not (k.endswith("span") or k == "field_spans")}
    if isinstance(value, list):
        return [without_spans(v) for v in value]
    return value
