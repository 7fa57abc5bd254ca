"""Which build of deckdsl runs: the game engines compiled with mypyc, or pure Python (setup.py makes one or
the other from the same source; `deckdsl --version` says which runs).

A compiled build has `_compiled.txt` beside this file: the compiled modules, each with the hash of the
source it was compiled from.  Importing this module (`deckdsl/__init__.py` does, first) runs `choose`: when
DECKDSL_PURE is set, or when a module's source changed since it was compiled (its compiled code would run
the old source), every compiled module is imported from its source — all of them, since compiled modules
call each other's compiled code directly.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
MANIFEST = PACKAGE / "_compiled.txt"

_pure_because = ""
"""Why a compiled build runs as pure Python (`choose`), or ""."""


def manifest() -> dict:
    """What setup.py compiled: `mypy` (its version) and `modules` (module name -> sha256 of its source);
    empty for a pure build.  The file is lines of two words, `mypy VERSION` then `MODULE DIGEST` (plain
    text: reading it at every start must not import a parser)."""
    try:
        lines = MANIFEST.read_text(encoding="utf-8").splitlines()
    except OSError:
        return {}
    found: dict = {"modules": {}}
    for line in lines:
        words = line.split()
        if len(words) != 2:
            return {}
        if words[0] == "mypy":
            found["mypy"] = words[1]
        else:
            found["modules"][words[0]] = words[1]
    return found


def source(module: str) -> Path:
    return PACKAGE.parent.joinpath(*module.split(".")).with_suffix(".py")


def stale(modules: dict[str, str]) -> list[str]:
    """The compiled modules whose source is not the one they were compiled from."""
    changed = []
    for module, digest in modules.items():
        try:
            text = source(module).read_bytes()
        except OSError:
            changed.append(module)
            continue
        if hashlib.sha256(text).hexdigest() != digest:
            changed.append(module)
    return changed


def out_of_date() -> list[str]:
    """The compiled modules whose source changed since they were compiled (none in a pure build)."""
    return stale(manifest().get("modules") or {})


class _FromSource:
    """A finder that imports `names` from their `.py` files, never from a compiled module beside them."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = frozenset(names)

    def find_spec(self, name: str, path: Sequence[str] | None = None, target: object = None):
        if name not in self.names or not path:
            return None
        for folder in path:
            candidate = os.path.join(folder, name.rpartition(".")[2] + ".py")
            if os.path.isfile(candidate):
                return importlib.util.spec_from_file_location(name, candidate)
        return None


def choose() -> None:
    """Import the compiled modules from their source when DECKDSL_PURE is set or one of them is stale."""
    global _pure_because
    modules = manifest().get("modules") or {}
    if not modules:
        return
    if os.environ.get("DECKDSL_PURE", "") not in ("", "0"):
        _pure_because = "DECKDSL_PURE is set"
    else:
        changed = stale(modules)
        if not changed:
            return
        _pure_because = (f"{source(changed[0]).relative_to(PACKAGE.parent)} changed since it was compiled: "
                         "reinstall to compile it")
    sys.meta_path.insert(0, _FromSource(list(modules)))


def compiled() -> bool:
    """Whether the compiled game modules run (asks one of them)."""
    from .games import search

    return (search.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def describe() -> str:
    """The build that runs, in words: `compiled with mypyc 2.4.1, 15 modules`, `pure Python` …"""
    if compiled():
        found = manifest()
        return f"compiled with mypyc {found.get('mypy', '?')}, {len(found.get('modules', ()))} modules"
    return f"pure Python: {_pure_because}" if _pure_because else "pure Python"


choose()
