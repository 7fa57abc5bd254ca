"""Findings in the designer's language: which language (`chosen`) and the translation of a finding's words
(`translator`), from the findings' catalogs: each stage that makes findings keeps its words beside its code —
`deckdsl/lang/locales/<tag>.ftl` (reading), `deckdsl/profiles/…`, `deckdsl/check/…` (meaning, the core rules),
`deckdsl/printing/…` — and each game's guidelines beside them (`deckdsl/games/<game>/rules/locales/`).

The language is `--lang`, else the configuration's `lang`, else the locale's (`LC_ALL`, `LC_MESSAGES`,
`LANG`: `pt_BR.UTF-8` is pt-BR), else English.  English is the language findings are written in
(`deckdsl.said`), so it needs no catalog; another language's catalog gives each message by its key, and a
message it lacks stays English.  A `field` fact (a field's name the message speaks of: `rarity`) is said by
the catalog's `field-<name>`, and `field-<name>-of` (`$field-of`, a case of it: «нет масти») where it has
one; a `key` fact is what the file writes, never translated; a fact that is itself `Said` (a reason, a
list of them) is said in the language too.  Fluent is imported only when a finding is said
in another language.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from ..said import Said
from .catalog import CatalogError, catalog, languages, matching

FINDINGS = "deckdsl.check"
"""The package whose catalogs say which languages findings are said in."""
STAGES = ("deckdsl.lang", "deckdsl.profiles", "deckdsl.check", "deckdsl.printing")
"""The stages whose `locales/` hold catalogs of findings (a game's guidelines add theirs: `packages`)."""


def chosen(option: str | None = None, configured: str | None = None,
           environ: dict[str, str] | None = None) -> str:
    """The language findings are said in (a catalog's tag, or `en`)."""
    environ = os.environ if environ is None else environ
    for wanted in (option, configured, environ.get("LC_ALL"), environ.get("LC_MESSAGES"), environ.get("LANG")):
        if wanted and wanted not in ("C", "POSIX") and not wanted.startswith("C."):
            return matching(wanted.split(".")[0].split("@")[0], languages(FINDINGS)) or "en"
    return "en"


def packages() -> tuple[str, ...]:
    """The packages whose `locales/` hold catalogs of findings: the stages', then each registered game's
    guidelines' (`Game.guidelines`), games by id."""
    from ..check.registry import MODULES

    games = dict.fromkeys(module.__package__ for module in MODULES if not module.__package__.startswith("deckdsl.check"))
    return (*STAGES, *games)


def translator(language: str, package: str | None = None) -> Callable[[str], str]:
    """What turns words written in English (`Said`) into `language`: the message for their key in the
    findings' catalogs (`packages`; or in `package`'s alone: the command line's own are `deckdsl.cli`'s),
    or the English as written (a plain `str`, or a key no catalog has)."""
    if language == "en" or language not in languages(package or FINDINGS):
        return _as_written
    try:
        catalogs = [catalog(language, each) for each in ((package,) if package else packages())
                    if language in languages(each)]
    except CatalogError:  # a catalog that does not read (tests/test_said.py keeps them reading): English
        return _as_written

    def translate(text: str) -> str:
        if not isinstance(text, Said):
            return text
        words = next((each for each in catalogs if each.has(text.key)), None)
        if words is None:
            return text
        facts: dict[str, object] = {name: translate(value) if isinstance(value, Said) else value
                                     for name, value in text.facts}
        field = facts.get("field")
        if isinstance(field, str) and words.has(f"field-{field}"):
            facts["field"] = words.say(f"field-{field}")
            if words.has(f"field-{field}-of"):
                facts["field_of"] = words.say(f"field-{field}-of")
        facts.setdefault("field_of", facts.get("field", ""))
        try:
            return words.say(text.key, **facts)
        except CatalogError:
            return text

    return translate


def _as_written(text: str) -> str:
    return text
