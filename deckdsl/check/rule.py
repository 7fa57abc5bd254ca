"""What a rule is: a code, a kebab-case name, a default severity and a check function.

A rule's module docstring is its documentation (What it does / Why / Example / Use instead); `deckdsl
rule CODE` prints it and `docs/` is generated from it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import ModuleType

from ..ast import Deck
from ..diagnostics import CODES, Code, Diagnostic
from ..profile import Profile


@dataclass(frozen=True)
class Context:
    """What a rule sees: the deck and its game profile."""

    deck: Deck
    profile: Profile


@dataclass(frozen=True)
class Rule:
    """A registered rule: its `code` (an entry of `diagnostics.CODES`) and its `check` function."""

    code: Code
    check: Callable[[Context], Iterator[Diagnostic]]
    doc: str

    @classmethod
    def from_module(cls, module: ModuleType) -> Rule:
        code = CODES[module.CODE]
        return cls(code=code, check=module.check, doc=inspect.cleandoc(module.__doc__ or ""))
