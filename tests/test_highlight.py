"""Highlighting: the Pygments lexers (`deckdsl.editor.highlight`) and the VS Code extension (`editors/vscode`).

The lexers must read every real file without an `Error` token (and still mark what the languages lack),
give each construct its token type, be found by Pygments through the package's entry points, and escape
what they highlight.  The extension's JSON files must be valid and consistent, its TextMate grammars up to
date with the lexer they are generated from, their expressions readable by Python's `re` (they are written
for both engines) — and they must highlight like the lexer: a small TextMate tokenizer below (`TextMate`,
the subset the grammars use, with VS Code's rules: the earliest match wins, ties go to the first pattern,
a rule's `end` before its patterns) runs them, and every character of the shipped decks and profiles, the
test files and the docs' examples gets the same category from both.
"""

from __future__ import annotations

import ast as pyast
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import textwrap
import tomllib
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark
from lark.exceptions import LarkError
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, Punctuation, String

from deckdsl.editor import highlight as hl
from deckdsl.editor.highlight import DeckLexer, GameLexer

ROOT = Path(__file__).resolve().parent.parent
VSCODE = ROOT / "editors" / "vscode"


def _load_generate():
    spec = importlib.util.spec_from_file_location("deckdsl_vscode_generate", VSCODE / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


generate = _load_generate()


def _kind(path: Path) -> str:
    return "game" if path.suffix == ".game" else "deck"


def _lexer(kind: str):
    return GameLexer() if kind == "game" else DeckLexer()


def tokens(kind: str, text: str) -> list[tuple[int, object, str]]:
    """(offset, token type, text) of `text`, exactly as the lexer reads it."""
    return list(_lexer(kind).get_tokens_unprocessed(text))


def errors(kind: str, text: str) -> list[str]:
    """Each `Error` token, as `line N: 'x'`."""
    return [f"line {text.count(chr(10), 0, offset) + 1}: {value!r}"
            for offset, token, value in tokens(kind, text) if token is Error]


def token_of(kind: str, text: str, fragment: str, occurrence: int = 0):
    """The type of the `occurrence`-th token whose text is `fragment`."""
    found = [token for _, token, value in tokens(kind, text) if value == fragment]
    assert len(found) > occurrence, f"no token {fragment!r} in {[v for _, _, v in tokens(kind, text)]}"
    return found[occurrence]


SHIPPED = sorted([*ROOT.glob("decks/**/*.deck"), *(ROOT / "deckdsl" / "games").glob("*/*.game")])
TEST_FILES = sorted([*ROOT.glob("tests/**/*.deck"), *ROOT.glob("tests/**/*.game")])


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


@cache
def _deck_grammar() -> Lark:
    from deckdsl.lang.parse import grammar

    return grammar()


def parses(kind: str, text: str) -> bool:
    """Whether the language's grammar accepts `text` (the syntax alone, not the meaning)."""
    if kind == "game":
        from deckdsl.profiles import gamefile

        return gamefile.read(text)[0] is not None
    try:
        _deck_grammar().parse(text)
    except LarkError:
        return False
    return True


# ------------------------------------------------------------------------ lexing real files ---


def test_there_are_files_to_lex():
    assert len([p for p in SHIPPED if p.suffix == ".deck"]) >= 5
    assert len([p for p in SHIPPED if p.suffix == ".game"]) >= 4


@pytest.mark.parametrize("path", SHIPPED, ids=_rel)
def test_shipped_files_lex_without_errors(path):
    assert errors(_kind(path), path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", TEST_FILES, ids=_rel)
def test_test_files_that_parse_lex_without_errors(path):
    text = path.read_text(encoding="utf-8")
    if not parses(_kind(path), text):
        pytest.skip("does not parse (a broken file on purpose)")
    assert errors(_kind(path), text) == []


def _fences(markdown: str):
    """(line, info string, code) of each fenced code block (a fence of four backticks may hold three)."""
    lines = markdown.split("\n")
    index = 0
    while index < len(lines):
        opening = re.match(r"^([ \t]*)(`{3,})([^`\s]*)", lines[index])
        index += 1
        if not opening:
            continue
        indent, ticks, info = opening.groups()
        start, body = index, []
        while index < len(lines) and not re.fullmatch(rf"[ \t]*{ticks}`*\s*", lines[index]):
            body.append(lines[index].removeprefix(indent))
            index += 1
        index += 1
        yield start, info, "\n".join(body) + "\n"


def _doc_examples() -> list[tuple[str, str, str]]:
    """The deck and profile examples of the docs that parse — a profile fragment inside a `game` block."""
    found = []
    for doc in sorted([*ROOT.glob("docs/**/*.md"), ROOT / "README.md"]):
        for line, info, code in _fences(doc.read_text(encoding="utf-8")):
            kind = info.split("-")[0]
            if kind not in ("deck", "game", "deckdsl"):
                continue
            kind = "game" if kind == "game" else "deck"
            wrapped = f'game "X" {{\n{code}}}\n' if kind == "game" else code
            if parses(kind, code) or parses(kind, wrapped):
                found.append((f"{doc.relative_to(ROOT)}:{line}", kind, code))
    return found


DOC_EXAMPLES = _doc_examples()


def test_the_docs_have_examples_of_both_languages():
    kinds = [kind for _, kind, _ in DOC_EXAMPLES]
    assert kinds.count("deck") >= 20 and kinds.count("game") >= 5


@pytest.mark.parametrize(("where", "kind", "code"), DOC_EXAMPLES, ids=[where for where, _, _ in DOC_EXAMPLES])
def test_doc_examples_lex_without_errors(where, kind, code):
    assert errors(kind, code) == []


@pytest.mark.parametrize(("kind", "text", "wrong"), [
    ("deck", 'card "A" {\n  value: 1\n}\n%%%\ncard "B" {\n  value: 2\n}\n', "'%'"),
    ("deck", 'card "A" {\n  value: 1\n}\n}\n', "'}'"),
    ("deck", 'card "A" {\n  action: gain 1 star.\n}\n', "'.'"),
    ("deck", "card \"A\" {\n  action: discard a card from opponent' domain\n}\n", '"\'"'),
    ("deck", 'card "A" {\n  version: 1.0\n}\n', "'.'"),
    ("game", 'game "G" {\n  players: 2 @\n}\n', "'@'"),
    ("game", 'game "G" {\n  id: g\n}\n}\n', "'}'"),
    ("game", 'game "G" {\n  attribute rank { values: [J, Q K] }\n}\n', "'K'"),
    ("game", 'game "G" {\n  * rank { values: [J] }\n}\n', "'*'"),
])
def test_what_a_language_lacks_is_an_error(kind, text, wrong):
    assert [found.split(": ", 1)[1] for found in errors(kind, text)][:1] == [wrong]


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('card "x" {}[]():;,#\n\t-+*/=<>!\'’\\.@♥ação0123'))), st.booleans())
def test_lexing_keeps_every_character(text, game):
    lexer = GameLexer(stripnl=False, ensurenl=False) if game else DeckLexer(stripnl=False, ensurenl=False)
    assert "".join(value for _, value in lexer.get_tokens(text)) == text


def test_no_expression_backtracks_for_ever():
    """Long words where an expression that could split a word in two would take exponential time to fail
    (as one did: `(?:,? WORD)*` before a `{` that never comes)."""
    word = "d" * 40
    code = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(VSCODE)!r})
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        from test_highlight import TextMate, generate, tokens
        deck = 'card "x" {{\\n  action: {word} {word}x {word}-{word}\\n  {word}\\n}}\\n'
        game = 'game "x" {{\\n  {word} {word}, {word}\\n  {word}: "{word} {word}"\\n  {word} {word} "x\\n}}\\n'
        for kind, text, language in (("deck", deck, "deckdsl"), ("game", game, "deckdsl-game")):
            tokens(kind, text)
            TextMate(generate.GRAMMARS[language]()).tokenize(text)
        print("done")
    """)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.stdout.strip() == "done", run.stderr


# ------------------------------------------------------------------------------ token types ---

CARD = """\
# deckdsl: allow JW110
deck "Janken" {  # the header
  game: janken-wars
  rules { star_cost: 8 }
}

carta "Estátua \\"de\\" Sucata" {
  tipo: pedra
  cópias: 2
  value: *
  condition: value = ceil(count(your discard pile) / 2); other cards of type papel in your domain get x2
  action: opponent discards a card from opponent’s domain chosen by you, then gain top 2 cards of the deck
  cost: whenever opponent wins a dispute with papel: discard a card with value >= 3 from the table
}

addendum "Ordem" {
  order: "Estátua" then "Muro"
  text: "gain"
}
"""

PROFILE = '''\
game "Cartas" {
  id: cartas
  players: "3+"
  language: pt-BR
  attribute rank { values: [J, Q, K]; required: yes }
  zone discard { shared: no; aliases: ["discard pile", descarte] }
  structure {
    count per rank, suit: { J: 1, 2: -3 }
  }
  reading "Ordem" {
    symbol: ♥
    quote: """one
      two"""
  }
}
'''


@pytest.mark.parametrize(("fragment", "occurrence", "expected"), [
    ("# deckdsl: allow JW110", 0, Comment.Special),
    ("# the header", 0, Comment.Single),
    ("deck", 0, Keyword.Declaration),
    ("carta", 0, Keyword.Declaration),
    ("addendum", 0, Keyword.Declaration),
    ("rules", 0, Keyword.Declaration),
    ("Janken", 0, String.Double),
    ('\\"', 0, String.Escape),
    ("game", 0, Name.Attribute),
    ("star_cost", 0, Name.Attribute),
    ("cópias", 0, Name.Attribute),
    ("value", 0, Name.Attribute),
    ("condition", 0, Name.Attribute),
    ("order", 0, Name.Attribute),
    ("janken-wars", 0, Name.Constant),
    ("pedra", 0, Name.Constant),
    ("8", 0, Number.Integer),
    ("2", 0, Number.Integer),
    ("*", 0, Keyword.Constant),
    ("value", 1, Keyword.Reserved),       # `value = …`, the definition, inside a condition
    ("ceil", 0, Name.Builtin),
    ("your", 0, Name.Builtin.Pseudo),
    ("discard pile", 0, Name.Variable),
    ("/", 0, Operator),
    ("of", 0, Keyword.Pseudo),
    ("type", 0, Keyword.Pseudo),
    ("papel", 0, Name.Constant),
    ("domain", 0, Name.Variable),
    ("get", 0, Keyword),
    ("x", 0, Operator),
    ("opponent", 0, Name.Builtin.Pseudo),
    ("discards", 0, Keyword),
    ("opponent’s", 0, Name.Builtin.Pseudo),
    ("chosen", 0, Keyword.Pseudo),
    ("then", 0, Keyword.Reserved),
    ("gain", 0, Keyword),
    ("deck", 1, Name.Variable),           # the zone, in an effect
    ("whenever", 0, Keyword.Reserved),
    ("wins", 0, Keyword),
    (">=", 0, Operator),
    ("table", 0, Name.Variable),
    ("then", 1, Keyword.Reserved),        # between an addendum's cards
    ("gain", 1, String.Double),           # inside a text, a verb is text
])
def test_deck_token_types(fragment, occurrence, expected):
    assert token_of("deck", CARD, fragment, occurrence) is expected


@pytest.mark.parametrize(("fragment", "occurrence", "expected"), [
    ("game", 0, Keyword.Declaration),
    ("attribute", 0, Keyword.Declaration),
    ("zone", 0, Keyword.Declaration),
    ("reading", 0, Keyword.Declaration),
    ("rank", 0, Name.Class),
    ("discard", 0, Name.Class),
    ("Ordem", 0, String.Double),
    ("id", 0, Name.Attribute),
    ("values", 0, Name.Attribute),
    ("count", 0, Name.Attribute),
    ("per", 0, Name.Attribute),
    ("suit", 0, Name.Attribute),
    ("J", 1, Name.Attribute),             # a table's key
    ("cartas", 0, Name.Constant),
    ("pt-BR", 0, Name.Constant),
    ("yes", 0, Keyword.Constant),
    ("no", 0, Keyword.Constant),
    ("-3", 0, Number.Integer),
    ("♥", 0, String.Symbol),
    ("3+", 0, String.Double),
    ("discard pile", 0, String.Double),
    ("one\n      two", 0, String.Double),  # a triple-quoted text, over two lines
])
def test_game_token_types(fragment, occurrence, expected):
    assert token_of("game", PROFILE, fragment, occurrence) is expected


def test_a_field_head_of_several_words():
    found = [(token, value) for _, token, value in tokens("game", "count per rank, suit: 1\n") if value.strip()]
    assert found == [(Name.Attribute, "count"), (Name.Attribute, "per"), (Name.Attribute, "rank"), (Punctuation, ","),
                     (Name.Attribute, "suit"), (Punctuation, ":"), (Number.Integer, "1")]


VOCABULARY = [
    *((word, Keyword) for word in hl.VERBS),
    *((word, Keyword.Reserved) for word in hl.CONDITIONS),
    *((word, Name.Builtin.Pseudo) for word in hl.PLAYERS),
    *((word, Name.Builtin) for word in hl.FUNCTIONS),
    *((word, Keyword.Pseudo) for word in hl.EFFECT_WORDS),
]


@pytest.mark.parametrize(("word", "expected"), VOCABULARY, ids=[word for word, _ in VOCABULARY])
def test_the_effect_vocabulary_in_and_out_of_effects(word, expected):
    text = f'carta "x" {{\n  ação: {word}\n  sabor: {word}\n}}\n'
    outside = [Name.Constant] if re.fullmatch(hl.NAME, word) else []  # `opponent's` is no plain value
    assert [token for _, token, value in tokens("deck", text) if value == word] == [expected, *outside]


# ------------------------------------------------------------- the vocabulary is the grammars' ---

_NOT_KEYWORDS = {"NAME", "INT", "SIGNED_INT", "STRING", "COMPARATOR", "MODIFIER_OP", "_NL", "COMMENT",
                 "WS_INLINE", "STAR"}


def _spellings(pattern: str) -> set[str]:
    """The words a keyword terminal's regex matches: `(deck|baralho)\\b`, `gains?\\b`, `opponent['’]s\\b`."""
    body = pattern.removesuffix(r"\b")
    if body.startswith("(") and body.endswith(")"):
        return {word for part in body[1:-1].split("|") for word in _spellings(part)}
    if body.endswith("s?"):
        return {body[:-2], body[:-2] + "s"}
    if "['’]" in body:
        return {body.replace("['’]", "'"), body.replace("['’]", "’")}
    assert re.fullmatch(r"\w+", body), f"a keyword pattern this test cannot read: {pattern}"
    return {body}


def _grammar_words() -> set[str]:
    text = (ROOT / "grammars" / "deck.lark").read_text(encoding="utf-8")
    code = "\n".join(line.split("//")[0] for line in text.splitlines())
    words = set(re.findall(r'"([^\W\d]\w*)"', code))
    for name, pattern in re.findall(r"^([A-Z_]+)(?:\.\d+)?:\s*/(.*)/\s*$", code, re.M):
        if name not in _NOT_KEYWORDS:
            words |= _spellings(pattern)
    return words


def test_the_deck_vocabulary_is_the_grammars():
    from deckdsl.profiles.fields import CARD_FIELDS

    plain_fields = {word for name, others in CARD_FIELDS.items() for word in (name, *others)}
    lexer = set(hl.DECK_BLOCKS + hl.DECK_SUBBLOCKS + hl.EFFECT_FIELDS + hl.ORDER_FIELDS + hl.VERBS + hl.CONDITIONS
                + hl.PLAYERS + hl.FUNCTIONS + hl.EFFECT_WORDS)
    grammar = _grammar_words()
    assert grammar - lexer - plain_fields == set(), "words of the grammar the lexer does not know"
    assert lexer - grammar == set(), "words the lexer highlights that the grammar does not have"
    assert set(hl.EFFECT_FIELDS) | {"value", "valor", "copies", "cópias", "copias", "flavor", "sabor", "art", "arte",
                                    "text", "texto"} == plain_fields


def test_each_word_has_one_meaning_in_effects():
    lists = [hl.VERBS, hl.CONDITIONS, hl.PLAYERS, hl.FUNCTIONS, hl.EFFECT_WORDS]
    words = [word for words in lists for word in words]
    assert len(words) == len(set(words))


def test_the_profile_vocabulary_is_the_profile_languages():
    from deckdsl.profiles import profile

    game = (ROOT / "grammars" / "game.lark").read_text(encoding="utf-8")
    assert set(hl.GAME_BLOCKS) == _spellings(re.search(r"^GAME\.\d+: /(.*)/", game, re.M).group(1))
    assert set(hl.PROFILE_BLOCKS) == set(profile._BLOCKS)
    assert set(hl.BOOLEANS) == set(profile._YES + profile._NO)


# ---------------------------------------------------------------------------------- Pygments ---


@pytest.mark.parametrize(("name", "cls"), [("deckdsl", DeckLexer), ("deck", DeckLexer),
                                           ("deckdsl-game", GameLexer), ("game", GameLexer)])
def test_pygments_finds_the_lexers_by_name(name, cls):
    assert type(get_lexer_by_name(name)) is cls


@pytest.mark.parametrize(("filename", "cls"), [("x.deck", DeckLexer), ("decks/janken-wars.deck", DeckLexer),
                                               ("x.game", GameLexer), ("my-game.game", GameLexer)])
def test_pygments_finds_the_lexers_by_file_name(filename, cls):
    assert type(get_lexer_for_filename(filename)) is cls


def test_the_lexers_are_plugins_registered_by_the_package():
    from importlib.metadata import entry_points

    from pygments.plugin import find_plugin_lexers

    assert {DeckLexer, GameLexer} <= set(find_plugin_lexers())
    installed = {entry.name: entry.value for entry in entry_points(group="pygments.lexers")}
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    table = declared["project"]["entry-points"]["pygments.lexers"]
    expected = {"deckdsl": "deckdsl.editor.highlight:DeckLexer", "deckdsl-game": "deckdsl.editor.highlight:GameLexer"}
    assert table == expected
    assert {name: installed.get(name) for name in expected} == expected, "reinstall: pip install -e '.[test]'"


def test_the_module_imports_only_pygments():
    tree = pyast.parse((ROOT / "deckdsl" / "editor" / "highlight.py").read_text(encoding="utf-8"))
    imported = set()
    for node in pyast.walk(tree):
        if isinstance(node, pyast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, pyast.ImportFrom):
            imported.add("." if node.level else node.module.split(".")[0])
    assert imported <= {"__future__", "re", "pygments"}


@pytest.mark.parametrize(("kind", "text"), [
    ("deck", 'card "<script>alert(\'x\')</script>" {\n  flavor: "</pre><img src=x onerror=alert(1)>&amp;"\n'
             '  action: gain <b>1</b> star # <script>\n}\n<script>\n'),
    ("game", 'game "<script>" {\n  id: <iframe>\n  quote: """</pre>\n<script>"""\n}\n'),
])
def test_highlighted_html_escapes_the_text(kind, text):
    html = highlight(text, _lexer(kind), HtmlFormatter())
    assert "<script" not in html and "<img" not in html and "<iframe" not in html and "<b>" not in html
    assert "&lt;script&gt;" in html
    assert "&amp;amp;" in html or kind == "game"
    shown = re.sub(r"<[^>]+>", "", html).replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
    assert shown.replace("&#39;", "'").replace("&amp;", "&") == text + "\n"  # the text, and the page's newline


# ---------------------------------------------------------------------------- the extension ---

PACKAGE = VSCODE / "package.json"
GRAMMAR_FILES = sorted((VSCODE / "syntaxes").glob("*.json"))


def _json(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", [PACKAGE, VSCODE / "language-configuration.json", *GRAMMAR_FILES],
                         ids=lambda p: str(p.relative_to(VSCODE)))
def test_the_extensions_json_files_are_valid(path):
    assert isinstance(_json(path), dict)


def test_package_json():
    package = _json(PACKAGE)
    contributes = package["contributes"]
    languages = {language["id"]: language for language in contributes["languages"]}
    assert {id: language["extensions"] for id, language in languages.items()} == {
        "deckdsl": [".deck"], "deckdsl-game": [".game"]}
    for language in languages.values():
        assert (VSCODE / language["configuration"]).is_file()
    grammars = {grammar["language"]: grammar for grammar in contributes["grammars"]}
    assert set(grammars) == set(languages)
    for language, grammar in grammars.items():
        path = VSCODE / grammar["path"]
        assert path.is_file(), grammar["path"]
        assert _json(path)["scopeName"] == grammar["scopeName"]
        assert path.resolve() == generate.OUTPUTS[language].resolve()
    assert (VSCODE / package["main"]).is_file() and package["main"] == "./extension.js"
    assert set(package["activationEvents"]) == {"onLanguage:deckdsl", "onLanguage:deckdsl-game"}
    setting = contributes["configuration"]["properties"]["deckdsl.path"]
    assert setting["type"] == "string" and setting["default"] == "deckdsl"
    assert re.fullmatch(r"\^9\.\d+\.\d+", package["dependencies"]["vscode-languageclient"])
    assert package["engines"]["vscode"] == "^1.82.0"  # what vscode-languageclient 9 requires
    commands = {command["command"] for command in contributes["commands"]}
    assert commands == set(re.findall(r"registerCommand\('([\w.]+)'", (VSCODE / "extension.js").read_text()))


def _regexes(node, where=""):
    """Every (place, regex) of a TextMate grammar: `match`, `begin`, `end`."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("match", "begin", "end") and isinstance(value, str):
                yield f"{where}/{key}", value
            else:
                yield from _regexes(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _regexes(value, f"{where}/{index}")


@pytest.mark.parametrize("path", GRAMMAR_FILES, ids=lambda p: p.name)
def test_every_grammar_regex_compiles_with_python_re(path):
    found = list(_regexes(_json(path)))
    assert len(found) > 20
    for where, regex in found:
        assert not re.search(r"\\[hHGAzZ]|\\p\{|\(\?[<]?[a-zA-Z]|\\x\{", regex), f"Oniguruma-only syntax at {where}"
        re.compile(regex)


@pytest.mark.parametrize("language", sorted(generate.OUTPUTS))
def test_the_committed_grammars_are_up_to_date(language):
    assert generate.OUTPUTS[language].read_text(encoding="utf-8") == generate.render(language), (
        "run: .venv/bin/python editors/vscode/generate.py")


def _alternation(regex: str) -> set[str]:
    """The words of the one `(?:a|b|c)(?![\\w])` keyword list in `regex`."""
    [words] = re.findall(r"\(\?:([^()]*)\)\(\?!\[\\w\]\)", regex)
    return {re.sub(r"\\(.)", r"\1", word) for word in words.split("|")}


@pytest.mark.parametrize(("language", "rule", "words"), [
    ("deckdsl", "block-keyword", hl.DECK_BLOCKS),
    ("deckdsl", "verbs", hl.VERBS),
    ("deckdsl", "conditions", hl.CONDITIONS),
    ("deckdsl", "players", hl.PLAYERS),
    ("deckdsl", "functions", hl.FUNCTIONS),
    ("deckdsl", "words", hl.EFFECT_WORDS),
    ("deckdsl-game", "game-keyword", hl.GAME_BLOCKS),
])
def test_the_grammars_keyword_lists_are_the_lexers(language, rule, words):
    grammar = json.loads(generate.OUTPUTS[language].read_text(encoding="utf-8"))
    assert _alternation(grammar["repository"][rule]["match"]) == set(words)


def test_the_grammars_field_and_block_lists_are_the_lexers():
    deck = json.loads(generate.OUTPUTS["deckdsl"].read_text(encoding="utf-8"))["repository"]
    game = json.loads(generate.OUTPUTS["deckdsl-game"].read_text(encoding="utf-8"))["repository"]
    assert _alternation(deck["effect-field"]["begin"]) == set(hl.EFFECT_FIELDS)
    assert _alternation(deck["order-field"]["begin"]) == set(hl.ORDER_FIELDS)
    assert _alternation(deck["rules-block"]["begin"]) == set(hl.DECK_SUBBLOCKS)
    assert _alternation(game["block-head"]["begin"]) == set(hl.PROFILE_BLOCKS)
    [booleans] = [rule["match"] for rule in game["scalar"]["patterns"] if "constant.language" in rule.get("name", "")]
    assert _alternation(booleans) == set(hl.BOOLEANS)


def test_every_token_type_has_a_scope():
    used = {token for kind, text in (("deck", CARD), ("game", PROFILE)) for _, token, value in tokens(kind, text)
            if value.strip()}
    assert {token for token in used if pygments_category(token) is None} <= {Name}
    assert {pygments_category(token) for token in used} >= set(generate.SCOPES) - {Error}


def test_language_configuration():
    config = _json(VSCODE / "language-configuration.json")
    assert config["comments"] == {"lineComment": "#"}
    assert {"{", "[", "("} <= {pair[0] for pair in config["brackets"]}
    assert {pair["open"] for pair in config["autoClosingPairs"]} >= {"{", "[", "(", '"'}
    increase = re.compile(config["indentationRules"]["increaseIndentPattern"])
    decrease = re.compile(config["indentationRules"]["decreaseIndentPattern"])
    opens = ['card "Muro Alto" {', "  rules {", "  values: {", "  aliases: [", 'game "a\\"{" {  # a comment',
             '  reading "x { y" {']
    stays = ['card "X" { type: pedra }', "  # a comment {", '  flavor: "{"', '  card name: "{rank} de {suit}"',
             "  type: pedra"]
    assert [bool(increase.search(line)) for line in opens + stays] == [True] * len(opens) + [False] * len(stays)
    assert [bool(decrease.search(line)) for line in ["}", "  ]", "  } # end", '  text: "}"', "  value: 1"]] == [
        True, True, True, False, False]


# ------------------------------------------------------------ TextMate and Pygments agree ---


class TextMate:
    """A TextMate tokenizer for the subset of the grammar format that the generated grammars use (match,
    begin/end, captures with patterns, include of the repository), with VS Code's rules: a line at a
    time; the earliest match wins, ties go to the first pattern and the open rule's `end` comes first."""

    def __init__(self, grammar: dict):
        self.grammar = grammar
        self.repository = grammar.get("repository", {})
        self._compiled: dict[str, re.Pattern] = {}

    def regex(self, source: str) -> re.Pattern:
        if source not in self._compiled:
            self._compiled[source] = re.compile(source)
        return self._compiled[source]

    def rules(self, patterns: list) -> list[dict]:
        found = []
        for pattern in patterns:
            if "include" in pattern:
                name = pattern["include"]
                target = self.grammar if name == "$self" else self.repository[name.removeprefix("#")]
                found.extend([target] if "match" in target or "begin" in target else self.rules(target["patterns"]))
            else:
                found.append(pattern)
        return found

    def tokenize(self, text: str) -> list[tuple[str, ...]]:
        """The scopes of each character of `text`."""
        scopes_at: list[tuple[str, ...]] = [()] * len(text)
        stack = [(self.grammar, None, (self.grammar["scopeName"],))]
        offset = 0

        def paint(start, end, scopes):
            for index in range(offset + start, min(offset + end, len(text))):
                scopes_at[index] = scopes

        def captures(match, spec, scopes):
            for key, capture in sorted((spec or {}).items(), key=lambda item: int(item[0])):
                group = int(key)
                if match.start(group) < 0:
                    continue
                inner = scopes + ((capture["name"],) if "name" in capture else ())
                paint(match.start(group), match.end(group), inner)
                rules, position, stop = self.rules(capture.get("patterns", [])), match.start(group), match.end(group)
                while rules and position < stop:
                    found = [(rule, self.regex(rule["match"]).search(match.string, position, stop)) for rule in rules]
                    found = [(rule, hit) for rule, hit in found if hit and hit.end() > hit.start()]
                    if not found:
                        break
                    rule, hit = min(found, key=lambda item: item[1].start())
                    paint(hit.start(), hit.end(), inner + ((rule["name"],) if "name" in rule else ()))
                    position = hit.end()

        for line in re.findall(r"[^\n]*\n|[^\n]+$", text):  # VS Code's lines (a `\r` before `\n` is kept)
            line_text = line if line.endswith("\n") else line + "\n"
            position = 0
            while position < len(line_text):
                rule, end, scopes = stack[-1]
                best = None
                if end is not None and (hit := end.search(line_text, position)):
                    best = (None, hit)
                for candidate in self.rules(rule.get("patterns", [])):
                    hit = self.regex(candidate.get("match", candidate.get("begin"))).search(line_text, position)
                    if hit and (best is None or hit.start() < best[1].start()):
                        best = (candidate, hit)
                if best is None:
                    paint(position, len(line_text), scopes)
                    break
                candidate, hit = best
                paint(position, hit.start(), scopes)
                if candidate is None:  # the open rule ends
                    paint(hit.start(), hit.end(), scopes)
                    captures(hit, rule.get("endCaptures", rule.get("captures")), scopes)
                    stack.pop()
                else:
                    named = scopes + ((candidate["name"],) if "name" in candidate else ())
                    paint(hit.start(), hit.end(), named)
                    if "match" in candidate:
                        captures(hit, candidate.get("captures"), named)
                        if hit.end() == position:  # an empty match: move on
                            position += 1
                            continue
                    else:
                        captures(hit, candidate.get("beginCaptures", candidate.get("captures")), named)
                        stack.append((candidate, self.regex(candidate["end"]), named))
                position = hit.end()
            offset += len(line)
        return scopes_at


_BY_LENGTH = sorted(generate.SCOPES.items(), key=lambda item: -len(item[1]))
_SCOPE_ALIASES = {"string.quoted.triple": String.Double}


def pygments_category(token):
    """The token type, or its nearest ancestor that has a TextMate scope (None: plain text, a name)."""
    while token is not None and token not in generate.SCOPES:
        token = token.parent
    return token


def textmate_category(scopes: tuple[str, ...]):
    """The token type of the innermost scope that says something (not `meta.*`, not a string's quotes)."""
    for scope in reversed(scopes):
        base = scope.rsplit(".", 1)[0]
        if scope.startswith("source.") or base.startswith(("meta.", "punctuation.definition.string")):
            continue
        if base in _SCOPE_ALIASES:
            return _SCOPE_ALIASES[base]
        for token, prefix in _BY_LENGTH:
            if base == prefix or base.startswith(prefix + "."):
                return token
        raise AssertionError(f"a scope with no token type: {scope}")
    return None


_ENGINES: dict[str, TextMate] = {}


def disagreements(kind: str, text: str, until_error: bool = False) -> list[str]:
    """The characters of `text` to which the lexer and the TextMate grammar give different categories
    (up to the lexer's first `Error` with `until_error`: past a syntax error they may recover apart)."""
    language = "deckdsl-game" if kind == "game" else "deckdsl"
    engine = _ENGINES.setdefault(language, TextMate(generate.GRAMMARS[language]()))
    scopes = engine.tokenize(text)
    found = []
    for offset, token, value in tokens(kind, text):
        if until_error and token is Error:
            break
        for index, character in enumerate(value, offset):
            if character.isspace():
                continue
            ours, theirs = pygments_category(token), textmate_category(scopes[index])
            if ours != theirs:
                line = text.count("\n", 0, index) + 1
                found.append(f"line {line}: {character!r} is {ours} for Pygments, {theirs} for TextMate")
    return found


def test_the_tokenizer_sees_what_the_grammar_says():
    engine = TextMate(generate.GRAMMARS["deckdsl"]())
    text = 'card "A" {\n  action: gain 1 star # ok\n}\n'
    scopes = engine.tokenize(text)
    at = {fragment: scopes[text.index(fragment)] for fragment in ("card", "A", "action", "gain", "1", "#", "}")}
    assert at["card"][-1] == "storage.type.deckdsl"
    assert at["A"][-1] == "string.quoted.double.deckdsl"
    assert at["action"][-2:] == ("meta.effect.deckdsl", "support.type.property-name.deckdsl")
    assert at["gain"][-1] == "keyword.other.verb.deckdsl"
    assert at["1"][-1] == "constant.numeric.integer.deckdsl"
    assert at["#"][-1] == "comment.line.number-sign.deckdsl"
    assert at["}"] == ("source.deckdsl", "meta.block.deckdsl", "punctuation.section.block.end.deckdsl")
    assert disagreements("deck", 'card "A" {\n  action: gain 1 star\n}\n') == []


@pytest.mark.parametrize("path", SHIPPED + TEST_FILES, ids=_rel)
def test_textmate_highlights_files_like_pygments(path):
    text = path.read_text(encoding="utf-8")
    assert disagreements(_kind(path), text, until_error=True) == []


@pytest.mark.parametrize(("where", "kind", "code"), DOC_EXAMPLES, ids=[where for where, _, _ in DOC_EXAMPLES])
def test_textmate_highlights_doc_examples_like_pygments(where, kind, code):
    assert disagreements(kind, code) == []


_PIECES = [*hl.VERBS, *hl.CONDITIONS, *hl.PLAYERS, *hl.FUNCTIONS, *hl.EFFECT_WORDS, "discard pile", "pedra",
           "domínio", "x", "x2", "2", "-1", ">=", "!=", "=", "+", "×", "*", "/", "(", ")", ";", ",", ":",
           '"Muro Alto"', '"a\\"b"', "# c", "'", "@", ".", "}", "{", "[", "janken-wars", "\u00a0"]
_FIELDS = ["action", "condition", "cost", "ação", "condição", "type", "value", "order", "flavor", "copies",
           "rules", "tipo"]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_FIELDS), st.lists(st.tuples(
    st.sampled_from(_PIECES), st.sampled_from([" ", " ", "", "\t", "  "])), max_size=12)), min_size=1, max_size=3))
def test_textmate_highlights_any_card_like_pygments(lines):
    body = "\n".join(f"  {field}: " + "".join(piece + space for piece, space in pieces) for field, pieces in lines)
    text = f'card "X" {{\n{body}\n}}\ncard "Y" {{ type: pedra }}\n'
    assert disagreements("deck", text) == []


def _generated_profiles():
    from test_profile_language import EXPLICIT, reference_grammar

    return from_lark(reference_grammar(), explicit=EXPLICIT)


def _generated_decks():
    from test_property import lark_strategy

    return lark_strategy("start")


_GENERATED = settings(max_examples=60, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


@_GENERATED
@given(st.deferred(_generated_decks))
def test_decks_the_grammar_generates_lex_without_errors_and_alike(text):
    assume(parses("deck", text))
    assert errors("deck", text) == []
    assert disagreements("deck", text) == []


@_GENERATED
@given(st.deferred(_generated_profiles))
def test_profiles_the_grammar_generates_lex_without_errors_and_alike(text):
    assume(parses("game", text))
    assert errors("game", text) == []
    assert disagreements("game", text) == []


# ---------------------------------------------------------------------------- extension.js ---

_HARNESS = r"""
const Module = require('module');
const calls = { starts: 0, stops: 0, errors: [] };
let setting = process.argv[2];
let failStart = process.argv[3] === 'fail';
const vscode = {
  workspace: {
    getConfiguration: (section) => ({ get: (key) => (section === 'deckdsl' && key === 'path' ? setting : undefined) }),
    workspaceFolders: [{ uri: { fsPath: '/work/space' } }],
    createFileSystemWatcher: (glob) => ({ glob }),
    onDidChangeConfiguration: (listener) => { calls.onChange = listener; return { dispose() {} }; },
  },
  window: { showErrorMessage: async (message) => { calls.errors.push(message); return undefined; } },
  commands: {
    registerCommand: (id, handler) => { calls.command = id; calls.restart = handler; return { dispose() {} }; },
    executeCommand: async () => undefined,
  },
};
class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    calls.client = { id, name, serverOptions, clientOptions };
  }
  async start() { calls.starts += 1; if (failStart) throw new Error('spawn ENOENT'); }
  async stop() { calls.stops += 1; }
}
const fakes = { vscode, 'vscode-languageclient/node': { LanguageClient } };
const load = Module._load;
Module._load = function (request, parent, isMain) {
  return request in fakes ? fakes[request] : load.call(this, request, parent, isMain);
};
(async () => {
  const extension = require(process.argv[1]);
  const context = { subscriptions: [] };
  await extension.activate(context);
  const first = JSON.parse(JSON.stringify(calls.client));
  failStart = false;
  setting = '/elsewhere/deckdsl';
  await calls.onChange({ affectsConfiguration: (key) => key === 'deckdsl.path' });
  await new Promise((resolve) => setTimeout(resolve, 10));
  await extension.deactivate();
  process.stdout.write(JSON.stringify({ first, calls, subscriptions: context.subscriptions.length }));
})();
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
@pytest.mark.parametrize(("setting", "command"), [
    ("deckdsl", "deckdsl"),
    ("", "deckdsl"),
    (".venv/bin/deckdsl", "/work/space/.venv/bin/deckdsl"),
    ("${workspaceFolder}/tools/deckdsl", "/work/space/tools/deckdsl"),
    ("/opt/deckdsl/bin/deckdsl", "/opt/deckdsl/bin/deckdsl"),
])
def test_the_extension_starts_deckdsl_lsp(setting, command):
    script = VSCODE / "extension.js"
    assert subprocess.run(["node", "--check", str(script)], capture_output=True).returncode == 0
    run = subprocess.run(["node", "-e", _HARNESS, str(script), setting, "ok"], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    first = result["first"]
    assert first["serverOptions"] == {"command": command, "args": ["lsp"]}  # no transport: no `--stdio` added
    selector = first["clientOptions"]["documentSelector"]
    assert {entry["language"] for entry in selector} == {"deckdsl", "deckdsl-game"}
    calls = result["calls"]
    assert calls["command"] == "deckdsl.restartServer"
    assert calls["client"]["serverOptions"]["command"] == "/elsewhere/deckdsl"  # restarted on the new setting
    assert (calls["starts"], calls["stops"], calls["errors"]) == (2, 2, [])


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_extension_says_how_to_fix_a_missing_deckdsl():
    run = subprocess.run(["node", "-e", _HARNESS, str(VSCODE / "extension.js"), "deckdsl", "fail"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    calls = json.loads(run.stdout)["calls"]
    assert len(calls["errors"]) == 1 and "deckdsl.path" in calls["errors"][0] and "deckdsl lsp" in calls["errors"][0]
