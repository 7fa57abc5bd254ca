"""`deckdsl rule CODE` and `deckdsl rules`: the code pages (`deckdsl.check.docs`), in the designer's
language where they are translated."""

from __future__ import annotations

import click

from . import main


@main.command()
@click.argument("code")
@click.option("--lang", default=None, metavar="TAG",
              help="The page's language: pt-BR, ru or en (default: the locale's, else English).")
def rule(code: str, lang: str | None) -> None:
    """Print the documentation of a diagnostic code: what it finds, why, an example and what to write instead.

    \b
    Examples:
      deckdsl rule DK202
      deckdsl rule jw110 --lang pt-BR
      deckdsl rule dk110
    """
    from ..check import docs
    from ..check.registry import RULES, all_codes
    from ..text.catalog import matching

    entry = next((c for c in all_codes() if c.code == code.upper()), None)
    if entry is None:
        raise click.UsageError(f"unknown code {code}; `deckdsl rules` lists them")
    if lang is not None and lang != "en" and matching(lang, docs.translated()) is None:
        raise click.UsageError(f"no pages in {lang}: the languages are en, {', '.join(docs.translated())}")
    language = _page_language(lang, docs.translated())
    translation = docs.page(entry.code, language) if language != "en" else None
    if translation is not None:
        title, _, body = translation.partition("\n")
        click.echo(f"{title}\n\n`{entry.code}` · `{entry.name}` · `{entry.severity.value}`\n\n{body.strip()}")
        return
    documented = next((r for r in RULES if r.code.code == entry.code), None)
    if documented is not None:
        click.echo(documented.doc)
        return
    found = docs.stage(entry.code)
    facts = f"Default severity: {entry.severity.value}" + (f" · stage: {found[0]}" if found else "")
    title, _, body = (docs.language_page(entry.code) or f"{entry.name} ({entry.code})\n").partition("\n")
    click.echo(f"{title}\n\n{facts}\nIn short: {entry.summary}.\n\n{body.strip()}".rstrip())


def _page_language(option: str | None, known: tuple[str, ...]) -> str:
    """The language of a code's page: `--lang`, else the locale's (as findings choose theirs), else English."""
    from ..text import speak
    from ..text.catalog import matching

    wanted = option if option is not None else speak.chosen()
    return matching(wanted, known) or "en"


@main.command()
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def rules(output_format: str) -> None:
    """List every diagnostic code: code, severity, name, and what it finds.

    \b
    Examples:
      deckdsl rules
      deckdsl rules --format json | jq '.[] | select(.severity == "error") | .code'
    """
    import json

    from ..check.registry import RULES, all_codes

    guideline = {rule.code.code: rule.guideline for rule in RULES}
    codes = all_codes()
    if output_format == "json":
        click.echo(json.dumps([
            {"code": c.code, "name": c.name, "severity": c.severity.value, "summary": c.summary,
             "guideline": guideline.get(c.code)} for c in codes
        ], ensure_ascii=False, indent=2))
        return
    width = max(len(c.name) for c in codes)
    for entry in codes:
        click.echo(f"{entry.code}  {entry.severity.value:<7}  {entry.name:<{width}}  {entry.summary}")
