"""Reading a deck: `show` (a table), `text` (the rules text), `ast` and its `schema`; `new` writes one."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..escapes import visible
from ..lang.ast import without_spans as _without_spans
from . import main
from .common import EXIT_FINDINGS, _exit_for, _load_or_exit, _table, rules_languages


@main.command()
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
def show(deck: str) -> None:
    """Print the cards of DECK as a table, with totals per group of its game (exit 1 if DECK has errors).

    The columns are the game's attributes (derived ones too) and properties; the totals are counted the
    way the game's structure rules count them (Janken Wars: per type and rarity).

    \b
    Example:
      deckdsl show decks/janken-wars.deck
    """
    result = _load_or_exit(deck)
    cards, game = result.deck.cards, result.profile
    attributes = list(game.attributes) if game else ["type", "rarity"]
    properties = list(game.properties) if game else []
    effects = any(c.cost or c.action or c.condition for c in cards)
    values = (game.value_required if game else True) or any(c.value is not None for c in cards)

    labelled = game is not None and _same_language(result.deck.language or game.language, game.language)

    def attribute(card, name):
        """The value in the deck's language: the profile's label when the deck speaks the profile's."""
        value = game.value_of(card, name) if game else card.attribute(name)
        if value is None:
            return "?"
        spec = game.attributes.get(name) if game else None
        return spec.label(str(value)) if labelled and spec is not None else str(value)

    from ..text.catalog import speaking

    word = speaking(result.deck.language or (game.language if game else None), "deckdsl.cli").say
    def heading(name: str) -> str:
        """An attribute's name in the deck's language: the profile's first other spelling, when it has one."""
        spec = game.attributes.get(name) if game else None
        return spec.aliases[0] if labelled and spec is not None and spec.aliases else name

    header = [word("show-name"), *map(heading, attributes), *properties, word("show-copies")] + (
        [word("show-value")] if values else []) + (
        [word("show-cost"), word("show-action"), word("show-condition")] if effects else [])
    rows = [header]
    for card in cards:
        row = [card.name, *(attribute(card, a) for a in attributes)]
        row += [str(game.property_of(card, p)) if game.property_of(card, p) is not None else "?" for p in properties]
        row.append(str(card.copies))
        if values:
            row.append("?" if card.value is None else str(card.value))
        if effects:
            row += [word("show-yes") if part else "-" for part in (card.cost, card.action, card.condition)]
        rows.append(row)
    numeric = set(range(1 + len(attributes), len(header) - (3 if effects else 0)))
    _table(rows, numeric, rule_after_header=True)
    click.echo()
    groups = [c.by for c in (game.structure if game else ()) if 1 <= len(c.by) <= 2]
    by = max(groups, key=len, default=("type", "rarity")[: 2 if not game else 0])
    if by:
        first, second = by[0], by[1] if len(by) > 1 else None
        total = word("show-total")
        columns = ([attribute_label(game, second, v) if labelled else v for v in game.attributes[second].values]
                   if game and second else ([] if second else [total]))
        totals: dict[str, dict[str, int]] = {}
        for card in cards:
            per = totals.setdefault(attribute(card, first), {})
            key = attribute(card, second) if second else total
            per[key] = per.get(key, 0) + card.copies
        if second:
            columns += sorted({k for per in totals.values() for k in per} - set(columns))
            columns.append(total)
            for per in totals.values():
                per[total] = sum(per.values())
        table = [[heading(first), *columns]]
        table += [[name, *(str(per.get(c, 0)) for c in columns)] for name, per in totals.items()]
        table.append([total, *(str(sum(per.get(c, 0) for per in totals.values())) for c in columns)])
        _table(table, set(range(1, len(columns) + 1)))
    _exit_for(result)


def _same_language(one: str, other: str) -> bool:
    return one.replace("_", "-").split("-")[0].casefold() == other.replace("_", "-").split("-")[0].casefold()


def attribute_label(game, name: str, value: str) -> str:
    spec = game.attributes.get(name)
    return spec.label(value) if spec is not None else value


@main.command("text")
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--lang", type=rules_languages(), default=None,
    help="Language of the text (default: the deck's `language`, else pt-BR).",
)
@click.option("--generated", is_flag=True, help="Ignore the cards' own `text:`, show what deckdsl generates.")
def text_command(deck: str, lang: str | None, generated: bool) -> None:
    """Print the rules text of every card of DECK, generated from its effects, then its addenda.

    An effect the deck's game does not play (DK124) is not printed.

    \b
    Examples:
      deckdsl text decks/janken-wars.deck
      deckdsl text decks/janken-wars.deck --lang en
    """
    from ..check.vocabulary import played, vocabulary_of
    from ..text import addendum_text, card_text, language_of, no_effect, phrase

    result = _load_or_exit(deck)
    language = lang or language_of(result.deck.language)
    none = no_effect(language)
    vocabulary = vocabulary_of(result.profile) if result.profile is not None else None
    for index, card in enumerate(result.deck.cards):
        if index:
            click.echo()
        click.echo(visible(card.name))
        lines = card_text(played(card, vocabulary), language, generated=generated).shown()
        for line in lines or (none,):
            click.echo(f"  {line}")
        if card.flavor:
            click.echo(f"  “{visible(card.flavor)}”")
    if result.deck.addenda:
        click.echo()
        click.echo(phrase(language, "addenda-title"))
    for addendum in result.deck.addenda:
        told = addendum_text(addendum, language)
        click.echo()
        click.echo(visible(told.title))
        for line in told.shown():
            click.echo(f"  {line}")
    _exit_for(result)


@main.command("ast")
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--spans/--no-spans", default=True, show_default=True,
    help="Include source positions (`deckdsl schema` describes the output with them).",
)
def ast_command(deck: str, spans: bool) -> None:
    """Print the AST of DECK as JSON (schema: `deckdsl schema`; exit 1 if DECK has errors).

    \b
    Example:
      deckdsl ast decks/janken-wars.deck --no-spans | jq '.cards[].name'
    """
    from ..escapes import json_text

    result = _load_or_exit(deck)
    data = result.deck.model_dump(mode="json")
    if not spans:
        data = _without_spans(data)
    click.echo(json_text(data, indent=2))
    _exit_for(result)


@main.command()
def schema() -> None:
    """Print the JSON Schema of the AST that `deckdsl ast` prints.

    \b
    Example:
      deckdsl schema > deck.schema.json
    """
    import json

    from ..lang.ast import Deck

    click.echo(json.dumps(Deck.model_json_schema(mode="serialization"), ensure_ascii=False, indent=2))


@main.command()
@click.option("--game", "game_id", required=True, metavar="GAME",
              help="The game: a shipped profile (janken-wars, embate-dos-guardioes, cooperativo, queens-vs-kings) "
              "or GAME.game in this folder or above.")
@click.option("--title", default=None, help="The deck's title (default: the game's name).")
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=None,
              help="Where to write it (default: GAME.deck here).")
@click.option("--force", is_flag=True, help="Replace the file if it exists.")
def new(game_id: str, title: str | None, output: str | None, force: bool) -> None:
    """Write a new deck for a game, with one card per combination its profile asks for.

    \b
    Examples:
      deckdsl new --game janken-wars -o my-deck.deck --title "Escritório"
      deckdsl new --game queens-vs-kings
    """
    from ..check import report
    from ..files import write_atomic
    from ..profiles import profile as profiles
    from ..profiles.scaffold import scaffold

    path = profiles.find(game_id, Path.cwd())
    if path is None:
        names = profiles.available()
        from ..diagnostics import did_you_mean

        raise click.UsageError(f"there is no game profile called `{game_id}` "
                               f"({did_you_mean(game_id, names) or 'the games are ' + ', '.join(names)})")
    game, problems, text = profiles.read(path)
    if game is None:
        for problem in problems:
            click.echo(report.full(problem, text) + "\n", err=True)
        sys.exit(EXIT_FINDINGS)
    target = Path(output) if output else Path(f"{game.id}.deck")
    if target.exists() and not force:
        raise click.UsageError(f"{target} exists: choose another --output, or --force to replace it")
    try:
        text = scaffold(game, title or game.name)
    except ValueError as error:
        raise click.UsageError(str(error)) from error
    write_atomic(target, text.encode("utf-8"))
    click.echo(f"wrote {visible(str(target))}: check it with `deckdsl check {visible(str(target))}`")
