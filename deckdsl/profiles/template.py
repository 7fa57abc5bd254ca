"""Texts with `{name}` fields in game profiles: `card name: "{rank} de {suit}"`, a summary line with
`{star_cost}`, a component's text.

Profiles arrive in pull requests like decks, so their texts are untrusted.  Python's `str.format` would
read `{stars_to_win:s}` as a format spec (ValueError on an int), `{type!z}` as a conversion, and
`{x:999999999}` as a width that allocates gigabytes.  These texts take exactly one thing in braces — a
name — and `{{`/`}}` for a brace itself; `names` says what is wrong with anything else, and `fill`
never calls `str.format`.
"""

from __future__ import annotations

import re

from ..said import said

_FIELD = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


class TemplateError(ValueError):
    """A text whose braces are not `{name}`, `{{` or `}}`: the message says which part and why."""


def names(text: str) -> list[str]:
    """The names in `text`'s `{name}` fields, in order.  Raises TemplateError for a stray brace, a format
    spec or conversion (`{n:s}`, `{n!r}`), or anything in braces that is not a name."""
    found = []
    for match in _FIELD.finditer(text):
        whole, inside = match.group(0), match.group(1)
        if whole in ("{{", "}}"):
            continue
        if inside is None:
            raise TemplateError(said("profile-stray-brace", "a stray `{brace}` in {text}", brace=whole,
                                     text=_excerpt(text)))
        if not _NAME.match(inside):
            bare = re.split(r"[:!.\[]", inside, maxsplit=1)[0].strip()
            if _NAME.match(bare):
                raise TemplateError(said("profile-not-a-name-write", "`{{{inside}}}` is not a name: braces hold a "
                                         "name only, with no format or conversion; write `{{{name}}}`",
                                         inside=inside[:40], name=bare))
            raise TemplateError(said("profile-not-a-name", "`{{{inside}}}` is not a name: braces hold a name only, "
                                     "with no format or conversion", inside=inside[:40]))
        found.append(inside)
    return found


def fill(text: str, values: dict[str, object]) -> str:
    """`text` with each `{name}` replaced by `str(values[name])`, and `{{`/`}}` by a brace; a name not in
    `values` (the profile's own check reports it) and anything malformed stay as written."""

    def replace(match: re.Match) -> str:
        whole, inside = match.group(0), match.group(1)
        if whole in ("{{", "}}"):
            return whole[0]
        if inside is not None and inside in values:
            return str(values[inside])
        return whole

    return _FIELD.sub(replace, text)


def _excerpt(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:39] + "…")
