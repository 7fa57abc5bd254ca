"""Findings in the designer's language: which language (`chosen`) and the translation of a finding's words
(`translator`), from the catalogs `deckdsl/check/locales/<tag>.ftl`.

The language is `--lang`, else the configuration's `lang`, else the locale's (`LC_ALL`, `LC_MESSAGES`,
`LANG`: `pt_BR.UTF-8` is pt-BR), else English.  English is the language findings are written in
(`deckdsl.said`), so it needs no catalog; another language's catalog gives each message by its key, and a
message it lacks stays English.  A `field` fact (a field's name the message speaks of: `rarity`) is said by
the catalog's `field-<name>`, and `field-<name>-of` (`$field-of`, a case of it: «нет масти») where it has
one; a `key` fact is what the file writes, never translated.  Fluent is imported only when a finding is said
in another language.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from ..said import Said
from .catalog import CatalogError, catalog, languages, matching

FINDINGS = "deckdsl.check"
"""The package whose `locales/` hold the findings' catalogs."""


def chosen(option: str | None = None, configured: str | None = None,
           environ: dict[str, str] | None = None) -> str:
    """The language findings are said in (a catalog's tag, or `en`)."""
    environ = os.environ if environ is None else environ
    for wanted in (option, configured, environ.get("LC_ALL"), environ.get("LC_MESSAGES"), environ.get("LANG")):
        if wanted and wanted not in ("C", "POSIX") and not wanted.startswith("C."):
            return matching(wanted.split(".")[0].split("@")[0], languages(FINDINGS)) or "en"
    return "en"


def translator(language: str, package: str = FINDINGS) -> Callable[[str], str]:
    """What turns words written in English (`Said`) into `language`: the message for their key in the
    catalogs of `package` (the findings', by default; the command line's own are `deckdsl.cli`'s), or the
    English as written (a plain `str`, or a key the catalog lacks)."""
    if language == "en" or language not in languages(package):
        return _as_written
    try:
        words = catalog(language, package)
    except CatalogError:  # a catalog that does not read (tests/test_said.py keeps them reading): English
        return _as_written

    def translate(text: str) -> str:
        if not isinstance(text, Said) or not words.has(text.key):
            return text
        facts: dict[str, object] = dict(text.facts)
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
