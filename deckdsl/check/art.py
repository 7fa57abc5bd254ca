"""The files a deck points at: each card's `art:` must be a file inside the deck's folder.

`deckdsl render` reads only files inside the deck's folder and prints a card whose picture is missing
without it; `check` says so before anyone renders (DK301 for a file outside the folder or a URL, DK302
for a file that does not exist, with the closest file name of the folder as a suggestion).  Only names
inside the folder are looked up (`deckdsl.files.inside`: a link is judged by what it says): nothing
outside it is opened or even tested for existence.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path, PurePath

from ..diagnostics import Diagnostic, Fix
from ..files import inside
from ..lang import ast
from ..lang.spelling import plainly_quoted, quoted, replace, suggest, tail
from ..said import said
from .pictures import oversize

_URL = re.compile(r"[A-Za-z][\w+.-]*:")
_DRIVE = re.compile(r"[A-Za-z]:[\\/]")


def art_problems(deck: ast.Deck, folder: Path) -> Iterator[Diagnostic]:
    """DK301 / DK302 for each card whose `art:` render would refuse or not find, DK310 for a picture with
    more pixels than it may have (`deckdsl.check.pictures`)."""
    root = folder.resolve()
    listed: dict[Path, list[str]] = {}
    holds = _Contents(root)
    for card in deck.cards:
        if not card.art:
            continue
        span = card.field_spans.get("art", card.name_span)
        if (_URL.match(card.art) and not _DRIVE.match(card.art)) or Path(card.art).is_absolute():
            yield _outside(card.art, span)
            continue
        found = holds.lookup(card.art)
        if found is True:
            yield from oversize(root / card.art, card.art, span)
            continue
        path = root / card.art if found is False else inside(root, card.art)
        if path is None:
            yield _outside(card.art, span)
        elif not os.path.isfile(path):
            near = path.parent if os.path.isdir(path.parent) and path.parent.is_relative_to(root) else None
            if near is not None and near not in listed:
                listed[near] = sorted(name for name, kind in holds.kinds(near).items() if kind == "file")
            suggestion = suggest(path.name, listed.get(near, []) if near is not None else [])
            yield Diagnostic(
                "DK302", said("check-image-missing", "the image `{path}` does not exist; the card is printed without "
                              "it", path=card.art), span,
                help=suggestion.help if suggestion else said("check-the-path", "check the path, relative to the deck "
                                                             "file"),
                fix=_fix(card, span, suggestion.word) if suggestion and "art" in card.field_spans else None,
            )
        else:
            yield from oversize(path, card.art, span)


class _Contents:
    """What the deck's folder holds, each folder listed once per check: a deck of thousands of cards with
    art spent most of its check resolving their paths, a system call per part of each path."""

    def __init__(self, root: Path):
        self.root = root
        self._listed: dict[Path, dict[str, str]] = {}

    def lookup(self, art: str) -> bool | None:
        """True when `art` names a regular file inside the folder through real folders (no link on the
        way), False when it names nothing there (so nothing outside either), None when only resolving
        the path can tell (a link, `..`, an odd separator)."""
        parts = art.split("/")
        if "\\" in art or any(part in ("", ".", "..") for part in parts):
            return None
        folder = self.root
        for part in parts[:-1]:
            kind = self.kinds(folder).get(part)
            if kind is None:
                return False
            if kind != "folder":
                return None
            folder = folder / part
        kind = self.kinds(folder).get(parts[-1])
        return False if kind is None else True if kind == "file" else None

    def kinds(self, folder: Path) -> dict[str, str]:
        """What `folder` holds, name by name: `file`, `folder` or `other` (a link among them), listed once."""
        if folder not in self._listed:
            try:
                with os.scandir(folder) as found:
                    self._listed[folder] = {entry.name: _kind(entry) for entry in found}
            except OSError:
                self._listed[folder] = {}
        return self._listed[folder]


def _kind(entry: os.DirEntry) -> str:
    if entry.is_file(follow_symlinks=False):
        return "file"
    return "folder" if entry.is_dir(follow_symlinks=False) else "other"


def _fix(card: ast.Card, span, name: str) -> Fix | None:
    """The closest file of the folder instead of the missing one: never safe (the picture may just not
    be drawn yet), and offered only when the path is written plainly (its quotes end the field)."""
    written = PurePath(card.art).name
    if not written or not card.art.endswith(written) or not plainly_quoted(card.art):
        return None
    art = card.art[: len(card.art) - len(written)] + name
    return replace(card.art, tail(span, len(quoted(card.art))), art, quoted(art), safe=False)


def _outside(art: str, span) -> Diagnostic:
    return Diagnostic(
        "DK301", said("check-render-refuses", "rendering refuses `{path}`: decks may only use files inside their own "
                      "folder", path=art), span,
        help=said("check-image-next-to-deck", "put the image next to the deck file and use a relative path"),
    )
