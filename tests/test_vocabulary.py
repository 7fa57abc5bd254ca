"""A deck means what its game plays: a card field or effect the game's engine does not play is DK124.

The effect node kinds are enumerated from the AST (the node classes a card's `cost`, `action` and `condition`
can hold, read from their type annotations), and each is found in a real effect line of the language guide or
the rule fixtures.  For every game: the kinds `check` accepts in each field are exactly the kinds its engine
plays — Janken Wars compiles every one (its compiler has a `compile_<Node>` for each, and compiles each sample);
the three other games accept none, and their engines are shown to ignore each sample (seeded games are the same
with it and without it).
"""

from __future__ import annotations

import random
import re
import types
import typing
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl
from deckdsl.check.config import Config
from deckdsl.check.vocabulary import CONTAINERS, played
from deckdsl.cli import main
from deckdsl.games import registry
from deckdsl.games.interface import engine_for
from deckdsl.games.janken_wars.engine import compile_deck, rules_for
from deckdsl.games.janken_wars.engine.compiler import PLAYED
from deckdsl.lang import ast

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "decks"
STANDARD = (DECKS / "janken-wars.deck").read_text(encoding="utf-8")
FIELDS = ("cost", "action", "condition")
HAZARDS = ("JW113", "JW117", "JW118", "JW119")


def _kinds(annotation, seen: set[type]) -> set[str]:
    """The node kinds a field annotated `annotation` can hold, following every node's own fields."""
    found: set[str] = set()
    origin = typing.get_origin(annotation)
    if origin is not None or isinstance(annotation, types.UnionType):
        for argument in typing.get_args(annotation):
            found |= _kinds(argument, seen)
        return found
    if isinstance(annotation, type) and issubclass(annotation, ast.Node) and annotation not in seen:
        seen.add(annotation)
        found.add(annotation.__name__)
        for name, info in annotation.model_fields.items():
            if name != "span":
                found |= _kinds(info.annotation, seen)
        for sub in annotation.__subclasses__():
            found |= _kinds(sub, seen)
    return found


REACHABLE = {field: _kinds(ast.Card.model_fields[field].annotation, set()) - CONTAINERS for field in FIELDS}
"""field -> the effect node kinds the AST lets it hold."""


def _samples() -> dict[tuple[str, str], str]:
    """(field, kind) -> an effect line holding that kind in that field, from the guide and the fixtures."""
    texts = re.findall(r"^```deck[ \t]*\n(.*?)^```", (ROOT / "docs" / "language.md").read_text(encoding="utf-8"),
                       re.S | re.M)
    texts += [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests" / "rules").glob("*.deck"))]
    lines = {" ".join(m.group(0).split("#")[0].split()) for text in texts
             for m in re.finditer(r"^\s*(action|cost|condition):.*$", text, re.M)}
    known = set(re.findall(r'^card "([^"]+)"', STANDARD, re.M))
    lines = {re.sub(r'named "([^"]+)"', lambda m: m.group(0) if m.group(1) in known else 'named "Muro Alto"', line)
             for line in lines}
    found: dict[tuple[str, str], str] = {}
    for line in sorted(lines, key=len):
        result = deckdsl.loads(_janken_variant(line), "variant.deck", config=Config(ignore=HAZARDS))
        if result.errors:
            continue
        card = next(card for card in result.deck.cards if card.name == "Origami Sublime")
        for field in FIELDS:
            value = getattr(card, field)
            for node in value.walk() if value is not None else ():
                found.setdefault((field, type(node).__name__), line)
    return found


def _janken_variant(effect: str) -> str:
    text = STANDARD.replace('card "Origami Sublime" {\n', 'card "Origami Sublime" {\n  ' + effect + "\n", 1)
    if re.search(r"\bvalue\s*=", effect):
        text = text.replace("  copies: 6\n  value: 4\n", "  copies: 6\n  value: *\n", 1)
    return text


SAMPLES = _samples()
OTHERS = ("embate-dos-guardioes", "cooperativo", "queens-vs-kings")


def _other_variant(game: str, effect: str) -> tuple[str, str]:
    """The game's standard deck, and the same deck with `effect` on its first card."""
    plain = (DECKS / f"{game}.deck").read_text(encoding="utf-8")
    first = re.search(r'^card "[^"]+" \{\n', plain, re.M)
    return plain, plain[:first.end()] + "  " + effect + "\n" + plain[first.end():]


def test_every_effect_kind_of_the_ast_has_a_sample():
    assert all(REACHABLE.values())
    missing = [(field, kind) for field in FIELDS for kind in sorted(REACHABLE[field]) if (field, kind) not in SAMPLES]
    # a node kind only reachable through a field it cannot be written in is not a gap of the corpus
    written = {kind for (_, kind) in SAMPLES}
    assert not [item for item in missing if item[1] not in written], missing
    assert {kind for kinds in REACHABLE.values() for kind in kinds} <= written


def test_every_game_is_registered_and_has_a_vocabulary():
    ids = [game.id for game in registry.games()]
    assert ids == sorted(["janken-wars", *OTHERS])
    for game in registry.games():
        assert isinstance(game.vocabulary(), registry.Vocabulary)


def test_janken_wars_plays_every_kind_it_accepts():
    vocabulary = registry.find_game("janken-wars").vocabulary()
    every = {kind for kinds in REACHABLE.values() for kind in kinds}
    assert vocabulary.nodes == PLAYED
    assert every <= vocabulary.nodes, every - vocabulary.nodes
    assert set(vocabulary.fields) == set(registry.EFFECT_FIELDS)


@pytest.mark.parametrize("sample", sorted(SAMPLES), ids=lambda s: f"{s[0]}-{s[1]}")
def test_janken_wars_accepts_and_compiles_each_sample(sample):
    result = deckdsl.loads(_janken_variant(SAMPLES[sample]), "variant.deck", config=Config(ignore=HAZARDS))
    assert not [d for d in result.diagnostics if d.code == "DK124"]
    compiled = compile_deck(result.deck, result.profile, rules_for(result.deck, result.profile))
    assert compiled.defs[[c.name for c in result.deck.cards].index("Origami Sublime")].node is not None


def _trajectory(text: str, seed: int) -> list:
    result = deckdsl.loads(text, "deck.deck")
    engine = engine_for(result.deck, result.profile, {})
    state = engine.new_state(random.Random(seed))
    rng, seen = random.Random(seed + 1), []
    while not state.is_terminal():
        actions = state.legal_actions()
        seen.append((state.current_player(), tuple(actions)))
        state.apply(actions[rng.randrange(len(actions))])
    return [*seen, tuple(state.returns())]


@pytest.mark.parametrize("game", OTHERS)
@pytest.mark.parametrize("field", FIELDS)
def test_the_other_games_refuse_what_their_engines_ignore(game, field):
    """Every sample in `field` on the game's card: DK124 at it, and seeded games the same without it."""
    lines = sorted({line for (f, _), line in SAMPLES.items() if f == field})
    assert lines
    for line in lines:
        plain, varied = _other_variant(game, line)
        result = deckdsl.loads(varied, "variant.deck")
        flagged = [d for d in result.diagnostics if d.code == "DK124"]
        assert len(flagged) == 1 and varied[flagged[0].span.start:flagged[0].span.end] == line, (line, flagged)
        assert f"`{field}:`" in flagged[0].message
        if result.deck is not None and not [d for d in result.errors if d.code != "DK124"]:
            for seed in (1, 2):
                assert _trajectory(varied, seed) == _trajectory(plain, seed), (game, line)


REPRODUCERS = {
    "queens-vs-kings": ("card \"Король пик\" {\n  rank: K\n  suit: пики\n", "  action: gain 1 star\n",
                        "Действие"),
    "embate-dos-guardioes": ("card \"Dois de Espadas\" {\n  rank: 2\n  suit: espadas\n",
                             "  action: discard a card from your hand\n", "Ação"),
    "cooperativo": ("card \"Ás de Copas\" {\n  rank: A\n  suit: copas\n", "  condition: discarded first\n",
                    "Condição"),
}


@pytest.mark.parametrize("game", sorted(REPRODUCERS))
def test_the_issue_reproducers_are_errors_and_are_not_printed(game, tmp_path):
    card, effect, word = REPRODUCERS[game]
    text = (DECKS / f"{game}.deck").read_text(encoding="utf-8")
    assert card in text
    deck = tmp_path / f"{game}.deck"
    deck.write_text(text.replace(card, card + effect, 1), encoding="utf-8")
    runner = CliRunner()
    checked = runner.invoke(main, ["check", str(deck)])
    assert checked.exit_code == 1 and "error[DK124]" in checked.output, checked.output
    assert effect.strip() in checked.output
    printed = runner.invoke(main, ["text", str(deck)])
    assert printed.exit_code == 1
    assert word not in printed.stdout and "звезд" not in printed.stdout
    plain = runner.invoke(main, ["text", str(DECKS / f"{game}.deck")])
    assert printed.stdout == plain.stdout
    assert runner.invoke(main, ["render", str(deck), "-o", str(tmp_path / "out.pdf")]).exit_code == 1
    assert not (tmp_path / "out.pdf").exists()


def test_text_is_judged_as_rules_and_value_too():
    plain = (DECKS / "queens-vs-kings.deck").read_text(encoding="utf-8")
    card = "card \"Король пик\" {\n  rank: K\n  suit: пики\n"
    varied = plain.replace(card, card + '  value: 3\n  text: "Бьёт любую даму"\n  flavor: "Без эффекта"\n', 1)
    result = deckdsl.loads(varied, "qvk.deck")
    assert sorted(d.message.split("`")[1] for d in result.diagnostics if d.code == "DK124") == ["text:", "value:"]
    assert not [d for d in result.errors if d.code != "DK124"]


class _Partial(registry.Game):
    """A game that plays `action:` with gains of cards and stars only."""

    id = "partial-test-game"

    def vocabulary(self):
        return registry.Vocabulary(fields=frozenset({"action", "value"}),
                                   nodes=frozenset({"Gain", "GainStars", "Number", "Selection", "Zone"}))


PARTIAL_PROFILE = registry.find_game("janken-wars").profile_path().read_text(encoding="utf-8")


def test_a_game_that_plays_part_of_a_field_flags_the_rest(tmp_path, monkeypatch):
    monkeypatch.setitem(registry._GAMES, _Partial.id, _Partial())
    (tmp_path / f"{_Partial.id}.game").write_text(
        re.sub(r"(?m)^(\s*)id: janken-wars$", rf"\1id: {_Partial.id}", PARTIAL_PROFILE, count=1), encoding="utf-8")
    deck = STANDARD.replace("game: janken-wars", f"game: {_Partial.id}", 1)
    deck = deck.replace('card "Origami Sublime" {\n', 'card "Origami Sublime" {\n  action: gain 1 star and '
                        'discard a card from the table\n', 1)
    (tmp_path / "d.deck").write_text(deck, encoding="utf-8")
    result = deckdsl.load(tmp_path / "d.deck")
    assert result.profile is not None and result.profile.id == _Partial.id, result.diagnostics[:2]
    flagged = [d for d in result.diagnostics if d.code == "DK124"]
    assert flagged, result.diagnostics
    texts = {result.text[d.span.start:d.span.end] for d in flagged}
    assert "discard a card from the table" in texts or any(t.startswith("discard") for t in texts), texts
    assert not any(t.startswith("gain") for t in texts)
    assert any("`condition:`" in d.message for d in flagged)  # the standard deck's conditions are not played
    card = next(c for c in result.deck.cards if c.name == "Origami Sublime")
    assert played(card, _Partial().vocabulary()).action is None
    assert played(card, None) is card


def test_a_profile_no_game_plays_is_not_judged(tmp_path):
    (tmp_path / "homebrew.game").write_text(
        re.sub(r"(?m)^(\s*)id: janken-wars$", r"\1id: homebrew", PARTIAL_PROFILE, count=1), encoding="utf-8")
    (tmp_path / "d.deck").write_text(STANDARD.replace("game: janken-wars", "game: homebrew", 1), encoding="utf-8")
    result = deckdsl.load(tmp_path / "d.deck")
    assert result.profile is not None and result.profile.id == "homebrew"
    assert not [d for d in result.diagnostics if d.code == "DK124"]
