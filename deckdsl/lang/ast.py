"""The typed syntax tree of a deck file.

Every node is a small frozen object with a `span` (where it was written) and a `kind` tag equal to its class
name, so effect unions are discriminated unions and JSON consumers can dispatch on `kind`.  Class names match
the grammar's rule names (`grammars/deck.lark`: rule `gain` builds `Gain`).

The classes are plain Python, not pydantic models: a check builds a tree and reads it, and pydantic's
machinery (its model classes cost more to create than the whole check of a deck, issue 46) buys nothing
there.  They keep pydantic's API (`model_dump`, `model_copy`, `model_fields`, `model_validate`,
`model_json_schema`); validation and the JSON Schema come from pydantic models of the same classes built on
first use (`deckdsl.lang.models`), which the test suite validates every parsed tree against.

The tree is syntactic: card sets and numbers share one expression union (`Expr`), and the checker
(`deckdsl.check.semantics`) types it — `count(3)` parses, and is reported as a type error.

What each effect is worth to a card's owner (its polarity) is each game's own model (`Game.worth`: Janken
Wars' `deckdsl.games.janken_wars.worth`, one `polarity_<Node>` per effect node); its rules read it there.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Any, ForwardRef, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from ..profiles.fields import CARD_FIELDS, META_FIELDS  # noqa: F401 — re-exported
from ..span import Span

Player = Literal["you", "opponent"]
NodeT = TypeVar("NodeT", bound="Node")
"""`you` is the card's owner (for an action: the player who won it); `opponent` is the other player."""

_REQUIRED: Any = object()


class computed(property):  # noqa: N801 — a decorator, named as `property` is
    """A property the AST's JSON shows beside the fields (`Card.type`), as pydantic's `computed_field`."""


class Factory:
    """A field's default made anew for each node (`field_spans = Factory(dict)`: a dict of its own)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


class FieldInfo:
    """One field of a node class, as `Node.model_fields` lists it: `name`, `default` (or a `factory`), and
    `annotation`, its type, resolved on first use (walkers ask it once per class)."""

    __slots__ = ("owner", "name", "default", "factory")

    def __init__(self, owner: type, name: str, default: Any) -> None:
        self.owner, self.name = owner, name
        self.factory = default.make if isinstance(default, Factory) else None
        self.default = _REQUIRED if self.factory else default

    def is_required(self) -> bool:
        return self.default is _REQUIRED and self.factory is None

    def get_default(self, call_default_factory: bool = False) -> Any:
        if self.factory is not None:
            return self.factory() if call_default_factory else None
        return None if self.default is _REQUIRED else self.default

    @property
    def annotation(self) -> Any:
        hints = _HINTS.get(self.owner)
        if hints is None:
            hints = _HINTS[self.owner] = get_type_hints(self.owner, vars(sys.modules[self.owner.__module__]))
        return hints[self.name]

    def __repr__(self) -> str:
        return f"FieldInfo({self.owner.__name__}.{self.name})"


_HINTS: dict[type, dict[str, Any]] = {}


class Node:
    """Base of every node.  `span` is the source region the node was parsed from.

    A node is frozen: assigning to a field raises; `model_copy(update=...)` makes a changed copy.  Two nodes
    are equal when they are of one class and their fields are equal."""

    model_fields: dict[str, FieldInfo]
    """Every field of the class, the base's first, in the order they are declared (the JSON's order)."""
    computed_fields: tuple[str, ...] = ()
    """The `computed` properties the JSON shows after the fields."""

    span: Span

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        _declare(cls)

    def __init__(self, **values: Any) -> None:
        cls = type(self)
        unknown = values.keys() - cls.model_fields.keys()
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
        data = {}
        for name, info in cls.model_fields.items():
            if name in values:
                data[name] = values[name]
            elif info.is_required():
                raise TypeError(f"{cls.__name__} needs the field {name}")
            else:
                data[name] = info.get_default(call_default_factory=True)
        object.__setattr__(self, "__dict__", data)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: use model_copy(update={{{name!r}: ...}})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.__dict__ == other.__dict__  # type: ignore[union-attr]

    def __hash__(self) -> int:
        values = self.__dict__
        return hash((type(self), *(values[name] for name in type(self).model_fields)))

    def __repr__(self) -> str:
        values = self.__dict__
        return f"{type(self).__name__}({', '.join(f'{n}={values[n]!r}' for n in type(self).model_fields)})"

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Node:
        """A copy with the fields in `update` changed (not validated, as pydantic's)."""
        cls = type(self)
        unknown = (update or {}).keys() - cls.model_fields.keys()
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
        data = {**self.__dict__, **(update or {})}
        if deep:
            import copy

            data = copy.deepcopy(data)
        node = cls.__new__(cls)
        object.__setattr__(node, "__dict__", data)
        return node

    def model_dump(self, *, mode: Literal["python", "json"] = "python",
                   exclude_computed_fields: bool = False) -> dict[str, Any]:
        """The node as plain data: nodes and spans as dicts, in field order, then the computed fields; in
        `mode="json"` tuples as lists (what `deckdsl ast` prints)."""
        return _dumped(self, mode == "json", not exclude_computed_fields)

    def model_dump_json(self, *, exclude_computed_fields: bool = False) -> str:
        """`model_dump(mode="json")` as compact JSON text."""
        import json

        return json.dumps(self.model_dump(mode="json", exclude_computed_fields=exclude_computed_fields),
                          ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def model_validate(cls: type[NodeT], data: Any) -> NodeT:
        """A node of this class from plain data (`model_dump`'s), validated; `pydantic.ValidationError`
        says what is wrong."""
        from . import models

        return models.validate(cls, data)

    @classmethod
    def model_validate_json(cls: type[NodeT], text: str | bytes) -> NodeT:
        """`model_validate` of JSON text."""
        from . import models

        return models.validate(cls, text, json=True)

    @classmethod
    def model_json_schema(cls, mode: Literal["validation", "serialization"] = "validation") -> dict[str, Any]:
        """The JSON Schema of this class's `model_dump(mode="json")` (`deckdsl schema`)."""
        from . import models

        return models.json_schema(cls, mode)

    def walk(self) -> Iterator[Node]:
        """This node and every node below it, depth first, in source order (iterative: no recursion)."""
        stack: list[Node] = [self]
        pop, extend = stack.pop, stack.extend
        while stack:
            node = pop()
            yield node
            children = node.children()
            if children:
                children.reverse()
                extend(children)

    def children(self) -> list[Node]:
        """The direct child nodes, in field order (for generic walkers)."""
        found: list[Node] = []
        values = self.__dict__
        names = _FIELDS.get(type(self))
        for name in _fields(type(self)) if names is None else names:
            value = values[name]
            if isinstance(value, Node):
                found.append(value)
            elif isinstance(value, tuple):
                found.extend(item for item in value if isinstance(item, Node))
        return found


def _declare(cls: type[Node]) -> None:
    """Read a node class's fields from its annotations and defaults, its base's first."""
    fields: dict[str, FieldInfo] = {}
    computed_names: list[str] = []
    for base in reversed(cls.__mro__):
        for name in base.__dict__.get("__annotations__", {}):
            if name not in ("model_fields", "computed_fields"):
                fields[name] = FieldInfo(cls, name, base.__dict__.get(name, _REQUIRED))
        computed_names += [name for name, value in base.__dict__.items() if isinstance(value, computed)]
    cls.model_fields = fields
    cls.computed_fields = tuple(computed_names)


_declare(Node)


def _dumped(value: Any, json: bool, computed: bool) -> Any:
    if isinstance(value, Node):
        values = value.__dict__
        data = {name: _dumped(values[name], json, computed) for name in type(value).model_fields}
        if computed:
            for name in type(value).computed_fields:
                data[name] = _dumped(getattr(value, name), json, computed)
        return data
    if isinstance(value, tuple):
        items = [_dumped(item, json, computed) for item in value]
        return items if json else tuple(items)
    if isinstance(value, dict):
        return {key: _dumped(item, json, computed) for key, item in value.items()}
    if isinstance(value, Span):
        return value.numbers()
    return value


_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(cls: type[Node]) -> tuple[str, ...]:
    """The fields of a node class that can hold nodes (not its span, kind or plain values), worked out once
    per class: walkers visit every node of a deck."""
    names = _FIELDS.get(cls)
    if names is None:
        fields = cls.model_fields.items()
        names = _FIELDS[cls] = tuple(name for name, info in fields if _may_hold_nodes(info.annotation))
    return names


def _may_hold_nodes(annotation) -> bool:
    """Whether a field of this type can hold a node (a reference not yet resolved might)."""
    if get_origin(annotation) is Literal:
        return False
    if isinstance(annotation, (str, ForwardRef)):
        return True
    if isinstance(annotation, type):
        return issubclass(annotation, Node)
    return any(_may_hold_nodes(argument) for argument in get_args(annotation))


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

_DEFAULTS: dict[type, tuple[dict[str, Any], tuple[tuple[str, Callable[[], Any]], ...]]] = {}


def construct(cls: type[NodeT], **fields) -> NodeT:
    """Build a node without checking its fields, for the parser, whose grammar already guarantees them (the
    test suite validates every tree it parses with `model_validate`).  Fields left out take their defaults."""
    known = _DEFAULTS.get(cls)
    if known is None:
        infos = cls.model_fields.values()
        known = _DEFAULTS[cls] = (
            {info.name: info.default for info in infos if info.factory is None and not info.is_required()},
            tuple((info.name, info.factory) for info in infos if info.factory is not None))
    defaults, factories = known
    node = cls.__new__(cls)
    data = {**defaults, **fields}
    for name, make in factories:
        if name not in fields:
            data[name] = make()
    object.__setattr__(node, "__dict__", data)
    return node


def without_spans(value):
    """A node's JSON (`model_dump(mode="json")`) without its positions — `span`, `*_span` and
    `field_spans` — so that two texts that mean the same compare equal (`deckdsl ast --no-spans`, the
    formatter's meaning check)."""
    if isinstance(value, dict):
        return {k: without_spans(v) for k, v in value.items() if not (k.endswith("span") or k == "field_spans")}
    if isinstance(value, list):
        return [without_spans(v) for v in value]
    return value
