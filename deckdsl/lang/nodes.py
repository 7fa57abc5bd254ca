"""The machinery of the AST's node classes (`deckdsl.lang.ast`): the `Node` base — frozen, compared by its
fields, with pydantic's API (`model_dump`, `model_copy`, `model_fields`, `model_validate`, `model_json_schema`)
— its fields read once per class from annotations and defaults, and `construct`, the parser's way to build one.

Plain classes, not pydantic models: creating pydantic's model classes cost more than a whole check of a deck
(issue 46).  Validation and the JSON Schema are pydantic's, from models built on first use (`deckdsl.lang.models`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Any, ForwardRef, Literal, TypeVar, get_args, get_origin, get_type_hints

from ..span import Span

NodeT = TypeVar("NodeT", bound="Node")

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


def _dumped(value: Any, json: bool, with_computed: bool) -> Any:
    if isinstance(value, Node):
        values = value.__dict__
        data = {name: _dumped(values[name], json, with_computed) for name in type(value).model_fields}
        if with_computed:
            for name in type(value).computed_fields:
                data[name] = _dumped(getattr(value, name), json, with_computed)
        return data
    if isinstance(value, tuple):
        items = [_dumped(item, json, with_computed) for item in value]
        return items if json else tuple(items)
    if isinstance(value, dict):
        return {key: _dumped(item, json, with_computed) for key, item in value.items()}
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
