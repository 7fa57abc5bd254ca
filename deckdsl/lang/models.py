"""The AST's pydantic models, built on first use: validation (`Node.model_validate`) and the JSON Schema
(`deckdsl schema`).

One model per node class of `deckdsl.lang.ast`, made from the class itself — its name, docstring,
annotations, defaults and `computed` properties — so the schema says what the tree is, and a field added to a
node is in its model without being written twice.  The unions of nodes (`Expr`, `StepNode`, …) are
discriminated by `kind`.  A validated model is turned back into the node classes' objects: what
`model_validate` returns is the same tree `deckdsl.load` builds.

Why not the node classes themselves: pydantic's model classes cost more to create than a whole `deckdsl check`
(issue 46), and a check never validates a tree its own parser built.
"""

from __future__ import annotations

import sys
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, computed_field

MODELS: dict[type, type[BaseModel]] = {}
"""Each node class's model (built by `_build`, on first use)."""

_NODES: dict[type, type] = {}


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


def _build(ast: Any) -> None:
    """Make the models of the node classes of module `ast`, bases first, in this module's namespace (where their
    annotations are resolved).  The module is given, not imported: the node classes call on this one."""
    space = globals()
    classes = [value for value in vars(ast).values() if isinstance(value, type) and issubclass(value, ast.Node)]
    unions = {name: get_args(value) for name, value in vars(ast).items()
              if get_origin(value) is Union and all(isinstance(m, type) and issubclass(m, ast.Node)
                                                    for m in get_args(value))}
    for name, value in vars(ast).items():
        if value not in classes and name not in unions:
            space.setdefault(name, value)
    for cls in classes:
        body: dict[str, Any] = {"__module__": __name__, "__qualname__": cls.__name__, "__doc__": cls.__doc__,
                                "__annotations__": {name: annotation for name, annotation
                                                    in cls.__dict__.get("__annotations__", {}).items()
                                                    if name in cls.model_fields}}
        for field in body["__annotations__"]:
            default = cls.__dict__.get(field, body)
            if isinstance(default, ast.Factory):
                body[field] = Field(default_factory=default.make)
            elif default is not body:
                body[field] = default
        for field, value in cls.__dict__.items():
            if isinstance(value, ast.computed):
                body[field] = computed_field(property(value.fget))  # type: ignore[prop-decorator]
        base = _Model if cls is ast.Node else MODELS[cls.__bases__[0]]
        model = type(base)(cls.__name__, (base,), body)
        MODELS[cls], _NODES[model] = model, cls
        space[cls.__name__] = model
    for name, members in unions.items():
        space[name] = Annotated[Union[tuple(MODELS[m] for m in members)], Field(discriminator="kind")]
    for model in MODELS.values():
        model.model_rebuild(force=True)


def model(cls: type) -> type[BaseModel]:
    """The pydantic model of node class `cls`."""
    if not MODELS:
        _build(sys.modules[cls.__module__])
    return MODELS[cls]


def validate(cls: type, data: Any, json: bool = False) -> Any:
    """A tree of `cls` from plain data (or JSON text), validated by its model: `pydantic.ValidationError`."""
    shape = model(cls)
    if type(data) in MODELS:
        data = data.model_dump(exclude_computed_fields=True)
    return _node(shape.model_validate_json(data) if json else shape.model_validate(data))


def json_schema(cls: type, mode: str) -> dict[str, Any]:
    """The JSON Schema of `cls`'s data, in pydantic's `mode` (`serialization` shows the computed fields)."""
    return model(cls).model_json_schema(mode=mode)  # type: ignore[arg-type]


def _node(value: Any) -> Any:
    if isinstance(value, BaseModel):
        cls = _NODES[type(value)]
        return sys.modules[cls.__module__].construct(
            cls, **{name: _node(getattr(value, name)) for name in cls.model_fields})
    if isinstance(value, tuple):
        return tuple(_node(item) for item in value)
    if isinstance(value, dict):
        return {key: _node(item) for key, item in value.items()}
    return value
