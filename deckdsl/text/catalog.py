"""The words of rules text, one message catalog per language: `locales/<tag>.ftl`, in Project Fluent.

A catalog says how each piece of an effect is written (`gain`, `selection`, `value-change` …); the writer
(`deckdsl.text.writer`) walks the effect and asks the catalog for each piece with its facts — the
player, the voice of the effect (`action` addresses the card's owner, `condition` describes), the count,
the pieces already written for the nodes inside it, and the `role` the piece plays in the sentence
(`object` of a verb, `subject`, `counted` after "the number of") so that a language with cases can
inflect it.  Plural forms come from CLDR (`{ $count -> [one] … [few] … *[many] … }`); gender is the
catalog's own choice of words.  So a translator adds a language by adding a file, without Python:
docs/print.md, "Rules text in your language", lists the messages and their variables.

Every message is formatted strictly: a message or a variable a catalog lacks is an error that names the
language and the message, never a silently empty phrase.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from ..escapes import visible

_SPACES = re.compile(r" {2,}")


LONG_FACT = 200
"""Facts longer than this are written into a message after Fluent has formatted it, in its place: Fluent
refuses (as a guard against expansion attacks) any placeable of more than 2,500 characters, and a deck's
card names or lists of them can be that long."""


class CatalogError(Exception):
    """A catalog that cannot write a message (missing, or referring to what it is not given)."""


@cache
def languages(package: str = __package__) -> tuple[str, ...]:
    """The languages with a catalog in `package`'s `locales/` folder (the rules text's by default), by their
    BCP 47 tag (`pt-BR`, `en`, `ru`)."""
    folder = resources.files(package).joinpath("locales")
    if not folder.is_dir():
        return ()
    return tuple(sorted(entry.name.removesuffix(".ftl") for entry in folder.iterdir() if entry.name.endswith(".ftl")))


class Catalog:
    """The messages of one language (`tag`), read from its `.ftl` file."""

    def __init__(self, tag: str, source: str) -> None:
        from fluent.runtime import FluentBundle, FluentResource  # not at import: the CLI lists `languages()`

        self.tag = tag
        self.bundle = FluentBundle([tag], use_isolating=False)
        resource = FluentResource(source)
        junk = [entry for entry in resource.body if type(entry).__name__ == "Junk"]
        if junk:
            raise CatalogError(f"locales/{tag}.ftl: cannot read {junk[0].content.strip()[:80]!r}")
        self.bundle.add_resource(resource)

    def has(self, message: str) -> bool:
        return self.bundle.has_message(message)

    def say(self, message: str, **facts: object) -> str:
        """`message` written with `facts` (numbers are written without grouping: 1000, not 1.000), runs of
        spaces left by empty pieces closed up.  A text fact is written visibly (`deckdsl.escapes.visible`): a
        card's name that holds a control character or a newline shows it as an escape, on a screen, in a
        report or in a rules text, and never acts on a terminal or starts a line of its own."""
        if not self.bundle.has_message(message):
            raise CatalogError(f"locales/{self.tag}.ftl has no message `{message}`")
        args = {name.replace("_", "-"): _fact(value) for name, value in facts.items()}
        held = {}
        for name, value in args.items():  # Fluent refuses a value over 2,500 characters (a long card name)
            if isinstance(value, str) and len(value) > LONG_FACT:
                held[name] = value
                args[name] = f"\ue000{len(held)}\ue001"
        text, errors = self.bundle.format_pattern(self.bundle.get_message(message).value, args)
        if errors:
            raise CatalogError(f"locales/{self.tag}.ftl, `{message}`: {errors[0]}")
        for name, value in held.items():
            text = text.replace(args[name], value)
        return _SPACES.sub(" ", text).strip()

    def separator(self, message: str) -> str:
        """A message written as it is, spaces around it kept (`{ ", then " }`): what joins pieces."""
        text, errors = self.bundle.format_pattern(self.bundle.get_message(message).value, {})
        if errors:
            raise CatalogError(f"locales/{self.tag}.ftl, `{message}`: {errors[0]}")
        return text


def _fact(value: object) -> object:
    from fluent.runtime.types import fluent_number

    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return fluent_number(value, useGrouping=False)
    return "none" if value is None else visible(value) if isinstance(value, str) else value


@cache
def catalog(tag: str, package: str = __package__) -> Catalog:
    """The catalog of language `tag` (one of `languages(package)`) in `package`'s `locales/` folder: the
    rules text's by default; a game's screen has its own (`deckdsl.games.<game>`), as the table has
    (`deckdsl.games`)."""
    source = resources.files(package).joinpath("locales", f"{tag}.ftl").read_text(encoding="utf-8")
    return Catalog(tag, source)


def matching(tag: str | None, known: tuple[str, ...]) -> str | None:
    """Which of the `known` language tags speaks `tag` (a BCP 47 tag, `_` allowed): the same tag, else one
    of its language (`pt` and `pt-PT` → `pt-BR`, `ru-RU` → `ru`); None when none does."""
    wanted = (tag or "").strip().replace("_", "-").lower()
    for candidate in known:
        if candidate.lower() == wanted:
            return candidate
    for candidate in known:
        if candidate.lower().split("-")[0] == wanted.split("-")[0]:
            return candidate
    return None


def speaking(tag: str | None, package: str) -> Catalog:
    """The catalog of `package` for a BCP 47 tag (`matching`), else English."""
    return catalog(matching(tag, languages(package)) or "en", package)
